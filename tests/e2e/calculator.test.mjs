// End to end: the single-problem calculator in the release build, as a user drives it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, typeInto, usePage, waitForText } from './harness.mjs';

const h = usePage({ path: null });
const text = (testid) => h.page.getByTestId(testid).textContent();
/** Types n, c and k, in that order. */
async function enter(n, c, k) {
  await typeInto(h.page, 'n', n);
  await typeInto(h.page, 'c', c);
  await typeInto(h.page, 'k', k);
}

test('the page opens with the built-in example computed', async () => {
  await h.page.goto(h.url);
  await waitForText(h.page, 'pass-at-k', '%');
  assert.equal(await h.page.getByTestId('n').inputValue(), '10');
  assert.equal(await text('pass-at-k'), '91.67%');
  assert.equal(await h.page.getByTestId('pass-at-k').getAttribute('title'), '0.9166666666666666');
  assert.match(await text('pass-at-1'), /3\/10 = 30\.00%/);
  assert.match(await text('pass-at-k-check'), /exact big-integer/);
  const rows = await h.page.getByTestId('k-table').locator('tbody tr').count();
  assert.equal(rows, 4); // k = 1, 2, 5, 10
});

test('typing n=10, c=3, k=5 gives 91.67%', async () => {
  await enter('10', '3', '5');
  assert.equal(await text('pass-at-k'), '91.67%');
});

test('k above n reads undefined, never 100%', async () => {
  await typeInto(h.page, 'k', '100');
  await waitForText(h.page, 'pass-at-k', 'undefined');
  assert.equal(await text('pass-at-k'), 'undefined for k > n (only 10 samples)');
  assert.match(await text('pass-at-k-reason'), /only 10 samples were drawn/);
  // Calm, not an alarm: muted text, and a way on to the extrapolating estimators.
  const colour = await h.page.getByTestId('pass-at-k').evaluate((e) => getComputedStyle(e).color);
  const muted = await h.page.locator('.tagline').evaluate((e) => getComputedStyle(e).color);
  assert.equal(colour, muted);
  assert.equal(await h.page.getByTestId('pass-at-k-reason').locator('a').getAttribute('href'), '#notes-title');
  await h.page.screenshot({ path: `${ARTIFACTS}calculator-undefined.png`, fullPage: true });
});

test('c > n shows a message by the field, then recovers', async () => {
  await typeInto(h.page, 'k', '5');
  await typeInto(h.page, 'c', '11');
  await waitForText(h.page, 'c-error', 'cannot exceed n');
  assert.equal(await text('pass-at-k'), '—');
  await typeInto(h.page, 'c', '3');
  await waitForText(h.page, 'pass-at-k', '91.67%');
  assert.equal(await text('c-error'), '');
});

test('tiny values keep their digits: n = 1e9, c = 1, k = 1', async () => {
  await enter('1000000000', '1', '1');
  await waitForText(h.page, 'pass-at-k', '< 0.0001%');
  assert.equal(await text('pass-at-k'), '< 0.0001%');
  assert.equal(await h.page.getByTestId('pass-at-k').getAttribute('title'), '1e-9');
  assert.equal(await text('pass-at-k-full'), '= 1e-9');
});

test('integer exponent notation is accepted, a fraction is refused with the reason', async () => {
  await enter('1e4', '2.5e3', '1');
  await waitForText(h.page, 'pass-at-k', '25.00%');
  await typeInto(h.page, 'n', '1.25e1');
  await waitForText(h.page, 'n-error', 'not a whole number');
  assert.match(await text('n-error'), /1\.25e1 is not a whole number/);
  await enter('10', '0', '5');
  await waitForText(h.page, 'pass-at-k-full', '= 0');
  assert.equal(await text('pass-at-k-full'), '= 0');
});

test('the input survives a reload', async () => {
  await enter('200', '5', '10');
  await waitForText(h.page, 'pass-at-k', '22.83%');
  await h.page.reload();
  await waitForText(h.page, 'pass-at-k', '22.83%');
  assert.equal(await h.page.getByTestId('n').inputValue(), '200');
  await enter('10', '3', '5');
  await waitForText(h.page, 'pass-at-k', '91.67%');
  await h.page.screenshot({ path: `${ARTIFACTS}calculator.png`, fullPage: true });
});

test('no request leaves 127.0.0.1 and the console stays clean', async () => {
  assert.ok(h.requests.some((r) => r.endsWith('.wasm')), 'the wasm was fetched from the page');
  assertClean(h);
  // (Chromium's notice that SRI is not applied to preloads is filtered in harness.mjs.)
});
