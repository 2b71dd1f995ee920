// End to end: the engine worker (issue 15). Heavy settings on the Pythia example — 1000
// bootstrap resamples, the bootstrap band, k_max = 1,000,000 — run in the worker: no main-
// thread task freezes the page (bench/heavy.mjs holds the 50 ms goal), the calculator answers while the job
// runs, the running job shows its progress and can be cancelled with the old curves kept, and
// a superseded job never paints over a newer one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ARTIFACTS, assertClean, canvasInk, start, typeInto, usePage, waitForText } from './harness.mjs';

const h = usePage();

/** A main-thread task this long is a frozen page (the user's input waits). */
const FREEZE_MS = 500;

/** Starts recording long main-thread tasks (from now on). */
const watchLongTasks = (page) =>
  page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask' });
  });

/** The k_max the Pass@k chart's data table ends at. */
const lastK = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1)?.querySelector('td,th')?.textContent);

test('the engine runs in a worker of its own', async () => {
  assert.ok(h.requests.some((r) => r.endsWith('/passk-engine-loader.js?first')), 'the first engine was started');
  assert.ok(h.requests.some((r) => r.endsWith('/passk-engine-loader.js')), 'the worker script was loaded');
  assert.ok(h.requests.some((r) => r.endsWith('/passk-engine_bg.wasm')), 'the engine wasm was loaded');
});

test('heavy settings on Pythia: the page never freezes, the calculator answers, cancel keeps the old curves', async () => {
  const { page } = h;
  await page.getByTestId('example-pythia').click();
  await waitForText(page, 'results-table', 'Pythia 12B');
  await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'));
  await page.getByTestId('advanced-settings').locator('summary').click().catch(() => {});
  await watchLongTasks(page);
  await typeInto(page, 'bootstrap', '1000');
  await page.getByTestId('band-kind').selectOption('bootstrap');
  await typeInto(page, 'k-max', '1000000');
  // The job runs: its progress shows where the curves are, the old chart stays, marked stale.
  const section = page.getByTestId('chart-pass-at-k').locator('xpath=ancestor::section[1]');
  await section.getByTestId('job-progress').waitFor({ timeout: 10000 });
  assert.equal(await section.getAttribute('aria-busy'), 'true');
  assert.ok((await canvasInk(page, 'chart-pass-at-k')).n > 5000, 'the old curves stay');
  // The calculator answers meanwhile.
  const t0 = Date.now();
  await typeInto(page, 'n', '200');
  await typeInto(page, 'c', '7');
  await typeInto(page, 'k', '10');
  await waitForText(page, 'pass-at-k', '%');
  const answered = Date.now() - t0;
  assert.ok(answered < 2000, `the calculator took ${answered} ms`);
  await page.screenshot({ path: `${ARTIFACTS}engine-running.png` });
  // Cancel: the bar goes, the old curves stay.
  const before = await lastK(page);
  await section.getByTestId('job-cancel').click();
  await section.getByTestId('job-progress').waitFor({ state: 'detached' });
  assert.equal(await lastK(page), before);
  assert.equal(await section.getAttribute('aria-busy'), 'false');
  // Run it again to the end (fewer resamples: the test's time, not the page's, is the limit).
  await typeInto(page, 'bootstrap', '200');
  await typeInto(page, 'k-max', '999999');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1)?.textContent.includes('999,999') || [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1)?.textContent.includes('999999'), null, { timeout: 240000 });
  const long = await page.evaluate(() => window.__long);
  // A freeze, not a budget: the heavy job on the main thread would block it for seconds. The
  // 50 ms target is bench/heavy.mjs's (a timed assertion here failed once at 112 ms on a loaded
  // CI machine that runs 0 ms locally).
  assert.ok(Math.max(0, ...long) <= FREEZE_MS, `main-thread tasks over ${FREEZE_MS} ms: ${long.filter((d) => d > FREEZE_MS)}`);
});

test('a superseded job never paints over the newer one', async () => {
  const { page } = h;
  // A slow request (bootstrap band) superseded at once by a quick one (no band).
  await typeInto(page, 'k-max', '500000');
  await page.getByTestId('band-kind').selectOption('none');
  await typeInto(page, 'k-max', '2000');
  // The newest job's curves arrive (the superseded one stopped at its next pause) …
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1)?.textContent.startsWith('2000'), null, { timeout: 30000 });
  // … and nothing older paints over them afterwards.
  await page.waitForTimeout(3000);
  const rows = await page.evaluate(() => [...document.querySelectorAll('[data-testid=chart-pass-at-k-data] tbody tr')].at(-1)?.textContent);
  assert.match(rows, /2,?000/);
  assertClean(h);
});

test('without its worker the page says it cannot compute, and the calculator still works', async () => {
  const s = await start();
  try {
    await s.context.route('**/passk-engine-loader.js', (r) => r.fulfill({ status: 404, body: '' }));
    await s.page.goto(s.url);
    // It restarts the worker once, then gives up with a retry.
    await s.page.getByTestId('engine-retry').waitFor({ timeout: 20000 });
    assert.match(await s.page.getByTestId('engine-failed').textContent(), /engine worker could not load/);
    // A setting changed now asks again: the failure answers it, and no job is left showing as
    // running (the answer once came before the job was noted, and the job stayed pending).
    await typeInto(s.page, 'k-max', '5000');
    await s.page.waitForTimeout(1500);
    assert.equal(await s.page.getByTestId('job-progress').count(), 0, 'no job left pending');
    await typeInto(s.page, 'n', '10');
    await typeInto(s.page, 'c', '3');
    await typeInto(s.page, 'k', '5');
    await waitForText(s.page, 'pass-at-k', '91.67');
  } finally {
    await s.close();
  }
});

test("with the engine's wasm blocked the page names the failure, offers a retry, and the calculator still answers", async () => {
  const s = await start();
  try {
    await s.context.route('**/passk-engine_bg.wasm', (r) => r.fulfill({ status: 404, body: '' }));
    await s.page.goto(`${s.url}#ex=pythia`);
    await s.page.getByTestId('engine-retry').waitFor({ timeout: 30000 });
    const line = await s.page.getByTestId('engine-failed').textContent();
    assert.match(line, /curves and tables cannot be computed now/);
    assert.match(line, /calculator above still works/);
    await typeInto(s.page, 'n', '200');
    await typeInto(s.page, 'c', '5');
    await typeInto(s.page, 'k', '10');
    await waitForText(s.page, 'pass-at-k', '22.83');
    // Unblocked, a retry computes what was asked, and the line goes.
    await s.context.unroute('**/passk-engine_bg.wasm');
    await s.page.getByTestId('engine-retry').click();
    await s.page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor({ timeout: 30000 });
    await s.page.getByTestId('engine-failed').waitFor({ state: 'detached' });
  } finally {
    await s.close();
  }
});

test('a worker that fails once is restarted and asked again: the results come, no state lost', async () => {
  const s = await start();
  try {
    // One engine worker (the pool's others would fetch the wasm too: counted below).
    await s.context.addInitScript(() => localStorage.setItem('passk-workers', '1'));
    let blocked = 0;
    await s.context.route('**/passk-engine_bg.wasm', (r) => (blocked++ === 0 ? r.fulfill({ status: 404, body: '' }) : r.continue()));
    await s.page.goto(`${s.url}#ex=pythia`);
    await s.page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor({ timeout: 30000 });
    assert.equal(blocked, 2, 'the wasm was asked for twice');
    await s.page.getByTestId('engine-failed').waitFor({ state: 'detached' });
    assert.equal(await s.page.getByTestId('series-summary').locator('tbody tr').count(), 7);
  } finally {
    await s.close();
  }
});
