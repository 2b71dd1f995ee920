// End to end (issue 71): the Rankings panel beside the comparison — every method's ranks, the
// verdict, the separating tasks and the task difficulties — equal to `passk rank` with the
// page's settings (200 resamples, seed 0, k = min(10, the smallest n)), at 1280 and 390 px,
// light and dark; computed by the engine (the page's thread is free).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, drawn, example, panelsBelow, passkJson, quiet, waitForText, withPage } from './harness.mjs';

const ready = async (page) => {
  await panelsBelow(page);
  await page.getByTestId('rankings-table').locator('tbody tr').first().waitFor({ timeout: 120_000 });
};

test('Pythia at 1280 px: every method, the verdict and the tasks as passk rank', async () => {
  await withPage({ path: '#ex=pythia', viewport: { width: 1280, height: 900 } }, async (h) => {
    const { page } = h;
    await ready(page);
    const cli = passkJson('rank', example('pythia_math_n10000.csv'));
    await page.getByTestId('rankings-panel').scrollIntoViewIfNeeded();
    const verdict = await page.getByTestId('rankings-verdict').textContent();
    // The verdict names series, never positions: the same sentence, though the page lists
    // the series by size and the command line as the file does.
    assert.ok(verdict.startsWith(cli.sentence), `${verdict}\n${cli.sentence}`);
    assert.match(verdict, /Kendall's W over the methods: 0\.\d{3}\./);
    // One row per method, in the command line's order, each series' rank as it says.
    const rows = await page.getByTestId('rankings-table').locator('tbody tr').evaluateAll((rs) =>
      rs.map((r) => [r.dataset.method, [...r.querySelectorAll('td')].map((c) => c.textContent)]),
    );
    assert.deepEqual(rows.map((r) => r[0]), cli.methods.map((m) => m.key));
    assert.ok(rows.length >= 40, `${rows.length} methods`);
    const heads = (await page.getByTestId('rankings-table').locator('thead th').allTextContents()).slice(2, -1);
    assert.deepEqual([...heads].sort(), [...cli.series].sort());
    for (const [i, m] of cli.methods.entries()) {
      const cells = rows[i][1];
      if (!m.ranking) {
        assert.equal(cells[1], m.error, m.key);
        continue;
      }
      // Each series' rank by its name; the rank intervals come from resamples of the same
      // seed, which draw the same tasks whatever the order of the series.
      m.ranking.ranks.forEach((rank, s) => {
        const ri = m.rank_intervals?.ranks[s];
        const want = ri && ri[0] !== ri[1] ? `${rank} (${ri[0]}–${ri[1]})` : `${rank}`;
        assert.equal(cells[1 + heads.indexOf(cli.series[s])], want, `${m.key}, ${cli.series[s]}`);
      });
    }
    // The tasks: the separating ones for the CLI's pair, and the CSV of every difficulty.
    const sep = await page.getByTestId('rankings-separating').locator('tbody th').allTextContents();
    assert.deepEqual(sep, cli.items.separating.map((s) => s[0]));
    const [pi, pj] = cli.items.pair;  // (indices into the CLI's series)
    assert.ok((await page.getByTestId('rankings-separating-line').textContent()).includes(`separate ${cli.series[pi]} and ${cli.series[pj]} best`));
    // Each task's 2PL discrimination (the fit with priors on ln a and b: scorio's 2PL has no
    // interior estimate on these series) in its column, the hardest task's as the command
    // line gives it.
    assert.equal(cli.items.discrimination_error, null);
    assert.ok(!(await page.getByTestId('rankings-items-note').textContent()).includes('No 2PL'));
    assert.equal(await page.getByTestId('rankings-items').locator('thead th').count(), 4);
    const t0 = cli.items.tasks[0];
    const fixed = (x) => x.toFixed(2);
    assert.equal(
      await page.getByTestId('rankings-items').locator('tbody tr').first().locator('td').last().textContent(),
      `${fixed(t0.discrimination)} [${fixed(t0.discrimination_interval[0])} – ${fixed(t0.discrimination_interval[1])}]`,
    );
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rankings-items-csv').click()]);
    const csv = readFileSync(await download.path(), 'utf8').trim().split('\n');
    assert.equal(csv.length, 1 + cli.items.tasks.length + cli.items.all_pass.length + cli.items.all_fail.length);
    // (The fits' last bits differ with the order of the series: the page's is by size.)
    const b = Number(csv[1].split(',')[1]);
    assert.ok(Math.abs(b - cli.items.tasks[0].difficulty) <= 1e-9 * Math.abs(b), `${b} vs ${cli.items.tasks[0].difficulty}`);
    assert.equal(JSON.parse(csv[1].split(',')[0]), cli.items.tasks[0].id);
    const a2 = Number(csv[1].split(',')[6]);
    assert.ok(Math.abs(a2 - t0.discrimination) <= 1e-9 * a2, `${a2} vs ${t0.discrimination}`);
    // A pair chosen in the paired panel (A, B): its separating tasks, as `passk rank
    // --separate A,B` lists them (the information to 3 decimals: the fits' last bits differ
    // with the order of the series).
    const [ca, cb] = [cli.series[0], cli.series[cli.series.length - 1]];
    await page.getByTestId('paired-a').selectOption(ca);
    await page.getByTestId('paired-b').selectOption(cb);
    await waitForText(page, 'rankings-separating-line', `separate ${ca} and ${cb} best (the pair chosen)`);
    const chosen = passkJson('rank', example('pythia_math_n10000.csv'), '--method', 'borda', '--bootstrap', '1', '--separate', `${ca},${cb}`);
    assert.equal(chosen.items.chosen, true);
    const rowsOf = (t) => t.locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
    assert.deepEqual(await rowsOf(page.getByTestId('rankings-separating')), chosen.items.separating.map(([id, info]) => [id, info.toFixed(3)]));
    // The difficulty chart: every task in its data table, hardest first, the chosen pair's
    // separating tasks marked; the cross-hair reads a task and each series' chance on it.
    await drawn(page, 'chart-difficulty');
    const data = await rowsOf(page.getByTestId('chart-difficulty-data'));
    assert.deepEqual(data.map((r) => r[1]), chosen.items.tasks.map((t) => t.id));
    assert.deepEqual(data.filter((r) => r.at(-1) === 'yes').map((r) => r[1]).sort(), chosen.items.separating.map((s) => s[0]).sort());
    const canvas = page.getByTestId('chart-difficulty');
    await canvas.focus();
    await page.keyboard.press('Home');
    await waitForText(page, 'chart-difficulty-hover', `task 1 of ${chosen.items.tasks.length}: ${chosen.items.tasks[0].id}`);
    assert.equal(await page.getByTestId('chart-difficulty-hover').locator('tbody tr').count(), cli.series.length);
    await page.keyboard.press('Escape');
    // The smallest benchmark: its line and curve as the command line's.
    const line = await page.getByTestId('rankings-subset-line').textContent();
    assert.ok(line.startsWith(`The smallest benchmark that keeps the order: ${cli.subset.size} of ${cli.tasks} tasks`), line);
    assert.ok(line.includes(`in ${cli.subset.held} of ${cli.subset.splits} splits`), line);
    const [subset] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rankings-subset-csv').click()]);
    const kept = readFileSync(await subset.path(), 'utf8').trim().split('\n\ntask\n')[1].split('\n');
    assert.deepEqual(kept.map((x) => JSON.parse(x)), cli.subset.ids);
    const [ranks] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rankings-csv').click()]);
    const lines = readFileSync(await ranks.path(), 'utf8').trim().split('\n');
    assert.ok(lines.length > 7 * 38, `${lines.length} lines`);
    await page.getByTestId('rankings-panel').screenshot({ path: `${ARTIFACTS}rankings-pythia-1280.png` });
    assertClean(h);
  });
});

test('the "Computing" line keeps its place: one line, there whether a job runs or not', async () => {
  await withPage({ path: '#ex=pythia', viewport: { width: 1280, height: 900 } }, async (h) => {
    const { page } = h;
    await panelsBelow(page);
    await quiet(page);
    // Nothing computes, and the line still takes its one line of height; a job's text goes
    // into it on one line (cut with an ellipsis), so a job starting or ending moves nothing
    // below. (A long fit's progress bar at the card's top still comes and goes: the closing
    // note lists it.)
    const line = page.getByTestId('busy-line');
    assert.equal(await line.getByTestId('analysis-busy').count(), 0);
    const got = await line.evaluate((p) => ({
      height: p.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(p).lineHeight),
      whiteSpace: getComputedStyle(p).whiteSpace,
    }));
    assert.ok(got.height >= got.lineHeight - 0.5 && got.height <= got.lineHeight + 0.5, JSON.stringify(got));
    assert.equal(got.whiteSpace, 'nowrap');
    assertClean(h);
  });
});

for (const scheme of ['light', 'dark']) {
  test(`Pythia at 390 px (${scheme}): the panel scrolls inside its tables, never the page`, async () => {
    await withPage({ path: '#ex=pythia', viewport: { width: 390, height: 844 }, colorScheme: scheme }, async (h) => {
      const { page } = h;
      await page.getByTestId('open-all').click();
      await ready(page);
      await waitForText(page, 'rankings-verdict', /methods/);
      await page.getByTestId('rankings-panel').scrollIntoViewIfNeeded();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page does not scroll sideways');
      const box = await page.getByTestId('rankings-verdict').boundingBox();
      // The family column gives way to the ranks.
      assert.equal(await page.getByTestId('rankings-table').locator('thead th.family').isVisible(), false);
      assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
      await page.getByTestId('rankings-panel').screenshot({ path: `${ARTIFACTS}rankings-pythia-390-${scheme}.png` });
      assertClean(h);
    });
  });
}
