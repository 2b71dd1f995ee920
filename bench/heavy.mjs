// In-browser benchmark of issue 15's heavy settings: the Pythia example (seven series,
// n = 10,000), then 1000 bootstrap resamples, the bootstrap band and k_max = 1,000,000 — the
// settings that froze the page for over 30 s when the engine ran on it. While that job runs in
// the worker: the longest main-thread task (PerformanceObserver 'longtask'), and how long the
// single-problem calculator takes to show its answer after each keystroke (from the key's
// event time to the next frame after the answer changed). The job runs for at most SECONDS
// (default 60), then is cancelled. Needs the release build in dist/ (./dev build). Usage:
//   node bench/heavy.mjs [SECONDS]
import { start, typeInto } from '../tests/e2e/harness.mjs';

const seconds = Number(process.argv[2] ?? 60);
const h = await start({ dataTables: 'closed' });
const { page } = h;
await page.goto(h.url);
await page.getByTestId('example-pythia').click();
await page.getByTestId('results-table').locator('tbody tr', { hasText: 'Pythia 12B' }).first().waitFor({ timeout: 60_000 });
await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: 60_000 });
// The example's own analysis to its end (its backtest replies after the curves): the tasks
// measured below are those of the heavy settings, not of the example's first render.
await page.waitForFunction(() => !document.querySelector('[data-testid=analysis-busy]'), null, { timeout: 60_000 });
await page.waitForTimeout(500);
await page.getByTestId('advanced-settings').locator('summary').click().catch(() => {});
await page.evaluate(() => {
  window.__long = [];
  new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  // Keystroke → answer shown: the input event's time stamp to the frame after the answer's
  // text changed.
  window.__latency = [];
  // (The answer's element may be replaced, by an error message and back: it is looked up
  // after every change to the calculator.)
  let typed;
  const answer = () => document.querySelector('[data-testid=pass-at-k]')?.textContent ?? document.querySelector('#n-error')?.textContent;
  let shown = answer();
  document.addEventListener('input', (e) => e.target.dataset?.testid === 'n' && (typed = e.timeStamp), true);
  new MutationObserver(() => {
    const now = answer();
    if (typed === undefined || now === shown) return;
    shown = now;
    const at = typed;
    typed = undefined;
    requestAnimationFrame(() => window.__latency.push(performance.now() - at));
  }).observe(document.querySelector('[data-testid=n]').closest('section') ?? document.body, { subtree: true, childList: true, characterData: true });
});
const t0 = Date.now();
await typeInto(page, 'bootstrap', '1000');
await page.getByTestId('band-kind').selectOption('bootstrap');
await typeInto(page, 'k-max', '1000000');
const progress = page.getByTestId('job-progress').first();
await progress.waitFor({ timeout: 30_000 });
// Keystrokes into the calculator while the job runs: n = 200, 201, …, 209 (c = 7, k = 10).
await typeInto(page, 'c', '7');
await typeInto(page, 'k', '10');
for (let i = 0; i < 10; i++) {
  await typeInto(page, 'n', String(200 + i));
  await page.waitForTimeout(200);
}
const running = await progress.isVisible().catch(() => false);
// The job to its end, or cancelled after SECONDS.
const ended = await page
  .waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: Math.max(1, seconds * 1000 - (Date.now() - t0)) })
  .then(() => 'finished')
  .catch(async () => {
    await page.getByTestId('job-cancel').first().click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: 30_000 });
    return 'cancelled';
  });
const elapsed = (Date.now() - t0) / 1000;
const { long, latency } = await page.evaluate(() => ({ long: window.__long, latency: window.__latency }));
const sorted = [...latency].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
const max = sorted.at(-1) ?? NaN;
console.log(`heavy job: ${ended} after ${elapsed.toFixed(1)} s (still running during the keystrokes: ${running})`);
console.log(`longest main-thread task: ${Math.max(0, ...long).toFixed(0)} ms (${long.length} tasks over 50 ms)`);
console.log(`calculator answered in: median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms over ${sorted.length} keystrokes`);
await h.close();
