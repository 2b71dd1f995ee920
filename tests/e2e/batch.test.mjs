// End to end (issue 36, part 2): one pick of several files is one batch — it replaces the
// built-in example once, then adds every file; a file is "already loaded" only when it holds
// the same data as one the user loaded, never by its name and never against the example.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EXAMPLES, assertClean, usePage } from './harness.mjs';

const h = usePage();
const rows = () => h.page.getByTestId('series-summary').locator('tbody tr');
/** The series shown: [name, tasks]. */
const series = () =>
  rows().evaluateAll((rs) => rs.map((r) => [r.querySelector('.series-name').value, r.querySelector('[data-col=tasks]').textContent]));
const file = (name, buffer) => ({ name, mimeType: 'text/plain', buffer });
const [BASE, RL] = EXAMPLES.map((p) => readFileSync(p));

test("the example's own files picked together replace it with both, not 'already loaded'", async () => {
  const { page } = h;
  await page.getByTestId('file-input').setInputFiles([file('deepscaler_base.jsonl', BASE), file('deepscaler_rl.jsonl', RL)]);
  await page.getByTestId('example-replaced').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr').length === 2);
  assert.deepEqual(await series(), [['deepscaler_base', '1,060'], ['deepscaler_rl', '1,060']]);
  assert.equal(await page.getByTestId('load-message').count(), 0);
});

test('two files picked together are two series, also when one is named like the example but holds other data', async () => {
  const { page } = h;
  await page.getByTestId('example-deepscaler').click();
  await rows().filter({ hasText: 'deepscaler_rl' }).waitFor();
  await page.getByTestId('file-input').setInputFiles([]);
  await page.getByTestId('file-input').setInputFiles([file('deepscaler_base.jsonl', BASE), file('deepscaler_rl.jsonl', Buffer.from('10 3\n10 5\n10 0\n'))]);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=series-summary] tbody tr [data-col=tasks]')].some((c) => c.textContent === '3'));
  assert.deepEqual(await series(), [['deepscaler_base', '1,060'], ['deepscaler_rl', '3']]);
  assert.equal(await page.getByTestId('load-message').count(), 0);
  assertClean(h);
});

test('two files with one name and different data are both kept, named apart', async () => {
  const { page } = h;
  await page.getByTestId('file-input').setInputFiles([]);
  await page.getByTestId('file-input').setInputFiles([file('same.txt', Buffer.from('10 3\n')), file('same.txt', Buffer.from('10 7\n10 1\n'))]);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr[data-series^=same]').length === 2);
  const kept = await rows().evaluateAll((rs) => rs.filter((r) => r.dataset.series.startsWith('same')).map((r) => [r.dataset.series, r.querySelector('[data-col=tasks]').textContent, r.children[3].textContent.split(' (read as')[0]]));
  assert.deepEqual(kept, [['same', '1', 'same.txt'], ['same (2)', '2', 'same.txt (2)']]);
  assertClean(h);
});
