import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
const { server, url } = await serve(new URL('../dist/', import.meta.url).pathname);
for (const ex of ['pythia', 'deepscaler']) {
  const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'm-')), { executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'],
    viewport: { width: 390, height: 844 } });
  const page = ctx.pages()[0];
  await page.goto(url + '#ex=' + ex);
  await page.waitForTimeout(6000);
  console.log(ex, await page.evaluate(() => { const t = document.querySelector('[data-testid=results-table]'); const w = t.parentElement; return [w.scrollWidth, w.clientWidth, [...t.querySelectorAll('thead th')].map(th => Math.round(th.getBoundingClientRect().width))]; }));
  await page.getByTestId('results-table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/r390-${ex}.png` });
  await ctx.close();
}
server.close();
