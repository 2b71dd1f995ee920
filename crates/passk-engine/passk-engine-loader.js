// The engine worker's script: loads wasm-bindgen's no-modules glue and the engine, whose
// `main` starts answering the page (crates/passk-engine/src/worker.rs). Trunk copies this file beside the
// page; the page starts it with `new Worker("passk-engine-loader.js")`, or with `?first` for the
// first engine (the fits and curves of a first visit's chart: src/bin/passk-engine-first.rs).
// (Trunk's own data-loader-shim calls the glue with a deprecated argument, which warns in the console.)
// Requests the page posts while the engine loads are kept, in order, for the engine to read
// first (crates/passk-engine/src/worker.rs): the page does not wait for the engine before asking.
self.__passkEarly = [];
self.onmessage = (e) => self.__passkEarly.push(e);
const engine = self.location.search === '?first' ? 'passk-engine-first' : 'passk-engine';
importScripts(`./${engine}.js`);
// Should the engine's wasm not load, the error is thrown where the page sees it (the worker's
// error event), so that the page can say so and start the worker again.
wasm_bindgen({ module_or_path: `./${engine}_bg.wasm` }).catch((e) => {
  setTimeout(() => {
    throw new Error(`the engine's wasm could not load: ${e}`);
  });
});
