// End to end (issue 36, part 9, in part; issue 68): on a phone the section bar is one line
// that scrolls sideways, and every section of it is in reach.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, usePage } from './harness.mjs';

const h = usePage({ viewport: { width: 390, height: 844 } });

test('at 390 px the section bar is one line, and every link scrolls into reach', async () => {
  const { page } = h;
  const links = page.getByTestId('section-nav').locator('a');
  const n = await links.count();
  assert.ok(n >= 7, `${n} links`);
  const top = (await links.first().boundingBox()).y;
  for (let i = 0; i < n; i++) {
    await links.nth(i).scrollIntoViewIfNeeded();
    const box = await links.nth(i).boundingBox();
    const name = await links.nth(i).textContent();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${name} at ${JSON.stringify(box)}`);
    assert.ok(Math.abs(box.y - top) < 2, `${name} on the bar's one line (y ${box.y}, the first at ${top})`);
  }
  // The page itself never scrolls sideways.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
  // A tap on the last one (Results) brings its section.
  await links.nth(n - 1).click();
  await page.waitForFunction(() => Math.abs(document.getElementById('results').getBoundingClientRect().top) < 200);
  assertClean(h);
});
