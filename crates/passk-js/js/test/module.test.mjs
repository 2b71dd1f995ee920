// The JavaScript module against the command line: its documents equal `passk report`,
// `compare` and `plan`'s JSON (written by ./dev test into target/cli-documents from
// tests/cli_documents.tsv) after parsing; every refusal names the argument; the declarations
// (index.d.ts) hold every key the documents hold. PASSK_JS names the module to test (./dev test:
// the package installed from its `npm pack` tarball), else the built folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = new URL('../../../../', import.meta.url);
const target = process.env.PASSK_JS ? pathToFileURL(process.env.PASSK_JS).href : '../index.js';
const passk = await import(target);

const file = (path) => readFileSync(new URL(path, ROOT));
const cli = (name) => {
  const url = new URL(`target/cli-documents/${name}.out`, ROOT);
  try {
    return readFileSync(url, 'utf8');
  } catch {
    throw new Error(`${url.pathname}: run the tests with ./dev test (it writes the command line's documents first)`);
  }
};
const SERIES = {
  ds: ['assets/examples/deepscaler_base.jsonl', 'assets/examples/deepscaler_rl.jsonl'],
  pythia: ['assets/examples/pythia_math_n10000.csv'],
};
// The inputs as the command line names them (its paths), held as bytes.
const inputs = (paths) => paths.map((name) => ({ name, data: file(name) }));
const quiet = { onWarning: () => {} };

for (const [series, paths] of Object.entries(SERIES)) {
  test(`${series}: report, compare and plan are the command line's documents`, () => {
    const got = inputs(paths);
    assert.deepStrictEqual(passk.report(got, { k: [1, 10, 100], forecast: false }), JSON.parse(cli(`${series}-report-k`)));
    assert.deepStrictEqual(passk.report(got), JSON.parse(cli(`${series}-report`)));
    assert.deepStrictEqual(passk.compare(got, { k: [1, 100] }), JSON.parse(cli(`${series}-compare-k`)));
    // The page's sentence, the same in every door: the first paragraph of --format md.
    assert.equal(passk.compare(got).sentence, cli(`${series}-compare-md`).split('\n\n')[0]);
    assert.deepStrictEqual(passk.rank(got, { bootstrap: 20 }), JSON.parse(cli(`${series}-rank`)));
    assert.equal(passk.rank(got, { bootstrap: 20 }).sentence, cli(`${series}-rank-md`).split('\n\n')[0]);
    assert.deepStrictEqual(passk.rank(got, { method: 'pagerank,avg', bootstrap: 20 }).agreeing, ['pagerank', 'avg']);
    if (series === 'ds') {
      // The tasks that separate a pair a reader names.
      const separated = passk.rank(got, { method: 'borda,rasch', bootstrap: 5, separate: 'deepscaler_rl,deepscaler_base' });
      assert.deepStrictEqual(separated, JSON.parse(cli('ds-rank-separate')));
      assert.deepStrictEqual([separated.items.pair, separated.items.chosen], [[1, 0], true]);
    }
    assert.deepStrictEqual(passk.plan(got, { next: true, k: 100 }), JSON.parse(cli(`${series}-next`)));
    assert.deepStrictEqual(passk.plan(got, { k: 8, halfWidth: 0.01 }), JSON.parse(cli(`${series}-plan`)));
  });
}

test('every kind of option gives the document the flags give', () => {
  const doc = passk.report(inputs(SERIES.ds.slice(0, 1)), {
    k: new Uint32Array([16, 1, 4, 4]), tau: [0.5, 0.15], gTau: 0.5, confidence: 0.9, prior: [0.5, 0.5],
    linmix: [5, 40], bootstrap: 50, seed: 3n, folds: 4, reach: 0.9, powerRange: [2, 64], rubric: [0, 1],
    threads: null,
  });
  assert.deepStrictEqual(doc, JSON.parse(cli('ds-report-settings')));
  assert.deepStrictEqual(doc.k, [1, 4, 16]);
});

test('every option refusal is the flag\'s reason, named as JavaScript names it', () => {
  const one = inputs(SERIES.ds.slice(0, 1));
  const cases = [
    [() => passk.report(one, { confidence: 1.5 }), /^confidence = 1\.5: must lie strictly between 0 and 1$/],
    [() => passk.report(one, { k: [1, 2.5] }), /^k\[1\] = 2\.5: must be a whole number$/],
    [() => passk.report(one, { k: 0 }), /^k = 0: k must be at least 1$/],
    [() => passk.report(one, { k: [] }), /^k = \[… 0 items\]: give at least one budget$/],
    [() => passk.report(one, { bootstrap: 10_001 }), /^bootstrap = 10001: at most 10,000 resamples$/],
    [() => passk.report(one, { seed: -1 }), /^seed = -1: must not be negative$/],
    [() => passk.report(one, { seed: 2 ** 60 }), /^seed = 1152921504606847000: is above 2\^53 − 1 = 9007199254740991, where a JavaScript number is no longer exact: pass a BigInt$/],
    [() => passk.report(one, { folds: 1 }), /^folds = 1: needs at least 2$/],
    [() => passk.report(one, { prior: [0, 1] }), /^prior = \[… 2 items\]: both must be > 0$/],
    [() => passk.report(one, { tau: [0.5, 'x'] }), /^tau\[1\] = "x": not a number \(a string\)$/],
    [() => passk.report(one, { forecast: 'no' }), /^forecast = "no": takes true or false$/],
    [() => passk.report(one, { errors: 'ignore' }), /^errors = "ignore": one of failures, exclude, apart$/],
    [() => passk.report(one, { format: 'md' }), /^format = "md": one of auto, /],
    [() => passk.report(one, { rubricPrior: [1, 1] }), /^rubricPrior needs rubric$/],
    [() => passk.report(one, { backtest: true, backtestRepeats: 0 }), /^backtestRepeats = 0: needs at least 1$/],
    [() => passk.report(one, { threads: 0 }), /^threads = 0: needs at least 1$/],
    [() => passk.report(one, { halfWidth: 0.01 }), /^report: unknown option 'halfWidth': one of k, reach, /],
    [() => passk.report(one, { half_width: 0.01 }), /^report: unknown option 'half_width': one of k, reach, /],
    [() => passk.compare(one, { pairs: 'some' }), /^pairs = "some": 'some' is not all or first$/],
    [() => passk.plan(one, { k: 8, halfWidth: 1.0 }), /^halfWidth = 1: must lie strictly between 0 and 1/],
    [() => passk.plan(one, { k: 8, halfWidth: '1%' }), /^halfWidth = "1%": not a number \(a string\)$/],
    [() => passk.report(one, 'k=1'), /^options: an object, not a string$/],
    [() => passk.report([], {}), /^report: no input$/],
    [() => passk.report([{ name: 'a', data: '10 3' }, { name: 'a', data: '10 4' }]), /^inputs\[1\]: the name 'a' is given twice$/],
    [() => passk.report([{ name: 'a', data: 7 }]), /^a: a string or a Uint8Array, not a number$/],
    [() => passk.report('', {}), /no valid row|empty|nothing/i],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof passk.PasskError && e.name === 'PasskError' && message.test(e.message) || assert.fail(`${e.message} !~ ${message}`));
  }
});

test('rejected rows are said, never dropped: in the document and to onWarning', () => {
  const said = [];
  const doc = passk.report({ 'a.txt': '10 3\n10 x\n10 5\n' }, { k: 1, onWarning: (l) => said.push(l) });
  assert.deepStrictEqual(said, ["a.txt:2: c: 'x' is not a number"]);
  assert.equal(doc.models[0].tasks, 2);
  assert.deepStrictEqual(doc.models[0].rejected.map((r) => r.line), [2]);
  const r = passk.read('10 3\n10 x\n', { name: 'a.txt' });
  assert.deepStrictEqual(r, {
    file: 'a.txt', format: 'counts', notes: [], series: [{ name: 'a', tasks: [{ n: 10, c: 3 }] }],
    rejected: [{ line: 2, reason: "c: 'x' is not a number", series: null }],
  });
  assert.throws(() => passk.read('', { format: 'nope' }), /^PasskError: unknown format 'nope'$/);
});

test('the closed forms: hand values, shapes, NaN beyond n, refusals naming the index', () => {
  // 1 − C(7, 5)/C(10, 5) = 1 − 21/252; pass^2 = C(3, 2)/C(10, 2) = 3/45.
  assert.equal(passk.passAtK(10, 3, 5), 1 - 21 / 252);
  assert.ok(Math.abs(passk.passHatK(10, 3, 2) - 3 / 45) < 1e-15);
  assert.deepStrictEqual(passk.passAtK([10, 4], [3, 1], 5), [1 - 21 / 252, NaN]);
  assert.deepStrictEqual(passk.passAtK(10, 3, [1, 5]), [0.3, 1 - 21 / 252]);
  const rows = passk.passAtK(new Int32Array([10, 12]), [3, 5], [1, 2]);
  assert.deepStrictEqual(rows.map((r) => r.length), [2, 2]);
  assert.ok(Math.abs(rows[1][1] - (1 - 21 / 66)) < 1e-15);
  assert.deepStrictEqual(passk.passAtK(4, 1, [2, 8], 'naive'), [1 - 0.75 ** 2, 1 - 0.75 ** 8]);
  const bb = passk.passAtK([4, 4, 4], [1, 2, 0], 8, 'bb');
  assert.ok(bb.every((v) => v >= 0 && v <= 1), String(bb));
  assert.equal(passk.passAtK(10n, 3n, 5n), 1 - 21 / 252);
  const refusals = [
    [() => passk.passAtK(10.5, 3, 1), 'n = 10.5: must be a whole number'],
    [() => passk.passAtK([10, 10.5], [3, 3], 1), 'n[1] = 10.5: must be a whole number'],
    [() => passk.passAtK([10, 10], [3, -1], 1), 'c[1] = -1: must not be negative'],
    [() => passk.passAtK([10, 3], [3, 4], 1), 'task 1: c > n: 4 passing out of only 3 samples'],
    [() => passk.passAtK(10, 3, [1, 0]), 'k[1] = 0: must be at least 1'],
    [() => passk.passAtK(10, 3, NaN), 'k = NaN: is not a number'],
    [() => passk.passAtK(10, 3, Infinity), 'k = Infinity: is not finite'],
    [() => passk.passAtK('10', 3, 1), 'n = "10": not a number (a string)'],
    [() => passk.passAtK([10], [3, 3], 1), 'n and c differ in length (1 and 2)'],
    [() => passk.passAtK(10, 3, 1, 'linmix'), "unknown estimator 'linmix': one of unbiased, naive, bb, zoibb"],
  ];
  for (const [call, message] of refusals) {
    assert.throws(call, (e) => e instanceof passk.PasskError && e.message === message || assert.fail(`${e.message} != ${message}`));
  }
});

test('the closed form\'s mean is the report\'s column', () => {
  const data = file(SERIES.ds[0]);
  const tasks = passk.read(data).series[0].tasks;
  const [n, c] = [tasks.map((t) => t.n), tasks.map((t) => t.c)];
  const doc = passk.report(data, { k: [1, 10, 100], forecast: false });
  for (const row of doc.models[0].pass_at_k) {
    const v = passk.passAtK(n, c, row.k);
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    assert.ok(Math.abs(mean - row.combinatorial) <= 1e-14 * row.combinatorial, `${mean} vs ${row.combinatorial}`);
  }
});

// The keys each interface of index.d.ts declares: [name, required, optional].
function declared() {
  const text = readFileSync(new URL('../index.d.ts', import.meta.url), 'utf8');
  const out = {};
  for (const m of text.matchAll(/export interface (\w+)(?: extends ([\w<>, ]+))? \{\n([\s\S]*?)\n\}/g)) {
    const [, name, parents, body] = m;
    const keys = [...body.matchAll(/^ {2}(\w+)(\??):/gm)].map(([, k, q]) => [k, q === '?']);
    out[name] = { parents: parents ? parents.replace(/Partial<(\w+)>/, '$1?').split(', ') : [], keys };
  }
  const keysOf = (name) => {
    const { parents, keys } = out[name];
    const all = new Map(keys);
    for (const p of parents) {
      const optional = p.endsWith('?');
      for (const [k, q] of keysOf(p.replace('?', ''))) all.set(k, q || optional);
    }
    return all;
  };
  return keysOf;
}

test('index.d.ts declares every key of every document kind, and the options each takes', () => {
  const keysOf = declared();
  const check = (name, objects) => {
    const keys = keysOf(name);
    for (const o of objects) {
      for (const k of Object.keys(o)) assert.ok(keys.has(k), `${name} does not declare '${k}'`);
      for (const [k, optional] of keys) assert.ok(optional || k in o, `${name}.${k} is declared required, absent`);
    }
  };
  const reports = ['ds-report', 'ds-report-k', 'ds-report-settings', 'pythia-report'].map((n) => JSON.parse(cli(n)));
  check('ReportDocument', reports);
  const models = reports.flatMap((r) => r.models);
  check('ModelReport', models);
  check('PassAtKRow', models.flatMap((m) => m.pass_at_k));
  check('PassHatKRow', models.flatMap((m) => m.pass_hat_k));
  check('BbFit', models.map((m) => m.bb));
  check('ZoibbFit', models.map((m) => m.zoibb));
  check('KInterval', models.flatMap((m) => m.auc_at_k));
  check('Interval', models.map((m) => m.avg_at_n));
  check('StdErrors', models.flatMap((m) => m.pass_at_k.map((r) => r.se)).filter(Boolean));
  const compares = ['ds-compare-k', 'pythia-compare-k'].map((n) => JSON.parse(cli(n)));
  check('CompareDocument', compares);
  check('PairTest', compares.flatMap((c) => c.comparisons));
  const ranks = ['ds-rank', 'pythia-rank'].map((n) => JSON.parse(cli(n)));
  check('RankDocument', ranks);
  check('MethodAnswer', ranks.flatMap((r) => r.methods));
  check('PlanDocument', ['ds-plan', 'pythia-plan'].flatMap((n) => [JSON.parse(cli(n))].flat()));
  check('NextDocument', ['ds-next', 'pythia-next'].map((n) => JSON.parse(cli(n))));
  check('ReadDocument', [passk.read(file(SERIES.ds[0]))]);
  check('Rejected', passk.read('10 3\n10 x\n').rejected);
  // The options: those each function takes (its refusal lists them) and onWarning.
  for (const [fn, iface] of [['report', 'ReportOptions'], ['compare', 'CompareOptions'], ['rank', 'RankOptions'], ['plan', 'PlanOptions']]) {
    let listed;
    try {
      passk[fn]('10 3', { notAnOption: 1 });
    } catch (e) {
      listed = e.message.split(': one of ')[1].split(', ');
    }
    assert.deepStrictEqual([...keysOf(iface).keys()].sort(), [...listed, 'onWarning'].sort(), iface);
  }
});

test('a whole number beyond 2^53 − 1 is refused on the way out, said', () => {
  assert.throws(() => passk.report('10 3\n', { seed: 2n ** 60n, bootstrap: 10, ...quiet }), /above 2\^53 − 1 cannot be handed to JavaScript exactly/);
});

test('passk/closed: the same closed forms and reader from the smaller wasm, the same PasskError', async () => {
  const closed = await import(target.replace(/index\.js$/, 'closed.js'));
  assert.equal(closed.passAtK(10, 3, 5), passk.passAtK(10, 3, 5));
  assert.deepStrictEqual(closed.passAtK([4, 4, 4], [1, 2, 0], [8, 80], 'zoibb'), passk.passAtK([4, 4, 4], [1, 2, 0], [8, 80], 'zoibb'));
  assert.deepStrictEqual(closed.read(file(SERIES.ds[1])), passk.read(file(SERIES.ds[1])));
  assert.equal(closed.PasskError, passk.PasskError);
  assert.throws(() => closed.passHatK(3, 4, 1), passk.PasskError);
  assert.equal(closed.report, undefined);
});

test('the version is the package\'s and the crates\'', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const cargo = readFileSync(new URL('Cargo.toml', ROOT), 'utf8').match(/\[workspace\.package\]\nversion = "([^"]+)"/)[1];
  assert.equal(passk.version, pkg.version);
  assert.equal(passk.version, cargo);
});

test('a Parquet file is refused with where it can be read (the module has no decoder)', () => {
  const bytes = file('tests/fixtures/harness/verl_gen_scored/gsm8k_gen_scored.parquet');
  assert.match(passk.read(bytes, { name: 'x.parquet' }).rejected[0].reason, /JavaScript module has no Parquet decoder: convert it to CSV or JSON lines/);
  assert.throws(() => passk.report({ 'x.parquet': bytes }, quiet), /^PasskError: x\.parquet was not added: no row could be read — an Apache Parquet file: .*no Parquet decoder/);
});
