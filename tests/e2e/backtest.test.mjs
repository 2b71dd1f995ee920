// End to end: "Which estimator should I trust?" on DeepScaleR — the backtest table with the
// chosen estimator, the auto curve in the Pass@k chart, the auto column with its error bar,
// and the JSON report's backtest block equal to `passk report --backtest`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, downloadJson, panelsBelow, passkJson, typeInto, usePage, waitForText } from './harness.mjs';

const h = usePage({
  ready: async (page) => {
    await panelsBelow(page);
    await waitForText(page, 'backtest-summary', 'auto (backtested) =', { timeout: 60000 });
  },
});

test('the backtest names its choice and highlights it', async () => {
  const summary = await h.page.getByTestId('backtest-summary').textContent();
  assert.match(summary, /auto \(backtested\) = .+ for k > n/);
  // (64× for the fits measured with two samples per task too; the scaled fits need three.)
  assert.match(summary, /On your data, .+ extrapolates (64|32)× with \d+\.\d\d points of error/);
  const rows = h.page.getByTestId('backtest-table').locator('tbody tr');
  // Naive, BB, ZOIBB, LinMix, scaled Beta, Kumaraswamy; the eleven fixed mixtures stay behind
  // "show all" (but a chosen one shows).
  const chosenMix = await h.page.getByTestId('backtest-table').locator('tr.chosen[data-candidate^=mix]').count();
  assert.equal(await rows.count(), 6 + chosenMix);
  await h.page.getByTestId('backtest-show-all').click();
  assert.equal(await h.page.getByTestId('backtest-show-all').getAttribute('aria-expanded'), 'true');
  assert.equal(await rows.count(), 17);
  assert.equal(await h.page.getByTestId('backtest-table').locator('tr.chosen').count(), 1);
  assert.match(await h.page.getByTestId('backtest-gain').textContent(), /Going from \d+ to 128 samples per task (cuts|does not cut) the expected error at k = [^:]+: ~\d+\.\d\d to ~\d+\.\d\d points/);
  await h.page.getByTestId('backtest-panel').screenshot({ path: `${ARTIFACTS}backtest-panel.png` });
});

test('the auto curve joins the Pass@k chart and the table gets an error bar', async () => {
  await h.page.getByTestId('toggle-auto').check();
  await h.page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k-data] thead')?.textContent.includes('auto (backtested)'));
  const cell = h.page.getByTestId('results-table').locator('tbody tr', { hasText: 'deepscaler_base' }).last().locator('td').last();
  // The table's report follows the chart's curves (it shows "—" until it arrives).
  const errorBar = /^\d+\.\d+% (\(error \d+\.\d\d\)|\(unbacked\))$/;
  await cell.filter({ hasText: errorBar }).waitFor({ timeout: 30_000 });
  assert.match(await cell.textContent(), errorBar);
  await h.page.getByTestId('toggle-auto').uncheck();
});

test('the scaled fits draw their curves when toggled, beyond n too', async () => {
  // Fitted the first time they are drawn (or chosen): the chart's data table gains their
  // columns (every digit), with values at the budgets beyond n = 128.
  await h.page.getByTestId('toggle-scaled_beta').check();
  await h.page.getByTestId('toggle-kumaraswamy').check();
  const beyond = await h.page.waitForFunction(() => {
    const t = document.querySelector('[data-testid=chart-pass-at-k-data] table');
    if (!t) return false;
    const heads = [...t.tHead.rows[0].cells].map((c) => c.textContent.trim());
    const col = heads.findIndex((x) => x.includes('Kumaraswamy'));
    const sb = heads.findIndex((x) => x.includes('scaled Beta'));
    if (col < 0 || sb < 0) return false;
    const rows = [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent.trim()));
    const out = rows.filter((r) => Number(r[0].replace(/[^0-9]/g, '')) > 128 && /^\d*\.\d+$/.test(r[col] ?? '') && /^\d*\.\d+$/.test(r[sb] ?? ''));
    return out.length > 0 ? out.length : false;
  }, null, { timeout: 60000 });
  assert.ok((await beyond.jsonValue()) > 0);
  await h.page.getByTestId('toggle-scaled_beta').uncheck();
  await h.page.getByTestId('toggle-kumaraswamy').uncheck();
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

/** The lead, the backtest table's chosen row and last ratio, and the results table's auto
 * cell at the largest k of `series`, once the backtest of `series` is shown. */
async function lead(page, series) {
  await page.getByTestId('backtest-series').selectOption(series);
  await page.waitForFunction(() => !document.querySelector('[data-testid=backtest-panel] [data-testid=job-progress]'));
  const rows = page.getByTestId('results-table').locator('tbody tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${series}$`) }) });
  const last = rows.last();
  return {
    text: await page.getByTestId('backtest-lead').textContent(),
    chosen: (await page.getByTestId('backtest-table').locator('tr.chosen th').textContent()).replace(' ← chosen', ''),
    tested: (await page.getByTestId('backtest-table').locator('thead tr').first().locator('th').last().textContent()),
    k: Number((await last.locator('td.k').textContent()).replace(/,/g, '')),
    auto: await last.locator('td').last().textContent(),
    gain: await page.getByTestId('backtest-gain').textContent(),
    sizes: await page.getByTestId('backtest-subsamples').locator('th').allTextContents(),
  };
}

test('the backtest leads with one sentence whose figures are the tables\'', async () => {
  const { page } = h;
  const fmt = (k) => k.toLocaleString('en-US');
  for (const series of ['deepscaler_base', 'deepscaler_rl']) {
    // The default k list ends at 1000, 7.8× n = 128: within the 64× the backtest measured.
    let l = await lead(page, series);
    assert.equal(l.k, 1000);
    // The table's "92.80% (error 0.41)" as "92.80% at k = 1,000 (expected error 0.41 points)".
    const [value, error] = /^(.+) \(error (.+)\)$/.exec(l.auto).slice(1);
    assert.equal(l.text, `${series}: use ${l.chosen}, ${value} at k = ${fmt(l.k)} (expected error ${error} points) — within the ratios the backtest measured.`);
    // "Would more samples help?" speaks of the estimator chosen.
    if (/^Going from/.test(l.gain)) assert.ok(l.gain.endsWith(`(${l.chosen}).`), l.gain);
    // Every ratio names the subsample sizes it comes from.
    assert.ok(l.sizes.slice(1).every((t) => /^\d+(–\d+)?$/.test(t)), `${l.sizes}`);
  }
  // A budget beyond the ratios measured: the sentence says how far the backtest reached.
  await typeInto(page, 'k-list', '1, 10, 100000');
  await page.getByTestId('results-table').locator('td.k', { hasText: /^100,?000$/ }).first().waitFor();
  const l = await lead(page, 'deepscaler_base');
  assert.equal(l.k, 100000);
  assert.match(l.auto, /^\d+\.\d+% \(error \d+\.\d\d\)$/);
  const [value, error] = /^(.+) \(error (.+)\)$/.exec(l.auto).slice(1);
  assert.equal(l.text, `deepscaler_base: use ${l.chosen}, ${value} at k = 100,000 (expected error ${error} points) — extrapolated beyond the backtest, tested up to ${l.tested}.`);
  await page.getByTestId('backtest-panel').screenshot({ path: `${ARTIFACTS}backtest-lead.png` });
  await typeInto(page, 'k-list', '1, 2, 5, 10, 20, 50, 100, 200, 500, 1000');
});

test('no request leaves 127.0.0.1 and the console stays clean', () => assertClean(h));
