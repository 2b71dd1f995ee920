// End to end: the page's main thread stays free in the three flows of issue 40 (the page
// loading with its example, the Pythia example's button, a 10^5-task file picked). The budget
// is 50 ms, which bench/long-tasks.mjs reports against (docs/benchmarks.md); this test is a
// regression guard at twice it, passed by the first of up to five runs with no task over
// the guard. Both because the figures depend on the machine: on one a flow's longest task was
// under 50 ms in 14 runs of 15, on another (a virtual machine about twice as slow, whose
// identical runs differed by half) the same build's were 50–118 ms, a single task now and
// then over 100. That task is a different one from run to run, mostly the browser's own work
// on a first visit on two cores: V8 compiling each wasm function at its first call (up to
// 65 ms of a task), the first layout with cold font caches, a module's streaming compile
// finishing. A CI run saw it in three runs in a row (117, 119, 110 ms; the others 53–74), so
// five runs are allowed. So the guard catches regressions of about twice the budget, in every
// run (the page before issue 40's work had a 189-ms mount), not smaller ones: the faults
// planted at the 50-ms guard (56–65 ms) would pass it. The pool at work is guarded in
// pool.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filePicked, pageLoad, pythiaExample, withinGuard } from './long-task-flows.mjs';

const GUARD = 100;

for (const [name, flow] of [
  ['the page loading with its example', pageLoad],
  ["the Pythia example's button", pythiaExample],
  ['a 10^5-task file picked', filePicked],
]) {
  test(`no main-thread task over ${GUARD} ms: ${name}`, async () => {
    const tries = await withinGuard(flow, GUARD, 5);
    for (const { problems } of tries) assert.deepEqual(problems, []);
    const seen = JSON.stringify(tries.map((t) => t.long));
    assert.ok(tries.at(-1).long.every((d) => d <= GUARD), `every run had a task over ${GUARD} ms (tasks over 50 ms, by run): ${seen}`);
  });
}
