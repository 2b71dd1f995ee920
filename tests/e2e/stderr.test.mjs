// End to end: issue 17's columns and panel on DeepScaleR — "± SE" with its two kinds and
// their one-line explanation, G-Pass@k_τ and mG-Pass@k columns equal to `passk report`, the
// G-Pass τ list edited and carried in a share link, the SE band on the Pass@k chart, and the
// sample-size planner against `passk plan`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, canvasInk, passkJson, typeInto, usePage, waitForText, withPage, panelsBelow } from './harness.mjs';

const h = usePage();

/** The results table's header cells. */
const header = () => h.page.getByTestId('results-table').locator('thead th').evaluateAll(headers);

/** Header cells' labels (a defined header holds its definition too). */
const headers = (ths) => ths.map((th) => (th.querySelector('dfn') ?? th).textContent);

/** The title (full-precision value or reason) of column `name` in the row of `series` at k. */
async function cell(series, k, name) {
  // The table's report comes first without its count scores (G-Pass, mG-Pass, maj@k, AUC@k…).
  await h.page.locator('[data-testid=results-table][data-counting=false]').waitFor();
  const head = await header();
  const col = head.indexOf(name);
  assert.ok(col > 1, `${name} in ${head}`);
  const row = h.page.getByTestId('results-table').locator('tbody tr', { hasText: series }).filter({ has: h.page.locator('td', { hasText: new RegExp(`^${k}$`) }) });
  // The row header (series) is a th: column c of the header is child c of the row.
  const c = row.locator(':scope > *').nth(col);
  return { text: await c.textContent(), title: await c.getAttribute('title') };
}

const number = (title) => Number(title.replace(/^standard error /, ''));

// The columns after G-Pass@k's (passk_view::metrics::METRICS).
const MORE = ['mG-Pass@k', 'maj@k (strict)', 'AUC@k', 'Geom@k', 'Geom_ds@k', 'GeoSpectrum*@k', 'TailPass m²@k', 'Max@k (reward)'];

test('± SE over tasks by default, over samples on request, each explained', async () => {
  // Every column (the default shows pass@k, its SE and auto).
  await h.page.getByTestId('column-picker').locator('summary').click();
  await h.page.getByTestId('columns-all').click();
  await h.page.waitForFunction(() => document.querySelectorAll('[data-testid=results-table] thead th').length > 10);
  const head = await header();
  assert.equal(head[2], 'pass@k (unbiased)');
  assert.equal(head[3], 'SE (over tasks)');
  assert.equal(head.at(-1), 'auto (backtested)');
  assert.deepEqual(head.slice(-12, -1), ['G-Pass@k τ=0.5', 'G-Pass@k τ=0.75', 'G-Pass@k τ=1', ...MORE]);
  assert.match(await h.page.getByTestId('se-note').textContent(), /^Over tasks: .*√T/);
  const cli = passkJson('report', ...EXAMPLES);
  for (const [i, series] of ['deepscaler_base', 'deepscaler_rl'].entries()) {
    for (const k of [1, 10, 100]) {
      const want = cli.models[i].pass_at_k.find((r) => r.k === k).se;
      const got = await cell(series, k, 'SE (over tasks)');
      assert.match(got.text, /^\d+\.\d+$/);
      assert.equal(number(got.title), want.tasks, `${series} k=${k}`);
    }
  }
  await h.page.getByTestId('se-kind').selectOption('sampling');
  await waitForText(h.page, 'se-note', /^Over samples: /);
  assert.equal((await header())[3], 'SE (over samples)');
  const want = cli.models[0].pass_at_k.find((r) => r.k === 10).se.sampling;
  assert.equal(number((await cell('deepscaler_base', 10, 'SE (over samples)')).title), want);
  // n = 128 < 2k = 200: empty, and the cell says why.
  const empty = await cell('deepscaler_base', 100, 'SE (over samples)');
  assert.equal(empty.text, '—');
  assert.match(empty.title, /n ≥ 2k = 200/);
  await h.page.getByTestId('results-table').screenshot({ path: `${ARTIFACTS}stderr-table.png` });
});

test('G-Pass@k_τ, mG-Pass@k, strict maj@k and AUC@k with their intervals equal passk report, and the τ list is editable', async () => {
  let cli = passkJson('report', ...EXAMPLES);
  const row = (m, k, tau) => cli.models[m].g_pass_at_k.find((r) => r.k === k && r.tau === tau);
  const g = (m, k, tau) => row(m, k, tau).value;
  // A cell's title: "value; Bayesian interval lo – hi (…)", every digit.
  const parts = (title) => title.match(/-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g).slice(0, 3).map(Number);
  const check = async (series, k, column, want) => {
    const [v, lo, hi] = parts((await cell(series, k, column)).title);
    assert.deepEqual([v, lo, hi], [want.value, want.interval.lo, want.interval.hi], `${series} k=${k} ${column}`);
  };
  for (const k of [1, 10, 100]) {
    await check('deepscaler_rl', k, 'G-Pass@k τ=0.5', row(1, k, 0.5));
    await check('deepscaler_rl', k, 'G-Pass@k τ=1', row(1, k, 1));
    await check('deepscaler_rl', k, 'mG-Pass@k', cli.models[1].mg_pass_at_k.find((r) => r.k === k));
    await check('deepscaler_base', k, 'maj@k (strict)', cli.models[0].maj_strict_at_k.find((r) => r.k === k));
    await check('deepscaler_base', k, 'AUC@k', cli.models[0].auc_at_k.find((r) => r.k === k));
  }
  // The geometric blends (k ≤ n) and TailPass's moment utility (a posterior: also k > n).
  for (const k of [1, 10]) {
    await check('deepscaler_rl', k, 'Geom@k', cli.models[1].geom_at_k.find((r) => r.k === k));
    await check('deepscaler_rl', k, 'Geom_ds@k', cli.models[1].geom_ds_at_k.find((r) => r.k === k));
    await check('deepscaler_base', k, 'GeoSpectrum*@k', cli.models[0].geo_spectrum_at_k.find((r) => r.k === k));
  }
  for (const k of [10, 200]) {
    const tp = cli.models[0].tailpass.find((r) => r.k === k);
    if (k > 100) {
      assert.equal(tp, undefined);
      assert.match((await cell('deepscaler_base', k, 'TailPass m²@k')).title, /k ≤ 100/);
    } else {
      await check('deepscaler_base', k, 'TailPass m²@k', { value: tp.moment2.mean, interval: tp.moment2 });
    }
  }
  // Max@k of graded rewards: the examples are pass/fail without a rubric, so empty, saying why.
  assert.match((await cell('deepscaler_base', 1, 'Max@k (reward)')).title, /needs graded rewards or --rubric/);
  // k = 1000 > n: empty with the reason.
  assert.match((await cell('deepscaler_base', 1000, 'mG-Pass@k')).title, /k = 1000 > n for 1060 tasks/);
  await typeInto(h.page, 'g-tau-list', '0.9, 0.6');
  // Typed one key at a time: wait for the table of the whole list, not of "0.9" alone.
  await h.page.waitForFunction(() => {
    const head = document.querySelector('[data-testid=results-table] thead')?.textContent ?? '';
    return head.includes('G-Pass@k τ=0.9') && head.includes('G-Pass@k τ=0.6');
  });
  assert.deepEqual((await header()).slice(-11, -1), ['G-Pass@k τ=0.6', 'G-Pass@k τ=0.9', ...MORE]);
  cli = passkJson('report', ...EXAMPLES, '--g-tau', '0.6,0.9');
  assert.equal(parseFloat((await cell('deepscaler_base', 10, 'G-Pass@k τ=0.9')).title), g(0, 10, 0.9));
  await typeInto(h.page, 'g-tau-list', '2');
  await waitForText(h.page, 'g-tau-list-error', 'outside [0, 1]');
  await typeInto(h.page, 'g-tau-list', '0.9, 0.6');
});

test('a share link carries the τ list, the SE kind and the planner', async () => {
  await panelsBelow(h.page);
  await typeInto(h.page, 'plan-k', '8');
  await typeInto(h.page, 'plan-half-width', '0.5%');
  await waitForText(h.page, 'plan-samples', 'pass@8 to ±0.50 points');
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h.url).origin });
  await h.page.getByTestId('share-link').click();
  await waitForText(h.page, 'share-status', /^Link copied/);
  const link = await h.page.getByTestId('share-url').inputValue();
  await withPage({ path: new URL(link).hash }, async (other) => {
    assert.equal(await other.page.getByTestId('g-tau-list').inputValue(), '0.9, 0.6');
    assert.equal(await other.page.getByTestId('se-kind').inputValue(), 'sampling');
    await panelsBelow(other.page);
    assert.equal(await other.page.getByTestId('plan-k').inputValue(), '8');
    assert.equal(await other.page.getByTestId('plan-half-width').inputValue(), '0.5%');
    await waitForText(other.page, 'plan-samples', 'pass@8 to ±0.50 points');
    const head = await other.page.getByTestId('results-table').locator('thead th').evaluateAll(headers);
    assert.ok(head.includes('G-Pass@k τ=0.6') && head.includes('SE (over samples)'), `${head}`);
    assertClean(other);
  });
});

test('the planner agrees with passk plan and draws its curve', async () => {
  const plan = passkJson('plan', EXAMPLES[0], '--k', '8', '--half-width', '0.005');
  const samples = await h.page.getByTestId('plan-samples').textContent();
  assert.ok(samples.includes(`${plan.n_needed} samples per task`), samples);
  assert.ok(samples.includes(`With these ${plan.tasks.toLocaleString('en-US')} tasks held fixed`), samples);
  const tasks = await h.page.getByTestId('plan-tasks').textContent();
  assert.ok(tasks.includes(`about ${plan.tasks_needed.toLocaleString('en-US')} tasks`), tasks);
  assert.ok((await canvasInk(h.page, 'chart-planner')).n > 5000);
  const rows = await h.page.getByTestId('chart-planner-data').locator('tbody tr').count();
  assert.equal(rows, plan.rows.length);
  await h.page.getByTestId('plan-series').selectOption('deepscaler_rl');
  const rl = passkJson('plan', EXAMPLES[1], '--k', '8', '--half-width', '0.005');
  await waitForText(h.page, 'plan-samples', `${rl.n_needed} samples per task`);
  await typeInto(h.page, 'plan-k', '0');
  await waitForText(h.page, 'plan-k-error', 'at least 1');
  await typeInto(h.page, 'plan-k', '8');
  await h.page.getByTestId('planner-panel').screenshot({ path: `${ARTIFACTS}planner-panel.png` });
});

test('the Pass@k chart shades the SE band (the default), and every other band on request', async () => {
  /** Selects a band and waits until the chart differs from what it was. */
  const pick = async (band) => {
    const before = await canvasInk(h.page, 'chart-pass-at-k');
    await h.page.getByTestId('band-kind').selectOption(band);
    await h.page.waitForFunction((sum) => {
      const c = document.querySelector('[data-testid=chart-pass-at-k]');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let s = 0;
      for (let i = 0; i < d.length; i += 4) s = (s * 31 + d[i] + d[i + 1] * 3 + d[i + 2] * 7) % 1000000007;
      return s !== sum;
    }, before.sum);
  };
  // The default band is the one around the curve (issue 16): ± z·SE over tasks.
  assert.equal(await h.page.getByTestId('band-kind').inputValue(), 'se-tasks');
  await pick('none');
  await pick('se-tasks');
  await pick('credible');
});

test('no request leaves 127.0.0.1 and the console stays clean', () => assertClean(h));
