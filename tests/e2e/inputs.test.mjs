// End to end: loading counts and results into the page as a user does — paste, pick, drop —
// and reading back exactly the counts `passk counts` reads from the same files.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, ROOT, assertClean, downloadJson, passkJson, usePage, waitForText } from './harness.mjs';

const FIXTURES = join(ROOT, 'tests/fixtures/inputs');
const FILES = [
  'humaneval_samples.jsonl_results.jsonl',
  'evalplus_eval_results.json',
  'evalplus_legacy_eval_results.json',
  'lcb_codegeneration_eval_all.json',
  'scorio_matrix.txt',
  'samples_generic.jsonl',
];

const h = usePage({ ready: null });
const summaryRows = () => h.page.getByTestId('series-summary').locator('tbody tr');

// Puts text in the paste box as typing would end (Playwright's fill is slow on long texts).
const setBox = (text) =>
  h.page.getByTestId('counts-input').evaluate((e, t) => {
    e.value = t;
    e.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);

const strip = (doc) => doc.series.map((s) => ({ name: s.name, tasks: s.tasks.map((t) => [t.id ?? null, t.n, t.c]) }));

test('the first visit opens with DeepScaleR base vs RL', async () => {
  await summaryRows().filter({ hasText: 'deepscaler_rl' }).waitFor();
  assert.equal(await summaryRows().count(), 2);
  const rl = summaryRows().filter({ hasText: 'deepscaler_rl' });
  assert.equal(await rl.locator('[data-col=tasks]').textContent(), '1,060');
  assert.equal(await rl.locator('[data-col=pass1]').textContent(), '68.01%');
});

test('a file loaded over the built-in example replaces it (with an undo); the next one adds', async () => {
  await h.page.getByTestId('example-deepscaler').click().catch(() => {});
  await summaryRows().filter({ hasText: 'deepscaler_rl' }).waitFor();
  await h.page.getByTestId('file-input').setInputFiles(join(FIXTURES, 'scorio_matrix.txt'));
  await h.page.getByTestId('example-replaced').waitFor();
  await summaryRows().filter({ hasText: 'deepscaler_rl' }).waitFor({ state: 'detached' });
  assert.equal(await summaryRows().count(), 1);
  await h.page.getByTestId('undo-replace').click();
  await summaryRows().filter({ hasText: 'deepscaler_rl' }).waitFor();
  assert.equal(await summaryRows().count(), 3);
  assert.equal(await h.page.getByTestId('example-replaced').count(), 0);
  // With more than the example shown, a file adds a series.
  await h.page.getByTestId('file-input').setInputFiles(join(FIXTURES, 'samples_generic.jsonl'));
  await summaryRows().nth(3).waitFor();
  assert.equal(await h.page.getByTestId('example-replaced').count(), 0);
  // The same file again is named and not added (no "(2)" series).
  const before = await summaryRows().count();
  await h.page.getByTestId('file-input').setInputFiles([]);
  await h.page.getByTestId('file-input').setInputFiles(join(FIXTURES, 'samples_generic.jsonl'));
  await waitForText(h.page, 'load-message', 'samples_generic.jsonl is already loaded: it was not added again.');
  assert.equal(await summaryRows().count(), before);
  assert.equal(await summaryRows().filter({ hasText: '(2)' }).count(), 0);
});

test('every fixture loads with exactly the counts of passk counts', async () => {
  for (const name of FILES) {
    await h.page.getByTestId('clear-input').click();
    await h.page.getByTestId('file-input').setInputFiles(join(FIXTURES, name));
    await summaryRows().filter({ hasText: name.split('.')[0].slice(0, 8) }).or(summaryRows().filter({ hasText: 'base' })).first().waitFor();
    const page = await downloadJson(h.page, 'download-counts');
    const cli = passkJson('counts', join(FIXTURES, name));
    assert.deepEqual(strip(page), strip(cli), name);
  }
});

test('pasted text is read, and a bad row is listed with its line and reason', async () => {
  await h.page.getByTestId('clear-input').click();
  await h.page.getByTestId('counts-input').fill('10 3\n10 11\n10 0\n');
  await summaryRows().filter({ hasText: 'pasted' }).waitFor();
  assert.equal(await summaryRows().filter({ hasText: 'pasted' }).locator('[data-col=tasks]').textContent(), '2');
  const rejected = h.page.getByTestId('rejected-lines');
  await rejected.filter({ hasText: '1 row rejected' }).waitFor();
  assert.match(await rejected.textContent(), /pasted text:2: c > n: 11 passing out of only 10 samples/);
});

test('the format override reads two 0/1 columns as a matrix', async () => {
  await h.page.getByTestId('counts-input').fill('1 0 \n1 1\n');
  await summaryRows().filter({ hasText: 'pasted' }).locator('[data-col=samples]').filter({ hasText: '2' }).waitFor();
  await h.page.getByTestId('format-override').selectOption('matrix');
  await summaryRows().filter({ hasText: 'pasted' }).locator('[data-col=samples]').filter({ hasText: '4' }).waitFor();
  await h.page.getByTestId('format-override').selectOption('auto');
});

test('a dropped file is loaded as a series', async () => {
  const csv = 'model,task,n,c\nA,1,10,3\nA,2,10,0\nB,1,10,9\n';
  const dt = await h.page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
    return d;
  }, csv);
  await h.page.dispatchEvent('body', 'dragover', { dataTransfer: dt });
  await h.page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await summaryRows().filter({ hasText: 'dropped.csv' }).first().waitFor();
  assert.equal(await summaryRows().filter({ hasText: 'dropped.csv' }).count(), 2);
  await h.page.screenshot({ path: `${ARTIFACTS}inputs.png`, fullPage: true });
});

test('the pasted text and the loaded series survive a reload; clear removes them', async () => {
  const before = await summaryRows().allTextContents();
  await h.page.reload();
  await summaryRows().filter({ hasText: 'dropped.csv' }).first().waitFor();
  assert.deepEqual(await summaryRows().allTextContents(), before);
  assert.equal(await h.page.getByTestId('counts-input').inputValue(), '1 0 \n1 1\n');
  await h.page.getByTestId('clear-input').click();
  await summaryRows().filter({ hasText: 'No series yet' }).waitFor();
  await h.page.reload();
  await summaryRows().filter({ hasText: 'No series yet' }).waitFor();
  assert.equal(await h.page.getByTestId('counts-input').inputValue(), '');
});

test('a large file streams with progress and can be cancelled', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'passk-big-'));
  const path = join(dir, 'big_results.jsonl');
  const line = (i) => `{"task_id": "T/${i % 500}", "completion": "${'x'.repeat(400)}", "result": "passed", "passed": ${i % 3 === 0}}\n`;
  const chunk = Array.from({ length: 1000 }, (_, i) => line(i)).join('');
  try {
    writeFileSync(path, chunk.repeat(300)); // ~130 MB
    await h.page.getByTestId('file-input').setInputFiles(path);
    await h.page.getByTestId('load-progress').waitFor();
    await h.page.getByTestId('load-cancel').click();
    await waitForText(h.page, 'load-message', 'cancelled');
    assert.equal(await h.page.getByTestId('load-progress').count(), 0);
    await summaryRows().filter({ hasText: 'No series yet' }).waitFor();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a large paste is read like a file, not put in the box, and survives a reload', async () => {
  await h.page.getByTestId('clear-input').click();
  await summaryRows().filter({ hasText: 'No series yet' }).waitFor();
  // 20,000 tasks (about 140 KB, over the 32 KB the box takes) with two bad rows.
  let text = '';
  for (let i = 0; i < 20000; i++) text += `${50 + (i % 7)} ${i % 50}\n`;
  text += '10 11\nnot a row\n';
  const paste = (t) =>
    h.page.getByTestId('counts-input').evaluate((e, t) => {
      const d = new DataTransfer();
      d.setData('text/plain', t);
      return e.dispatchEvent(new ClipboardEvent('paste', { clipboardData: d, bubbles: true, cancelable: true }));
    }, t);
  assert.equal(await paste(text), false, 'the page takes the paste over (default prevented)');
  const row = summaryRows().filter({ hasText: 'pasted' });
  await row.locator('[data-col=tasks]').filter({ hasText: '20,000' }).waitFor();
  assert.equal(await h.page.getByTestId('counts-input').inputValue(), '', 'the box stays empty');
  await waitForText(h.page, 'load-message', 'read like a file');
  const rejected = h.page.getByTestId('rejected-lines');
  await rejected.filter({ hasText: '2 rows rejected' }).waitFor();
  assert.match(await rejected.textContent(), /pasted:20001: c > n/);
  // Kept before the page is left: written by the engine (a file this large is not written on
  // the page's thread), then stored.
  await h.page.waitForFunction(() => (localStorage.getItem('passk.files.v1') ?? '').length > 200_000, null, { timeout: 30_000 });
  await h.page.reload();
  await row.locator('[data-col=tasks]').filter({ hasText: '20,000' }).waitFor();
  // The same counts as the paste box reads from the same text (put there without a paste).
  await setBox(text);
  await summaryRows().nth(1).waitFor();
  const cells = (r) => r.locator('td[data-col]').allTextContents();
  const [a, b] = [await cells(summaryRows().nth(0)), await cells(summaryRows().nth(1))];
  assert.equal(a.length, 6, a.join('|'));
  assert.deepEqual(a, b);
  // A paste under the limit goes into the box as usual (the browser inserts it).
  assert.equal(await paste('10 3\n'), true, 'a small paste is left to the browser');
  await h.page.getByTestId('clear-input').click();
});

test('pasted text that local storage cannot keep is said, not lost silently', async () => {
  await h.page.getByTestId('clear-input').click();
  // Fill the page's storage to within 1,000 characters of the browser's limit, then type.
  const filled = await h.page.evaluate(() => {
    let [lo, hi] = [0, 20_000_000];
    while (hi - lo > 1000) {
      const m = (lo + hi) >> 1;
      try {
        localStorage.setItem('passk.test.filler', 'x'.repeat(m));
        lo = m;
      } catch {
        hi = m;
      }
    }
    localStorage.setItem('passk.test.filler', 'x'.repeat(lo));
    return lo;
  });
  assert.ok(filled > 1_000_000, `filler of ${filled} characters`);
  await setBox('10 3\n'.repeat(4000));
  await waitForText(h.page, 'text-not-stored', 'will not survive a reload');
  await h.page.evaluate(() => localStorage.removeItem('passk.test.filler'));
  await h.page.getByTestId('counts-input').fill('10 3\n');
  await h.page.getByTestId('text-not-stored').waitFor({ state: 'detached' });
  await h.page.getByTestId('clear-input').click();
});

test('no request leaves 127.0.0.1 and the console stays clean', () => assertClean(h));
