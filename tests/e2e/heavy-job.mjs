// The heavy job of issue 40 for the pool's tests and bench: the Pythia example (seven series,
// n = 10,000), then `resamples` bootstrap resamples, the bootstrap band and k_max = 10^6, in a
// fresh browser whose `workers` setting is chosen before the page loads. Needs the release
// build in dist/ (./dev build).
import { readFileSync } from 'node:fs';
import { start, typeInto } from './harness.mjs';

/** Runs the heavy job with `workers`; its seconds, longest main-thread task and CSV. */
export async function heavyJob(workers, resamples) {
  const h = await start({ dataTables: 'closed' });
  try {
    const { page } = h;
    await h.context.addInitScript((n) => localStorage.setItem('passk-workers', String(n)), workers);
    await page.goto(h.url);
    await page.getByTestId('example-pythia').click();
    await page.getByTestId('results-table').locator('tbody tr', { hasText: 'Pythia 12B' }).first().waitFor({ timeout: 60_000 });
    // The example's own analysis (its backtest replies last) settled: idle for a second.
    const idle = () => page.waitForFunction(() => !document.querySelector('[data-testid=analysis-busy]'), null, { timeout: 120_000 });
    do {
      await idle();
      await page.waitForTimeout(1000);
    } while (await page.getByTestId('analysis-busy').count());
    await page.getByTestId('advanced-settings').locator('summary').click();
    const shown = await page.getByTestId('workers').inputValue();
    if (shown !== String(workers)) throw new Error(`the workers field shows ${shown}, not ${workers}`);
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
      // What the progress bar said, and its largest value.
      window.__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid=job-progress] progress');
        if (bar) window.__progress.push([Number(bar.max), document.querySelector('[data-testid=job-progress]').textContent]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await typeInto(page, 'bootstrap', String(resamples));
    await typeInto(page, 'k-max', '1000000');
    const t0 = Date.now();
    await page.getByTestId('band-kind').selectOption('bootstrap');
    // The band's own job (not one the other settings started before it), to its end.
    await page.getByTestId('job-progress').filter({ hasText: 'bootstrap band' }).first().waitFor({ timeout: 60_000 });
    const curvesBar = /bootstrap band|drawing series|other workers/;
    await page.waitForFunction(
      (re) => ![...document.querySelectorAll('[data-testid=job-progress]')].some((e) => new RegExp(re).test(e.textContent)),
      curvesBar.source,
      { timeout: 600_000 },
    );
    const seconds = (Date.now() - t0) / 1000;
    const longest = await page.evaluate(() => Math.max(0, ...window.__long));
    // Parts the other workers fitted and handed over (the page counts them).
    const handed = await page.evaluate(() => window.__passkPool?.rows ?? 0);
    const progress = await page.evaluate(() => window.__progress);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-pass-at-k-csv').click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    if (!csv.includes('band low')) throw new Error('the CSV has no band');
    return { seconds, longest, csv, handed, progress, problems: h.problems };
  } finally {
    await h.close();
  }
}

