// End to end (issue 36, part 10): the results table copied as LaTeX compiles without a
// Unicode engine: μ, τ, ± and the dashes are LaTeX macros, and nothing else is outside ASCII.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, usePage, waitForText } from './harness.mjs';

const h = usePage({ path: '#ex=pythia' });

test('the LaTeX copy of the results table is ASCII, with \\mu, \\tau and \\pm', async () => {
  const { page } = h;
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h.url).origin });
  await page.getByTestId('copy-latex').click();
  const tex = await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('\\begin{tabular}') && t)).then((v) => v.jsonValue());
  const outside = [...tex].filter((c) => c.charCodeAt(0) > 127);
  assert.deepEqual([...new Set(outside)], [], 'only ASCII');
  assert.match(tex, /\$\\pm\$ SE/);
  assert.match(tex, /Bayesian \$\\mu\$/);
  assert.match(tex, /\\end\{tabular\}/);
  await waitForText(page, 'results-table', 'Pythia 12B');
  assertClean(h);
});
