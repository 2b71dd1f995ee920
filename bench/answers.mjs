// Every answer of an example on the page (issue 50): in a fresh browser with the forecast panel
// on screen (it asks for its forecasts once near the screen), the time from an example's
// button to the last panel's answer — curves, fits, forecasts, backtest, comparison, the auto
// column — i.e. until no panel is busy and no auto cell waits for the backtest; and the time
// from typing a new reach target (50 %) to its rows. The page's default pool (one worker per
// core; PASSK_WORKERS=N sets another, as the settings field does). Needs the release build in
// dist/ (./dev build). Prints one line per example:
//   answers: <example> every panel <s> s after the click, auto column filled <s> s, reach 50 % <ms> ms
// Usage: node bench/answers.mjs [pythia|deepscaler ...]
import { panelsBelow, start } from '../tests/e2e/harness.mjs';

const examples = process.argv.slice(2).length ? process.argv.slice(2) : ['pythia', 'deepscaler'];
const names = { pythia: 'Pythia 12B', deepscaler: 'deepscaler_rl' };

/** Resolves once no panel is busy, the table has its count scores and the auto column has no
 *  waiting cell. */
const settled = (page, name) =>
  page.waitForFunction(
    (name) => {
      const busy = [...document.querySelectorAll('[aria-busy]')].some((e) => e.getAttribute('aria-busy') === 'true');
      const table = document.querySelector('[data-testid=results-table]');
      const forecast = document.querySelector('[data-testid=forecast-table]');
      return (
        !busy &&
        table?.textContent.includes(name) &&
        table.dataset.counting === 'false' &&
        !table.textContent.includes('waiting for the backtest') &&
        forecast?.textContent.includes(name) &&
        document.querySelector('[data-testid=backtest-summary]')?.textContent.includes('auto (backtested) =')
      );
    },
    name,
    { timeout: 600_000, polling: 50 },
  );

for (const ex of examples) {
  const h = await start({ dataTables: 'closed' });
  try {
    if (process.env.PASSK_WORKERS) await h.context.addInitScript((n) => localStorage.setItem('passk-workers', n), process.env.PASSK_WORKERS);
    const { page } = h;
    await page.goto(h.url);
    await page.getByTestId('results-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await panelsBelow(page);
    await page.getByTestId('forecast-panel').scrollIntoViewIfNeeded();
    // Another example first, settled (the built-in one may be this one; its jobs would count
    // against the click).
    const other = ex === 'pythia' ? 'deepscaler' : 'pythia';
    await page.getByTestId(`example-${other}`).click();
    await settled(page, names[other]);
    const t0 = Date.now();
    await page.getByTestId(`example-${ex}`).click();
    // The auto column: every row of the example's series has a value or says it waits.
    await page.getByTestId('results-table').locator('tbody tr', { hasText: names[ex] }).first().waitFor({ timeout: 600_000 });
    const shown = (Date.now() - t0) / 1000;
    await settled(page, names[ex]);
    const all = (Date.now() - t0) / 1000;
    // A new reach target: from the change to the reach table showing it, panels idle.
    const reach = page.getByTestId('forecast-reach');
    await reach.scrollIntoViewIfNeeded();
    const rows = () => page.getByTestId('forecast-reach-table').locator('tbody').textContent();
    const before = await rows();
    const t1 = Date.now();
    await reach.fill('50%');
    await reach.dispatchEvent('change');
    // The rows changed (the old target's replaced) and the panel idle.
    await page.waitForFunction(
      (before) => {
        const t = document.querySelector('[data-testid=forecast-reach-table] tbody');
        const busy = document.querySelector('[data-testid=forecast-panel]')?.getAttribute('aria-busy') === 'true';
        return !busy && t && t.textContent !== before;
      },
      before,
      { timeout: 600_000, polling: 10 },
    );
    const reachMs = Date.now() - t1;
    console.log(`answers: ${ex} every panel ${all.toFixed(2)} s after the click, auto column filled ${shown.toFixed(2)} s, reach 50 % ${reachMs} ms`);
  } finally {
    await h.close();
  }
}
