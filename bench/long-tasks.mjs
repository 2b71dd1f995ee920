// The page's longest main-thread tasks (issue 40: none over 50 ms) in its three flows
// (tests/e2e/long-task-flows.mjs: the page loading with its example, the Pythia example's
// button, a 10^5-task file picked) and while the pool works (the heavy job of bench/pool.mjs
// over 2 workers, 300 resamples) and under the heavy settings of issue 67 (the Pythia example,
// 1,000 bootstrap resamples, the bootstrap band, k_max = 10^6, over 2 workers). Prints every
// task over 50 ms of each run. Needs the release build in dist/ (./dev build). Usage:
//   [FLOWS=load,pythia,pick,pool,heavy] [RUNS=n] node bench/long-tasks.mjs
import { heavyJob } from '../tests/e2e/heavy-job.mjs';
import { filePicked, pageLoad, pythiaExample } from '../tests/e2e/long-task-flows.mjs';

const flows = (process.env.FLOWS ?? 'load,pythia,pick,pool').split(',');
const runs = Number(process.env.RUNS ?? 1);
const all = [
  ['load', 'page load with the example', pageLoad],
  ['pythia', 'the Pythia example', pythiaExample],
  ['pick', 'a 10^5-task file picked', filePicked],
];
for (const [key, name, flow] of all.filter(([k]) => flows.includes(k))) {
  for (let r = 0; r < runs; r++) {
    const { long, problems } = await flow();
    console.log(`${name}: longest main-thread task ${Math.max(0, ...long)} ms (tasks over 50 ms: ${JSON.stringify(long)})`);
    if (problems.length) console.log(`  problems: ${JSON.stringify(problems)}`);
  }
}
if (flows.includes('pool')) {
  for (let r = 0; r < runs; r++) {
    const pool = await heavyJob(2, 300);
    console.log(`the pool at work (2 workers): longest main-thread task ${pool.longest} ms`);
  }
}
if (flows.includes('heavy')) {
  for (let r = 0; r < runs; r++) {
    const heavy = await heavyJob(2, 1000);
    console.log(`heavy settings (Pythia, 1,000 resamples, k_max = 10^6): longest main-thread task ${heavy.longest} ms`);
  }
}
