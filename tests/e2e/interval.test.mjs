// End to end (issue 36, part 7): the Bayesian interval is labelled as the Beta posterior's
// with its prior, and a cell where it excludes the unbiased estimate is marked, with the
// reason on hover (Pythia 70M at k = 1000: 12.41 % against [18.38 % – 21.44 %]).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, usePage } from './harness.mjs';

const h = usePage({ path: '#ex=pythia' });

test('an interval that excludes the unbiased estimate is marked, with the reason', async () => {
  const { page } = h;
  const table = page.getByTestId('results-table');
  await table.filter({ hasText: 'Pythia 70M' }).waitFor();
  const labels = () => table.locator('thead th').evaluateAll((ths) => ths.map((th) => (th.querySelector('dfn') ?? th).textContent));
  // Not a default column: the picker shows it.
  assert.ok(!(await labels()).some((t) => t.startsWith('Beta-posterior')), 'not shown by default');
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('column-picker').locator('input[data-col=interval]').check();
  await table.locator('th[data-col=interval]').waitFor();
  const head = await labels();
  const col = head.findIndex((t) => t.startsWith('Beta-posterior μ [credible interval], prior Beta(1, 1)'));
  assert.ok(col > 0, `${head}`);
  const row = table.locator('tbody tr').filter({ has: page.locator('th', { hasText: /^Pythia 70M$/ }) }).filter({ has: page.locator('td:nth-child(2)', { hasText: /^1000$/ }) });
  const cell = row.locator(`:is(th, td):nth-child(${col + 1})`);
  assert.match(await cell.textContent(), /^μ .*\[18\.38% – 21\.44%\]$/);
  assert.ok(await cell.evaluate((e) => e.classList.contains('excludes')), 'marked');
  assert.match(await cell.getAttribute('title'), /excludes the unbiased value 0\.124/);
  assertClean(h);
});
