// End to end: the summary at the top (issue 53). Once data is loaded the first screen says
// what was read, each series' headline pass@k with its interval, and the comparison's
// sentence, with links to the sections that say more; on a phone it is on the first screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLES, assertClean, firstRow, passkJson, start, waitForText } from './harness.mjs';

const percent2 = (x) => `${(100 * x).toFixed(2)}%`;

for (const scheme of ['light', 'dark']) {
  test(`on a phone (${scheme}) the DeepScaleR pair's summary is on the first screen, its numbers the command line's`, async () => {
    const h = await start({ colorScheme: scheme, viewport: { width: 390, height: 844 }, touch: true });
    try {
      await h.page.goto(h.url);
      const summary = h.page.getByTestId('summary');
      await waitForText(h.page, 'summary-compare', 'deepscaler_rl is ahead at k = 1 by 7.60 points');
      const box = await summary.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `the summary spans ${box.y}–${box.y + box.height} px`);
      // Nothing scrolls sideways.
      assert.ok(await h.page.evaluate(() => document.documentElement.scrollWidth <= 390));
      assert.equal(await h.page.getByTestId('summary-data').textContent(), '2 series · 1,060 tasks each · 271,360 samples (n = 128 a task)');
      // pass@1 and pass@100 (the largest k of the default list within n = 128) as `passk report`.
      const report = passkJson('report', '--k', '1,100', ...EXAMPLES);
      for (const m of report.models) {
        const row = h.page.getByTestId('summary-table').locator(`tr[data-series="${m.name}"]`);
        const cells = await row.locator('td b').allTextContents();
        assert.deepEqual(cells, m.pass_at_k.map((r) => percent2(r.combinatorial)), m.name);
      }
      assert.match(await h.page.getByTestId('summary-compare').textContent(), /deepscaler_base overtakes at k = 22 \(95 %: 13–46; 100 % of 2,000 resamples cross\)/);
      assertClean(h);
    } finally {
      await h.close();
    }
  });
}

test('one series: the summary says there is nothing to compare; no data: it says how to load some', async () => {
  const h = await start();
  try {
    await h.page.goto(h.url);
    await firstRow(h.page);
    await h.page.getByTestId('clear-input').click();
    await h.page.getByTestId('summary-empty').waitFor();
    await h.page.getByTestId('counts-input').fill('10 3\n10 5\n20 1\n');
    await waitForText(h.page, 'summary-compare', 'One series: nothing to compare.');
    await waitForText(h.page, 'summary-data', '1 series · 3 tasks · 40 samples (n = 10–20 a task)');
    // pass@1 and pass@10 (k ≤ the smallest n): (3/10 + 5/10 + 1/20)/3.
    const cells = await h.page.getByTestId('summary-table').locator('td b').allTextContents();
    assert.equal(cells[0], '28.33%');
    assert.equal(cells.length, 2);
    await h.page.getByTestId('counts-input').fill('');
    assertClean(h);
  } finally {
    await h.close();
  }
});

test("the summary's links go to their sections, the panels below loaded on the way", async () => {
  const h = await start();
  try {
    await h.page.goto(h.url);
    await firstRow(h.page);
    await h.page.getByTestId('summary').getByRole('link', { name: 'Comparison' }).click();
    const compare = h.page.locator('#compare');
    await compare.waitFor();
    await h.page.waitForFunction(() => {
      const r = document.getElementById('compare')?.getBoundingClientRect();
      return r && r.top >= 0 && r.top < window.innerHeight;
    });
    assertClean(h);
  } finally {
    await h.close();
  }
});
