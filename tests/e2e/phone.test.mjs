// End to end (issue 36, part 9, in part): on a phone every section of the bar is in reach —
// the links wrap instead of scrolling out of sight.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, usePage } from './harness.mjs';

const h = usePage({ viewport: { width: 390, height: 844 } });

test('at 390 px every section link is on screen', async () => {
  const { page } = h;
  const links = page.getByTestId('section-nav').locator('a');
  const n = await links.count();
  assert.ok(n >= 7, `${n} links`);
  for (let i = 0; i < n; i++) {
    const box = await links.nth(i).boundingBox();
    const name = await links.nth(i).textContent();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${name} at ${JSON.stringify(box)}`);
  }
  // A tap on the last one (Results) brings its section.
  await links.nth(n - 1).click();
  await page.waitForFunction(() => Math.abs(document.getElementById('results').getBoundingClientRect().top) < 200);
  assertClean(h);
});
