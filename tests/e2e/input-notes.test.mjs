// End to end (issue 67): what the reading left out is said where the eye is — in the summary
// at the top of the page and beside the file chooser — at 1280 and 390 px: a file refused whole
// ("noise.bin was not added: … not text …"), and a file read in part ("broken.jsonl: 8 rows
// rejected, 3 tasks read") with its rejected rows one click away.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, withPage, waitForText } from './harness.mjs';

/** Random bytes from a fixed seed (not text). */
function randomBytes(n, seed = 777) {
  const out = Buffer.alloc(n);
  let x = BigInt(seed);
  for (let i = 0; i < n; i++) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    out[i] = Number(x >> 56n);
  }
  return out;
}

// 11 lines: 3 read, 8 rejected (c > n, malformed JSON, a missing count).
const BROKEN = [
  '{"task_id": "a", "n": 10, "c": 3}',
  '{"task_id": "b", "n": 10, "c": 11}',
  'oops',
  '{"task_id": "c", "n": 10, "c": 4}',
  '{"task_id": "d", "n": 10}',
  '{"task_id": "e", "n": 10, "c": 12}',
  '{"task_id": "f", "n": 10, "c": 13}',
  '{"task_id": "g", "n": 10, "c": 14}',
  '{"task_id": "h", "n": 10, "c": 15}',
  '{"task_id": "i", "n": 10, "c": 16}',
  '{"task_id": "j", "n": 10, "c": 2}',
].join('\n') + '\n';

for (const width of [1280, 390]) {
  test(`at ${width} px the summary names a refused file and a file read in part`, async () => {
    await withPage({ viewport: { width, height: 900 } }, async (h) => {
      const { page } = h;
      await page.getByTestId('summary-table').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      // Picked as a drop would load them: noise refused whole, the broken file read in part.
      await page.getByTestId('file-input').setInputFiles([
        { name: 'noise.bin', mimeType: 'application/octet-stream', buffer: randomBytes(20000) },
        { name: 'broken.jsonl', mimeType: 'application/json', buffer: Buffer.from(BROKEN) },
      ]);
      await waitForText(page, 'summary-refused', /^noise\.bin was not added: no row could be read — not text/);
      await waitForText(page, 'summary-partial', 'broken.jsonl: 8 rows rejected, 3 tasks read — show them');
      // Where the eye is: within the first screen, with the top of the page on screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await page.getByTestId('summary-input-notes').boundingBox();
      assert.ok(box && box.y + box.height <= 900, `the notes end at ${box && box.y + box.height} px`);
      // Beside the chooser too.
      await waitForText(page, 'load-message', /^noise\.bin was not added/);
      await waitForText(page, 'chooser-partial', 'broken.jsonl: 8 rows rejected, 3 tasks read');
      await page.screenshot({ path: `${ARTIFACTS}input-notes-${width}-top.png` });
      // One click away: the rejected rows, each line with its reason.
      await page.getByTestId('summary-show-rejected').click();
      const list = page.getByTestId('rejected-lines');
      await waitForText(page, 'rejected-lines', '8 rows rejected');
      assert.ok(await list.evaluate((e) => e === document.activeElement || e.contains(document.activeElement)), 'the list has the focus');
      // Its banner below the section bar, on screen.
      const banner = await list.locator('.banner').boundingBox();
      const bar = await page.getByTestId('section-nav').boundingBox();
      assert.ok(banner.y >= bar.y + bar.height - 1 && banner.y < page.viewportSize().height, `the banner at y = ${banner.y}, the bar ends at ${bar.y + bar.height}`);
      assert.match(await list.textContent(), /broken\.jsonl:2: c > n: 11 passing out of only 10 samples/);
      await page.screenshot({ path: `${ARTIFACTS}input-notes-${width}.png` });
      assertClean(h);
    });
  });
}
