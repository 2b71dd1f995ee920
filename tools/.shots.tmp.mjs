import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
const { server, url } = await serve(new URL('../dist/', import.meta.url).pathname);
for (const ex of ['pythia', 'deepscaler']) for (const w of [1280, 390]) for (const scheme of ['light', 'dark']) {
  const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 's-')), { executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'],
    viewport: { width: w, height: w > 500 ? 900 : 844 }, colorScheme: scheme, hasTouch: w < 500, isMobile: w < 500 });
  const page = ctx.pages()[0];
  const errs = [];
  page.on('pageerror', (e) => errs.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errs.push(m.text()));
  await page.goto(url + '#ex=' + ex);
  await page.getByTestId('backtest-lead').filter({ hasText: /Use|At k/ }).waitFor({ timeout: 60000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'));
  await page.waitForTimeout(500);
  const tag = `${ex}-${w}-${scheme}`;
  await page.screenshot({ path: `/tmp/shots/${tag}-full.png`, fullPage: true });
  await page.locator('#results').screenshot({ path: `/tmp/shots/${tag}-results.png` });
  await page.getByTestId('backtest-panel').screenshot({ path: `/tmp/shots/${tag}-backtest.png` });
  console.log(tag, errs.length ? errs : 'clean', await page.evaluate(() => document.scrollingElement.scrollWidth));
  await ctx.close();
}
server.close();
