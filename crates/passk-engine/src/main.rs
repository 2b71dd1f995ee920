//! The engine worker's entry point (built for wasm32 by Trunk as a Web Worker, unhashed; the
//! page starts it with `new Worker("passk-engine-loader.js")`).

#[cfg(target_arch = "wasm32")]
fn main() {
    passk_engine::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("passk-engine is the page's Web Worker: `./dev build` builds it with the page.");
    std::process::exit(2);
}
