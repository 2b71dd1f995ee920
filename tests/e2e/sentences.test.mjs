// End to end (issue 68): every door says the same sentence. The summary's comparison is
// the one `passk compare` prints (its `sentence`, and the first paragraph of --format md) on
// Pythia and on a mix of three files, and "Can I stop?" names the summary's intervals and
// agrees with it on Pythia (not settled: 12B's and 2.8B's intervals over tasks overlap).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSK, ROOT, assertClean, example, panelsBelow, passkJson, usePage, waitForText } from './harness.mjs';

const h = usePage();

/** The summary's comparison once computed: waited for and read in one step, in the page
 * (a wait then a separate read could see a comparison that restarted in between). */
const summarySentence = async (page) => {
  const text = await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="summary-compare"]');
    const t = el ? el.textContent.trim() : '';
    return t && !t.includes('Comparing') ? t : null;
  }, null, { timeout: 90_000 });
  return text.jsonValue();
};

test('Pythia: the summary, passk compare and "Can I stop?" say the same, naming their intervals', async () => {
  const { page } = h;
  await page.getByTestId('example-pythia').click();
  await waitForText(page, 'summary-compare', 'Pythia 12B − Pythia 2.8B', { timeout: 90_000 });
  const sentence = await summarySentence(page);
  const pythia = example('pythia_math_n10000.csv');
  const cli = passkJson('compare', pythia);
  assert.equal(sentence, cli.sentence);
  // (A the one ahead at pass@1, whatever the order the page and the file list them in.)
  assert.deepEqual(cli.pair, ['Pythia 12B', 'Pythia 2.8B']);
  const md = execFileSync(PASSK, ['compare', '--format', 'md', pythia], { encoding: 'utf8' });
  assert.equal(md.split('\n\n')[0], sentence);
  assert.match(sentence, /^No detectable difference at k = 1: Pythia 12B − Pythia 2\.8B = 0\.29 points /);
  // The summary names its intervals; "Can I stop?" uses the same and says so.
  assert.equal(await page.getByTestId('summary-table').locator('caption').textContent(), 'the unbiased estimate ± its 95% interval in points (over tasks, as a sample of tasks)');
  // One line of ranking, as passk compare's.
  assert.equal(await page.getByTestId('summary-ranking').textContent(), cli.ranking);
  assert.match(cli.ranking, /^Ranking at pass@1: Pythia 12B ≈ Pythia 2\.8B ≈ Pythia 6\.9B > /);
  const next = passkJson('plan', '--next', pythia);
  assert.equal(next.intervals, 'tasks');
  await panelsBelow(page);
  await waitForText(page, 'stop-sentence', next.sentence, { timeout: 60_000 });
  assert.match(next.sentence, /^Not settled at pass@1: Pythia 12B leads, but Pythia 2\.8B, Pythia 6\.9B overlap its interval \(95% intervals over tasks, the summary's ±; /);
  assert.match(next.sentence, /more samples of these tasks will not narrow the intervals; more tasks would\./);
  assertClean(h);
});

test('three files: the summary compares the two series that share their tasks, as passk compare', async () => {
  const { page } = h;
  const dir = mkdtempSync(join(tmpdir(), 'passk-mix-'));
  // Two models on the same 30 task ids (10 samples each), the others sharing none.
  const lines = ['model,task,n,c'];
  for (let i = 0; i < 30; i++) {
    lines.push(`alpha-7b,t${i},10,${(i * 7) % 11}`);
    lines.push(`beta,t${i},10,${(i * 5 + 3) % 11}`);
  }
  writeFileSync(join(dir, 'two_models.csv'), lines.join('\n') + '\n');
  const files = [
    join(ROOT, 'tests/fixtures/inputs/humaneval_samples.jsonl_results.jsonl'),
    join(dir, 'two_models.csv'),
    join(ROOT, 'tests/fixtures/harness/samples_gsm8k_2024-05-01T12-00-00.000000.jsonl'),
  ];
  const copies = files.map((f) => {
    const to = join(dir, f.split('/').pop());
    if (to !== f) copyFileSync(f, to);
    return to;
  });
  await page.getByTestId('file-input').setInputFiles(copies.map((f) => ({ name: f.split('/').pop(), mimeType: 'text/plain', buffer: readFileSync(f) })));
  // All three files read (five series: the harness log has two metrics) before the comparison
  // is read: with two of them the summary already names alpha-7b, and compares again when the
  // third arrives.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="summary-table"] tr[data-series]').length === 5, null, { timeout: 90_000 });
  await waitForText(page, 'summary-compare', 'alpha-7b', { timeout: 90_000 });
  const sentence = await summarySentence(page);
  const cli = passkJson('compare', ...copies);
  assert.deepEqual([...cli.pair].sort(), ['alpha-7b', 'beta']);
  assert.equal(sentence, cli.sentence);
  assert.doesNotMatch(sentence, /not compared task by task/);
  assert.match(sentence, /\(Compared: the two series leading at pass@1 among those that share the most tasks\.\)$/);
  // The summary's own chooser picks any pair; the paired panel follows it (one choice).
  await page.getByTestId('summary-pair-a').selectOption('beta');
  await page.getByTestId('summary-pair-b').selectOption('alpha-7b');
  await waitForText(page, 'summary-compare', 'beta − alpha-7b', { timeout: 60_000 });
  const chosen = await summarySentence(page);
  assert.doesNotMatch(chosen, /Compared:/);
  assert.match(chosen, /^No detectable difference at k = 1: beta − alpha-7b = /);
  await panelsBelow(page);
  assert.equal(await page.getByTestId('paired-a').inputValue(), 'beta');
  assert.equal(await page.getByTestId('paired-b').inputValue(), 'alpha-7b');
  assertClean(h);
});

test('pasting counts beside the DeepScaleR example keeps its verdict', async () => {
  const { page } = h;
  await page.getByTestId('example-deepscaler').click();
  await waitForText(page, 'summary-compare', 'overtakes', { timeout: 90_000 });
  const before = await summarySentence(page);
  assert.match(before, /^deepscaler_rl is ahead at k = 1 /);
  await page.getByTestId('counts-input').fill('10 3\n10 7\n10 0\n');
  await page.getByTestId('summary-table').locator('tr[data-series="pasted"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('summary-compare').filter({ hasText: 'deepscaler' }).filter({ hasNotText: 'Comparing' }).waitFor({ timeout: 90_000 });
  const after = await summarySentence(page);
  // The pasted series shares no task with the pair: the pair and its sentence stay.
  assert.equal(after, `${before} (Compared: the two series leading at pass@1 among those that share the most tasks.)`);
  assertClean(h);
});
