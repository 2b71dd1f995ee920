// How fast the page updates after typing: a pasted series of N = 2,000 tasks, one more line
// typed, the time from the end of the input debounce to the summary and to the next painted
// frame. Needs ./dev build. Usage: node bench/update.mjs

import { start } from '../tests/e2e/harness.mjs';
const h = await start({ dataTables: 'closed' });
await h.page.goto(h.url);
await h.page.getByTestId('results-table').locator('tbody tr').first().waitFor();
await h.page.getByTestId('clear-input').click();
for (const [N, n] of [[2000, 100], [2000, 'var']]) {
  let text = '';
  let s = 12345;
  for (let i = 0; i < N; i++) { s = (s * 1103515245 + 12345) % 2147483648; const nn = n === 'var' ? 50 + (s % 951) : n; s = (s * 1103515245 + 12345) % 2147483648; const c = s % (nn + 1); text += `${nn} ${c}\n`; }
  await h.page.getByTestId('counts-input').evaluate((el, t) => { el.value = t; el.dispatchEvent(new Event('input')); }, text);
  await h.page.getByTestId('results-table').locator('tbody tr', { hasText: 'pasted' }).first().waitFor({ timeout: 120000 });
  await h.page.waitForTimeout(500);
  // One more line typed: the time from the input event (after the debounce) to the next frame.
  const ms = await h.page.evaluate(async () => {
    const el = document.querySelector('[data-testid=counts-input]');
    const body = document.querySelector('[data-testid=series-summary] tbody');
    const done = new Promise((r) => new MutationObserver((_, o) => { o.disconnect(); r(performance.now()); }).observe(body, { subtree: true, childList: true, characterData: true }));
    const charts = document.querySelector('[data-testid=chart-pass-at-k]');
    el.value = el.value + '100 7\n';
    const t0 = performance.now();
    el.dispatchEvent(new Event('input'));
    const t1 = await done;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return [t1 - t0 - 150, performance.now() - t0 - 150];
  });
  console.log(`N=${N} n=${n}: summary ${ms[0].toFixed(0)} ms, painted ${ms[1].toFixed(0)} ms after the debounce`);
}
await h.close();
