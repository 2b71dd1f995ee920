// End to end (issue 70): the JavaScript module in a browser, from the very files of its package
// (crates/passk-js/js, built by ./dev js or ./dev test), served under a sub-path by a plain
// static server: it loads its wasm beside itself, and its documents are `passk report`'s and
// `compare`'s; its closed forms and refusals are those Node sees.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { assertClean, EXAMPLES, passkJson, ROOT, start } from './harness.mjs';

const DIR = `${ROOT}crates/passk-js/js/`;
const BASE = '/lab/tools/passk-js/';

test('the module in Chromium under a sub-path: report and compare are the command line\'s, refusals thrown', async () => {
  assert.ok(existsSync(`${DIR}wasm/full/passk_js_bg.wasm`), `${DIR}wasm: build the module first (./dev js)`);
  const h = await start({ dir: DIR, base: BASE });
  try {
    await h.page.goto(h.url + 'test/browser.html');
    const files = Object.fromEntries(EXAMPLES.map((f) => [f.split('/').pop(), readFileSync(f, 'utf8')]));
    const got = await h.page.evaluate(async ({ base, files }) => {
      const passk = await import(base + 'index.js');
      const closed = await import(base + 'closed.js');
      let refusal;
      try {
        passk.passAtK([10, 10.5], [3, 3], 1);
      } catch (e) {
        refusal = [e instanceof passk.PasskError, e.message];
      }
      return {
        report: passk.report(files, { k: [1, 10, 100], forecast: false }),
        compare: passk.compare(files, { k: [1, 100] }),
        one: passk.passAtK(10, 3, 5),
        closed: closed.passAtK([10, 4], [3, 1], 5),
        refusal,
      };
    }, { base: h.url, files });
    // (The command line names the files by their paths, the module by the names given: the
    // series are named by the files' stems in both.)
    assert.deepStrictEqual(got.report, passkJson('report', ...EXAMPLES, '--k', '1,10,100', '--no-forecast'));
    assert.deepStrictEqual(got.compare, passkJson('compare', ...EXAMPLES, '--k', '1,100'));
    assert.equal(got.one, 1 - 21 / 252);
    assert.equal(got.closed[0], 1 - 21 / 252);
    assert.ok(Number.isNaN(got.closed[1]), `${got.closed}`);
    assert.deepStrictEqual(got.refusal, [true, 'n[1] = 10.5: must be a whole number']);
    // Everything came from below the sub-path, nothing from elsewhere.
    assert.deepStrictEqual(h.foreignRequests(), []);
    for (const r of h.requests) assert.ok(new URL(r).pathname.startsWith(BASE), r);
    assert.ok(h.requests.some((r) => r.endsWith('wasm/full/passk_js_bg.wasm')), `${h.requests}`);
    assertClean(h);
  } finally {
    await h.close();
  }
});
