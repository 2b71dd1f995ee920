// Development helper: a full-page screenshot of the built page (dist/) in headless Chromium.
// Usage: OUT=/tmp/shot.png [W=1100] [CLICK=testid] [SCROLL=y (with H)] [SCHEME=dark] [HASH=#…] [WAIT=ms] [SELECTOR=css] [TOP=1] [H=px (the viewport only)]
//        [FILES=a.json,b.json (loaded together through the file input)] node tools/shot.mjs
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
const { server, url } = await serve(new URL('../dist/', import.meta.url).pathname);
const dir = mkdtempSync(join(tmpdir(), 'shot-'));
const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'],
  viewport: { width: Number(process.env.W ?? 1100), height: Number(process.env.H ?? 900) }, colorScheme: process.env.SCHEME ?? 'light' });
const page = ctx.pages()[0];
page.on('console', m => console.log('console', m.type(), m.text()));
page.on('pageerror', e => console.log('pageerror', e.message));
await page.goto(url + (process.env.HASH ?? ''));
await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
if (process.env.FILES) {
  await page.getByTestId('file-input').setInputFiles(process.env.FILES.split(','));
  await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
}
// The panels below the results load as they near the screen: scrolled to (as a user scrolls
// down) and back, unless TOP=1 (the first screen only, as a first visit sees it).
if (!process.env.TOP) {
  await page.evaluate(() => document.querySelector('[data-testid=lower-panels]')?.scrollIntoView());
  await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
  await page.evaluate(() => window.scrollTo(0, 0));
}
if (process.env.CLICK) { await page.getByTestId(process.env.CLICK).click(); await page.waitForTimeout(1500); }
if (process.env.SCROLL) { await page.evaluate(y => window.scrollTo(0, y), Number(process.env.SCROLL)); await page.waitForTimeout(300); }
if (process.env.EVAL) { console.log(await page.evaluate(process.env.EVAL)); }
if (process.env.SELECTOR) {
  await page.locator(process.env.SELECTOR).first().screenshot({ path: process.env.OUT ?? '/tmp/shot.png' });
} else {
  await page.screenshot({ path: process.env.OUT ?? '/tmp/shot.png', fullPage: !process.env.H });
}
await ctx.close(); server.close();
rmSync(dir, { recursive: true, force: true });
