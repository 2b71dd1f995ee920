// The page's longest main-thread tasks (issue 40: none over 50 ms) in the three flows, each in
// a fresh browser, observed with PerformanceObserver('longtask'): the page loading with its
// example (from navigation until the analysis is idle), the Pythia example's button (until
// its backtest is shown), a 10^5-task CSV picked in the file input (until the series list
// shows it and the analysis is idle), and the pool at work (the heavy job of
// bench/pool.mjs over 2 workers, 300 resamples). Prints every long task of each flow.
// Needs the release build in dist/ (./dev build). Usage:
//   node bench/long-tasks.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heavyJob } from '../tests/e2e/heavy-job.mjs';
import { start } from '../tests/e2e/harness.mjs';

const observe = () => {
  window.__long = [];
  new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
};
const idle = async (page) => {
  do {
    await page.waitForFunction(() => !document.querySelector('[data-testid=analysis-busy]'), null, { timeout: 300_000 });
    await page.waitForTimeout(1500);
  } while (await page.getByTestId('analysis-busy').count());
};
// 10^5 tasks: n = 10 to 59, c below it (a seeded generator: the same file each run).
const dir = mkdtempSync(join(tmpdir(), 'passk-long-'));
const file = join(dir, 'tasks_100000.csv');
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
let csv = 'task,n,c\n';
for (let i = 0; i < 100_000; i++) {
  const n = 10 + (next() % 50);
  csv += `t${i},${n},${next() % (n + 1)}\n`;
}
writeFileSync(file, csv);

// FLOWS=load,pythia,pick,pool (default: all) runs only those; RUNS=n runs each n times.
const flows = (process.env.FLOWS ?? 'load,pythia,pick,pool').split(',');
const runs = Number(process.env.RUNS ?? 1);

async function flow(name, act) {
  if (!flows.some((f) => name.includes(f === 'load' ? 'page load' : f === 'pick' ? 'picked' : f === 'pythia' ? 'Pythia' : '\0'))) return;
  for (let r = 0; r < runs; r++) await flowOnce(name, act);
}

async function flowOnce(name, act) {
  const h = await start({ viewport: { width: 1280, height: 900 } });
  try {
    await h.context.addInitScript(observe);
    await h.context.addInitScript(() => localStorage.setItem('passk-workers', '1'));
    await act(h.page, h.url);
    const long = await h.page.evaluate(() => window.__long);
    console.log(`${name}: longest main-thread task ${Math.max(0, ...long)} ms (tasks over 50 ms: ${JSON.stringify(long)})`);
    if (h.problems.length) console.log(`  problems: ${JSON.stringify(h.problems)}`);
  } finally {
    await h.close();
  }
}

await flow('page load with the example', async (page, url) => {
  await page.goto(url);
  await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
  await idle(page);
});
await flow('the Pythia example', async (page, url) => {
  await page.goto(url);
  await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
  await idle(page);
  await page.evaluate(() => (window.__long = []));
  await page.getByTestId('example-pythia').click();
  await page.getByTestId('backtest-series').locator('option', { hasText: 'Pythia 12B' }).waitFor({ state: 'attached', timeout: 300_000 });
  await idle(page);
});
await flow('a 10^5-task file picked', async (page, url) => {
  await page.goto(url);
  await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
  await idle(page);
  await page.evaluate(() => (window.__long = []));
  await page.getByTestId('file-input').setInputFiles(file);
  await page.getByTestId('series-summary').locator('[data-col=tasks]').filter({ hasText: '100,000' }).first().waitFor({ timeout: 120_000 });
  await idle(page);
});
if (flows.includes('pool')) {
  const pool = await heavyJob(2, 300);
  console.log(`the pool at work (2 workers): longest main-thread task ${pool.longest} ms`);
}
rmSync(dir, { recursive: true, force: true });
