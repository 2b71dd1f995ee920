//! The `passk` command line (native only).

fn main() {
    eprintln!("usage: passk report [FILE ...|-]");
    std::process::exit(2);
}
