// End to end (issue 37): "Is A better than B?" — the sentence first, the paired test at each k,
// the Pythia matrix and ranks; every figure equal to `passk compare` with the page's resamples
// (200, the paired band's) and seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, example, EXAMPLES, assertClean, openAll, canvasInk, panelsBelow, passkJson, usePage, waitForText, withPage } from './harness.mjs';

const h = usePage();

const ready = async (page) => {
  await panelsBelow(page);
  // (A lead at k = 1, or no detectable difference there: issue 68's rule.)
  await waitForText(page, 'decide-sentence', /at k = 1( by|:)/, { timeout: 60000 });
};

test('DeepScaleR: who leads at k = 1, where the base model overtakes, and how sure — as passk compare', async () => {
  const { page } = h;
  await ready(page);
  await page.getByTestId('decide-panel').scrollIntoViewIfNeeded();
  const sentence = await page.getByTestId('decide-sentence').textContent();
  assert.match(sentence, /^deepscaler_rl is ahead at k = 1 by 7\.60 points \(95 %: ± 0\.80; p < 10⁻¹⁵; 1,060 paired problems\); deepscaler_base overtakes at k = 22 \(95 %: 13–46; 100 % of 2,000 resamples cross\); at k = 100 deepscaler_base is ahead by \d\.\d\d points/);
  const ks = await page.getByTestId('decide-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => Number(r.dataset.k)));
  assert.deepEqual(ks, [1, 2, 5, 10, 20, 50, 100]);
  const cli = passkJson('compare', ...EXAMPLES, '--k', ks.join(','), '--bootstrap', '200');
  const cells = await page.getByTestId('decide-table').locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => [c.textContent, c.getAttribute('title')])));
  for (const [i, k] of ks.entries()) {
    const want = cli.comparisons.find((c) => c.k === k);
    // The page shows RL − base (A = the second series): the CLI's base − RL turned around.
    assert.equal(Number(cells[i][1][1]), -want.diff, `diff at k=${k}`);
    assert.equal(Number(cells[i][3][1]), want.p, `p at k=${k}`);
    // Holm over the pairs at this k, and over every pair at every k (the stricter).
    assert.equal(Number(cells[i][4][1]), want.p_holm, `Holm at k=${k}`);
    assert.equal(Number(cells[i][5][1]), want.p_holm_all, `Holm over all k at k=${k}`);
    assert.ok(want.p_holm_all >= want.p_holm);
  }
  // The solved sets at k = 100, turned to RL − base: RL only is the CLI's b_only.
  const solved = await page.getByTestId('decide-solved').locator('td').allTextContents();
  const s100 = cli.comparisons.find((c) => c.k === 100).solved;
  assert.deepEqual(solved, [s100.both, s100.b_only, s100.a_only, s100.neither].map((v) => v.toFixed(1)));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('decide-csv').click()]);
  const csv = (await import('node:fs')).readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(csv.length, 1 + cli.comparisons.length);
  assert.equal(Number(csv[1].split(',')[4]), cli.comparisons[0].diff);
  const x = cli.crossovers[0];
  // Integer ends and at least 2,000 resamples (issue 68), the same as the CLI's.
  assert.equal(x.resamples, 2000);
  assert.ok(Number.isInteger(x.interval[0]) && Number.isInteger(x.interval[1]));
  assert.ok(sentence.includes(`overtakes at k = ${x.k} (95 %: ${x.interval[0]}–${x.interval[1]}; ${Math.round(100 * (1 - x.no_crossover_share))} % of 2,000 resamples cross)`), sentence);
  // The page's sentence is the one `passk compare` prints (its default k list).
  assert.equal(sentence, passkJson('compare', ...EXAMPLES).sentence);
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
    await ready(page);
    await page.getByTestId('decide-panel').scrollIntoViewIfNeeded();
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
    // The rank chart: every series along every k of the list (its data table), drawn.
    await page.getByTestId('chart-ranks').scrollIntoViewIfNeeded();
    assert.equal(await page.getByTestId('chart-ranks-data').locator('tbody tr').count(), 7 * 10);
    assert.ok((await canvasInk(page, 'chart-ranks')).n > 2000, 'the rank chart is drawn');
    await page.getByTestId('decide-panel').screenshot({ path: `${ARTIFACTS}decide-pythia.png` });
    assertClean(other);
  });
});

test('at 390 px the comparison panel scrolls inside its tables, never the page', async () => {
  for (const ex of ['deepscaler', 'pythia']) {
    await withPage({ path: `#ex=${ex}`, viewport: { width: 390, height: 844 } }, async (other) => {
      await openAll(other.page);
      await ready(other.page);
      await other.page.getByTestId('decide-solved').waitFor();
      const width = await other.page.evaluate(() => document.scrollingElement.scrollWidth);
      assert.ok(width <= 391, `${ex}: the page scrolls sideways: ${width}`);
      assertClean(other);
    });
  }
});
