// End to end (issue 36, part 10): units and exports. The planner's half-width is in points,
// as its chart's axis; the results table copied as LaTeX compiles without a Unicode engine:
// μ, τ, ± and the dashes are LaTeX macros, and nothing else is outside ASCII.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, typeInto, usePage, waitForText, panelsBelow } from './harness.mjs';

const h = usePage({ path: '#ex=pythia' });

test('the LaTeX copy of the results table is ASCII, with \\mu and \\tau', async () => {
  const { page } = h;
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  // The copy holds the columns shown: every one, for every macro.
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('columns-all').click();
  await page.getByTestId('results-table').locator('th[data-col=interval]').waitFor();
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h.url).origin });
  await page.getByTestId('copy-latex').click();
  const tex = await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('\\begin{tabular}') && t)).then((v) => v.jsonValue());
  const outside = [...tex].filter((c) => c.charCodeAt(0) > 127);
  assert.deepEqual([...new Set(outside)], [], 'only ASCII');
  // (The SE column is an SE: no ±, which is kept for 95 % half-widths; issue 68.)
  assert.match(tex, / & SE \(over tasks\) & /);
  assert.match(tex, /Beta-posterior \$\\mu\$/);
  assert.match(tex, /\\end\{tabular\}/);
  assert.match(tex, /\$\\tau\$/);
  await waitForText(page, 'results-table', 'Pythia 12B');
  assertClean(h);
});

test("the planner's half-width is in points: 1 is ±1 point, as is 1%", async () => {
  const { page } = h;
  await panelsBelow(page);
  await typeInto(page, 'plan-half-width', '1');
  await waitForText(page, 'plan-samples', 'to ±1.00 points');
  assert.equal(await page.getByTestId('plan-half-width-error').textContent(), '');
  await typeInto(page, 'plan-half-width', '0.5%');
  await waitForText(page, 'plan-samples', 'to ±0.50 points');
  await typeInto(page, 'plan-half-width', '100');
  await waitForText(page, 'plan-half-width-error', 'between 0 and 100 points');
  assertClean(h);
});
