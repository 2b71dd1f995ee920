// passk for JavaScript, the closed forms alone: passAtK, passHatK and read, from a wasm
// without the documents' code (`passk` has them all).
import init, * as wasm from './wasm/closed/passk_js.js';
import { closedForms, load, PasskError } from './common.js';

await load(init, './wasm/closed/passk_js_bg.wasm');

export { PasskError };
/** The version of the crates that computed everything here (the package's). */
export const version = wasm.version();
export const { passAtK, passHatK, read } = closedForms(wasm);
