// End to end (issue 70): <passk-curves> in a plain HTML page (docs/curves-example.html, a
// leaderboard table; no build step) served under a sub-path: it draws, reads out under the
// pointer the numbers the command line gives, follows light and dark, switches metric, takes
// data from script, refuses what it cannot read, and "open in passk" opens the page (served
// elsewhere) with the same series.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { serve } from '../../tools/serve.mjs';
import { ARTIFACTS, assertClean, EXAMPLES, firstRow, passkJson, ROOT, start } from './harness.mjs';

const BASE = '/lab/board/';

// The element `id`'s canvas: pixels unlike its top-left one, and that pixel (the background).
const ink = (page, id) =>
  page.locator(`#${id}`).evaluate((el) => {
    const c = el.shadowRoot.querySelector('canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) n++;
    return { n, bg: [d[0], d[1], d[2]], label: c.getAttribute('aria-label') };
  });
const drawn = (page, id) => page.locator(`#${id} [data-drawn]`).waitFor();

// Moves the pointer along the element's canvas from its left edge until the read-out's caption
// is `caption`; returns the read-out's rows as { series: [cells] }.
async function readAt(page, id, caption) {
  const canvas = page.locator(`#${id}`).getByTestId('passk-curves-canvas');
  const box = await canvas.boundingBox();
  const readout = page.locator(`#${id}`).getByTestId('passk-curves-readout');
  for (let x = 1; x < box.width / 2; x += 1) {
    await page.mouse.move(box.x + x, box.y + box.height / 2);
    if (!(await readout.isVisible()) || (await readout.locator('strong').textContent()) !== caption) continue;
    const cells = await readout.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    return Object.fromEntries(cells.slice(1).map(([name, ...values]) => [name, values]));
  }
  throw new Error(`no read-out captioned ${caption}`);
}

test('<passk-curves> in a plain leaderboard page under a sub-path: drawn, read out, light and dark, open in passk', async () => {
  assert.ok(existsSync(`${ROOT}crates/passk-js/js/wasm/full/passk_js_bg.wasm`), 'build the module first (./dev js)');
  // The page itself, served elsewhere: where "open in passk" goes.
  const { server: pageServer, url: pageUrl } = await serve(`${ROOT}dist`, 0, { base: '/passk/' });
  const h = await start({ dir: ROOT, base: BASE, viewport: { width: 1280, height: 1000 } });
  try {
    await h.page.goto(h.url + 'docs/curves-example.html');
    await drawn(h.page, 'deepscaler');
    await drawn(h.page, 'inline');
    const light = await ink(h.page, 'deepscaler');
    assert.ok(light.n > 20000, `${light.n} pixels drawn`);
    assert.ok(light.bg.every((v) => v > 200), `light background ${light.bg}`);
    assert.equal(light.label, 'Pass@k of deepscaler_base, deepscaler_rl');
    const cover = await ink(h.page, 'inline');
    assert.equal(cover.label, 'Cover@τ of small');
    // The read-out at k = 1: each series' unbiased pass@1, as the command line computes it.
    const report = passkJson('report', ...EXAMPLES, '--k', '1', '--no-forecast');
    const rows = await readAt(h.page, 'deepscaler', 'k = 1');
    for (const m of report.models) {
      assert.equal(rows[m.name][0], `${(100 * m.pass_at_k[0].combinatorial).toFixed(2)}%`, `${m.name}: ${rows[m.name]}`);
    }
    mkdirSync(ARTIFACTS, { recursive: true });
    await h.page.screenshot({ path: `${ARTIFACTS}curves-element-light.png` });
    // Another metric, redrawn in place.
    await h.page.locator('#deepscaler').evaluate((el) => el.setAttribute('metric', 'cover'));
    await h.page.waitForFunction(() => document.querySelector('#deepscaler').shadowRoot.querySelector('canvas').getAttribute('aria-label').startsWith('Cover'));
    // Data from script: the series drawn are the new ones.
    const series = await h.page.locator('#inline').evaluate(async (el) => {
      const drawnAgain = new Promise((ok) => el.addEventListener('passk-drawn', ok, { once: true }));
      el.data = { 'a.txt': '10 3\n10 5\n', 'b.txt': '10 7\n10 6\n' };
      await drawnAgain;
      return el.series;
    });
    assert.deepStrictEqual(series, ['a', 'b']);
    // What it cannot read it says, naming why.
    const error = await h.page.locator('#inline').evaluate(async (el) => {
      const failed = new Promise((ok) => el.addEventListener('passk-error', (e) => ok(e.detail), { once: true }));
      el.data = 'no counts here';
      return failed;
    });
    assert.match(error, /^small\.txt was not added: no row could be read — line 1: /);
    assert.equal(await h.page.locator('#inline').getByTestId('passk-curves-error').textContent(), error);
    assertClean(h);
    // "open in passk": the page, at its own address, with the same series.
    await h.page.locator('#deepscaler').evaluate((el, base) => el.setAttribute('base', base), pageUrl);
    const href = await h.page.locator('#deepscaler').getByTestId('passk-curves-open').getAttribute('href');
    assert.ok(href.startsWith(`${pageUrl}#`), href);
    const opened = await h.context.newPage();
    await opened.goto(href);
    await firstRow(opened);
    const table = await opened.getByTestId('results-table').textContent();
    assert.ok(table.includes('deepscaler_base') && table.includes('deepscaler_rl'), table.slice(0, 300));
    // The page's chart and the element's read the same values at the same k (the same curves,
    // grid and read-out): the page's, pointed at as a user does, then the element's there.
    await opened.waitForFunction(() => document.getElementById('curves')?.getAttribute('aria-busy') === 'false');
    const canvas = opened.getByTestId('chart-pass-at-k');
    const box = await canvas.boundingBox();
    await canvas.hover({ position: { x: box.width * 0.4, y: box.height * 0.5 } });
    const hover = opened.getByTestId('chart-hover');
    await hover.waitFor();
    const caption = await hover.locator('caption').textContent();
    const head = await hover.locator('thead th').allTextContents();
    const pageRows = await hover.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    await h.page.locator('#deepscaler').evaluate((el) => el.setAttribute('metric', 'pass-at-k'));
    await h.page.waitForFunction(() => document.querySelector('#deepscaler').shadowRoot.querySelector('canvas').getAttribute('aria-label').startsWith('Pass@k'));
    const mine = await readAt(h.page, 'deepscaler', caption);
    const myHead = await h.page.locator('#deepscaler').getByTestId('passk-curves-readout').locator('th').allTextContents();
    for (const [name, ...cells] of pageRows) {
      for (const col of ['combinatorial', 'BB', 'LinMix']) {
        assert.equal(mine[name][myHead.indexOf(col) - 1], cells[head.indexOf(col) - 1], `${name} ${col} at ${caption}`);
      }
    }
    await opened.close();
    // (What went elsewhere than the leaderboard's server went to the page's.)
    for (const r of h.foreignRequests()) assert.ok(r.startsWith(pageUrl), r);
  } finally {
    await h.close();
    await new Promise((ok) => pageServer.close(ok));
  }
});

test('<passk-curves> follows the system\'s dark mode unless its theme says', async () => {
  const h = await start({ dir: ROOT, base: BASE, colorScheme: 'dark', viewport: { width: 1280, height: 1000 } });
  try {
    await h.page.goto(h.url + 'docs/curves-example.html');
    await drawn(h.page, 'deepscaler');
    const dark = await ink(h.page, 'deepscaler');
    assert.ok(dark.bg.every((v) => v < 80), `dark background ${dark.bg}`);
    await readAt(h.page, 'deepscaler', 'k = 1');
    await h.page.screenshot({ path: `${ARTIFACTS}curves-element-dark.png` });
    await h.page.locator('#deepscaler').evaluate((el) => el.setAttribute('theme', 'light'));
    await h.page.waitForFunction(() => {
      const c = document.querySelector('#deepscaler').shadowRoot.querySelector('canvas');
      return c.getContext('2d').getImageData(0, 0, 1, 1).data[0] > 200;
    });
    assertClean(h);
  } finally {
    await h.close();
  }
});
