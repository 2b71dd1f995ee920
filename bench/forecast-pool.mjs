// The page's forecasts over a pool of engine workers (issue 40): the Pythia example (seven
// series, n = 10,000), once per number of workers (default 1 and 2), each in a fresh browser
// with the `workers` setting chosen before the page loads and the forecast panel on screen
// (it asks for the forecasts once it is near the screen). Prints the time from the example's
// button to the forecasts of every series shown (the fits, curves, report and backtest run
// meanwhile, as they do for a user), the longest main-thread task meanwhile, and a hash of
// the forecast chart's CSV: the same whatever the workers. Needs the release build in dist/
// (./dev build). Usage:
//   node bench/forecast-pool.mjs [WORKERS ...]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { panelsBelow } from '../tests/e2e/harness.mjs';
import { eachPool, longestTask, watchLongTasks } from './pools.mjs';

const settled = (page) =>
  page.waitForFunction(() => document.querySelector('[data-testid=forecast-panel]')?.getAttribute('aria-busy') === 'false', null, { timeout: 300_000 });
await eachPool(process.argv.slice(2), 'forecasts', async ({ page }, w) => {
  await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
  await panelsBelow(page);
  await page.getByTestId('forecast-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('forecast-table').locator('tbody tr').nth(1).waitFor({ timeout: 120_000 });
  await settled(page);
  await watchLongTasks(page);
  const t0 = Date.now();
  await page.getByTestId('example-pythia').click();
  await page.getByTestId('forecast-table').locator('tbody tr', { hasText: 'Pythia 12B' }).first().waitFor({ timeout: 300_000 });
  await settled(page);
  const seconds = (Date.now() - t0) / 1000;
  const longest = await longestTask(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-forecast-csv').click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  const hash = createHash('sha256').update(csv).digest('hex').slice(0, 16);
  console.log(`workers ${w}: Pythia forecasts shown ${seconds.toFixed(1)} s after the click, longest main-thread task ${longest.toFixed(0)} ms, forecast CSV ${hash}`);
  return { seconds, hash };
});
