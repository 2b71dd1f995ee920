// What the pool benchmarks share (bench/backtest-pool.mjs, bench/forecast-pool.mjs): one run
// per number of engine workers (default 1 and 2), each in a fresh browser with the `workers`
// setting chosen before the page loads; the main thread's long tasks watched from a mark; and
// the speed-ups over one worker, with whether every pool gave the same result.
import { start } from '../tests/e2e/harness.mjs';

/** Runs `body(h)` once per pool of `argv` (default [1, 2]) after the page has loaded; `body`
 * returns { seconds, hash }. Prints the speed-ups and whether each `what` equals one worker's. */
export async function eachPool(argv, what, body) {
  const pools = argv.map(Number);
  const runs = [];
  for (const w of pools.length ? pools : [1, 2]) {
    const h = await start({ dataTables: 'closed' });
    try {
      await h.context.addInitScript((n) => localStorage.setItem('passk-workers', String(n)), w);
      await h.page.goto(h.url);
      runs.push({ w, ...(await body(h, w)) });
    } finally {
      await h.close();
    }
  }
  const one = runs.find((r) => r.w === 1);
  for (const r of runs.filter((r) => r !== one && one)) {
    console.log(`speed-up with ${r.w} workers: ×${(one.seconds / r.seconds).toFixed(2)}; same ${what}: ${r.hash === one.hash}`);
  }
}

/** Starts watching the main thread's long tasks. */
export const watchLongTasks = (page) =>
  page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });

/** The longest main-thread task since `watchLongTasks`, in ms. */
export const longestTask = (page) => page.evaluate(() => Math.max(0, ...window.__long));
