// End to end: nothing blank, stale or unseen on the first screen (issue 53) — the file
// chooser says what is loaded, a refused file is said right under it, the Cover note has no
// empty list, the comparison names A and B, and the engine's failure is said however its files
// fail (a 404, an aborted request), the calculator still answering, with a retry.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { assertClean, example, firstRow, panelsBelow, start, typeInto, waitForText } from './harness.mjs';

for (const [width, height] of [[1280, 900], [390, 844]]) {
  test(`at ${width} px the chooser names what is loaded and a refused file is said right under it`, async () => {
    const h = await start({ viewport: { width, height }, touch: width < 600 });
    try {
      await h.page.goto(h.url);
      await firstRow(h.page);
      await waitForText(h.page, 'files-chosen', 'loaded: deepscaler_base.jsonl, deepscaler_rl.jsonl');
      await h.page.getByTestId('file-input').setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: randomBytes(3000) });
      await waitForText(h.page, 'load-message', /^random\.bin was not added/);
      await h.page.getByTestId('file-input').scrollIntoViewIfNeeded();
      const chooser = await h.page.locator('.file-pick').boundingBox();
      const said = await h.page.getByTestId('load-message').boundingBox();
      const gap = said.y - (chooser.y + chooser.height);
      assert.ok(gap >= 0 && gap < 80, `the refusal is ${gap} px below the chooser`);
      assert.ok(said.y + said.height <= height, 'the refusal is on screen with the chooser');
      await h.page.getByTestId('file-input').setInputFiles(example('pythia_math_n10000.csv'));
      await waitForText(h.page, 'files-chosen', 'loaded: pythia_math_n10000.csv');
      assertClean(h);
    } finally {
      await h.close();
    }
  });
}

test('the comparison names A and B, so that the sign of A − B reads either way', async () => {
  const h = await start();
  try {
    await h.page.goto(h.url);
    await panelsBelow(h.page);
    await waitForText(h.page, 'decide-pair', 'A = deepscaler_rl, B = deepscaler_base');
    assert.match(await h.page.getByTestId('decide-table').locator('caption').textContent(), /^A − B = deepscaler_rl − deepscaler_base at each k/);
    await h.page.getByTestId('paired-a').selectOption('deepscaler_base');
    await h.page.getByTestId('paired-b').selectOption('deepscaler_rl');
    await waitForText(h.page, 'decide-pair', 'A = deepscaler_base, B = deepscaler_rl');
    assertClean(h);
  } finally {
    await h.close();
  }
});

// The engine's files: its wasm, or every one of its scripts and its wasm.
const WASM = /passk-engine(-first)?_bg\.wasm$/;
const ALL = /passk-engine[^/]*\.(js|wasm)(\?.*)?$/;
for (const [how, files, fail] of [
  ['wasm answered 404', WASM, (r) => r.fulfill({ status: 404, body: '' })],
  ['wasm aborted (the connection dropped)', WASM, (r) => r.abort('connectionreset')],
  ['wasm refused by the host', WASM, (r) => r.abort('connectionrefused')],
  ['files all aborted', ALL, (r) => r.abort('failed')],
]) {
  test(`the engine's ${how}: the failure is said with a retry, no empty sentence, the calculator answers`, async () => {
    const h = await start();
    try {
      await h.context.route(files, fail);
      await h.page.goto(h.url);
      await h.page.getByTestId('engine-retry').waitFor({ timeout: 30000 });
      assert.match(await h.page.getByTestId('engine-failed').textContent(), /cannot be computed now/);
      // … and at the top, where the eye is, with its own retry.
      await waitForText(h.page, 'summary-engine-failed', /cannot be computed now/);
      assert.equal(await h.page.getByTestId('summary-engine-failed').getByRole('button', { name: 'retry' }).count(), 1);
      // Nothing printed with a blank where a number would be.
      const text = await h.page.locator('main').textContent();
      assert.doesNotMatch(text, /: \.|pass@1: \./);
      await typeInto(h.page, 'n', '200');
      await typeInto(h.page, 'c', '5');
      await typeInto(h.page, 'k', '10');
      await waitForText(h.page, 'pass-at-k', '22.83');
      await h.context.unroute(files);
      await h.page.getByTestId('engine-retry').click();
      await firstRow(h.page);
      await h.page.getByTestId('engine-failed').waitFor({ state: 'detached' });
    } finally {
      await h.close();
    }
  });
}

test("the engine's code slow to arrive: the page says it waits for it (not that it fits), the calculator answers, then the results come", async () => {
  const h = await start();
  try {
    let release;
    const held = new Promise((r) => (release = r));
    await h.context.route(WASM, async (r) => {
      await held;
      await r.continue();
    });
    await h.page.goto(h.url);
    await waitForText(h.page, 'analysis-busy', "waiting for the engine's code to arrive");
    await waitForText(h.page, 'summary-waiting', "Waiting for the engine's code to arrive");
    await typeInto(h.page, 'n', '200');
    await typeInto(h.page, 'c', '5');
    await typeInto(h.page, 'k', '10');
    await waitForText(h.page, 'pass-at-k', '22.83');
    release();
    await firstRow(h.page);
    await h.page.getByTestId('analysis-busy').waitFor({ state: 'detached' });
    assertClean(h);
  } finally {
    await h.close();
  }
});

test('16 samples a task: the default k list stops at 100 (8 × n) and says why; a typed 1,000 is computed', async () => {
  const h = await start();
  try {
    await h.page.goto(h.url);
    await firstRow(h.page);
    await h.page.getByTestId('clear-input').click();
    const lines = Array.from({ length: 40 }, (_, i) => `16 ${i % 17}`).join('\n');
    await h.page.getByTestId('counts-input').fill(lines);
    await waitForText(h.page, 'k-list-cut', 'The default k list stops at 100');
    const ks = () => h.page.getByTestId('results-table').locator('tbody td.k').allTextContents();
    const hasK = (k) => h.page.waitForFunction((k) => [...document.querySelectorAll('[data-testid=results-table] tbody td.k')].some((td) => td.textContent === k), k);
    await hasK('100');
    assert.ok(!(await ks()).includes('1000'), `rows: ${await ks()}`);
    // As the command line without --k; a k list typed is kept.
    const field = h.page.getByTestId('k-list');
    await field.fill('1, 1000');
    await hasK('1000');
    await h.page.getByTestId('k-list-cut').waitFor({ state: 'detached' });
    await field.fill('1, 2, 5, 10, 20, 50, 100, 200, 500, 1000');
    await h.page.getByTestId('k-list-cut').waitFor();
    await h.page.getByTestId('counts-input').fill('');
    assertClean(h);
  } finally {
    await h.close();
  }
});

test('a file of graded scores (0, 0.5, 1 per sample) is read as rollouts, and again when the reward threshold changes', async () => {
  const h = await start();
  try {
    await h.page.goto(h.url);
    await firstRow(h.page);
    const lines = [];
    for (const t of ['a', 'b', 'c']) for (const s of [0, 0.5, 1, 1]) lines.push(JSON.stringify({ task_id: t, score: s }));
    await h.page.getByTestId('file-input').setInputFiles({ name: 'graded.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.join('\n') + '\n') });
    const row = h.page.getByTestId('series-summary').locator('tbody tr[data-series=graded]');
    await row.waitFor();
    assert.equal(await row.locator('[data-col=tasks]').textContent(), '3');
    // At the default threshold (the largest reward, 1) two of each task's four samples pass.
    assert.equal(await row.locator('[data-col=pass1]').textContent(), '50.00%');
    assert.doesNotMatch(await h.page.locator('main').textContent(), /is not true\/false or 0\/1/);
    // A new reward threshold reads the file again, in its place: at 0.5 three of four pass.
    const threshold = h.page.getByTestId('reward-threshold');
    await threshold.fill('0.5');
    await threshold.press('Tab');
    await waitForText(h.page, 'load-message', 'Read again at reward ≥ 0.5: graded.jsonl.');
    await h.page.waitForFunction(() => document.querySelector('[data-testid=series-summary] tr[data-series=graded] [data-col=pass1]')?.textContent === '75.00%');
    assert.equal(await h.page.getByTestId('series-summary').locator('tbody tr[data-series^=graded]').count(), 1);
    await waitForText(h.page, 'files-chosen', 'loaded: graded.jsonl');
    // Back to the default (the largest reward), after a reload: the file is kept as counts,
    // and the page says how to apply the threshold to it.
    await h.page.reload();
    await h.page.getByTestId('series-summary').locator('tbody tr[data-series=graded]').waitFor();
    assert.equal(await h.page.getByTestId('series-summary').locator('tbody tr[data-series=graded] [data-col=pass1]').textContent(), '75.00%');
    await h.page.getByTestId('reward-threshold').fill('');
    await h.page.getByTestId('reward-threshold').press('Tab');
    await waitForText(h.page, 'load-message', /^graded\.jsonl was kept from an earlier visit as counts, not as the file: load it again to read it at the file's largest reward/);
    assertClean(h);
  } finally {
    await h.close();
  }
});
