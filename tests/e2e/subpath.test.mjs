// End to end (issue 51): the same dist/ served under a sub-path by a plain static server (no
// rewrite rules), as a project page of a static host or a folder of a lab's site serves it —
// every address the page uses is relative to it: the calculator, the example's analysis, the
// panels below, a share link (it carries the page's own address) and an offline reload.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, calculates, canvasInk, firstRow, panelsBelow, reloadsOfflineAndComputes, start, waitForText } from './harness.mjs';

const BASE = '/some/sub/path/';

/** Every request to the page's own server went below BASE. */
function allBelow(h) {
  const origin = new URL(h.url).origin;
  const own = h.requests.filter((r) => r.startsWith(origin));
  assert.ok(own.length > 5, `${own}`);
  for (const r of own) assert.ok(new URL(r).pathname.startsWith(BASE), `${r} is not under ${BASE}`);
}

test('under a sub-path: the calculator, the example, the panels below and a share link', async () => {
  const h = await start({ base: BASE });
  try {
    assert.ok(h.url.endsWith(BASE), h.url);
    await h.page.goto(h.url);
    await calculates(h.page);
    await firstRow(h.page);
    assert.ok((await canvasInk(h.page, 'chart-pass-at-k')).n > 1000);
    await panelsBelow(h.page);
    await firstRow(h.page, 'ranking-table');
    // The link names the page where it is, sub-path and all, and opens there.
    await h.page.getByTestId('share-link').click();
    const link = await h.page.getByTestId('share-url').inputValue();
    assert.ok(link.startsWith(h.url + '#'), link);
    const page = await h.context.newPage();
    await page.goto(link);
    await waitForText(page, 'pass-at-k', '22.83');
    await firstRow(page);
    await page.close();
    allBelow(h);
    assertClean(h);
  } finally {
    await h.close();
  }
});

test('under a sub-path: after one visit the page reloads offline and computes', async () => {
  const h = await start({ base: BASE, serviceWorkers: 'allow' });
  try {
    await h.page.goto(h.url);
    await firstRow(h.page);
    await h.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    // The worker is scoped to the page's folder and caches that folder's files.
    const { scope, cached } = await h.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('passk-')));
      return { scope: new URL(reg.scope).pathname, cached: (await cache.keys()).map((r) => new URL(r.url).pathname) };
    });
    assert.equal(scope, BASE);
    for (const f of ['index.html', 'passk-engine_bg.wasm', 'manifest.webmanifest']) assert.ok(cached.includes(BASE + f), `${f} in ${cached}`);
    assert.ok(cached.every((f) => f.startsWith(BASE)), `${cached}`);
    await reloadsOfflineAndComputes(h);
    allBelow(h);
  } finally {
    await h.close();
  }
});
