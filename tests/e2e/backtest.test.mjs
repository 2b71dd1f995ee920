// End to end: "Which estimator should I trust?" on DeepScaleR — the backtest table with the
// chosen estimator, the auto curve in the Pass@k chart, the auto column with its error bar,
// and the JSON report's backtest block equal to `passk report --backtest`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, downloadJson, passkJson, usePage, waitForText } from './harness.mjs';

const h = usePage({ ready: (page) => waitForText(page, 'backtest-summary', 'auto (backtested) =', { timeout: 60000 }) });

test('the backtest names its choice and highlights it', async () => {
  const summary = await h.page.getByTestId('backtest-summary').textContent();
  assert.match(summary, /auto \(backtested\) = .+ for k > n/);
  assert.match(summary, /On your data, .+ extrapolates 64× with \d+\.\d\d points of error/);
  const rows = h.page.getByTestId('backtest-table').locator('tbody tr');
  // The eleven fixed mixtures stay behind "show all" (but a chosen one shows).
  const chosenMix = await h.page.getByTestId('backtest-table').locator('tr.chosen[data-candidate^=mix]').count();
  assert.equal(await rows.count(), 4 + chosenMix);
  await h.page.getByTestId('backtest-show-all').click();
  assert.equal(await h.page.getByTestId('backtest-show-all').getAttribute('aria-expanded'), 'true');
  assert.equal(await rows.count(), 15);
  assert.equal(await h.page.getByTestId('backtest-table').locator('tr.chosen').count(), 1);
  assert.match(await h.page.getByTestId('backtest-gain').textContent(), /Going from \d+ to 128 samples per task cuts the expected error/);
  await h.page.getByTestId('backtest-panel').screenshot({ path: `${ARTIFACTS}backtest-panel.png` });
});

test('the auto curve joins the Pass@k chart and the table gets an error bar', async () => {
  await h.page.getByTestId('toggle-auto').check();
  await h.page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k-data] thead')?.textContent.includes('auto (backtested)'));
  const cell = h.page.getByTestId('results-table').locator('tbody tr', { hasText: 'deepscaler_base' }).last().locator('td').last();
  assert.match(await cell.textContent(), /^\d+\.\d+% (± \d+\.\d\d|\(unbacked\))$/);
  await h.page.getByTestId('toggle-auto').uncheck();
});

test('the downloaded report carries the same backtest as passk report --backtest', async () => {
  const page = await downloadJson(h.page, 'download-report');
  // Page and command line choose by one function, for the k list only (the chart's k_max does
  // not change the choice): the same budgets give the same backtest block and auto column.
  const ks = page.models[0].pass_at_k.map((r) => r.k);
  const cli = passkJson('report', ...EXAMPLES, '--backtest', '--k', ks.join(','));
  for (const [p, c] of page.models.map((m, i) => [m, cli.models[i]])) {
    assert.ok(p.backtest.auto.ratios.length > 0, p.name);
    assert.deepEqual(p.backtest, c.backtest, p.name);
    assert.deepEqual(p.pass_at_k.map((r) => r.auto), c.pass_at_k.map((r) => r.auto), p.name);
    assert.deepEqual(p.pass_at_k.map((r) => r.auto_error), c.pass_at_k.map((r) => r.auto_error), p.name);
  }
});

test('no request leaves 127.0.0.1 and the console stays clean', () => assertClean(h));
