// End to end: the table's report comes in two answers, the first without its count scores
// (G-Pass, mG-Pass, strict maj@k, AUC@k, TailPass…). While a report without them is on
// screen, their cells say they are being computed, also when a newer request (a new k list)
// replaces the job that was computing them — never the reason an empty cell would have in a
// whole report ("no tasks"); the whole report then fills them.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertClean, usePage } from './harness.mjs';

const h = usePage();

/** 200,000 tasks, n uniform in 50..1000 and c = round(n·u²) (bench/report.mjs's mixed file,
 *  smaller): enough distinct counts for the count scores to take a while. */
function bigFile() {
  let x = 67n;
  const next = () => {
    x = (6364136223846793005n * x + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(x >> 11n) / 2 ** 53;
  };
  const lines = [];
  for (let i = 0; i < 200_000; i++) {
    const n = 50 + Math.floor(next() * 951);
    const u = next();
    lines.push(`${n} ${Math.round(n * u * u)}`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'passk-counting-')), 'mixed.txt');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const COUNTING = 'being computed (the count scores follow the rest of the table)';

test('count cells say they are being computed until they come, across a newer request', async () => {
  const { page } = h;
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('columns-all').click();
  // Every state the table passes through: whether it says it counts, and its cells' reasons.
  await page.evaluate(() => {
    window.__states = [];
    const look = () => {
      const t = document.querySelector('[data-testid=results-table]');
      if (!t) return;
      const titles = [...t.querySelectorAll('tbody td')].map((c) => c.getAttribute('title') ?? '');
      window.__states.push({
        counting: t.dataset.counting,
        counted: titles.filter((s) => s === '' + window.__COUNTING).length,
        noTasks: titles.filter((s) => s === 'no tasks').length,
        mark: window.__mark ?? 0,
      });
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.evaluate((c) => (window.__COUNTING = c), COUNTING);
  await page.getByTestId('file-input').setInputFiles(bigFile());
  const counting = page.locator('[data-testid=results-table][data-counting=true]');
  await page.getByTestId('results-table').locator('tbody tr', { hasText: 'mixed' }).first().waitFor({ timeout: 60_000 });
  await counting.waitFor({ timeout: 60_000 });
  // A newer request while the first answer is on screen: the job computing them is replaced.
  await page.evaluate(() => (window.__mark = 1));
  await page.getByTestId('k-list').fill('1, 10, 50');
  const whole = page.locator('[data-testid=results-table][data-counting=false]');
  await page.getByTestId('results-table').locator('tbody tr', { hasText: 'mixed' }).filter({ has: page.locator('td', { hasText: /^50$/ }) }).first().waitFor({ timeout: 60_000 });
  await whole.waitFor({ timeout: 60_000 });
  const states = await page.evaluate(() => window.__states);
  // Never a reason that belongs to a whole report while a report without them shows.
  assert.deepEqual(states.filter((s) => s.noTasks > 0), []);
  // While it counts, the count cells say so; after the newer request too, until the end.
  assert.ok(states.some((s) => s.counting === 'true' && s.counted > 0));
  const after = states.filter((s) => s.mark === 1);
  const firstWhole = after.findIndex((s) => s.counting === 'false');
  assert.ok(firstWhole >= 0);
  assert.deepEqual(after.slice(firstWhole).filter((s) => s.counted > 0), [], 'counting cells left in the whole table');
  assert.ok(after.slice(0, firstWhole).every((s) => s.counting === 'true'), 'the table said it was whole before the count scores came');
  const final = states.at(-1);
  assert.equal(final.counting, 'false');
  assert.equal(final.counted, 0);
  assertClean(h);
});
