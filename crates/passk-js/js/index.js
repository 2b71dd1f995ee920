// passk for JavaScript: Pass@k and the documents of `passk report`, `compare` and `plan`,
// computed by passk's own crates in WebAssembly (the same numbers as the command line and the
// Python package). Runs in Node ≥ 20 and in browsers from these files, no bundler needed.
// Values cross into and out of the wasm by serde-wasm-bindgen (crates/passk-js). The closed
// forms alone, from a smaller wasm: `passk/closed`.
import init, * as wasm from './wasm/full/passk_js.js';
import { call, closedForms, load, PasskError } from './common.js';

await load(init, './wasm/full/passk_js_bg.wasm');

export { PasskError };
/** The version of the crates that computed everything here (the package's). */
export const version = wasm.version();
export const { passAtK, passHatK, read } = closedForms(wasm);

// The inputs as [name, data] pairs: one file's text or bytes (named "data"), an array of
// { name, data }, or an object { name: data }.
function inputsOf(inputs) {
  if (typeof inputs === 'string' || inputs instanceof Uint8Array || inputs instanceof ArrayBuffer) {
    return [['data', inputs]];
  }
  if (Array.isArray(inputs)) {
    return inputs.map((x, i) => {
      if (x === null || typeof x !== 'object' || typeof x.name !== 'string') {
        throw new PasskError(`inputs[${i}]: { name, data }`);
      }
      return [x.name, x.data];
    });
  }
  if (inputs !== null && typeof inputs === 'object') return Object.entries(inputs);
  throw new PasskError('inputs: text, bytes, an array of { name, data } or an object { name: data }');
}

// The options as the wasm takes them: typed arrays as arrays; `onWarning` kept apart.
function optionsOf(options) {
  if (options != null && (typeof options !== 'object' || Array.isArray(options))) {
    throw new PasskError(`options: an object, not a${Array.isArray(options) ? 'n array' : ` ${typeof options}`}`);
  }
  const { onWarning, ...rest } = options ?? {};
  for (const [key, v] of Object.entries(rest)) {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) rest[key] = Array.from(v);
  }
  if (onWarning !== undefined && typeof onWarning !== 'function') {
    throw new PasskError('onWarning: a function');
  }
  return [rest, onWarning ?? ((line) => console.warn(`passk: ${line}`))];
}

function documentOf(command, inputs, options) {
  return call(() => {
    const [rest, warn] = optionsOf(options);
    const { document, said } = wasm.document(command, inputsOf(inputs), rest);
    said.forEach(warn);
    return document;
  });
}

/** The `passk report` document (passk-report/2) of the inputs, options named as the command
 * line's flags camelCased (`k`, `byGroup`, `forecast: false`, `seed`, …). */
export function report(inputs, options) {
  return documentOf('report', inputs, options);
}

/** The `passk rank` document: every ranking method's order, their agreement, the verdict. */
export function rank(inputs, options) {
  return documentOf('rank', inputs, options);
}

/** The `passk compare` document: every pair's paired test at each k, crossovers, ranks. */
export function compare(inputs, options) {
  return documentOf('compare', inputs, options);
}

/** The `passk plan` document: the samples needed for a half-width at k (`next: true`: which
 * tasks to sample next). */
export function plan(inputs, options) {
  return documentOf('plan', inputs, options);
}
