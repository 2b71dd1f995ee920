// The three flows of issue 40's main-thread budget (no task over 50 ms), each in a fresh
// browser at 1280 px with one engine worker, observed with PerformanceObserver('longtask'):
// the page loading with its example (from navigation until the analysis is idle), the
// Pythia example's button (until its backtest is shown), and a 10^5-task CSV picked in the
// file input (until the series list shows it and the analysis is idle). Each returns the
// durations of the tasks over 50 ms. Used by bench/long-tasks.mjs; needs the release build in
// dist/ (./dev build).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { panelsBelow, start } from './harness.mjs';

const observe = () => {
  window.__long = [];
  new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
};

/** Waits until the analysis has been idle for 1.5 s. */
const idle = async (page) => {
  do {
    await page.waitForFunction(() => !document.querySelector('[data-testid=analysis-busy]'), null, { timeout: 300_000 });
    await page.waitForTimeout(1500);
  } while (await page.getByTestId('analysis-busy').count());
};

/** Runs `act(page, url)` in a fresh browser; the long tasks meanwhile, and the problems. */
async function observed(act) {
  const h = await start({ viewport: { width: 1280, height: 900 }, dataTables: 'closed' });
  try {
    await h.context.addInitScript(observe);
    await h.context.addInitScript(() => localStorage.setItem('passk-workers', '1'));
    await act(h.page, h.url);
    return { long: await h.page.evaluate(() => window.__long), problems: h.problems };
  } finally {
    await h.close();
  }
}

/** The longest task of a flow's result (its tasks over 50 ms; 0 when none). */
export const longestOf = (r) => Math.max(0, ...r.long);

/** Opens the page and waits for its example's analysis to settle. */
async function opened(page, url) {
  await page.goto(url);
  await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
  await idle(page);
}

/** The page loading with its example. */
export const pageLoad = () => observed(opened);

/** The Pythia example's button. */
export const pythiaExample = () =>
  observed(async (page, url) => {
    await opened(page, url);
    // The panels below the results shown (as a user scrolls down), then the example picked.
    await panelsBelow(page);
    await page.evaluate(() => (window.__long = []));
    await page.getByTestId('example-pythia').click();
    await page.getByTestId('backtest-series').locator('option', { hasText: 'Pythia 12B' }).waitFor({ state: 'attached', timeout: 300_000 });
    await idle(page);
  });

/** A 10^5-task CSV (n from 10 to 59, seeded: the same file each run) picked. */
export const filePicked = () =>
  observed(async (page, url) => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-long-'));
    try {
      const file = join(dir, 'tasks_100000.csv');
      let seed = 7;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
      let csv = 'task,n,c\n';
      for (let i = 0; i < 100_000; i++) {
        const n = 10 + (next() % 50);
        csv += `t${i},${n},${next() % (n + 1)}\n`;
      }
      writeFileSync(file, csv);
      await opened(page, url);
      await page.evaluate(() => (window.__long = []));
      await page.getByTestId('file-input').setInputFiles(file);
      await page.getByTestId('series-summary').locator('[data-col=tasks]').filter({ hasText: '100,000' }).first().waitFor({ timeout: 120_000 });
      await idle(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
