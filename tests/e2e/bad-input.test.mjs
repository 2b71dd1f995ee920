// End to end (issue 36, part 3): bad input changes nothing. An empty file and a binary file
// are refused in one line naming the file and the reason, and the series loaded stay as they
// were; a title line above valid count lines is skipped with a notice, not taken for a
// header that rejects every line below it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, usePage, waitForText } from './harness.mjs';

const h = usePage();
const names = () => h.page.getByTestId('series-summary').locator('tbody tr .series-name').evaluateAll((es) => es.map((e) => e.value));
const EXAMPLE = ['deepscaler_base', 'deepscaler_rl'];

/** Random bytes from a fixed seed (not text). */
function randomBytes(n, seed = 12345) {
  const out = Buffer.alloc(n);
  let x = BigInt(seed);
  for (let i = 0; i < n; i++) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    out[i] = Number(x >> 56n);
  }
  return out;
}

test('an empty file is refused in one line, and the example stays', async () => {
  const { page } = h;
  assert.deepEqual(await names(), EXAMPLE);
  await page.getByTestId('file-input').setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await waitForText(page, 'load-message', 'empty.txt is empty: nothing was added.');
  assert.deepEqual(await names(), EXAMPLE);
  assert.equal(await page.getByTestId('example-replaced').count(), 0);
  assert.ok(await page.getByTestId('rejected-lines').evaluate((e) => e.classList.contains('hidden')));
});

test('several files refused in one load are each named', async () => {
  const { page } = h;
  await page.getByTestId('file-input').setInputFiles([]);
  const empty = (name) => ({ name, mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.getByTestId('file-input').setInputFiles([empty('a.txt'), empty('b.txt')]);
  await waitForText(page, 'load-message', 'a.txt is empty: nothing was added. b.txt is empty: nothing was added.');
  assert.deepEqual(await names(), EXAMPLE);
});

test('random bytes are refused in one line naming the reason, and the example stays', async () => {
  const { page } = h;
  await page.getByTestId('file-input').setInputFiles([]);
  await page.getByTestId('file-input').setInputFiles({ name: 'noise.bin', mimeType: 'application/octet-stream', buffer: randomBytes(30000) });
  await waitForText(page, 'load-message', /^noise\.bin was not added: no row could be read — not text/);
  assert.deepEqual(await names(), EXAMPLE);
  assert.equal(await page.getByTestId('example-replaced').count(), 0);
  assert.ok(await page.getByTestId('rejected-lines').evaluate((e) => e.classList.contains('hidden')), 'no rejected rows listed');
  assertClean(h);
});

test('a title line above valid count lines is skipped with a notice; the counts below are read', async () => {
  const { page } = h;
  await page.getByTestId('counts-input').fill('Results of my model\n10 3\n10 5\n20 1\n');
  const pasted = page.getByTestId('series-summary').locator('tbody tr[data-series=pasted]');
  await pasted.waitFor();
  assert.equal(await pasted.locator('[data-col=tasks]').textContent(), '3');
  await waitForText(page, 'rejected-lines', "'Results of my model' is words, not counts (a title or header?): skipped");
  assert.match(await page.getByTestId('rejected-lines').textContent(), /1 row rejected/);
  await page.getByTestId('counts-input').fill('');
  assertClean(h);
});

test('rejections of one reason are listed once, with how many more lines are like it', async () => {
  const { page } = h;
  await page.getByTestId('counts-input').fill(`10 3\n${'10 x\n'.repeat(1204)}10 y\n`);
  await waitForText(page, 'rejected-lines', '1,205 rows rejected');
  const items = await page.getByTestId('rejected-lines').locator('li').allTextContents();
  assert.equal(items.length, 2, `${items}`);
  assert.match(items[0], /^pasted text:2: c: .* — and 1,203 more lines like it$/);
  assert.match(items[1], /^pasted text:1206: c: /);
  await page.getByTestId('counts-input').fill('');
  assertClean(h);
});
