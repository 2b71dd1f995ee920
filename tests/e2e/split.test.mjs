// End to end: the page wasm in parts (tools/split.mjs). The first paints the page's frame and
// answers the calculator; the data workspace (its part and the chunk it shares with the
// panels) is fetched beside it and linked in when it arrives; the panels below the results
// are fetched only when their place nears the screen.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { assertClean, firstRow, panelsBelow, start, typeInto, waitForText, withPage } from './harness.mjs';

const PART = /\/split_workspace-[0-9a-f]+\.wasm$/;

const PANELS = /\/split_panels-[0-9a-f]+\.wasm$/;
const CHUNK = /\/chunk_\d+-[0-9a-f]+\.wasm$/;

test('the build has a workspace part, fetched by the page as it starts, and a panels part fetched only near them', async () => {
  const parts = readdirSync(new URL('../../dist/', import.meta.url)).filter((f) => /^(split|chunk)_/.test(f) && f.endsWith('.wasm'));
  assert.equal(parts.filter((f) => f.startsWith('split_')).length, 2, parts.join(', '));
  await withPage({}, async (h) => {
    assert.equal(h.requests.filter((r) => PART.test(r)).length, 1);
    assert.equal(h.requests.filter((r) => CHUNK.test(r)).length, 1);
    assert.equal(await h.page.getByTestId('workspace-loading').count(), 0);
    // The first screen's results are there; the panels below are not, nor their code.
    await h.page.waitForTimeout(1500);
    assert.equal(h.requests.filter((r) => PANELS.test(r)).length, 0);
    assert.equal(await h.page.getByTestId('ranking-table').count(), 0);
    // Scrolled down: fetched once, and every panel shown.
    await panelsBelow(h.page);
    await firstRow(h.page, 'ranking-table');
    assert.equal(h.requests.filter((r) => PANELS.test(r)).length, 1);
    assertClean(h);
  });
});

test('the section bar asks for a panel below before its code is there, and goes to it', async () => {
  await withPage({}, async (h) => {
    await h.page.getByTestId('nav-backtest').click();
    await h.page.getByTestId('backtest-panel').waitFor();
    await h.page.waitForFunction(() => {
      const r = document.getElementById('backtest')?.getBoundingClientRect();
      return r && r.top >= -1 && r.top < innerHeight / 2;
    });
    assert.equal(h.requests.filter((r) => PANELS.test(r)).length, 1);
    assertClean(h);
  });
});

test('a panels part that never arrives is said, and the results above stay', async () => {
  const h = await start();
  try {
    await h.page.route(PANELS, (route) => route.abort());
    await h.page.goto(h.url);
    await firstRow(h.page);
    await h.page.getByTestId('lower-panels').evaluate((el) => el.scrollIntoView());
    await waitForText(h.page, 'lower-panels-failed', 'did not arrive');
    assert.ok((await h.page.getByTestId('results-table').locator('tbody tr').count()) > 0);
    for (const p of h.problems) assert.match(p, /^error: .*(Failed to load resource|Failed to fetch|ERR_FAILED)/, p);
  } finally {
    await h.close();
  }
});

test('while the workspace part is on its way, the calculator already answers', async () => {
  const h = await start();
  try {
    let release;
    const held = new Promise((ok) => (release = ok));
    await h.page.route(PART, async (route) => {
      await held;
      await route.continue();
    });
    await h.page.goto(h.url);
    await waitForText(h.page, 'pass-at-k', '91.67%');
    await typeInto(h.page, 'k', '2');
    await waitForText(h.page, 'pass-at-k', '53.33%');
    assert.match(await h.page.getByTestId('workspace-loading').textContent(), /Loading the data workspace/);
    assert.equal(await h.page.getByTestId('counts-input').count(), 0);
    // The share bar's place is kept (a disabled button), so nothing moves when it comes.
    assert.equal(await h.page.locator('.masthead button[disabled]').count(), 1);
    release();
    await firstRow(h.page);
    assert.equal(await h.page.getByTestId('workspace-loading').count(), 0);
    assert.equal(await h.page.getByTestId('share-link').count(), 1);
    assert.equal(await h.page.getByTestId('pass-at-k').textContent(), '53.33%');
    assert.deepEqual(h.problems, []);
  } finally {
    await h.close();
  }
});

test('a workspace part that never arrives is said, and the calculator still works', async () => {
  const h = await start();
  try {
    await h.page.route(PART, (route) => route.abort());
    await h.page.goto(h.url);
    await waitForText(h.page, 'workspace-failed', 'did not arrive');
    assert.match(await h.page.getByTestId('workspace-failed').textContent(), /reload the page/);
    await typeInto(h.page, 'c', '5');
    await waitForText(h.page, 'pass-at-k', '99.60%');
    // Only the failed fetch is reported, by the browser and by the loader.
    assert.ok(h.problems.length > 0);
    for (const p of h.problems) assert.match(p, /^error: .*(Failed to load resource|Failed to fetch|ERR_FAILED)/, p);
  } finally {
    await h.close();
  }
});
