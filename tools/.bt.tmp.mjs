import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
const { server, url } = await serve(new URL('../dist/', import.meta.url).pathname);
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'm-')), { executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'],
  viewport: { width: 1280, height: 900 } });
const page = ctx.pages()[0];
await page.goto(url + (process.env.HASH ?? '#ex=deepscaler'));
await page.waitForTimeout(8000);
console.log(await page.evaluate(() => {
  const t = document.querySelector('[data-testid=backtest-table]');
  return [document.querySelector('[data-testid=backtest-summary]').textContent, document.querySelector('[data-testid=backtest-gain]').textContent,
    [...t.querySelectorAll('tr')].map(r => [...r.children].map(c => c.textContent).join(' | ')).join('\n')].join('\n\n');
}));
await ctx.close(); server.close();
