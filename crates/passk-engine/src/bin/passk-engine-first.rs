//! The first engine's entry point (built for wasm32 by Trunk as a Web Worker, unhashed): the
//! fits and curves of a first visit's chart, and nothing else, so that its wasm is a part of
//! the whole engine's. The page starts it first (`index.html`,
//! `new Worker("passk-engine-loader.js?first")`) and the whole engine once that chart has
//! its curves (`passk_workers::client`).

#[cfg(target_arch = "wasm32")]
fn main() {
    passk_engine::worker::start_first();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "passk-engine-first is the page's first Web Worker: `./dev build` builds it with the page."
    );
    std::process::exit(2);
}
