//! Links the page wasm with relocations kept when it is built to be split (the `split`
//! feature): `tools/split.mjs` reads them to move code between its two parts.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo::rustc-link-arg-bin=passk-web=--emit-relocs");
    }
}
