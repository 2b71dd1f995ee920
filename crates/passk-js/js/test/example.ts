// A typed example of the module (./dev test: `tsc --noEmit -p test`): what a user writes,
// checked against index.d.ts. Not run: module.test.mjs runs the module.
import { passAtK, passHatK, read, report, compare, plan, PasskError } from 'passk';
import { passAtK as closedPassAtK } from 'passk/closed';
import { PasskCurves } from 'passk/curves';
import type { ReportDocument, CompareDocument, NextDocument, PlanDocument, ReadDocument } from 'passk';

const one: number = passAtK(10, 3, 5);
const same: number = closedPassAtK(10, 3, 5);
const perBudget: number[] = passAtK(10, 3, [1, 5, 10]);
const perTask: number[] = passHatK(new Int32Array([10, 20]), [3, 4], 2, 'naive');
const rows: number[][] = passAtK([10, 20], [3, 4], [1, 2], 'bb');

const file: ReadDocument = read('10 3\n10 5\n', { name: 'a.txt' });
const n: number[] = file.series[0].tasks.map((t) => t.n);

const doc: ReportDocument = report({ 'base.jsonl': '...', 'rl.jsonl': new Uint8Array() }, {
  k: [1, 10, 100],
  forecast: false,
  confidence: 0.9,
  seed: 7n,
  onWarning: (line) => console.log(line),
});
const p1: number | null = doc.models[0].pass_at_k[0].combinatorial;
const lo: number | null | undefined = doc.models[0].pass_at_k[0].interval?.lo;
const auc = doc.models[0].auc_at_k.map((r) => r.value);

const c: CompareDocument = compare([{ name: 'a', data: '10 3' }, { name: 'b', data: '10 4' }], { k: 1, pairs: 'all' });
const sentence: string = c.sentence;
const next: NextDocument = plan('10 3', { next: true, k: 10 });
const settled: boolean = next.settled;
const plans: PlanDocument | PlanDocument[] = plan('10 3', { k: 8, halfWidth: 0.01 });

const element: PasskCurves = document.createElement('passk-curves');
element.data = { 'a.txt': '10 3' };
const drawnSeries: string[] = element.series;

try {
  passAtK(10.5, 3, 1);
} catch (e) {
  if (e instanceof PasskError) console.log(e.message);
}

// @ts-expect-error: options are the flags camelCased, not snake_case.
report('10 3', { half_width: 0.01 });
// @ts-expect-error: a document is not a string.
const wrong: string = report('10 3');

export { one, same, drawnSeries, perBudget, perTask, rows, n, p1, lo, auc, sentence, settled, plans, wrong };
