// End to end (issue 38): the forecast panel — each series' exponent with its interval, the
// samples that reach a target under each forecast, the log-log chart — every figure the one
// `passk report --reach` prints; then the seven Pythia series, light and dark, 1280 and 390 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, canvasInk, passkJson, typeInto, usePage, waitForText, withPage } from './harness.mjs';

const h = usePage();
const thousands = (k) => k.toLocaleString('en-US');

test('DeepScaleR: exponents and reach as passk report, and a target typed', async () => {
  const { page } = h;
  await page.getByTestId('forecast-panel').scrollIntoViewIfNeeded();
  await waitForText(page, 'forecast-table', 'deepscaler_base', { timeout: 60000 });
  const cli = passkJson('report', ...EXAMPLES, '--reach', '0.9');
  const rows = await page.getByTestId('forecast-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  for (const [i, m] of cli.models.entries()) {
    const s = m.scaling;
    assert.equal(rows[i][0], m.name);
    assert.equal(rows[i][1], `${s.exponent.toFixed(3)} (${s.lo.toFixed(3)}–${s.hi.toFixed(3)})`);
    assert.equal(rows[i][2], m.scaled_beta.scale.toFixed(3));
  }
  const reach = async () => page.getByTestId('forecast-reach-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => Object.fromEntries([...r.querySelectorAll('td')].map((c) => [c.dataset.fit, c.textContent]))));
  let got = await reach();
  for (const [i, m] of cli.models.entries()) {
    for (const r of m.reach) assert.equal(got[i][r.fit], thousands(r.k), `${m.name} ${r.fit}`);
  }
  assert.ok((await canvasInk(page, 'chart-forecast')).n > 1000);
  // Another target: the table follows, as the CLI at 0.5.
  await typeInto(page, 'forecast-reach', '50%');
  await page.getByTestId('forecast-reach').press('Enter');
  const half = passkJson('report', ...EXAMPLES, '--reach', '0.5');
  const want = thousands(half.models[0].reach.find((r) => r.fit === 'scaled_beta').k);
  await page.getByTestId('forecast-reach-table').locator('td[data-fit=scaled_beta]').first().filter({ hasText: new RegExp(`^${want}$`) }).waitFor({ timeout: 60000 });
  // A target that is not one says why.
  await typeInto(page, 'forecast-reach', '2');
  await page.getByTestId('forecast-reach').press('Enter');
  await waitForText(page, 'forecast-reach-error', 'between 0 and 1');
  assertClean(h);
});

for (const [width, scheme] of [[1280, 'light'], [390, 'dark']]) {
  test(`Pythia: seven series in the forecast panel at ${width} px, ${scheme}`, async () => {
    await withPage({ colorScheme: scheme, viewport: { width, height: 900 } }, async (p) => {
      await p.page.getByTestId('example-pythia').click();
      await waitForText(p.page, 'forecast-table', 'Pythia 12B', { timeout: 90000 });
      assert.equal(await p.page.getByTestId('forecast-table').locator('tbody tr').count(), 7);
      await p.page.getByTestId('forecast-panel').screenshot({ path: `${ARTIFACTS}forecast-pythia-${width}-${scheme}.png` });
      const box = await p.page.getByTestId('forecast-panel').boundingBox();
      assert.ok(box.width <= width, `panel ${box.width} px wide at ${width}`);
      assertClean(p);
    });
  });
}
