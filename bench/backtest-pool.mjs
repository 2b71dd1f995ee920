// The page's backtest over a pool of engine workers (issue 40): the Pythia example (seven
// series, n = 10,000), once per number of workers (default 1 and 2), each in a fresh browser
// with the `workers` setting chosen before the page loads. Prints the time from the example's
// button to the backtest's summary, the longest main-thread task meanwhile, and a hash of the
// downloaded report's backtests: the same whatever the workers. Needs the release build in
// dist/ (./dev build). Usage:
//   node bench/backtest-pool.mjs [WORKERS ...]
import { createHash } from 'node:crypto';
import { downloadJson, panelsBelow } from '../tests/e2e/harness.mjs';
import { eachPool, longestTask, watchLongTasks } from './pools.mjs';

await eachPool(process.argv.slice(2), 'backtests', async ({ page }, w) => {
  await panelsBelow(page);
  await page.getByTestId('backtest-summary').filter({ hasText: 'auto (backtested) =' }).waitFor({ timeout: 120_000 });
  await watchLongTasks(page);
  const t0 = Date.now();
  await page.getByTestId('example-pythia').click();
  await page.getByTestId('backtest-series').locator('option', { hasText: 'Pythia 12B' }).waitFor({ state: 'attached', timeout: 300_000 });
  const seconds = (Date.now() - t0) / 1000;
  const longest = await longestTask(page);
  const report = await downloadJson(page, 'download-report');
  const hash = createHash('sha256').update(JSON.stringify(report.models.map((m) => m.backtest))).digest('hex').slice(0, 16);
  console.log(`workers ${w}: Pythia backtest shown ${seconds.toFixed(1)} s after the click, longest main-thread task ${longest.toFixed(0)} ms, backtests ${hash}`);
  return { seconds, hash };
});
