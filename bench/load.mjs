// Loading many tasks in the page: the 10^5- and 10^6-task CSVs of target/bench-data (written
// by `cargo bench -p passk-cli --bench estimators`) picked in the file input, in turn, then the 10^6-task
// CSV's text pasted into the paste box (a paste event, as Ctrl+V gives); prints the time until
// the series list shows all the tasks and the main-thread tasks over 50 ms meanwhile
// (PerformanceObserver 'longtask'). Needs the release build in dist/ (./dev build). Usage:
//   node bench/load.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '../tests/e2e/harness.mjs';

const data = new URL('../target/bench-data/', import.meta.url).pathname;
const h = await start({ dataTables: 'closed' });
await h.page.goto(h.url);
await h.page.getByTestId('series-summary').waitFor();
await h.page.getByTestId('clear-input').click();
for (const [file, tasks, how] of [['synthetic_100000.csv', 100000, 'picked'], ['counts_1000000.csv', 1000000, 'picked'], ['counts_1000000.csv', 1000000, 'pasted']]) {
  await h.page.getByTestId('clear-input').click();
  // The text to paste is handed to the page before the clock starts.
  if (how === 'pasted') await h.page.evaluate((t) => (window.__paste = t), readFileSync(join(data, file), 'utf8'));
  await h.page.evaluate(() => {
    window.__long = [];
    window.__obs?.disconnect();
    window.__obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration)));
    window.__obs.observe({ type: 'longtask' });
  });
  const t0 = Date.now();
  if (how === 'picked') await h.page.getByTestId('file-input').setInputFiles(join(data, file));
  else {
    await h.page.getByTestId('counts-input').evaluate((e) => {
      const d = new DataTransfer();
      d.setData('text/plain', window.__paste);
      e.dispatchEvent(new ClipboardEvent('paste', { clipboardData: d, bubbles: true, cancelable: true }));
    });
  }
  await h.page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-testid=series-summary] [data-col=tasks]')].some((e) => e.textContent.replace(/,/g, '') === String(n)),
    tasks,
    { timeout: 120000, polling: 100 },
  );
  const shown = Date.now() - t0;
  await h.page.waitForTimeout(3000);
  const long = await h.page.evaluate(() => window.__long);
  console.log(`${file} ${how}: ${tasks} tasks shown after ${shown} ms; main-thread tasks over 50 ms: ${long.map((d) => d.toFixed(0)).join(', ') || 'none'}`);
}
await h.close();
