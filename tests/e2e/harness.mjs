// Shared set-up for the end-to-end tests: serve dist/ on 127.0.0.1, drive Debian's chromium
// through playwright-core, and record every request and console message.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';

export const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const FLAGS = (process.env.CHROMIUM_FLAGS ??
  '--no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync')
  .split(/\s+/)
  .filter((f) => f && f !== '--headless');

/** Starts the server and a browser; returns helpers and a `close()` to call in `after`. */
export async function start({ colorScheme = 'light', viewport = { width: 1100, height: 900 } } = {}) {
  const { server, url } = await serve(new URL('../../dist/', import.meta.url).pathname);
  const userDataDir = mkdtempSync(join(tmpdir(), 'passk-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    colorScheme,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const requests = [];
  const problems = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    // Trunk adds subresource-integrity hashes to the wasm preload; Chromium notes (a warning,
    // not an error) that it checks them on the fetch rather than on the preload.
    if (m.type() === 'warning' && /integrity. attribute is currently ignored for preload/.test(m.text())) return;
    // The tests' own pixel reads (getImageData) make Chromium suggest willReadFrequently.
    if (m.type() === 'warning' && /willReadFrequently/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
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
    },
  };
}

/** Replaces a field's text the way a user would: select all, type. */
export async function typeInto(page, testid, text) {
  const input = page.getByTestId(testid);
  await input.click();
  await input.press('Control+A');
  await input.pressSequentially(text);
}
