// End to end: the analysis view on the DeepScaleR example — charts drawn, an estimator
// toggled, k_max changed, hover, the JSON report equal to `passk report` on the same files,
// and full-page screenshots in light and dark at desktop and phone widths.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ARTIFACTS, start, typeInto } from './harness.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const PASSK = process.env.PASSK_BIN ?? join(ROOT, 'target/debug/passk');
const EXAMPLES = ['deepscaler_base.jsonl', 'deepscaler_rl.jsonl'].map((f) => join(ROOT, 'assets/examples', f));

let h;
before(async () => {
  h = await start();
  await h.page.goto(h.url);
  await h.page.getByTestId('results-table').locator('tbody tr').first().waitFor();
});
after(async () => {
  await h?.close();
});

/** Non-background pixels of a canvas, and a fingerprint of its content. */
const ink = (id) =>
  h.page.getByTestId(id).evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) n++;
      sum = (sum * 31 + d[i] + d[i + 1] * 3 + d[i + 2] * 7) % 1000000007;
    }
    return { n, sum, width: c.width, css: c.getBoundingClientRect().width };
  });

/** Every number of `got` within 1e-12 relative of `want`; everything else equal. */
function agree(got, want, path = '$') {
  if (typeof want === 'number') {
    assert.equal(typeof got, 'number', path);
    const tol = Math.max(1e-12 * Math.abs(want), 1e-300);
    assert.ok(Math.abs(got - want) <= tol || got === want, `${path}: ${got} vs ${want}`);
  } else if (Array.isArray(want)) {
    assert.equal(got.length, want.length, path);
    want.forEach((w, i) => agree(got[i], w, `${path}[${i}]`));
  } else if (want && typeof want === 'object') {
    assert.ok(got && typeof got === "object", `${path}: ${JSON.stringify(got)} vs ${JSON.stringify(want).slice(0, 80)}`);
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), path);
    for (const k of Object.keys(want)) agree(got[k], want[k], `${path}.${k}`);
  } else {
    assert.equal(got, want, path);
  }
}

test('both charts are drawn, crisp for the screen', async () => {
  for (const id of ['chart-pass-at-k', 'chart-cover']) {
    const c = await ink(id);
    assert.ok(c.n > 10000, `${id}: ${c.n} pixels drawn`);
    const dpr = await h.page.evaluate(() => window.devicePixelRatio);
    assert.ok(Math.abs(c.width - c.css * dpr) <= 2, `${id}: canvas ${c.width} px for ${c.css} CSS px at ${dpr}`);
  }
});

test('toggling an estimator redraws the chart and the data table', async () => {
  const before = await ink('chart-pass-at-k');
  await h.page.getByTestId('toggle-zoibb').check();
  await h.page.waitForFunction(() => document.querySelector('[data-testid=chart-pass-at-k-data] thead')?.textContent.includes('ZOIBB'));
  const after = await ink('chart-pass-at-k');
  assert.notEqual(after.sum, before.sum);
  await h.page.getByTestId('toggle-zoibb').uncheck();
});

test('k_max widens the axis', async () => {
  await typeInto(h.page, 'k-max', '100000');
  await h.page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr th, [data-testid=chart-pass-at-k-data] tbody tr td:first-child')].some((c) => c.textContent === '100000'),
  );
  await typeInto(h.page, 'k-max', '0');
  await h.page.getByTestId('k-max-error').filter({ hasText: 'at least 2' }).waitFor();
  await h.page.getByTestId('k-max').fill('');
  assert.equal(await h.page.getByTestId('k-max-error').textContent(), '');
});

test('hovering the chart reads the values under the pointer', async () => {
  const box = await h.page.getByTestId('chart-pass-at-k').boundingBox();
  // About k = 10: the combinatorial estimator is defined there.
  await h.page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  const hover = h.page.getByTestId('chart-hover');
  await hover.waitFor();
  assert.match(await hover.textContent(), /deepscaler_base — combinatorial at k = \d+: \d+\.\d+%/);
});

test('the JSON report is the passk report of the same files', async () => {
  const [download] = await Promise.all([h.page.waitForEvent('download'), h.page.getByTestId('download-report').click()]);
  const page = JSON.parse(readFileSync(await download.path(), 'utf8'));
  const cli = JSON.parse(execFileSync(PASSK, ['report', ...EXAMPLES], { encoding: 'utf8' }));
  assert.equal(page.schema, 'passk-report/1');
  // The page adds its backtest once it is in; backtest.test.mjs checks that part against
  // passk report --backtest.
  for (const m of page.models) {
    delete m.backtest;
    for (const r of m.pass_at_k) delete r.auto;
  }
  agree(page, cli);
});

test('the results table says why a cell is empty', async () => {
  const row = h.page.getByTestId('results-table').locator('tbody tr', { hasText: 'deepscaler_base' }).filter({ has: h.page.locator('td', { hasText: /^1000$/ }) });
  const cell = row.locator('td').nth(1);
  assert.equal(await cell.textContent(), '—');
  assert.match(await cell.getAttribute('title'), /k = 1000 > n for 1060 tasks/);
});

test('full-page screenshots, light and dark, desktop and phone', async () => {
  await h.page.screenshot({ path: `${ARTIFACTS}analysis-light.png`, fullPage: true });
  for (const [scheme, width] of [['dark', 1100], ['light', 360]]) {
    const other = await start({ colorScheme: scheme, viewport: { width, height: 800 } });
    await other.page.goto(other.url);
    await other.page.getByTestId('results-table').locator('tbody tr').first().waitFor();
    const scroll = await other.page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(scroll <= width + 1, `page scrolls sideways at ${width} px: ${scroll}`);
    await other.page.screenshot({ path: `${ARTIFACTS}analysis-${scheme}-${width}.png`, fullPage: true });
    assert.deepEqual(other.problems, []);
    await other.close();
  }
});

test('no request leaves 127.0.0.1 and the console stays clean', async () => {
  assert.deepEqual(h.foreignRequests(), []);
  assert.deepEqual(h.problems, []);
});
