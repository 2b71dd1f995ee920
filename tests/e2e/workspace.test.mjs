// End to end (issue 16): one legend per chart, above it, whose buttons hide and show a
// series in the charts; each series keeps its colour when another series is added.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, canvasInk, usePage, waitForText, panelsBelow } from './harness.mjs';

const h = usePage();

const legend = (page, chart) => page.getByTestId(chart).locator('xpath=ancestor::section[1]').getByTestId('series-legend');

/** The legend's entries: name, pressed, swatch colour. */
const entries = (page, chart) =>
  legend(page, chart)
    .locator('button.key')
    .evaluateAll((bs) => bs.map((b) => ({ name: b.dataset.series, shown: b.getAttribute('aria-pressed'), colour: getComputedStyle(b.querySelector('.swatch')).backgroundColor })));

/** Whether the Pass@k chart's data table has columns of series `name`. */
const tableHas = (page, name) => page.evaluate((n) => document.querySelector('[data-testid=chart-pass-at-k-data] table')?.textContent.includes(n), name);

test('one legend above each main chart; pressing a series hides it everywhere, pressing again shows it', async () => {
  const { page } = h;
  // The legend follows the curves, which share the worker with the longer backtest.
  for (const chart of ['chart-pass-at-k', 'chart-cover']) await legend(page, chart).locator('button.key').nth(1).waitFor({ timeout: 120_000 });
  const before = await entries(page, 'chart-pass-at-k');
  assert.deepEqual(before.map((e) => e.name), ['deepscaler_base', 'deepscaler_rl']);
  assert.ok(before.every((e) => e.shown === 'true'));
  assert.notEqual(before[0].colour, before[1].colour);
  const ink = (await canvasInk(page, 'chart-pass-at-k')).n;
  assert.ok(await tableHas(page, 'deepscaler_rl'));
  await legend(page, 'chart-pass-at-k').locator('button[data-series=deepscaler_rl]').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=chart-pass-at-k-data] table')?.textContent.includes('deepscaler_rl'));
  assert.equal((await entries(page, 'chart-pass-at-k'))[1].shown, 'false');
  // Hidden in the Cover chart too, and its legend says so.
  assert.equal((await entries(page, 'chart-cover'))[1].shown, 'false');
  const fewer = (await canvasInk(page, 'chart-pass-at-k')).n;
  assert.ok(fewer < ink, `less ink with one series hidden: ${fewer} vs ${ink}`);
  await page.screenshot({ path: `${ARTIFACTS}legend-hidden.png` });
  // By keyboard: the legend's buttons are reachable and pressed with Enter.
  await legend(page, 'chart-cover').locator('button[data-series=deepscaler_rl]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k-data] table')?.textContent.includes('deepscaler_rl'));
  assert.deepEqual(await entries(page, 'chart-pass-at-k'), before);
});

test('a series added keeps the others in their colours', async () => {
  const { page } = h;
  const before = await entries(page, 'chart-pass-at-k');
  await page.getByTestId('counts-input').fill('10 3\n10 5\n10 9\n');
  await page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k]').closest('section').querySelectorAll('[data-testid=series-legend] button.key').length >= 3);
  const after = await entries(page, 'chart-pass-at-k');
  for (const e of before) assert.equal(after.find((a) => a.name === e.name)?.colour, e.colour, e.name);
  const added = after.find((a) => !before.some((b) => b.name === a.name));
  assert.ok(added && !before.some((b) => b.colour === added.colour), `a colour of its own: ${JSON.stringify(after)}`);
  await page.getByTestId('counts-input').fill('');
  // Back to the two examples before the next test reads the panels.
  await page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k]').closest('section').querySelectorAll('[data-testid=series-legend] button.key').length === 2);
  assertClean(h);
});

test('fit parameters read to 4 significant digits, every digit on hover', async () => {
  const { page } = h;
  await panelsBelow(page);
  const first = page.getByTestId('fit-params').locator('span').first();
  await first.waitFor();
  // Text and title read in one go, from one render.
  const [text, title] = await first.evaluate((e) => [e.textContent, e.getAttribute('title')]);
  const shown = /^a = (\S+)$/.exec(text)?.[1];
  assert.ok(shown, text);
  assert.equal(shown.replace(/^-?0\.0*|\./g, '').length, 4, `4 significant digits: ${text}`);
  assert.ok(title.length > shown.length && Math.abs(Number(title) - Number(shown)) <= 0.5 * 10 ** -(shown.split('.')[1]?.length ?? 0), `${shown} vs ${title}`);
});

test('the Cover@τ axis turns logarithmic when every pass@1 is low, and the choice sticks', async () => {
  const { page } = h;
  assert.equal(await page.getByTestId('cover-log').isChecked(), false, 'DeepScaleR: pass@1 ≈ 60 %');
  await page.getByTestId('example-pythia').click();
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=cover-log]')?.checked);
  // TailPass@100 dotted beside each series (issue 54), and said in words (once the count
  // scores, which come after the table's first answer, are in).
  await waitForText(page, 'cover-tailpass-note', 'Dotted: TailPass@100');
  assert.match(await page.getByTestId('cover-tailpass-note').textContent(), /^ Dotted: TailPass@100, the posterior share of tasks whose 100 fresh samples/);
  const logInk = (await canvasInk(page, 'chart-cover')).sum;
  await page.getByTestId('cover-log').uncheck();
  // The chart is redrawn on the linear axis.
  for (let i = 0; i < 50 && (await canvasInk(page, 'chart-cover')).sum === logInk; i++) await page.waitForTimeout(100);
  assert.notEqual((await canvasInk(page, 'chart-cover')).sum, logInk);
  await page.reload();
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  assert.equal(await page.getByTestId('cover-log').isChecked(), false, 'the choice is kept');
  await page.getByTestId('cover-log').check();
  assertClean(h);
});

test('the series list shows each series in its colour and hides it from the charts', async () => {
  const { page } = h;
  const row = page.getByTestId('series-summary').locator('tbody tr[data-series="Pythia 70M"]');
  const box = row.getByTestId('series-shown');
  assert.equal(await box.isChecked(), true);
  // The legend may be redrawing after the previous test's toggle: wait for its key.
  await legend(page, 'chart-pass-at-k').locator('button.key[data-series="Pythia 70M"]').waitFor();
  const legendColour = (await entries(page, 'chart-pass-at-k')).find((e) => e.name === 'Pythia 70M').colour;
  assert.equal(await row.locator('.swatch').evaluate((s) => getComputedStyle(s).backgroundColor), legendColour);
  await box.uncheck();
  await page.waitForFunction(() => !document.querySelector('[data-testid=chart-pass-at-k-data] table')?.textContent.includes('Pythia 70M'));
  assert.equal((await entries(page, 'chart-pass-at-k')).find((e) => e.name === 'Pythia 70M').shown, 'false');
  await box.check();
  await page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k-data] table')?.textContent.includes('Pythia 70M'));
  assertClean(h);
});

test('series are renamed, reordered and removed from the list, keep their colours, and a removal is undone', async () => {
  const { page } = h;
  const rows = page.getByTestId('series-summary').locator('tbody tr');
  const order = () => rows.evaluateAll((rs) => rs.map((r) => r.dataset.series));
  // The list's row of a series (the summary and the ranking tables have rows of it too).
  const listRow = (name) => page.getByTestId('series-summary').locator(`tbody tr[data-series="${name}"]`);
  const colourOf = async (name) => (await entries(page, 'chart-pass-at-k')).find((e) => e.name === name)?.colour;
  await page.getByTestId('example-pythia').click();
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr').length === 7);
  const before = await order();
  const colour = await colourOf(before[0]);
  // Rename: the legend, the results table and the list follow; the colour stays.
  const name = listRow(before[0]).getByTestId('series-name');
  await name.fill('smallest');
  await name.press('Enter');
  await page.getByTestId('results-table').filter({ hasText: 'smallest' }).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=series-legend] button.key')].some((b) => b.dataset.series === 'smallest'));
  assert.equal(await colourOf('smallest'), colour);
  assert.equal((await order())[0], 'smallest');
  // A name another series has is refused, and the field goes back.
  const second = listRow(before[1]).getByTestId('series-name');
  await second.fill('smallest');
  await second.press('Enter');
  await waitForText(page, 'series-message', 'already called');
  assert.equal(await second.inputValue(), before[1]);
  // Reorder: down moves the first series below the second, in the list and the legend.
  await listRow('smallest').getByTestId('series-down').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr')[1]?.dataset.series === 'smallest');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=series-legend] button.key')][1]?.dataset.series === 'smallest');
  assert.deepEqual((await entries(page, 'chart-pass-at-k')).slice(0, 2).map((e) => e.name), [before[1], 'smallest']);
  assert.equal(await listRow(before[1]).getByTestId('series-up').isDisabled(), true);
  // Remove, then undo: the series comes back with its name, place and colour.
  await listRow('smallest').getByTestId('series-remove').click();
  await listRow('smallest').waitFor({ state: 'detached' });
  assert.equal(await rows.count(), 6);
  await waitForText(page, 'series-message', "Removed 'smallest'");
  await page.getByTestId('results-table').filter({ hasText: 'smallest' }).waitFor({ state: 'detached' });
  await page.getByTestId('series-undo').click();
  // (The ranking table has rows of the series too: the list's is the one looked for.)
  await rows.and(page.locator('[data-series="smallest"]')).waitFor();
  assert.equal((await order())[1], 'smallest');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=series-legend] button.key')].some((b) => b.dataset.series === 'smallest'));
  assert.equal(await colourOf('smallest'), colour);
  // Kept across a reload.
  await page.reload();
  await rows.and(page.locator('[data-series="smallest"]')).waitFor();
  assert.equal((await order())[1], 'smallest');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr').length > 0 && document.querySelectorAll('[data-testid=series-legend] button.key').length >= 7);
  assertClean(h);
});

test('a cross-hair reads the values under the pointer, and the keyboard moves it', async () => {
  const { page } = h;
  const canvas = page.getByTestId('chart-pass-at-k');
  const section = canvas.locator('xpath=ancestor::section[1]');
  await canvas.hover();
  await page.getByTestId('chart-pass-at-k-crosshair').waitFor({ state: 'attached' });
  assert.match(await section.getByTestId('chart-hover').locator('caption').textContent(), /^k = [\d,]+$/);
  // By keyboard: focus, End goes to the last budget, Escape hides it.
  await section.locator('h2').hover();
  await page.getByTestId('chart-pass-at-k-crosshair').waitFor({ state: 'detached' });
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('chart-pass-at-k-crosshair').waitFor({ state: 'attached' });
  await page.keyboard.press('End');
  const lastK = await page.evaluate(() => [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1).firstElementChild.textContent);
  await waitForText(page, 'chart-hover', `k = ${Number(lastK).toLocaleString('en-US')}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('chart-pass-at-k-crosshair').waitFor({ state: 'detached' });
  assert.equal(await section.getByTestId('chart-hover').count(), 0);
  assertClean(h);
});

test('dragging across the Pass@k chart zooms to that range of k; 0, − and “show all” go back', async () => {
  const { page } = h;
  const canvas = page.getByTestId('chart-pass-at-k');
  await canvas.scrollIntoViewIfNeeded();
  const kMax = Number(await page.evaluate(() => [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1).firstElementChild.textContent));
  /** The budgets the read-out gives at the left and right ends of the axis. */
  const ends = async () => {
    const k = async (key) => {
      await page.keyboard.press(key);
      await page.getByTestId('chart-hover').waitFor();
      return Number((await page.getByTestId('chart-hover').locator('caption').textContent()).replace(/\D/g, ''));
    };
    await canvas.focus();
    return [await k('Home'), await k('End')];
  };
  assert.deepEqual(await ends(), [1, kMax]);
  const ink = (await canvasInk(page, 'chart-pass-at-k')).sum;
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor();
  assert.notEqual((await canvasInk(page, 'chart-pass-at-k')).sum, ink);
  const [lo, hi] = await ends();
  assert.ok(lo > 1 && hi > 2 * lo && hi < kMax, `zoomed to ${lo} … ${hi} of 1 … ${kMax}`);
  // The keyboard: 0 shows everything, + zooms in about the cross-hair, − back out.
  await page.keyboard.press('0');
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor({ state: 'detached' });
  assert.deepEqual(await ends(), [1, kMax]);
  await page.keyboard.press('+');
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor();
  await page.keyboard.press('-');
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor({ state: 'detached' });
  // The button.
  await page.keyboard.press('+');
  await page.getByTestId('chart-pass-at-k-unzoom').click();
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor({ state: 'detached' });
  assert.equal((await canvasInk(page, 'chart-pass-at-k')).sum, ink);
  assertClean(h);
});

test('glossary terms show their definition on hover and on keyboard focus', async () => {
  const { page } = h;
  // Terms in the panels below the results too (shown as the page is scrolled to them).
  await panelsBelow(page);
  await page.locator('[data-testid=term][data-term="fixed mixtures"]').waitFor({ timeout: 60_000 });
  const terms = await page.getByTestId('term').evaluateAll((ts) => [...new Set(ts.map((t) => t.dataset.term))]);
  for (const t of ['ΔPass', 'ZOIBB', 'LinMix', 'AvgAUC⁺', 'unbacked', 'fixed mixtures']) assert.ok(terms.includes(t), `${t} in ${terms}`);
  const term = page.locator('[data-testid=term][data-term="ΔPass"]').first();
  const def = term.locator('.term-def');
  const opacity = () => def.evaluate((d) => getComputedStyle(d).opacity);
  assert.equal(await opacity(), '0');
  await term.focus();
  assert.equal(await opacity(), '1');
  assert.match(await def.textContent(), /a \+ b/);
  await page.screenshot({ path: `${ARTIFACTS}glossary-focus.png` });
  await term.blur();
  await term.hover();
  assert.equal(await opacity(), '1');
  assertClean(h);
});
