// End to end: the page's main thread stays free in the three flows of issue 40 (the page
// loading with its example, the Pythia example's button, a 10^5-task file picked). The
// Pythia example and the picked file are held to the 50-ms budget itself (no task over it in
// 11 runs of each here; the picked file's arrival was one task of 55–77 ms before its
// decoding, its views and its fit request went to tasks of their own). The page's load is
// guarded at 100 ms, twice the budget: its longest task is under 50 ms in most runs but 51 ms
// in 1 of 15 here (the first wasm's start, the calculator's view or one panel's mount), and a
// guard at the budget would fail runs at random; it fails where the page was before
// issue 40's work (a 189-ms mount). The bench prints every flow's figures against 50
// (bench/long-tasks.mjs, docs/benchmarks.md); the pool at work is guarded in pool.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filePicked, pageLoad, pythiaExample } from './long-task-flows.mjs';

for (const [name, flow, guard] of [
  ['the page loading with its example', pageLoad, 100],
  ["the Pythia example's button", pythiaExample, 50],
  ['a 10^5-task file picked', filePicked, 50],
]) {
  test(`no main-thread task over ${guard} ms: ${name}`, async () => {
    const { long, problems } = await flow();
    assert.deepEqual(problems, []);
    assert.ok(long.every((d) => d <= guard), `tasks over ${guard} ms among those over 50: ${JSON.stringify(long)}`);
  });
}
