// How long the page's backtest takes, and whether it freezes the page: a pasted series of
// N = 10,000 tasks, the time from the input to the results table (fits) and on to the backtest
// summary, and the longest main-thread task over the whole update. Needs ./dev build.
// Usage: node bench/backtest.mjs

import { panelsBelow, start } from '../tests/e2e/harness.mjs';
const h = await start({ dataTables: 'closed' });
await h.page.goto(h.url);
await h.page.getByTestId('results-table').locator('tbody tr').first().waitFor();
await panelsBelow(h.page);
await h.page.getByTestId('clear-input').click();
await h.page.evaluate(() => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
  }).observe({ type: 'longtask', buffered: false });
});
for (const [N, n] of [[10000, 100], [10000, 'var']]) {
  let text = '';
  let s = 12345;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < N; i++) {
    const nn = n === 'var' ? 50 + (next() % 951) : n;
    // p from a zero/one-inflated Beta-like mix: a fifth never solved, a tenth always.
    const u = next() / 2147483648;
    const p = u < 0.2 ? 0 : u > 0.9 ? 1 : (next() / 2147483648) ** 2;
    let c = 0;
    for (let j = 0; j < nn; j++) if (next() / 2147483648 < p) c++;
    text += `${nn} ${c}\n`;
  }
  await h.page.getByTestId('clear-input').click();
  await h.page.getByTestId('backtest-summary').waitFor({ state: 'detached' }).catch(() => {});
  await h.page.waitForTimeout(500);
  await h.page.evaluate(() => { window.__longest = 0; });
  const t = await h.page.getByTestId('counts-input').evaluate(async (el, text) => {
    const seen = (sel, re) => new Promise((r) => {
      const check = () => { const e = document.querySelector(sel); if (e && re.test(e.textContent)) { r(performance.now()); return true; } return false; };
      if (!check()) new MutationObserver((_, o) => { if (check()) o.disconnect(); }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const t0 = performance.now();
    el.value = text;
    el.dispatchEvent(new Event('input'));
    const fits = await seen('[data-testid=results-table] tbody', /pasted/);
    const bt = await seen('[data-testid=backtest-summary]', /auto \(backtested\)|cannot run/);
    return [fits - t0, bt - t0, bt - fits];
  }, text);
  const longest = await h.page.evaluate(() => window.__longest);
  const summary = await h.page.getByTestId('backtest-summary').textContent();
  console.log(`N=${N} n=${n}: results table ${t[0].toFixed(0)} ms, backtest done ${t[1].toFixed(0)} ms (backtest ${t[2].toFixed(0)} ms after the table); longest main-thread task ${longest.toFixed(0)} ms`);
  console.log(`  ${summary.slice(0, 110)}…`);
}
await h.close();
