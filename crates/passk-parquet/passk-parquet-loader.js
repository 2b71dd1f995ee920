// The Parquet worker's script: loads wasm-bindgen's no-modules glue and the reader, whose
// `main` answers the page (crates/passk-parquet/src/main.rs). Trunk copies this file beside
// the page; the page starts it with `new Worker("passk-parquet-loader.js")` only when a
// Parquet file is loaded (src/inputs/parquet_reader.rs), so its wasm is not part of a first visit.
// A message posted while the wasm loads is kept for the reader to answer first.
self.__passkEarly = [];
self.onmessage = (e) => self.__passkEarly.push(e);
importScripts('./passk-parquet.js');
wasm_bindgen({ module_or_path: './passk-parquet_bg.wasm' }).catch((e) => {
  setTimeout(() => {
    throw new Error(`the Parquet reader's wasm could not load: ${e}`);
  });
});
