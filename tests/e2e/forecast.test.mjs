// End to end (issue 38): the forecast panel — each series' exponent with its interval, the
// samples that reach a target under each forecast, the log-log chart — every figure the one
// `passk report --reach` prints; then the seven Pythia series, light and dark, 1280 and 390 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, openAll, canvasInk, panelsBelow, passkJson, typeInto, usePage, waitForText, withPage } from './harness.mjs';

const h = usePage();
const thousands = (k) => k.toLocaleString('en-US');

test('the forecasts are asked for only once the panel comes near the screen', async () => {
  const { page } = h;
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId('forecast-table').locator('tbody tr').count(), 0);
});

test('DeepScaleR: exponents and reach as passk report, and a target typed', async () => {
  const { page } = h;
  await panelsBelow(page);
  await page.getByTestId('forecast-panel').scrollIntoViewIfNeeded();
  await waitForText(page, 'forecast-table', 'deepscaler_base', { timeout: 60000 });
  const cli = passkJson('report', ...EXAMPLES, '--reach', '0.9');
  const rows = await page.getByTestId('forecast-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
  const titles = await page.getByTestId('forecast-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => Object.fromEntries([...r.querySelectorAll('td[data-fit]')].map((c) => [c.dataset.fit, Number(c.title)]))));
  assert.equal(rows.length, 2);
  for (const [i, m] of cli.models.entries()) {
    const s = m.scaling;
    assert.equal(rows[i][0], m.name);
    assert.equal(rows[i][1], `${s.exponent.toFixed(3)} (${s.lo.toFixed(3)}–${s.hi.toFixed(3)})`);
    assert.equal(rows[i][2], m.scaled_beta.scale.toFixed(3));
    // Every digit: the page's exponents are the report's, bit for bit.
    for (const e of s.fits) assert.equal(titles[i][e.fit], e.exponent, `${m.name} ${e.fit}`);
    assert.equal(rows[i][3], [m.scaled_beta.a, m.scaled_beta.b, m.scaled_beta.scale].map((v) => v.toFixed(3)).join(', '));
    const k = s.fits.find((e) => e.fit === 'kumaraswamy');
    assert.equal(rows[i][4], `${k.exponent.toFixed(3)} (${k.lo.toFixed(3)}–${k.hi.toFixed(3)})${k.method === 'wald' ? ' Wald' : ''}`);
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
  // The data's own answer first (issue 68): the measured k, as the CLI's `measured`.
  const measured = await page.getByTestId('forecast-reach-table').locator('td[data-fit=measured]').allTextContents();
  assert.deepEqual(measured, half.models.map((m) => (m.reach[0].measured === undefined ? 'beyond n' : thousands(m.reach[0].measured))));
  assert.match(await page.getByTestId('forecast-lead').textContent(), /^Smallest k with pass@k ≥ 50\.00%, measured \(unbiased, within the samples drawn\): deepscaler_base 1, deepscaler_rl 1\.$/);
  // The least-squares range: as passk report --power-range.
  await typeInto(page, 'forecast-range', '4-64');
  await page.getByTestId('forecast-range').press('Enter');
  const ranged = passkJson('report', ...EXAMPLES, '--power-range', '4-64');
  const law = ranged.models[0].scaling.power_law;
  await page.getByTestId('forecast-table').locator('tbody tr').first().locator('td').last().filter({ hasText: `${law.b.toFixed(3)} (k 4–64)` }).waitFor({ timeout: 60000 });
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
      if (width < 600) await openAll(p.page);
      // The panel asks for its forecasts once it comes near the screen.
      await panelsBelow(p.page);
      await p.page.getByTestId('forecast-panel').scrollIntoViewIfNeeded();
      await waitForText(p.page, 'forecast-table', 'Pythia 12B', { timeout: 90000 });
      assert.equal(await p.page.getByTestId('forecast-table').locator('tbody tr').count(), 7);
      await p.page.getByTestId('forecast-panel').screenshot({ path: `${ARTIFACTS}forecast-pythia-${width}-${scheme}.png` });
      const box = await p.page.getByTestId('forecast-panel').boundingBox();
      assert.ok(box.width <= width, `panel ${box.width} px wide at ${width}`);
      assertClean(p);
    });
  });
}

test('a series of many distinct counts is forecast only when asked', async () => {
  await withPage({}, async (p) => {
    // 600 tasks, each its own (n, c): beyond the 500 computed unasked.
    const text = Array.from({ length: 600 }, (_, i) => `${20 + i} ${1 + (i % 7)}`).join('\n');
    await p.page.getByTestId('counts-input').fill(text);
    await panelsBelow(p.page);
    await p.page.getByTestId('forecast-panel').scrollIntoViewIfNeeded();
    await waitForText(p.page, 'forecast-skipped', '600 distinct (n, c) counts', { timeout: 60000 });
    const before = await p.page.getByTestId('forecast-table').locator('tbody tr').count();
    await p.page.getByTestId('forecast-all').click();
    await p.page.getByTestId('forecast-skipped').waitFor({ state: 'detached', timeout: 120000 });
    assert.equal(await p.page.getByTestId('forecast-table').locator('tbody tr').count(), before + 1);
    assertClean(p);
  });
});
