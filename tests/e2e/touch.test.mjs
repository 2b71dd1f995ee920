// End to end (issue 36, part 9): the phone. In a touch-emulated 390 px viewport a touch drag
// across the Pass@k chart scrolls past it, unless "zoom by dragging" is on: then it zooms to
// the range dragged. A tap reads the values there in an overlay that moves nothing, under the
// chart rather than over it, with no column empty in every row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, openAll, panelsBelow, usePage } from './harness.mjs';

const h = usePage({ path: '#ex=pythia', touch: true, viewport: { width: 390, height: 844 } });

/** A one-finger drag from (x0, y) to (x1, y) in `steps` moves (Chromium's touch input). */
async function swipe(page, x0, x1, y, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= steps; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * i) / steps, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a touch drag zooms the Pass@k chart in zoom mode, and only then', async () => {
  const { page } = h;
  // On a phone the panels are folded to their one-line answers: opened, as a user would.
  await openAll(page);
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  const canvas = page.getByTestId('chart-pass-at-k');
  await canvas.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'));
  const box = await canvas.boundingBox();
  const y = box.y + box.height * 0.5;
  // Zoom mode off: the drag zooms nothing.
  await swipe(page, box.x + box.width * 0.3, box.x + box.width * 0.7, y);
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('chart-pass-at-k-unzoom').count(), 0, 'no zoom outside zoom mode');
  // The toggle shows on a touch screen; on, the same drag zooms.
  const toggle = page.getByTestId('chart-pass-at-k-zoom-mode');
  assert.ok(await toggle.isVisible(), 'the zoom-mode toggle shows on a touch screen');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  const box2 = await canvas.boundingBox();
  await swipe(page, box2.x + box2.width * 0.3, box2.x + box2.width * 0.7, box2.y + box2.height * 0.5);
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor();
  await page.screenshot({ path: `${ARTIFACTS}touch-zoomed-390.png` });
  await page.getByTestId('chart-pass-at-k-unzoom').click();
  await toggle.click();
  assertClean(h);
});

test('a tap reads the values in an overlay that moves nothing, without empty columns', async () => {
  const { page } = h;
  // On a phone the panels are folded to their one-line answers: opened, as a user would.
  await openAll(page);
  const canvas = page.getByTestId('chart-pass-at-k');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const height = await page.evaluate(() => document.scrollingElement.scrollHeight);
  const below = await page.getByTestId('chart-pass-at-k-png').boundingBox();
  await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height * 0.5);
  const readout = page.getByTestId('chart-hover');
  await readout.waitFor();
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight), height, 'the page did not grow');
  assert.deepEqual(await page.getByTestId('chart-pass-at-k-png').boundingBox(), below, 'nothing moved');
  assert.equal(await readout.evaluate((t) => getComputedStyle(t).position), 'absolute');
  // Under the chart, not over it: seven series' rows would hide most of it (issue 53).
  const over = await readout.boundingBox();
  assert.ok(over.y >= box.y + box.height - 1, `the read-out starts at ${over.y}, the chart ends at ${box.y + box.height}`);
  // No column is empty in every row.
  const columns = await readout.evaluate((t) => {
    const rows = [...t.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    return [...t.querySelectorAll('thead th')].map((th, j) => [th.textContent, rows.every((r) => r[j] === '—')]);
  });
  assert.ok(columns.length >= 2, `${columns}`);
  assert.deepEqual(columns.filter(([, empty]) => empty), [], 'empty columns');
  assert.ok(!columns.some(([name]) => /maj@k|BoN@k/.test(name)), `${columns.map((c) => c[0])}`);
  await page.screenshot({ path: `${ARTIFACTS}touch-readout-390.png` });
  assertClean(h);
});

test("the captions of tables wider than a phone stay on the screen, wrapped to it", async () => {
  const { page } = h;
  // On a phone the panels are folded to their one-line answers: opened, as a user would.
  await openAll(page);
  await panelsBelow(page);
  await page.getByTestId('decide-matrix').waitFor();
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.table-wrap > table > caption')]
      .filter((c) => c.textContent.trim() && c.closest('.table-wrap').scrollWidth > c.closest('.table-wrap').clientWidth)
      .map((c) => [c.textContent.slice(0, 40), c.getBoundingClientRect().right])
      .filter(([, right]) => right > window.innerWidth + 0.5),
  );
  assert.deepEqual(cut, [], 'captions running off the screen');
  assertClean(h);
});
