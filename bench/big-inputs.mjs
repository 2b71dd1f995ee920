// The page with the inputs of issue 67 that hung or crawled: the file of 10^6 tasks with n from
// 50 to 1,000 picked in the file input (the time until the results table shows its series,
// every cell filled), and one task with n = 10^6, c = 1 with the k list 1, 1000, 100000,
// 1000000 put in at once (the time until the results table shows k = 1000000 filled), each in
// a fresh browser, min of RUNS, with the main-thread tasks over 50 ms meanwhile. The files
// are bench/report.mjs's (target/bench-report/; run it once first). Needs the release
// build in dist/ (./dev build).
// Prints one line per input:
//   big input: <name> <ms> ms (min of N; runs …); main-thread tasks over 50 ms: …
// Usage: node bench/big-inputs.mjs [RUNS]   (default 3)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '../tests/e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 3);
const dir = new URL('../target/bench-report/', import.meta.url).pathname;
const mixed = join(dir, 'synthetic_mixed_1e6.txt');
const oneTask = join(dir, 'one_task_n1e6.txt');
for (const f of [mixed, oneTask]) if (!existsSync(f)) throw new Error(`${f} missing: run node bench/report.mjs once`);

/** Watches the main thread's long tasks from now on. */
const watch = (page) =>
  page.evaluate(() => {
    window.__long = [];
    window.__obs?.disconnect();
    window.__obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration)));
    window.__obs.observe({ type: 'longtask' });
  });

/** Resolves once a row of the results table is of series `series` (a part of its name), at
 *  budget `k` when given, with every cell filled (none waiting). */
const row = (page, series, k) =>
  page.waitForFunction(
    ([series, k]) =>
      [...document.querySelectorAll('[data-testid=results-table] tbody tr')].some(
        (r) =>
          r.querySelector('th')?.textContent.includes(series) &&
          (k === null || r.querySelector('td.k')?.textContent === k) &&
          !r.querySelector('td.waiting'),
      ),
    [series, k ?? null],
    { timeout: 120_000, polling: 20 },
  );

const cases = [
  {
    name: '10^6 tasks, n 50 to 1,000, picked',
    run: async (page) => {
      await page.getByTestId('file-input').setInputFiles(mixed);
      await row(page, 'synthetic_mixed_1e6');
    },
    // The table's report comes in two answers: then its count scores (the table says it
    // counts until the second).
    after: (page) =>
      page.locator('[data-testid=results-table][data-counting=false]').waitFor({ timeout: 120_000 }),
  },
  {
    name: 'one task, n = 10^6, c = 1, k list 1, 1000, 100000, 1000000 given',
    prepare: async (page) => {
      await page.getByTestId('file-input').setInputFiles(oneTask);
      await row(page, 'one_task_n1e6');
    },
    run: async (page) => {
      // The whole list at once (typing it key by key asks for each prefix on the way).
      await page.getByTestId('k-list').fill('1, 1000, 100000, 1000000');
      await row(page, 'one_task_n1e6', '1000000');
    },
  },
];

for (const c of cases) {
  const times = [];
  const afters = [];
  let long = [];
  for (let i = 0; i < runs; i++) {
    const h = await start({ dataTables: 'closed' });
    try {
      const { page } = h;
      await page.goto(h.url);
      await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
      await page.getByTestId('clear-input').click();
      if (c.prepare) await c.prepare(page);
      await watch(page);
      const t0 = Date.now();
      await c.run(page);
      times.push(Date.now() - t0);
      if (c.after) {
        await c.after(page);
        afters.push(Date.now() - t0);
      }
      long = long.concat(await page.evaluate(() => window.__long));
    } finally {
      await h.close();
    }
  }
  console.log(
    `big input: ${c.name} ${Math.min(...times)} ms (min of ${runs}; runs ${times.join(', ')})${afters.length ? `, whole (count scores in) ${Math.min(...afters)} ms (runs ${afters.join(', ')})` : ''}; main-thread tasks over 50 ms: ${long.map((d) => d.toFixed(0)).join(', ') || 'none'}`,
  );
}
