//! Tier 2: the app mounted in headless Chromium by wasm-bindgen-test (`./dev test`).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Lets the reactive system run its scheduled effects.
async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn by_testid(root: &HtmlElement, id: &str) -> web_sys::Element {
    root.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid={id}"))
}

async fn set(root: &HtmlElement, id: &str, value: &str) {
    let input: HtmlInputElement = by_testid(root, id).dyn_into().unwrap();
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    tick().await;
}

fn text(root: &HtmlElement, id: &str) -> String {
    by_testid(root, id).text_content().unwrap_or_default()
}

fn mount() -> HtmlElement {
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
    let doc = window.document().unwrap();
    let root: HtmlElement = doc.create_element("div").unwrap().dyn_into().unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), passk::app::App);
    std::mem::forget(handle);
    root
}

#[wasm_bindgen_test]
async fn calculator_computes_and_recovers() {
    let root = mount();
    tick().await;
    assert_eq!(text(&root, "pass-at-k"), "91.67%");

    set(&root, "k", "100").await;
    assert_eq!(text(&root, "pass-at-k"), "undefined");
    assert!(text(&root, "pass-at-k-reason").contains("only 10 samples"));

    set(&root, "k", "5").await;
    set(&root, "c", "11").await;
    assert!(text(&root, "c-error").contains("cannot exceed n"));
    assert_eq!(text(&root, "pass-at-k"), "—");

    set(&root, "c", "-1").await;
    assert!(text(&root, "c-error").contains("negative"));

    set(&root, "c", "3").await;
    assert_eq!(text(&root, "pass-at-k"), "91.67%");
    assert_eq!(text(&root, "c-error"), "");

    set(&root, "n", "1000000000").await;
    set(&root, "c", "1").await;
    set(&root, "k", "1").await;
    assert_eq!(text(&root, "pass-at-k"), "1.000e-7 %");
    assert_eq!(
        by_testid(&root, "pass-at-k")
            .get_attribute("title")
            .as_deref(),
        Some("1e-9")
    );
    assert!(text(&root, "pass-at-k-check").contains("lnΓ"));
    root.remove();
}

#[wasm_bindgen_test]
async fn k_table_lists_budgets_up_to_n() {
    let root = mount();
    tick().await;
    set(&root, "n", "200").await;
    set(&root, "c", "5").await;
    set(&root, "k", "10").await;
    assert_eq!(text(&root, "pass-at-k"), "22.83%");
    let rows = by_testid(&root, "k-table")
        .query_selector_all("tbody tr")
        .unwrap()
        .length();
    assert_eq!(rows, 8); // 1, 2, 5, 10, 20, 50, 100, 200 (= n, listed once)
    root.remove();
}
