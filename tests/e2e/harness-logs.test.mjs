// End to end: the logs evaluation harnesses write, loaded into the page as a user does (the
// runs of one series picked together), read with exactly the counts `passk counts` reads;
// maj@k drawn where answers were given; a series broken down by its tasks' groups.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PASSK, ROOT, assertClean, downloadJson, start, usePage, waitForText } from './harness.mjs';

const DIR = join(ROOT, 'tests/fixtures/harness');
const GROUPS = [
  { files: ['samples_gsm8k_2024-05-01T12-00-00.000000.jsonl'], series: 2 },
  { files: ['2024-05-01T12-00-00+00-00_theory-of-mind_abc123.json'], series: 2 },
  { files: ['2024-05-01T12-00-00+00-00_theory-of-mind_abc123.eval'], series: 2 },
  { files: ['2026-05-01T12-00-00+00-00_theory-of-mind_zstd.eval'], series: 2 },
  { files: ['tool-calling-gpt-4o-0.0_range_0-3_user-gpt-4o-llm_0501120000.json'], series: 1 },
  { files: ['meta-llama--Llama-3.1-8B-Instruct--main--bigcodebench-complete--vllm-0-1-sanitized_calibrated_eval_results.json'], series: 1 },
  {
    files: ['claude-3.5-sonnet.run1.json', 'claude-3.5-sonnet.run2.json', 'claude-3.5-sonnet.run3.json', 'gpt-4o.run1.json'].map((f) => `swebench/${f}`),
    series: 2,
  },
  // Qwen2.5-Math seeds: one series named by the file without its seed, on both.
  { files: ['seed0', 'seed1'].map((s) => `qwen25_math/test_qwen25-math-cot_-1_${s}_t0.6_s0_e-1.jsonl`), series: 1 },
  // Rollout files: verl dumps of two steps (given out of order: step order on both),
  // verifiers, NeMo Gym, Every Eval Ever.
  { files: ['verl_val/50.jsonl', 'verl_val/0.jsonl'], series: 2 },
  { files: ['verifiers/results.jsonl'], series: 1 },
  { files: ['nemo_gym/math_rollouts.jsonl'], series: 1 },
  { files: ['f3a1c0de-5b7e-4d2a-9c1e-2f4a6b8d0e13_samples.jsonl'], series: 1 },
  // Parquet: lighteval details (passes from avg@n), verl generations with a score column;
  // read in the Parquet worker the page starts for them.
  { files: ['lighteval/details_lighteval|aime24|0_2025-06-01T12-00-00.000000.parquet'], series: 1 },
  { files: ['verl_gen_scored/gsm8k_gen_scored.parquet'], series: 1 },
  // The page sees file names only: NeMo-Skills seeds form the series "output" (the command
  // line names it by their folder).
  { files: ['output-rs0.jsonl', 'output-rs1.jsonl', 'output-rs2.jsonl'].map((f) => `nemo_skills/${f}`), series: 1, renamed: true },
];

const h = usePage({ ready: null });
const summaryRows = () => h.page.getByTestId('series-summary').locator('tbody tr');
const tasks = (doc) => doc.series.map((s) => s.tasks.map((t) => [t.id ?? null, t.n, t.c]));
const names = (doc) => doc.series.map((s) => s.name);
// `passk counts` (its exit status is 2 when rows were rejected, as inspect's partial credit is).
const passkCounts = (files) => {
  const out = spawnSync(PASSK, ['counts', ...files], { encoding: 'utf8' });
  assert.ok(out.status === 0 || out.status === 2, out.stderr);
  return JSON.parse(out.stdout);
};

test('every harness log loads with exactly the counts of passk counts', async () => {
  for (const { files, series, renamed } of GROUPS) {
    await h.page.getByTestId('clear-input').click();
    await h.page.getByTestId('file-input').setInputFiles(files.map((f) => join(DIR, f)));
    await summaryRows().nth(series - 1).waitFor();
    await h.page.getByTestId('load-progress').waitFor({ state: 'detached' });
    const page = await downloadJson(h.page, 'download-counts');
    const cli = passkCounts(files.map((f) => join(DIR, f)));
    assert.deepEqual(tasks(page), tasks(cli), files[0]);
    if (renamed) {
      assert.deepEqual(names(page), ['output']);
    } else {
      assert.deepEqual(names(page), names(cli), files[0]);
    }
    assert.equal(await summaryRows().count(), series, files[0]);
  }
  // The last load: NeMo-Skills answers vote; maj@k is offered and drawn, BoN@k (no scores) not.
  await h.page.getByTestId('toggle-maj').waitFor({ state: 'visible' });
  assert.equal(await h.page.getByTestId('toggle-bon').isVisible(), false);
  assert.equal(await h.page.getByTestId('toggle-maj').isChecked(), true);
  assertClean(h);
});

test("inspect's partial credit counts as the user maps it, as passk --partial does", async () => {
  const log = join(DIR, '2024-05-01T12-00-00+00-00_theory-of-mind_abc123.eval');
  await h.page.getByTestId('clear-input').click();
  await h.page.getByTestId('inspect-partial').selectOption('correct');
  await h.page.getByTestId('file-input').setInputFiles(log);
  await summaryRows().nth(1).waitFor();
  await h.page.getByTestId('load-progress').waitFor({ state: 'detached' });
  const page = await downloadJson(h.page, 'download-counts');
  assert.deepEqual(tasks(page), tasks(passkCounts([log, '--partial', 'correct'])));
  assert.deepEqual(page.series[1].tasks.find((t) => t.id === '2'), { id: '2', n: 3, c: 3 });
  await h.page.getByTestId('inspect-partial').selectOption('reject');
  assertClean(h);
});

test('a series breaks down by the groups its tasks name', async () => {
  await h.page.getByTestId('clear-input').click();
  await h.page.getByTestId('file-input').setInputFiles(join(ROOT, 'tests/fixtures/inputs/lcb_codegeneration_eval_all.json'));
  await summaryRows().first().waitFor();
  assert.equal(await summaryRows().count(), 1);
  await h.page.getByTestId('break-down').check();
  await summaryRows().nth(3).waitFor();
  const shown = await summaryRows().getByTestId('series-name').evaluateAll((els) => els.map((e) => e.value));
  assert.ok(shown.some((n) => n.includes('· medium')), shown.join(' | '));
  await h.page.getByTestId('break-down').uncheck();
  await summaryRows().nth(1).waitFor({ state: 'detached' });
  assertClean(h);
});

test('rollouts of unknown keys read by the keys the user names, as passk --id-key/--reward-key', async () => {
  const text = ['{"qid": "a", "r": 1.0}', '{"qid": "a", "r": 0.25}', '{"qid": "b", "r": 0.5}', '{"qid": "b", "r": 0.5}', '{"qid": "a", "r": 0.75}'].join('\n') + '\n';
  const dir = mkdtempSync(join(tmpdir(), 'passk-keys-'));
  writeFileSync(join(dir, 'custom.jsonl'), text);
  await h.page.getByTestId('clear-input').click();
  await h.page.getByTestId('format-override').selectOption('rollouts');
  await h.page.locator('details.rollout-keys summary').click();
  await h.page.getByTestId('id-key').fill('qid');
  await h.page.getByTestId('id-key').press('Tab');
  await h.page.getByTestId('reward-key').fill('r');
  await h.page.getByTestId('reward-key').press('Tab');
  await h.page.getByTestId('reward-threshold').fill('0.5');
  await h.page.getByTestId('reward-threshold').press('Tab');
  await h.page.getByTestId('file-input').setInputFiles(join(dir, 'custom.jsonl'));
  await summaryRows().first().waitFor();
  await h.page.getByTestId('load-progress').waitFor({ state: 'detached' });
  const page = await downloadJson(h.page, 'download-counts');
  const cli = passkCounts([join(dir, 'custom.jsonl'), '--format', 'rollouts', '--id-key', 'qid', '--reward-key', 'r', '--threshold', '0.5']);
  assert.deepEqual(tasks(page), tasks(cli));
  assert.deepEqual(tasks(page), [[['a', 3, 2], ['b', 2, 2]]]);
  // A threshold that is not a number is said at the field (the CLI refuses it).
  assert.equal(await h.page.getByTestId('reward-threshold').getAttribute('aria-invalid'), 'false');
  await h.page.getByTestId('reward-threshold').fill('half');
  await h.page.getByTestId('reward-threshold').press('Tab');
  await h.page.waitForFunction(() => document.querySelector('[data-testid=reward-threshold]').getAttribute('aria-invalid') === 'true');
  for (const id of ['id-key', 'reward-key', 'reward-threshold']) await h.page.getByTestId(id).fill('');
  await h.page.getByTestId('reward-threshold').press('Tab');
  await h.page.getByTestId('format-override').selectOption('auto');
  assertClean(h);
});

test('the Parquet reader loads only for a Parquet file; a damaged one is said, the page lives on', async () => {
  const parquet = (u) => /\/passk-parquet/.test(u);
  // Nothing of it was fetched with the page (the loads above came after a first test).
  const fresh = await start();
  try {
    await fresh.page.goto(fresh.url);
    await fresh.page.getByTestId('results-table').locator('tbody tr').first().waitFor();
    assert.deepEqual(fresh.requests.filter(parquet), []);
    const details = join(DIR, 'lighteval/details_lighteval|aime24|0_2025-06-01T12-00-00.000000.parquet');
    await fresh.page.getByTestId('clear-input').click();
    await fresh.page.getByTestId('file-input').setInputFiles(details);
    await fresh.page.getByTestId('series-summary').locator('tbody tr').first().waitFor();
    // (The worker's own fetches of its glue and wasm are not all reported to the context.)
    assert.ok(fresh.requests.some((u) => /passk-parquet-loader\.js$/.test(u)), fresh.requests.join('\n'));
    // What the reader chose is said after "read as".
    await waitForText(fresh.page, 'series-summary', 'passes counted from the metric avg@n:n=4');
    // A file the decoder stops inside (kept by the fuzzer): its reason, and the page works.
    const dir = mkdtempSync(join(tmpdir(), 'passk-parquet-'));
    const damaged = join(dir, 'damaged.parquet');
    writeFileSync(damaged, readFileSync(join(ROOT, 'tests/fixtures/fuzz/crashes/read-457-4116fd1f55eb322f.bin')));
    await fresh.page.getByTestId('file-input').setInputFiles(damaged);
    await waitForText(fresh.page, 'load-message', 'damaged.parquet: could not be read: the Parquet reader stopped inside it');
    // Cut in half: rejected with the decoder's reason.
    const half = join(dir, 'half.parquet');
    const bytes = readFileSync(details);
    writeFileSync(half, bytes.subarray(0, bytes.length >> 1));
    await fresh.page.getByTestId('file-input').setInputFiles(half);
    await waitForText(fresh.page, 'load-message', /half\.parquet was not added: .*not a readable Parquet file/);
    // The details read before are still there, alone.
    assert.equal(await fresh.page.getByTestId('series-summary').locator('tbody tr').count(), 1);
    assert.deepEqual(fresh.foreignRequests(), []);
    assert.deepEqual(fresh.problems, []);
  } finally {
    await fresh.close();
  }
});
