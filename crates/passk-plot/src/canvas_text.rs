//! The charts' text measured on a canvas of its own, which lays nothing out: plotters'
//! default measures a `<span>` added to the page, which forces a layout of the whole page
//! (up to 51 ms of one task with the Pythia example on a slow machine). Feature `canvas`: the
//! page's and the JavaScript module's.

use std::cell::OnceCell;

use crate::record::measure_text_with;
use plotters::style::FontStyle;
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d;

thread_local! {
    static CONTEXT: OnceCell<Option<CanvasRenderingContext2d>> = const { OnceCell::new() };
}

/// A detached canvas's 2-D context (None when the browser gives none).
fn context() -> Option<CanvasRenderingContext2d> {
    CONTEXT.with(|c| {
        c.get_or_init(|| {
            let document = web_sys::window()?.document()?;
            let canvas = document.create_element("canvas").ok()?;
            canvas
                .unchecked_into::<web_sys::HtmlCanvasElement>()
                .get_context("2d")
                .ok()??
                .dyn_into()
                .ok()
        })
        .clone()
    })
}

/// The line height of the page's text (`body` in style/main.css: `font: 16px/1.5 …`), which
/// the `<span>` plotters measured inherited: its height was 1.5 times the font's size (the
/// JavaScript module's `<passk-curves>` lays its charts out as the page does).
const LINE_HEIGHT: f64 = 1.5;

/// The size `text` takes in the font, as plotters' `<span>` measured it: its advance width
/// and the page's line height, each rounded to a pixel as the layout rounds them. None (then
/// plotters' default) without a canvas.
fn measure(text: &str, family: &str, style: FontStyle, size: f64) -> Option<(u32, u32)> {
    let ctx = context()?;
    ctx.set_font(&format!("{} {size}px {family}", style.as_str()));
    let width = ctx.measure_text(text).ok()?.width();
    let height = LINE_HEIGHT * size;
    (width.is_finite() && height.is_finite()).then(|| {
        (
            width.round().max(0.0) as u32,
            height.round().max(0.0) as u32,
        )
    })
}

/// The charts measure text with `measure` (a detached canvas) from now on (once is enough;
/// later calls do nothing).
pub fn install() {
    thread_local! {
        static DONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if !DONE.replace(true) {
        measure_text_with(measure);
    }
}
