// End to end (issue 36, part 5): after one visit the page reloads without a network, opens and
// computes — the calculator and the engine's analysis alike — from the service worker's copy;
// the manifest makes it installable.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstRow, reloadsOfflineAndComputes, start } from './harness.mjs';

test('after one visit the page reloads offline and computes', async () => {
  const s = await start({ serviceWorkers: 'allow' });
  try {
    await s.page.goto(s.url);
    await firstRow(s.page);
    // The worker has cached the build and controls the page.
    await s.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    const cached = await s.page.evaluate(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('passk-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const f of ['/index.html', '/passk-engine_bg.wasm', '/manifest.webmanifest']) assert.ok(cached.includes(f), `${f} in ${cached}`);
    assert.ok(cached.some((f) => /^\/split_workspace-[0-9a-f]+\.wasm$/.test(f)), `the workspace part in ${cached}`);
    const manifest = await s.page.evaluate(() => fetch('manifest.webmanifest').then((r) => r.json()));
    assert.equal(manifest.short_name, 'passk');

    // The engine loads from the cache too: the example's analysis is computed.
    await reloadsOfflineAndComputes(s);
  } finally {
    await s.close();
  }
});
