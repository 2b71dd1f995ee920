// End to end: comparing models and judging the fit — on DeepScaleR (base vs RL, the paired
// crossover) and the Pythia family (seven series), the ranking and AUC⁺ tables against
// `passk report`'s values, the diagnostics, and T*(k) for series with temperatures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, EXAMPLES, assertClean, canvasInk, drawn, example, firstRow, panelsBelow, passkJson, quiet, usePage, waitForText } from './harness.mjs';

const h = usePage({
  ready: async (page) => {
    await panelsBelow(page);
    await firstRow(page, 'ranking-table');
  },
});

/** Pixels drawn on a canvas. */
const ink = async (id) => (await canvasInk(h.page, id)).n;

/** Pixels of a canvas in the colour `rgb` (within 8 per channel): a series drawn in it. */
const inColour = async (id, [r, g, b]) => {
  await drawn(h.page, id);
  return h.page.getByTestId(id).evaluate((c, [r, g, b]) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) <= 8 && Math.abs(d[i + 1] - g) <= 8 && Math.abs(d[i + 2] - b) <= 8) n++;
    return n;
  }, [r, g, b]);
};

/** The ranking table as rows of {series, value title, avg title}. */
const ranking = () =>
  h.page.getByTestId('ranking-table').locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      series: r.getAttribute('data-series'),
      value: Number(r.querySelector('[data-col=value]').getAttribute('title')),
      avg: r.querySelector('[data-col=avg-auc]').textContent,
    })),
  );

/** The ranking `passk report` gives at k: the unbiased values, best first. */
const cliRanking = (cli, k) =>
  cli.models
    .map((m, i) => ({ series: m.name, value: m.pass_at_k.find((r) => r.k === k).combinatorial, avg: cli.comparison.avg_auc_cover_plus[i].toFixed(4) }))
    .sort((a, b) => b.value - a.value);

test('DeepScaleR: the charts are drawn and the paired crossover is at k = 22', async () => {
  // Drawn once their jobs are done (the engine's worker also runs the backtest meanwhile).
  for (const id of ['chart-paired', 'chart-fit']) {
    await h.page.waitForFunction((id) => document.querySelector(`[data-testid=${id}]`)?.width > 0, id);
    const until = Date.now() + 60_000;
    while ((await ink(id)) <= 10000 && Date.now() < until) await h.page.waitForTimeout(250);
    assert.ok((await ink(id)) > 10000, id);
  }
  // The scatter: its two points, in the series' colours (slots 0 and 1: #0072B2, #E69F00).
  assert.ok((await inColour('chart-delta-pass', [0x00, 0x72, 0xb2])) > 50, 'deepscaler_base drawn');
  assert.ok((await inColour('chart-delta-pass', [0xe6, 0x9f, 0x00])) > 50, 'deepscaler_rl drawn');
  const summary = await h.page.getByTestId('paired-summary').textContent();
  assert.match(summary, /1060 tasks paired by id/);
  assert.match(summary, /deepscaler_rl − deepscaler_base: \+7\.60 points at k = 1/);
  assert.match(summary, /sign changes at k = 22/);
  await waitForText(h.page, 'fit-verdict', 'CV-ELPD');
  assert.match(await h.page.getByTestId('fit-verdict').textContent(), /ZOIBB predicts held-out tasks better/);
});

test('every chart reads the values of its series under the cross-hair', async () => {
  const { page } = h;
  // The backtest's chart is drawn once its job has finished.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=chart-more-samples-data] tbody tr').length > 0, null, { timeout: 60_000 });
  // Every job answered: nothing moves the charts while the pointer is aimed at them.
  await quiet(page);
  for (const id of ['chart-cover', 'chart-delta-pass', 'chart-paired', 'chart-fit', 'chart-more-samples', 'chart-planner']) {
    const canvas = page.getByTestId(id);
    const hover = page.getByTestId(id === 'chart-cover' ? 'cover-hover' : `${id}-hover`);
    // Pointed at once, once the chart is drawn (its data table has rows: a read-out needs
    // the drawing's mapping) and sits still on screen: scrolling to it mounts the panels
    // near it, which can push it off screen again, so it is scrolled to until two readings
    // 300 ms apart agree and it is in the viewport. No second try of the pointer.
    await page.waitForFunction((t) => document.querySelectorAll(`[data-testid=${t}-data] tbody tr`).length > 0, id, { timeout: 120_000 });
    const viewport = page.viewportSize();
    let box = null;
    for (let still = false; !still; ) {
      await canvas.scrollIntoViewIfNeeded();
      const before = await canvas.boundingBox();
      await page.waitForTimeout(300);
      box = await canvas.boundingBox();
      still = ['x', 'y', 'width', 'height'].every((key) => box[key] === before[key]) && box.y >= 0 && box.y + box.height <= viewport.height;
    }
    // Three quarters across: inside the fit chart's right (CDF) panel too.
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.5);
    await hover.waitFor({ timeout: 10_000 });
    assert.ok((await hover.locator('tbody tr').count()) >= 1, id);
    assert.notEqual((await hover.locator('caption').textContent()).trim(), '', id);
  }
  // The paired read-out at the first budget is the summary's difference at k = 1.
  await page.getByTestId('chart-paired').focus();
  await page.keyboard.press('Home');
  await waitForText(page, 'chart-paired-hover', 'k = 1 (percentage points)');
  const cells = await page.getByTestId('chart-paired-hover').locator('tbody tr').first().locator('th, td').allTextContents();
  assert.deepEqual(cells.slice(0, 2), ['deepscaler_rl − deepscaler_base', '+7.60']);
  await page.keyboard.press('Escape');
  assertClean(h);
});

test('DeepScaleR: ranking and AUC⁺ agree with passk report', async () => {
  const cli = passkJson('report', ...EXAMPLES);
  // At k = 10 (the default).
  assert.deepEqual(await ranking(), cliRanking(cli, 10));
  const auc = await h.page.getByTestId('auc-table').locator('tbody tr td').evaluateAll((tds) => tds.map((t) => t.getAttribute('title')));
  const flat = cli.comparison.auc_cover_plus.flatMap((row, i) => [...row.map(String), String(cli.comparison.avg_auc_cover_plus[i])]);
  assert.deepEqual(auc.map(Number), flat.map(Number));
  await h.page.screenshot({ path: `${ARTIFACTS}compare-deepscaler.png`, fullPage: true });
});

test('Pythia: seven series ranked as passk report ranks them', async () => {
  await h.page.getByTestId('example-pythia').click();
  await h.page.getByTestId('ranking-table').locator('tbody tr').nth(6).waitFor();
  await h.page.getByTestId('rank-k').selectOption('100');
  await h.page.waitForFunction(() => document.querySelector('[data-testid=ranking-table] thead')?.textContent.includes('pass@100'));
  const cli = passkJson('report', example('pythia_math_n10000.csv'));
  assert.deepEqual(await ranking(), cliRanking(cli, 100));
  assert.equal(await h.page.getByTestId('auc-table').locator('tbody tr').count(), 7);
  assert.ok((await ink('chart-delta-pass')) > 8000, 'seven labelled points');
  await h.page.screenshot({ path: `${ARTIFACTS}compare-pythia.png`, fullPage: true });
});

test('series with temperatures get T*(k)', async () => {
  await h.page.getByTestId('clear-input').click();
  let text = 'model,temperature,task,n,c\n';
  let s = 7;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 200; i++) {
    // Cold: 70 % of the tasks solved 60 % of the time, the rest never; hot: every task
    // solved a quarter of the time. Cold wins at k = 1, hot once k is large.
    const cold = i % 10 < 7 ? Math.round(100 * (0.6 + 0.1 * (rnd() - 0.5))) : 0;
    const hot = Math.round(100 * (0.25 + 0.1 * (rnd() - 0.5)));
    text += `M,0.2,t${i},100,${cold}\nM,1.0,t${i},100,${hot}\n`;
  }
  await h.page.getByTestId('counts-input').fill(text);
  await h.page.getByTestId('chart-best-temperature-data').locator('tbody tr').first().waitFor({ state: 'attached' });
  const rows = await h.page.getByTestId('chart-best-temperature-data').locator('tbody tr').evaluateAll((trs) => trs.map((t) => [...t.children].map((c) => c.textContent)));
  assert.equal(rows[0][2], '0.2', 'the cold temperature wins at k = 1');
  assert.equal(rows.at(-1)[2], '1', 'the hot one at large k');
  assert.ok((await ink('chart-best-temperature')) > 3000);
});

test('no request leaves 127.0.0.1 and the console stays clean', () => assertClean(h));
