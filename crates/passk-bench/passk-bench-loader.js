// The bench worker's script: loads wasm-bindgen's no-modules glue and the bench worker, whose
// `main` answers bench/run.mjs (crates/passk-bench/src/main.rs). `./dev bench` copies it into
// dist/bench/ beside the worker's wasm; the page never starts it.
importScripts('./passk-bench-worker.js');
wasm_bindgen({ module_or_path: './passk-bench-worker_bg.wasm' }).catch((e) => {
  setTimeout(() => {
    throw new Error(`the bench worker's wasm could not load: ${e}`);
  });
});
