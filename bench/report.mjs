// `passk report` as a user runs it (issue 50): the whole process, defaults (forecasts
// included), min of 5 runs, on the DeepScaleR pair, the seven Pythia series, 10^6 synthetic
// tasks (n = 100, a seeded spread of rates), 10^6 tasks of n from 50 to 1,000 (issue 67: every
// count score with its interval at k up to 50, TailPass to 100; 358,000 distinct counts) and
// one task with n = 10^6 at k up to 10^6, and (once) two series on the same 10^6 task ids
// (written to target/bench-report/).
// Builds the release CLI first. Prints one line per input:
//   report: <input> <ms> ms (min of 5; runs …)
// Usage: node bench/report.mjs [RUNS]   (PASSK_BIN: another build of passk to time, e.g. main's)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 5);
if (!process.env.PASSK_BIN) execFileSync('cargo', ['build', '--release', '--quiet', '-p', 'passk-cli'], { cwd: ROOT, stdio: 'inherit' });
const bin = process.env.PASSK_BIN ?? join(ROOT, 'target/release/passk');
const dir = join(ROOT, 'target/bench-report');
mkdirSync(dir, { recursive: true });
// Uniforms in [0, 1) from a 64-bit LCG with the given seed (the top 53 bits of each state).
function uniforms(seed) {
  let x = seed;
  return () => {
    x = (6364136223846793005n * x + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(x >> 11n) / 2 ** 53;
  };
}
const synthetic = join(dir, 'synthetic_1e6.txt');
if (!existsSync(synthetic)) {
  // Seeded: rate_i from a fixed LCG, c = round(100·rate_i²).
  const next = uniforms(12345n);
  const lines = [];
  for (let i = 0; i < 1_000_000; i++) {
    const u = next();
    lines.push(`100 ${Math.round(100 * u * u)}`);
  }
  writeFileSync(synthetic, lines.join('\n') + '\n');
}
const mixed = join(dir, 'synthetic_mixed_1e6.txt');
if (!existsSync(mixed)) {
  // n uniform in 50..1000 and c = round(n·u²), from one seeded LCG.
  const next = uniforms(67n);
  const lines = [];
  for (let i = 0; i < 1_000_000; i++) {
    const n = 50 + Math.floor(next() * 951);
    const u = next();
    lines.push(`${n} ${Math.round(n * u * u)}`);
  }
  writeFileSync(mixed, lines.join('\n') + '\n');
}
const oneTask = join(dir, 'one_task_n1e6.txt');
if (!existsSync(oneTask)) writeFileSync(oneTask, '1000000 1\n');
// Two series on the same 10^6 task ids (issue 67/68's pair): A the mixed file's counts, B each
// rate moved by a seeded step in [-0.05, 0.07] — B ahead by about a point.
const pair = join(dir, 'pair_1e6.csv');
if (!existsSync(pair)) {
  const next = uniforms(99n);
  const counts = readFileSync(mixed, 'utf8').trim().split('\n').map((l) => l.split(' ').map(Number));
  const a = counts.map(([n, c], i) => `A,t${i},${n},${c}`);
  const b = counts.map(([n, c], i) => {
    const r = Math.min(1, Math.max(0, c / n - 0.05 + 0.12 * next()));
    return `B,t${i},${n},${Math.round(n * r)}`;
  });
  writeFileSync(pair, ['model,task,n,c', ...a, ...b].join('\n') + '\n');
}
const real = (f) => join(ROOT, 'assets/examples', f);
const inputs = [
  ['DeepScaleR pair', [real('deepscaler_base.jsonl'), real('deepscaler_rl.jsonl')]],
  ['Pythia (7 series)', [real('pythia_math_n10000.csv')]],
  ['10^6 synthetic tasks', [synthetic]],
  ['10^6 tasks, n 50 to 1,000', [mixed]],
  ['one task, n = 10^6, k up to 10^6', [oneTask, '--k', '1,1000,100000,1000000']],
  // Once: about 14 s (the crossover's resamples of 10^6 paired tasks).
  ['two series of 10^6 paired tasks', [pair], 1],
];
for (const [name, files, most = runs] of inputs) {
  const times = [];
  const count = Math.min(runs, most);
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(bin, ['report', ...files], { maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  console.log(`report: ${name} ${Math.min(...times).toFixed(0)} ms (min of ${count}; runs ${times.map((t) => t.toFixed(0)).join(', ')})`);
}
