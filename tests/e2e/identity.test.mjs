// End to end (issue 36, parts 1 and 4 of "Why"): every series has a stable key; a rename, a
// move and a share link keep each series' name, place and colour, and the link carries the
// zoom, so that the receiver sees the sender's picture exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, usePage, withPage } from './harness.mjs';

const h = usePage();

const rows = (page) => page.getByTestId('series-summary').locator('tbody tr');

/** The list's row of series `name` (the ranking's rows carry data-series too). */
const row = (page, name) => page.getByTestId('series-summary').locator(`tr[data-series="${name}"]`);

/** Each list row: the name it is shown by, the name its field shows, and its key. */
const listed = (page) =>
  rows(page).evaluateAll((rs) => rs.map((r) => [r.dataset.series, r.querySelector('[data-testid=series-name]').value, r.dataset.key]));

/** The Pass@k legend: name → swatch colour. */
const colours = (page) =>
  page
    .getByTestId('chart-pass-at-k')
    .locator('xpath=ancestor::section[1]')
    .getByTestId('series-legend')
    .locator('button.key')
    .evaluateAll((bs) => Object.fromEntries(bs.map((b) => [b.dataset.series, getComputedStyle(b.querySelector('.swatch')).backgroundColor])));

/** The Pass@k chart as drawn, once no job is running (the Pythia backtest takes ≈ 22 s). */
const picture = async (page) => {
  await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: 120_000 });
  await page.waitForTimeout(300);
  return page.getByTestId('chart-pass-at-k').evaluate((c) => c.toDataURL());
};

const pythia = async (page) => {
  await page.getByTestId('example-pythia').click();
  await page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr').length === 7);
};

test('rename, then move: every row keeps its own name, in the list and the legend', async () => {
  const { page } = h;
  await pythia(page);
  const before = await listed(page);
  const field = rows(page).first().getByTestId('series-name');
  await field.fill('tiny');
  await field.press('Enter');
  await row(page, 'tiny').waitFor();
  // Down twice, then up once: the renamed series goes to the second place.
  for (const dir of ['down', 'down', 'up']) {
    await row(page, 'tiny').getByTestId(`series-${dir}`).click();
    await page.waitForTimeout(100);
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr')[1]?.dataset.series === 'tiny');
  const after = await listed(page);
  // Every field shows its own row's name (the bug: the field kept what was typed in it).
  for (const [name, field, key] of after) assert.equal(field, name, `row ${key}`);
  assert.deepEqual(after.map((r) => r[0]), [before[1][0], 'tiny', ...before.slice(2).map((r) => r[0])]);
  // Keys are the series', not the rows': each key moved with its series.
  assert.deepEqual(after.map((r) => r[2]), [before[1][2], before[0][2], ...before.slice(2).map((r) => r[2])]);
  assertClean(h);
});

test('share after a reorder and a zoom: the receiver sees the same names, colours and picture', async () => {
  const { page } = h;
  await pythia(page);
  // The largest model to the top (six moves up), and the chart zoomed.
  const last = (await listed(page)).at(-1)[0];
  for (let i = 0; i < 6; i += 1) {
    await row(page, last).getByTestId('series-up').click();
    await page.waitForTimeout(100);
  }
  await page.waitForFunction((n) => document.querySelector('[data-testid=series-summary] tbody tr')?.dataset.series === n, last);
  const canvas = page.getByTestId('chart-pass-at-k');
  await canvas.scrollIntoViewIfNeeded();
  await canvas.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('+');
  await page.getByTestId('chart-pass-at-k-unzoom').waitFor();
  // The legend of the curves of these names first (the first test's rename may still be
  // drawing: the curves wait behind the comparison on their worker), then the picture.
  const names = (await listed(page)).map((r) => r[0]).sort();
  await page.waitForFunction(
    (want) => {
      const keys = [...(document.querySelector('[data-testid=chart-pass-at-k]')?.closest('section')?.querySelectorAll('[data-testid=series-legend] button.key') ?? [])];
      return JSON.stringify(keys.map((b) => b.dataset.series).sort()) === JSON.stringify(want);
    },
    names,
    { timeout: 120_000 },
  );
  const drawn = await picture(page);
  const mine = { list: await listed(page), colours: await colours(page), picture: drawn };
  assert.equal(new Set(Object.values(mine.colours)).size, 7, 'seven colours');
  await page.getByTestId('share-link').click();
  const link = await page.getByTestId('share-url').inputValue();
  await withPage({ path: new URL(link).hash }, async (other) => {
    await other.page.waitForFunction(() => document.querySelectorAll('[data-testid=series-summary] tbody tr').length === 7);
    await other.page.getByTestId('chart-pass-at-k-unzoom').waitFor();
    // The legend comes with the curves, which share the worker with the backtest.
    await other.page.waitForFunction(
      () => document.querySelector('[data-testid=chart-pass-at-k]')?.closest('section')?.querySelectorAll('[data-testid=series-legend] button.key').length === 7,
      null,
      { timeout: 120_000 },
    );
    const theirs = await picture(other.page);
    assert.deepEqual(await listed(other.page), mine.list);
    assert.deepEqual(await colours(other.page), mine.colours);
    assert.equal(theirs, mine.picture, 'the same picture, pixel for pixel');
    assertClean(other);
  });
  // Back to everything: the link follows.
  await page.getByTestId('chart-pass-at-k-unzoom').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=chart-pass-at-k-unzoom]'));
  assertClean(h);
});
