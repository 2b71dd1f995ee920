// End to end (issue 54): "Can I stop sampling?" under the planner says what `passk plan
// --next` says — settled at k = 1 for the DeepScaleR pair, not at k = 100, with the same
// tasks to sample next — and the results table's G-Pass@k, mG-Pass@k, strict maj@k and
// AUC@k carry their Bayesian intervals (stderr.test.mjs checks them against the report).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLES, assertClean, panelsBelow, passkJson, typeInto, usePage, waitForText } from './harness.mjs';

const h = usePage();

test('the planner says whether to stop and which tasks to sample, as passk plan --next', async () => {
  const { page } = h;
  await panelsBelow(page);
  const one = passkJson('plan', '--next', ...EXAMPLES);
  await waitForText(page, 'stop-sentence', one.sentence);
  assert.equal(await page.getByTestId('stop-tasks').count(), 0);
  await typeInto(page, 'plan-k', '100');
  const far = passkJson('plan', '--next', '--k', '100', ...EXAMPLES);
  await waitForText(page, 'stop-sentence', far.sentence);
  assert.match(far.sentence, /^Not settled at pass@100: deepscaler_base leads/);
  const rows = await page.getByTestId('stop-tasks').locator('tbody tr').evaluateAll((trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(rows.map((r) => r.slice(0, 2)), far.tasks.map((t) => [t.series, t.task]));
  const titles = await page.getByTestId('stop-tasks').locator('tbody tr td:nth-child(3)').evaluateAll((tds) => tds.map((t) => Number(t.title)));
  assert.deepEqual(titles, far.tasks.map((t) => t.gain));
  await typeInto(page, 'plan-k', '1');
  assertClean(h);
});

test('the comparison panel gives Bradley–Terry strengths with intervals, as passk compare', async () => {
  const { page } = h;
  await panelsBelow(page);
  const cli = passkJson('compare', ...EXAMPLES);
  const bt = cli.bradley_terry;
  const rows = page.getByTestId('bt-table').locator('tbody tr');
  await rows.first().waitFor({ state: 'attached' });
  // Strongest first: deepscaler_rl (index 1), then deepscaler_base.
  assert.deepEqual(await rows.evaluateAll((trs) => trs.map((r) => r.dataset.series)), ['deepscaler_rl', 'deepscaler_base']);
  const title = await rows.first().locator('td').last().getAttribute('title');
  assert.equal(title, `π = ${bt.strengths[1]}, interval ${bt.intervals[1][0]} – ${bt.intervals[1][1]}`);
  // Against pass@k at the budget the panel reads: the same order at k = 1, the reverse at
  // k = 100 (base overtakes at k = 22).
  await page.getByTestId('decide-k').selectOption('1');
  await waitForText(page, 'bt-agreement', /^Kendall's τ-b between the Bradley–Terry order and pass@1's: 1\.00 \(the same order\)\./);
  await page.getByTestId('decide-k').selectOption('100');
  await waitForText(page, 'bt-agreement', /^Kendall's τ-b between the Bradley–Terry order and pass@100's: -1\.00 \(the reverse order\)\./);
  assertClean(h);
});
