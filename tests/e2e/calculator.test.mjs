// End to end: the single-problem calculator in the release build, as a user drives it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ARTIFACTS, start, typeInto } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const text = (testid) => h.page.getByTestId(testid).textContent();

test('the page opens with the built-in example computed', async () => {
  await h.page.goto(h.url);
  await h.page.getByTestId('pass-at-k').filter({ hasText: '%' }).waitFor();
  assert.equal(await h.page.getByTestId('n').inputValue(), '10');
  assert.equal(await text('pass-at-k'), '91.67%');
  assert.equal(await h.page.getByTestId('pass-at-k').getAttribute('title'), '0.9166666666666666');
  assert.match(await text('pass-at-1'), /3\/10 = 30\.00%/);
  assert.match(await text('pass-at-k-check'), /exact big-integer/);
  const rows = await h.page.getByTestId('k-table').locator('tbody tr').count();
  assert.equal(rows, 4); // k = 1, 2, 5, 10
});

test('typing n=10, c=3, k=5 gives 91.67%', async () => {
  await typeInto(h.page, 'n', '10');
  await typeInto(h.page, 'c', '3');
  await typeInto(h.page, 'k', '5');
  assert.equal(await text('pass-at-k'), '91.67%');
});

test('k above n reads undefined, never 100%', async () => {
  await typeInto(h.page, 'k', '100');
  await h.page.getByTestId('pass-at-k').filter({ hasText: 'undefined' }).waitFor();
  assert.equal(await text('pass-at-k'), 'undefined');
  assert.match(await text('pass-at-k-reason'), /only 10 samples were drawn/);
  await h.page.screenshot({ path: `${ARTIFACTS}calculator-undefined.png`, fullPage: true });
});

test('c > n shows a message by the field, then recovers', async () => {
  await typeInto(h.page, 'k', '5');
  await typeInto(h.page, 'c', '11');
  await h.page.getByTestId('c-error').filter({ hasText: 'cannot exceed n' }).waitFor();
  assert.equal(await text('pass-at-k'), '—');
  await typeInto(h.page, 'c', '3');
  await h.page.getByTestId('pass-at-k').filter({ hasText: '91.67%' }).waitFor();
  assert.equal(await text('c-error'), '');
});

test('tiny values keep their digits: n = 1e9, c = 1, k = 1', async () => {
  await typeInto(h.page, 'n', '1000000000');
  await typeInto(h.page, 'c', '1');
  await typeInto(h.page, 'k', '1');
  await h.page.getByTestId('pass-at-k').filter({ hasText: 'e-7' }).waitFor();
  assert.equal(await text('pass-at-k'), '1.000e-7 %');
  assert.equal(await h.page.getByTestId('pass-at-k').getAttribute('title'), '1e-9');
});

test('the input survives a reload', async () => {
  await typeInto(h.page, 'n', '200');
  await typeInto(h.page, 'c', '5');
  await typeInto(h.page, 'k', '10');
  await h.page.getByTestId('pass-at-k').filter({ hasText: '22.83%' }).waitFor();
  await h.page.reload();
  await h.page.getByTestId('pass-at-k').filter({ hasText: '22.83%' }).waitFor();
  assert.equal(await h.page.getByTestId('n').inputValue(), '200');
  await typeInto(h.page, 'n', '10');
  await typeInto(h.page, 'c', '3');
  await typeInto(h.page, 'k', '5');
  await h.page.getByTestId('pass-at-k').filter({ hasText: '91.67%' }).waitFor();
  await h.page.screenshot({ path: `${ARTIFACTS}calculator.png`, fullPage: true });
});

test('no request leaves 127.0.0.1 and the console stays clean', async () => {
  assert.deepEqual(h.foreignRequests(), []);
  assert.ok(h.requests.some((r) => r.endsWith('.wasm')), 'the wasm was fetched from the page');
  assert.deepEqual(h.problems, []);
  // (Chromium's notice that SRI is not applied to preloads is filtered in harness.mjs.)
});
