// End to end (issue 37): "Is A better than B?" — the sentence first, the paired test at each k,
// the Pythia matrix and ranks; every figure equal to `passk compare` with the page's resamples
// (200, the paired band's) and seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, example, passkJson, usePage, waitForText, withPage } from './harness.mjs';

const h = usePage();

const ready = (page) => waitForText(page, 'decide-sentence', 'is ahead at k = 1', { timeout: 60000 });

test('DeepScaleR: who leads at k = 1, where the base model overtakes, and how sure — as passk compare', async () => {
  const { page } = h;
  await page.getByTestId('decide-panel').scrollIntoViewIfNeeded();
  await ready(page);
  const sentence = await page.getByTestId('decide-sentence').textContent();
  assert.match(sentence, /^deepscaler_rl is ahead at k = 1 by 7\.60 points \(95 %: ± 0\.80; p < 10⁻¹⁵; 1,060 paired problems\); deepscaler_base overtakes at k = 22 \(95 %: \d+–\d+\); at k = 100 deepscaler_base is ahead by \d\.\d\d points/);
  const ks = await page.getByTestId('decide-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => Number(r.dataset.k)));
  assert.deepEqual(ks, [1, 2, 5, 10, 20, 50, 100]);
  const cli = passkJson('compare', ...EXAMPLES, '--k', ks.join(','), '--bootstrap', '200');
  const cells = await page.getByTestId('decide-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => [c.textContent, c.getAttribute('title')])));
  for (const [i, k] of ks.entries()) {
    const want = cli.comparisons.find((c) => c.k === k);
    // The page shows RL − base (A = the second series): the CLI's base − RL turned around.
    assert.equal(Number(cells[i][1][1]), -want.diff, `diff at k=${k}`);
    assert.equal(Number(cells[i][3][1]), want.p, `p at k=${k}`);
  }
  const x = cli.crossovers[0];
  assert.ok(sentence.includes(`overtakes at k = ${x.k} (95 %: ${Math.round(x.interval[0])}–${Math.round(x.interval[1])})`), sentence);
  await page.getByTestId('decide-panel').screenshot({ path: `${ARTIFACTS}decide-deepscaler.png` });
  assertClean(h);
});

test('the chosen k travels in a share link', async () => {
  const { page } = h;
  await page.getByTestId('decide-k').selectOption('10');
  await waitForText(page, 'decide-sentence', 'at k = 10 ');
  await page.getByTestId('share-link').click();
  const link = await page.getByTestId('share-url').inputValue();
  await withPage({ path: new URL(link).hash }, async (other) => {
    await ready(other.page);
    await waitForText(other.page, 'decide-sentence', 'at k = 10 ');
    assert.equal(await other.page.getByTestId('decide-k').inputValue(), '10');
    assertClean(other);
  });
});

test('Pythia: the matrix of P(row better) and the ranks equal passk compare', async () => {
  await withPage({ path: '#ex=pythia', viewport: { width: 1280, height: 900 } }, async (other) => {
    const { page } = other;
    await page.getByTestId('decide-panel').scrollIntoViewIfNeeded();
    await ready(page);
    await page.getByTestId('decide-k').selectOption('100');
    await page.getByTestId('decide-matrix').waitFor();
    const cli = passkJson('compare', example('pythia_math_n10000.csv'), '--k', '1,2,5,10,20,50,100,200,500,1000', '--bootstrap', '200');
    const ranks = await page.getByTestId('decide-ranks').locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
    const want = cli.ranks.find((r) => r.k === 100).series;
    assert.equal(ranks.length, 7);
    for (const s of want) {
      const row = ranks.find((r) => r[0] === s.series);
      assert.ok(row, s.series);
      assert.equal(Number(row[1]), s.rank);
      assert.equal(row[2], s.mean_rank.toFixed(2));
      assert.equal(row[3], `${s.interval[0]}–${s.interval[1]}`);
    }
    assert.equal(await page.getByTestId('decide-matrix').locator('tbody tr').count(), 7);
    assert.ok((await page.getByTestId('decide-matrix').locator('td.sig').count()) > 10, 'Holm-significant cells are marked');
    await page.getByTestId('decide-panel').screenshot({ path: `${ARTIFACTS}decide-pythia.png` });
    assertClean(other);
  });
});
