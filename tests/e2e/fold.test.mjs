// End to end (issue 53): on a phone the panels below the summary fold to their heading and
// their one-line answer, opened on demand — a tap on the heading, a section link, or "Open
// every section" — and a chart opened is drawn at the width it then has. Wider, nothing folds.
// The one-line answers are `passk report`'s numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, canvasInk, example, openAll, panelsBelow, passkJson, start, waitForText } from './harness.mjs';

const percent = (x) => `${(100 * x).toPrecision(4)}%`; // as the page's: 4 significant digits

/** Pythia's curves line, from `passk report` (pass@1 and pass@1,000, lowest and highest). */
function curvesLine() {
  const r = passkJson('report', '--no-forecast', '--k', '1,1000', example('pythia_math_n10000.csv'));
  const at = (i) => {
    const v = r.models.map((m) => [m.name, m.pass_at_k[i].combinatorial]);
    const lo = v.reduce((a, b) => (b[1] < a[1] ? b : a));
    const hi = v.reduce((a, b) => (b[1] > a[1] ? b : a));
    return `from ${percent(lo[1])} (${lo[0]}) to ${percent(hi[1])} (${hi[0]})`;
  };
  return `pass@1: ${at(0)}; pass@1,000: ${at(1)}.`;
}

/** The direct children shown of every folded panel: its heading and its answer only. */
const foldedShown = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('section.card.folded')].map((s) => [
      s.querySelector('h2')?.textContent,
      [...s.children].filter((c) => getComputedStyle(c).display !== 'none').map((c) => c.tagName + (c.className ? '.' + c.className.replace(/ /g, '.') : '')),
    ]),
  );

for (const scheme of ['light', 'dark']) {
  test(`at 390 px (${scheme}) the panels fold to their answers and open on demand`, async () => {
    const h = await start({ colorScheme: scheme, viewport: { width: 390, height: 844 }, touch: true });
    try {
      await h.page.goto(`${h.url}#ex=pythia`);
      const { page } = h;
      await waitForText(page, 'curves-lead', curvesLine(), { timeout: 60_000 });
      const toggle = page.getByTestId('fold-curves');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.ok(await page.getByTestId('chart-pass-at-k').isHidden(), 'the folded chart is hidden');
      // The panels below load as a user scrolls down: folded as well.
      await panelsBelow(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const shown = await foldedShown(page);
      assert.ok(shown.length >= 12, `${shown.length} panels folded`);
      for (const [title, children] of shown) {
        assert.ok(children.length <= 2 && children[0] === 'H2.fold-head', `${title}: ${children}`);
      }
      assert.equal(await page.getByTestId('results-lead').textContent(), '7 series × 10 budgets (k = 1–1,000); the auto column is the recommended estimate.');
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height < 7000, `the page is ${height} px tall folded`);
      await page.screenshot({ path: `${ARTIFACTS}fold-390-${scheme}.png`, fullPage: true });
      // A tap on the heading: the chart is drawn at the panel's width.
      await page.locator('#pass-title').click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k]').getBoundingClientRect().width > 300);
      const ink = await canvasInk(page, 'chart-pass-at-k');
      assert.ok(ink.n > 1000 && ink.css > 300, `the opened chart is drawn at its width: ${JSON.stringify(ink)}`);
      await toggle.click();
      assert.ok(await page.getByTestId('chart-pass-at-k').isHidden(), 'folded again');
      // A section link opens the section it goes to.
      await page.getByTestId('nav-fit').click();
      await page.getByTestId('chart-fit').waitFor();
      assert.equal(await page.getByTestId('fold-fit').getAttribute('aria-expanded'), 'true');
      // "Open every section" opens the rest, those loaded later too.
      await openAll(page);
      await page.waitForFunction(() => !document.querySelector('section.card.folded'));
      await page.getByTestId('results-table').locator('tbody tr').first().waitFor();
      assertClean(h);
    } finally {
      await h.close();
    }
  });
}

test('at 1280 px nothing folds: no fold button, every chart and table shown, the answers first', async () => {
  const h = await start({ viewport: { width: 1280, height: 900 } });
  try {
    await h.page.goto(`${h.url}#ex=pythia`);
    const { page } = h;
    await waitForText(page, 'curves-lead', curvesLine(), { timeout: 60_000 });
    await page.getByTestId('results-table').locator('tbody tr').first().waitFor();
    assert.ok(await page.getByTestId('chart-pass-at-k').isVisible());
    assert.equal(await page.locator('.fold-toggle:visible').count(), 0);
    assert.ok(await page.getByTestId('open-all').isHidden());
    assertClean(h);
  } finally {
    await h.close();
  }
});
