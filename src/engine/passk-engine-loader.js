// The engine worker's script: loads wasm-bindgen's no-modules glue and the engine, whose
// `main` starts answering the page (src/engine/worker.rs). Trunk copies this file beside the
// page; the page starts it with `new Worker("passk-engine-loader.js")`. (Trunk's own
// data-loader-shim calls the glue with a deprecated argument, which warns in the console.)
importScripts('./passk-engine.js');
wasm_bindgen({ module_or_path: './passk-engine_bg.wasm' });
