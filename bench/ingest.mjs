// In-browser ingest benchmark: a generated ~200 MB human-eval-style results file
// (`task_id`, `completion`, `result`, `passed`) picked in the page's file input, streamed and
// read; prints MB/s, the longest main-thread task seen meanwhile (PerformanceObserver
// 'longtask') and the peak memory of the page's renderer processes (the page and its engine
// worker: resident set sizes from ps, sampled every 100 ms, above what they held before the
// file was picked). Needs the release build in dist/ (./dev build). Usage:
//   node bench/ingest.mjs [MB]          (default 200)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '../tests/e2e/harness.mjs';

const mb = Number(process.argv[2] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'passk-ingest-'));
const path = join(dir, 'samples.jsonl_results.jsonl');
const completion = '    for idx, elem in enumerate(numbers):\\n        if abs(elem - threshold) < 1e-9:\\n            return True\\n'.repeat(5);
let block = '';
for (let i = 0; i < 2000; i++) {
  const task = `HumanEval/${i % 164}`;
  const passed = (i * 7919) % 5 < 2;
  block += JSON.stringify({ task_id: task, completion, result: passed ? 'passed' : 'failed: ', passed }) + '\n';
}
const fd = openSync(path, 'w');
let written = 0;
while (written < mb * 1e6) {
  writeSync(fd, block);
  written += Buffer.byteLength(block);
}
closeSync(fd);
const bytes = statSync(path).size;

const h = await start({ dataTables: 'closed' });
await h.page.goto(h.url);
await h.page.getByTestId('series-summary').waitFor();
await h.page.getByTestId('clear-input').click();
await h.page.evaluate(() => {
  window.__longest = 0;
  window.__tasks = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longest = Math.max(window.__longest, e.duration);
      window.__tasks++;
    }
  }).observe({ type: 'longtask', buffered: false });
});
// Resident memory of Chromium's renderer processes (this bench's browser is the only one).
const rendererKb = () =>
  execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes('--type=renderer'))
    .reduce((a, l) => a + Number(l.trim().split(/\s+/)[0] || 0), 0);
const before = rendererKb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rendererKb())), 100);
const t0 = Date.now();
await h.page.getByTestId('file-input').setInputFiles(path);
await h.page.getByTestId('series-summary').locator('tbody tr', { hasText: 'samples.jsonl_results' }).waitFor({ timeout: 600_000 });
const seconds = (Date.now() - t0) / 1000;
clearInterval(sampler);
peak = Math.max(peak, rendererKb());
const { longest, tasks } = await h.page.evaluate(() => ({ longest: window.__longest, tasks: window.__tasks }));
const row = await h.page.getByTestId('series-summary').locator('tbody tr').first().textContent();
console.log(`file: ${(bytes / 1e6).toFixed(1)} MB, read in ${seconds.toFixed(2)} s = ${(bytes / 1e6 / seconds).toFixed(1)} MB/s`);
console.log(`longest main-thread task: ${longest.toFixed(0)} ms (${tasks} tasks over 50 ms)`);
console.log(`peak renderer memory: ${((peak - before) / 1e3).toFixed(0)} MB above ${(before / 1e3).toFixed(0)} MB`);
console.log(`summary: ${row}`);
await h.close();
rmSync(dir, { recursive: true, force: true });
