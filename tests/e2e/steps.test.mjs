// End to end (issue 39): rollout files as RL trainers write them — six verl validation dumps,
// one per training step, picked together in any order — read as six series in step order
// with the counts `passk counts` reads, drawn in "pass@k over training" at four budgets with
// the values `passk report` prints; screenshots at 1280 and 390 px, light and dark. Then a
// verifiers results.jsonl with a timed-out rollout: the error policy's read-out and choice,
// and Bayes@N of its graded rewards as the command line gives it.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, ROOT, assertClean, openAll, canvasInk, downloadJson, passkJson, waitForText, withPage } from './harness.mjs';

const STEPS = [0, 50, 100, 150, 200, 250];
const PROMPTS = 24;
const N = 128;

/**
 * Six verl dumps (`_dump_generations`: `{global_steps}.jsonl`, one rollout per line, keys
 * input, output, gts, score, step, reward, acc, pred): each prompt's success rate sharpens
 * with training — easy prompts rise, hard ones fall to none — so pass@1 rises while pass@128
 * falls. Deterministic.
 */
function verlDumps() {
  const dir = mkdtempSync(join(tmpdir(), 'passk-verl-'));
  let seed = 39;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const base = Array.from({ length: PROMPTS }, (_, i) => 0.04 + (0.5 * i) / PROMPTS);
  return STEPS.map((step, s) => {
    const lines = [];
    base.forEach((p0, i) => {
      const t = s / (STEPS.length - 1);
      const p = i % 3 === 0 ? p0 * (1 - t) ** 3 : Math.min(0.95, p0 + 0.6 * t * p0 * 2);
      for (let j = 0; j < N; j++) {
        const ok = rand() < p;
        const entry = { input: `system\nReason step by step.\nuser\nProblem ${i}?\nassistant\n`, output: `… \\boxed{${ok ? i : i + 1}}`, gts: String(i), score: ok ? 1.0 : -1.0, step, reward: ok ? 1.0 : -1.0, acc: ok, pred: String(ok ? i : i + 1) };
        lines.push(JSON.stringify(entry));
      }
    });
    const file = join(dir, `${step}.jsonl`);
    writeFileSync(file, lines.join('\n') + '\n');
    return file;
  });
}

const FILES = verlDumps();
// Picked in an order that is not the steps' (the file dialog sorts by name: 0, 100, 150, …).
const PICKED = [...FILES].sort();

/** The steps chart's data table: rows of [step, series, pass@1, band, pass@8, band, …]. */
const stepsTable = (page) =>
  page.getByTestId('chart-steps-data').locator('table').evaluate((t) => [...t.rows].map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const [width, scheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']]) {
  test(`six verl steps in step order, pass@k over training at ${width} px, ${scheme}`, async () => {
    await withPage({ colorScheme: scheme, viewport: { width, height: 900 } }, async (p) => {
      const { page } = p;
      await page.getByTestId('clear-input').click();
      await page.getByTestId('file-input').setInputFiles(PICKED);
      await page.getByTestId('steps-panel').waitFor({ timeout: 60_000 });
      if (width < 600) await openAll(page);
      await waitForText(page, 'steps-caption', '6 training steps');
      // The counts, as `passk counts` reads the same files, in step order on both.
      if (width === 1280 && scheme === 'light') {
        const counts = await downloadJson(page, 'download-counts');
        const cli = passkJson('counts', ...PICKED);
        assert.deepEqual(counts.series.map((s) => s.name), STEPS.map((s) => `step ${s}`));
        assert.deepEqual(counts, cli);
        // The chart's values are `passk report`'s combinatorial pass@k, step by step.
        // (The harness opened the data table as it appeared; a click on its summary would close it.)
        await page.getByTestId('chart-steps-data').evaluate((d) => (d.open = true));
        const rows = await stepsTable(page);
        assert.deepEqual(rows[0], ['step', 'series', 'pass@1', 'pass@1 band', 'pass@8', 'pass@8 band', 'pass@64', 'pass@64 band', 'pass@128', 'pass@128 band']);
        const report = passkJson('report', '--no-forecast', '--k', '1,8,64,128', ...PICKED);
        report.models.forEach((m, i) => {
          assert.equal(rows[i + 1][0], String(m.step));
          m.pass_at_k.forEach((r, j) => {
            const shown = Number(rows[i + 1][2 + 2 * j]);
            assert.ok(Math.abs(shown - r.combinatorial) <= 1e-12, `step ${m.step} pass@${r.k}: ${shown} vs ${r.combinatorial}`);
          });
        });
        // pass@1 rises over training while pass@128 falls.
        const col = (j) => rows.slice(1).map((r) => Number(r[j]));
        assert.ok(col(2).at(-1) > col(2)[0] && col(8).at(-1) < col(8)[0], JSON.stringify(rows));
      }
      // The key above the chart names each budget in its line's colour.
      assert.deepEqual(await page.getByTestId('steps-legend').locator('li').allTextContents(), ['pass@1', 'pass@8', 'pass@64', 'pass@128']);
      const panel = page.getByTestId('steps-panel');
      await panel.scrollIntoViewIfNeeded();
      assert.ok((await canvasInk(page, 'chart-steps')).n > 1000, 'the chart is drawn');
      const box = await panel.boundingBox();
      assert.ok(box.width <= width, `panel ${box.width} px wide at ${width}`);
      await panel.screenshot({ path: `${ARTIFACTS}steps-${width}-${scheme}.png` });
      assertClean(p);
    });
  });
}

test('budgets of the steps chart are the user’s to choose', async () => {
  await withPage({}, async ({ page }) => {
    await page.getByTestId('clear-input').click();
    await page.getByTestId('file-input').setInputFiles(FILES.slice(0, 3));
    await page.getByTestId('steps-panel').waitFor({ timeout: 60_000 });
    await page.getByTestId('steps-k').fill('2, 16');
    await page.getByTestId('chart-steps-data').evaluate((d) => (d.open = true));
    await page.waitForFunction(() => document.querySelector('[data-testid=chart-steps-data] table tr')?.textContent.includes('pass@16'));
    await page.getByTestId('steps-k').fill('0');
    await waitForText(page, 'steps-k-error', /./);
  });
});

/** Waits until the page's Bayes@N (mean and ± points) reads as the report's, to its digits. */
async function sameBayes(page, report) {
  const { mean, sd } = report.models[0].bayes_at_n;
  await page.waitForFunction(
    ([m, s]) => {
      const got = /Bayes@N ([\d.]+)% ± ([\d.]+) points/.exec(document.querySelector('[data-testid=bayes-at-n]')?.textContent ?? '');
      return got && Math.abs(Number(got[1]) - 100 * m) <= 0.006 && Math.abs(Number(got[2]) - 100 * s) <= 0.06;
    },
    [mean, sd],
    { timeout: 60_000 },
  );
}

test('errored rollouts: what each policy gives, and Bayes@N of graded rewards as passk report prints it', async () => {
  const file = join(ROOT, 'tests/fixtures/harness/verifiers/results.jsonl');
  await withPage({}, async (p) => {
    const { page } = p;
    await page.getByTestId('clear-input').click();
    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByTestId('graded-notes').waitFor({ timeout: 60_000 });
    await waitForText(page, 'errors-readout', '1 errored sample in 1 task:');
    await waitForText(page, 'errors-readout', 'pass@1 44.44% with errors as failures, 50.00% with them excluded');
    await waitForText(page, 'bayes-at-n', 'rubric 0, 0.5, 1', { timeout: 60_000 });
    await sameBayes(page, passkJson('report', '--no-forecast', '--k', '1', file));
    // Excluded and listed: the series loses the errored sample (9 → 8 samples).
    await page.getByTestId('error-policy').selectOption('apart');
    await waitForText(page, 'errors-listed', 'Tasks: 1 (1 of 3).');
    const excluded = passkJson('report', '--no-forecast', '--k', '1', '--errors', 'apart', file);
    await sameBayes(page, excluded);
    // The page's JSON report says what the policy did, as `passk report --errors apart`.
    const report = await downloadJson(page, 'download-report');
    assert.deepEqual(report.models[0].errors, excluded.models[0].errors);
    await page.getByTestId('graded-notes').screenshot({ path: `${ARTIFACTS}graded-notes.png` });
    await page.getByTestId('error-policy').selectOption('failures');
    assertClean(p);
  });
});
