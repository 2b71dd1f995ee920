// End to end: the first engine (issue 51). A first visit's chart is computed by the first
// engine, a third of the engine's wasm; the whole engine is fetched once that chart has its
// curves, and does everything else (the results table among it). Should the first engine fail
// to load, the whole engine does its jobs too, and nothing is said: nothing was lost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClean, firstRow, start } from './harness.mjs';

const FIRST = /\/passk-engine-first_bg\.wasm$/;
const WHOLE = /\/passk-engine_bg\.wasm$/;

test("a first visit's chart comes from the first engine while the whole engine is still on its way", async () => {
  const h = await start();
  try {
    // The whole engine's wasm held until the chart has drawn.
    let release, asked;
    const held = new Promise((r) => (release = r));
    const askedFor = new Promise((r) => (asked = r));
    await h.context.route(WHOLE, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await h.page.goto(h.url);
    await h.page.locator('[data-testid="chart-pass-at-k"][data-drawn]').waitFor({ timeout: 30000 });
    assert.equal(h.requests.filter((r) => FIRST.test(r)).length, 1);
    // The whole engine is asked for (after the curves) but has not arrived: no report yet.
    await askedFor;
    assert.equal(await h.page.getByTestId('results-table').locator('tbody tr').count(), 0);
    release();
    await firstRow(h.page);
    assertClean(h);
  } finally {
    await h.close();
  }
});

test('without the first engine the whole engine draws the chart and the rest, and no failure is said', async () => {
  const h = await start();
  try {
    await h.context.route(FIRST, (route) => route.fulfill({ status: 404, body: '' }));
    await h.page.goto(h.url);
    await h.page.locator('[data-testid="chart-pass-at-k"][data-drawn]').waitFor({ timeout: 30000 });
    await firstRow(h.page);
    assert.equal(await h.page.getByTestId('engine-failed').count(), 0);
    // The 404, and the worker's own report of it, are the only complaints.
    for (const p of h.problems) assert.match(p, /404|could not load|first engine failed/, p);
  } finally {
    await h.close();
  }
});

test('a page that opens with the bootstrap band (spread over the pool: not the first engine\'s) still draws and tabulates', async () => {
  const h = await start();
  try {
    // Two workers, so that the band is spread over the pool.
    await h.context.addInitScript(() => localStorage.setItem('passk-workers', '2'));
    await h.page.goto(h.url);
    await firstRow(h.page);
    await h.page.getByTestId('band-kind').selectOption('bootstrap');
    await h.page.locator('[data-testid="chart-pass-at-k"][data-drawn]').waitFor({ timeout: 30000 });
    // Reopened with the band kept: the fit comes from the first engine, the band's curves
    // from the whole engine, started once nothing of the chart is the first engine's.
    await h.page.reload();
    assert.equal(await h.page.getByTestId('band-kind').inputValue(), 'bootstrap');
    await firstRow(h.page);
    await h.page.locator('[data-testid="chart-pass-at-k"][data-drawn]').waitFor({ timeout: 60000 });
    // Every job ends: none left showing its progress.
    await h.page.waitForFunction(() => document.querySelectorAll('[data-testid=job-progress]').length === 0, null, { timeout: 60000 });
    assertClean(h);
  } finally {
    await h.close();
  }
});
