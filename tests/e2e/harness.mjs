// Shared set-up for the end-to-end tests: serve dist/ on 127.0.0.1, drive Debian's chromium
// through playwright-core, and record every request and console message. Also the helpers
// more than one test file needs: canvas fingerprints, numeric agreement, downloads, and the
// passk command line the page is checked against.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';

/** The repository's root directory (with a trailing slash). */
export const ROOT = new URL('../../', import.meta.url).pathname;
/** The passk CLI the page is checked against: `cargo build -p passk-cli` first. */
export const PASSK = process.env.PASSK_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'debug/passk');
/** The path of a file in assets/examples. */
export const example = (name) => join(ROOT, 'assets/examples', name);
/** The page's first-visit data, DeepScaleR base vs RL, as files. */
export const EXAMPLES = ['deepscaler_base.jsonl', 'deepscaler_rl.jsonl'].map(example);

export const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const FLAGS = (process.env.CHROMIUM_FLAGS ??
  '--no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync')
  .split(/\s+/)
  .filter((f) => f && f !== '--headless');

/** Opens every chart's data table once, as it appears (the page builds a table's rows only
 * while it is open), for the tests that read the numbers behind a chart; a test may close it. */
const openDataTables = () => {
  const open = () => {
    for (const d of document.querySelectorAll('details.data-table:not([data-e2e-opened])')) {
      d.dataset.e2eOpened = '';
      d.open = true;
    }
  };
  new MutationObserver(open).observe(document, { childList: true, subtree: true });
};

/**
 * Starts the server and a browser; returns helpers and a `close()` to call in `after`.
 * `recordDialogs`: dismiss every alert/confirm/prompt and record it among the problems.
 * `dataTables`: 'open' (every chart's data table opened as it appears, for the tests that
 * read them) or 'closed' (as a user first sees the page: for the timings).
 */
export async function start({ colorScheme = 'light', viewport = { width: 1100, height: 900 }, recordDialogs = false, bypassCSP = false, serviceWorkers = 'block', touch = false, dataTables = 'open', base = '/', gzip = false, dir } = {}) {
  // `dir`: another folder to serve (the JavaScript module's); PASSK_DIST: another build to serve (a profile's build with names). `base`: the path the
  // page is served under (a sub-path, as a project page of a static host); `gzip`: the files
  // compressed as a host sends them (the bench's network profiles).
  const { server, url } = await serve(dir ?? process.env.PASSK_DIST ?? new URL('../../dist/', import.meta.url).pathname, 0, { base, gzip });
  const userDataDir = mkdtempSync(join(tmpdir(), 'passk-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    colorScheme,
    viewport,
    // A phone: touch events, a mobile viewport.
    hasTouch: touch,
    isMobile: touch,
    // Only the accessibility audit bypasses the page's CSP (to inject axe-core).
    bypassCSP,
    // The page's service worker would answer requests the tests route (a blocked engine, a
    // missing file): only the offline test lets it run.
    serviceWorkers,
  });
  // Playwright's 30 s is too short for the Pythia example's every job on a slow machine
  // (about 45 s on one): a wait is for a state, not a budget (the bench times the flows).
  context.setDefaultTimeout(120_000);
  if (dataTables === 'open') await context.addInitScript(openDataTables);
  const page = context.pages()[0] ?? (await context.newPage());
  const requests = [];
  const problems = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    // Trunk adds subresource-integrity hashes to the wasm preload; Chromium notes (a warning,
    // not an error) that it checks them on the fetch rather than on the preload.
    if (m.type() === 'warning' && /integrity. attribute is currently ignored for preload/.test(m.text())) return;
    // The tests block the page's service worker (`serviceWorkers`), which Playwright notes.
    if (m.type() === 'warning' && /Service Worker registration blocked by Playwright/.test(m.text())) return;
    // The tests' own pixel reads (getImageData) make Chromium suggest willReadFrequently.
    if (m.type() === 'warning' && /willReadFrequently/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (recordDialogs) {
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      d.dismiss();
    });
  }
  return {
    url,
    page,
    context,
    requests,
    problems,
    /** Requests that went anywhere but the page's own server. */
    foreignRequests: () => requests.filter((r) => !r.startsWith(url) && !r.startsWith('data:') && !r.startsWith('blob:')),
    async close() {
      await context.close();
      await new Promise((ok) => server.close(ok));
      // The browser's profile is only this run's: leaving it would fill the disk over runs.
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Scrolls to where the panels below the results go, as a user scrolls down (their code loads
 * when that place nears the screen), and waits until every panel is shown.
 */
export async function panelsBelow(page) {
  const place = page.getByTestId('lower-panels');
  await place.waitFor({ state: 'attached' });
  await place.evaluate((el) => el.scrollIntoView());
  await page.locator('[data-testid=analysis-settings][data-panels=all]').waitFor();
}

/**
 * Waits until the page has stopped changing its layout: every job answered (the Rankings
 * panel, the last to answer, has its rows) and no panel or status line says it computes. A
 * late answer moves the charts below the card it fills (the "Computing: …" line at the top
 * comes and goes with every job), so a pointer aimed before would land beside its chart.
 */
export async function quiet(page) {
  await page.getByTestId('rankings-table').locator('tbody tr').first().waitFor({ state: 'attached', timeout: 180_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=analysis-busy], [data-testid=job-progress], [aria-busy=true]'), null, { timeout: 180_000 });
}

/** Types n = 200, c = 5, k = 10 into the calculator and waits for its answer, 22.83 %. */
export async function calculates(page) {
  await typeInto(page, 'n', '200');
  await typeInto(page, 'c', '5');
  await typeInto(page, 'k', '10');
  await waitForText(page, 'pass-at-k', '22.83');
}

/**
 * After a visit that the service worker has cached: offline, the page reloads, the calculator
 * answers and the engine computes the example's analysis from the cache.
 */
export async function reloadsOfflineAndComputes(h) {
  await h.context.setOffline(true);
  await h.page.reload();
  await calculates(h.page);
  await firstRow(h.page);
  assert.equal(await h.page.getByTestId('engine-failed').count(), 0);
  await h.context.setOffline(false);
}

/** Waits for the first body row of a table (by default the results table). */
// (Attached: on a phone the results panel may be folded to its heading.)
export const firstRow = (page, testid = 'results-table') => page.getByTestId(testid).locator('tbody tr').first().waitFor({ state: 'attached' });

/** On a phone: opens every panel folded to its one-line answer, as the summary's button does. */
export const openAll = (page) => page.getByTestId('open-all').click();

/**
 * `start()`, then opens the page at `path` (appended to the page's URL) and waits for
 * `ready(page)` (by default the results table's first row; `null` to wait for nothing).
 * Closes the browser again if any of that fails.
 */
export async function openPage({ path = '', ready = firstRow, ...options } = {}) {
  const h = await start(options);
  try {
    await h.page.goto(`${h.url}${path}`);
    await ready?.(h.page);
  } catch (e) {
    await h.close();
    throw e;
  }
  return h;
}

/** `openPage(options)`, `fn(h)`, and the browser closed whatever happens. */
export async function withPage(options, fn) {
  const h = await openPage(options);
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}

/**
 * One browser for a whole test file: `before` opens it with `openPage(options)` (`path: null`
 * starts it without opening the page) and `after` closes it. Returns the harness object, its
 * fields filled in once `before` has run. (Node 20 does not wait for one top-level `before`
 * before starting the next: set-up that needs the browser belongs in `options`.)
 */
export function usePage({ path = '', ...options } = {}) {
  const h = {};
  before(async () => {
    Object.assign(h, path === null ? await start(options) : await openPage({ path, ...options }));
  });
  after(async () => {
    await h.close?.();
  });
  return h;
}

/** No request left 127.0.0.1 and the console stayed clean. */
export function assertClean(h) {
  assert.deepEqual(h.foreignRequests(), []);
  assert.deepEqual(h.problems, []);
}

/** Waits until the element `testid` contains `text` (a string or a RegExp). */
export const waitForText = (page, testid, text, options) => page.getByTestId(testid).filter({ hasText: text }).waitFor(options);

/** Replaces a field's text the way a user would: select all, type. */
export async function typeInto(page, testid, text) {
  const input = page.getByTestId(testid);
  await input.click();
  await input.press('Control+A');
  await input.pressSequentially(text);
}

/** Clicks the download button `testid` and parses the file it saves as JSON. */
export async function downloadJson(page, testid) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

/** Runs the passk CLI with `args` and parses what it prints as JSON. */
export const passkJson = (...args) => JSON.parse(execFileSync(PASSK, args, { encoding: 'utf8' }));

/** Waits until the chart `testid` has drawn once (its first drawing follows its width,
 * measured at a frame after it shows, by a task: `data-drawn`). */
export const drawn = (page, testid) =>
  page.locator(`[data-testid="${testid}"][data-drawn]`).waitFor({ state: 'attached' });

/**
 * The canvas `testid` once drawn: `n` pixels that differ from its top-left (background)
 * pixel, `sum` a fingerprint of its content, `width` in device pixels and `css` its CSS width.
 */
export const canvasInk = async (page, testid) => {
  await drawn(page, testid);
  return page.getByTestId(testid).evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) n++;
      sum = (sum * 31 + d[i] + d[i + 1] * 3 + d[i + 2] * 7) % 1000000007;
    }
    return { n, sum, width: c.width, css: c.getBoundingClientRect().width };
  });
};

/** Every number of `got` within 1e-12 relative of `want`; everything else equal. */
export function agree(got, want, path = '$') {
  if (typeof want === 'number') {
    assert.equal(typeof got, 'number', path);
    const tol = Math.max(1e-12 * Math.abs(want), 1e-300);
    assert.ok(Math.abs(got - want) <= tol || got === want, `${path}: ${got} vs ${want}`);
  } else if (Array.isArray(want)) {
    assert.equal(got.length, want.length, path);
    want.forEach((w, i) => agree(got[i], w, `${path}[${i}]`));
  } else if (want && typeof want === 'object') {
    assert.ok(got && typeof got === 'object', `${path}: ${JSON.stringify(got)} vs ${JSON.stringify(want).slice(0, 80)}`);
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), path);
    for (const k of Object.keys(want)) agree(got[k], want[k], `${path}.${k}`);
  } else {
    assert.equal(got, want, path);
  }
}
