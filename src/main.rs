//! Entry point of the web app: mount only.

#[cfg(target_arch = "wasm32")]
fn main() {
    passk_web::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("passk-web is the browser app: build it with `./dev build` or `./dev serve`.");
    eprintln!("The native command line is `cargo run --release -p passk-cli -- report FILE`.");
    std::process::exit(2);
}
