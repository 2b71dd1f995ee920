//! The ready links of the README and docs/inputs.md open what they say: each decodes without
//! a message, and the DeepScaleR link carries exactly the example files' series (so it is
//! never stale).
#![cfg(not(target_arch = "wasm32"))]

use passk_app::share::{carried, decode};
use passk_io::read::{read_text, series_name_for};

fn readme_links() -> Vec<String> {
    let text = [
        include_str!("../../../README.md"),
        include_str!("../../../docs/inputs.md"),
    ]
    .concat();
    text.split(|c: char| c == '<' || c == '>' || c == '(' || c == ')' || c.is_whitespace())
        .filter(|w| w.starts_with("http://127.0.0.1:8080/#"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_ready_link_decodes_cleanly() {
    let links = readme_links();
    assert!(links.len() >= 3, "{links:?}");
    for link in &links {
        let d = decode(link.split_once('#').unwrap().1);
        assert!(
            d.carries() && d.messages.is_empty(),
            "{link}: {:?}",
            d.messages
        );
    }
}

#[test]
fn the_deepscaler_link_carries_the_example_files() {
    let link = readme_links()
        .into_iter()
        .find(|l| l.contains("&d=") || l.contains("#v=1&d="))
        .expect("a dataset link");
    let data = decode(link.split_once('#').unwrap().1).data.unwrap();
    let want: Vec<_> = ["deepscaler_base.jsonl", "deepscaler_rl.jsonl"]
        .iter()
        .map(|name| {
            let text =
                std::fs::read_to_string(passk_fixtures::root().join("assets/examples").join(name))
                    .unwrap();
            carried(&read_text(name, &series_name_for(name), &text, None))
        })
        .collect();
    assert_eq!(data.inputs, want);
    assert_eq!(data.inputs[0].series[0].1.len(), 1060);
}
