// The heavy job over a pool of engine workers (issue 40): the Pythia example (seven series,
// n = 10,000) with RESAMPLES bootstrap resamples (default 1000), the bootstrap band and
// k_max = 1,000,000, once per number of workers (default 1 and 2), each in a fresh browser
// with the `workers` setting chosen before the page loads. Prints the time from the last
// setting to the finished curves, the longest main-thread task meanwhile, and a hash of the
// Pass@k chart's CSV (the curves and the band): the same whatever the workers. Needs the
// release build in dist/ (./dev build). Usage:
//   node bench/pool.mjs [RESAMPLES] [WORKERS ...]
import { createHash } from 'node:crypto';
import { heavyJob } from '../tests/e2e/heavy-job.mjs';

const resamples = Number(process.argv[2] ?? 1000);
const pools = process.argv.slice(3).map(Number);
const runs = [];
for (const w of pools.length ? pools : [1, 2]) {
  const r = await heavyJob(w, resamples);
  const hash = createHash('sha256').update(r.csv).digest('hex').slice(0, 16);
  runs.push({ w, ...r, hash });
  console.log(`workers ${w}: ${r.seconds.toFixed(1)} s, longest main-thread task ${r.longest.toFixed(0)} ms, CSV ${hash}`);
}
const one = runs.find((r) => r.w === 1);
for (const r of runs.filter((r) => r !== one && one)) {
  console.log(`speed-up with ${r.w} workers: ×${(one.seconds / r.seconds).toFixed(2)}; same curves and band: ${r.hash === one.hash}`);
}
