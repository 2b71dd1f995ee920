//! A chart on a canvas: sized to its container and to the screen's pixel density, redrawn on
//! resize and when the system switches between light and dark, with a cross-hair (pointer or
//! arrow keys) and the values of every series drawn at that point as a small table, a data
//! table for screen readers, and PNG, SVG and CSV exports.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::DrawingBackend;
use plotters_canvas::CanvasBackend;

use crate::widgets::chart_readout::ChartReadout;
use crate::widgets::chart_size::{css_size, measure_soon};
use crate::widgets::download::{save_data_url, save_text};
use passk_plot::zoom::{self, Zoom};
use passk_plot::{Chart, Mapping, Style};
use passk_view::chart_data::{self, Table};

/// The x range a chart is zoomed to (None: all of it).
type Range = Option<(f64, f64)>;

/// Where a chart's zoom is kept: read and written.
pub type ZoomKept = (Signal<Range>, SignalSetter<Range>);

/// The zoom a key asks for: in (2), out (0.5), or back to everything (0).
fn zoom_key(key: &str) -> Option<f64> {
    match key {
        "+" | "=" => Some(2.0),
        "-" | "_" => Some(0.5),
        "0" => Some(0.0),
        _ => None,
    }
}

/// A canvas drawing `chart`.
#[component]
pub fn ChartCanvas(
    /// The `data-testid` of the canvas.
    testid: &'static str,
    /// What the chart shows, for screen readers (the data table follows it).
    label: &'static str,
    /// File name stem of the exports.
    file: &'static str,
    /// The chart.
    chart: Signal<Chart>,
    /// Whether to draw in dark colours.
    dark: ReadSignal<bool>,
    /// The `data-testid` of the values read at the cross-hair (default: `{testid}-hover`).
    #[prop(optional)]
    hover_id: Option<&'static str>,
    /// The numbers behind the chart: its data table and CSV export.
    #[prop(into)]
    table: Signal<Table>,
    /// Where the x range zoomed to is kept, when the page keeps it (the view, which a link
    /// carries); else the chart keeps it.
    #[prop(optional)]
    zoom: Option<ZoomKept>,
) -> impl IntoView {
    passk_plot::canvas_text::install();
    let wrap = NodeRef::<html::Div>::new();
    let canvas = NodeRef::<html::Canvas>::new();
    // The container's width, once measured (a hidden chart measures 0).
    let width = RwSignal::new(None::<f64>);
    let mapping = RwSignal::new(None::<Mapping>);
    // Only a change is written: the drawing effect reads the width, and writing the same
    // value again would run it again.
    // (At the next frame the chart may be gone: its signals are then disposed.)
    let read = move || Some(wrap.try_get_untracked()??.client_width() as f64);
    let measure = move || {
        if let Some(w) = read() {
            if Some(Some(w)) != width.try_get_untracked() {
                let _ = width.try_set(Some(w));
            }
        }
    };
    // A width read at a frame, given a task or more later: only if none came meanwhile (a
    // resize's is newer).
    let take = move |w: f64| {
        if width.try_get_untracked() == Some(None) {
            let _ = width.try_set(Some(w));
        }
    };
    // The x range zoomed to (charts with `Chart::zoomable`), and a drag in progress (its ends
    // in canvas pixels).
    let own = RwSignal::new(Range::None);
    let (zoom, set_zoom) = zoom.unwrap_or((own.into(), own.into()));
    let drag = RwSignal::new(None::<(f64, f64)>);
    let full = move || chart.with_untracked(Chart::zoomable);
    // The cross-hair: its column in canvas pixels and the data x there.
    let hover_px = RwSignal::new(None::<f64>);
    let hover_x = RwSignal::new(None::<f64>);
    // Where the pointer (or the keyboard) last pointed (no signal: nothing redraws on it),
    // kept while nothing is drawn to read:
    // a still pointer gets its read-out when the drawing comes.
    let pointed = StoredValue::new(None::<f64>);
    let apply = move |z: Zoom| match z {
        Zoom::Keep => {}
        Zoom::Reset => set_zoom.set(None),
        Zoom::To(lo, hi) => set_zoom.set(Some((lo, hi))),
    };
    let resize = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    // A folded panel opened (on a phone): measured again (not at mount: measured then with
    // the other charts).
    let revealed = crate::widgets::fold::revealed();
    Effect::new(move |seen: Option<()>| {
        revealed.track();
        if seen.is_some() {
            measure();
        }
    });
    // The outside world: the canvas.
    Effect::new(move |_| {
        let Some(el) = canvas.get() else { return };
        // Not measured yet: measured with the other charts, then drawn (this runs again).
        let Some(mut now) = width.get() else {
            return measure_soon(move || Some((read()?, Box::new(take))));
        };
        // Hidden when last measured: measured again.
        if now == 0.0 {
            measure();
            now = width.get_untracked().unwrap_or(0.0);
        }
        let (w, h) = css_size(now);
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        el.set_width((w * dpr).round() as u32);
        el.set_height((h * dpr).round() as u32);
        let _ = el.set_attribute("style", &format!("width:{w}px;height:{h}px"));
        let style = Style {
            dark: dark.get(),
            scale: dpr,
            compact: chart.with(Chart::legend_on_page),
            zoom: zoom.get(),
        };
        let drawn = chart.with(|c| {
            let mut backend = CanvasBackend::with_canvas_object(el.clone())?;
            let (m, drawing) = c.drawing(backend.get_size(), &style);
            let _ = drawing.play(&mut backend);
            m
        });
        // Drawn at least once (the first drawing comes a task or two after the chart shows).
        if drawn.is_some() {
            let _ = el.set_attribute("data-drawn", "");
        }
        // The cross-hair stays at its value of x (a zoom moves it, or hides it); pointed
        // at before there was a drawing to read, it reads the value under the pointer.
        let x = hover_x.get_untracked().or_else(|| {
            let px = pointed.get_value()?;
            drawn.and_then(|m| m.x_at(px))
        });
        if let (Some(m), Some(x)) = (drawn, x) {
            let px = m.px_of(x);
            let inside = px >= m.x.0 as f64 && px <= m.x.1 as f64;
            hover_px.set(inside.then_some(px));
            hover_x.set(inside.then_some(x));
        }
        mapping.set(drawn);
    });
    // The cross-hair: the pointer's (or the keyboard's) column, in canvas pixels.
    let hover_at = move |px: Option<f64>| {
        pointed.set_value(px);
        let m = mapping.get_untracked();
        let at = px.and_then(|px| m.and_then(|m| m.x_at(px)).map(|x| (px, x)));
        hover_px.set(at.map(|a| a.0));
        hover_x.set(at.map(|a| a.1));
    };
    let hover_id = hover_id.map_or_else(|| format!("{testid}-hover"), str::to_string);
    // The read-out sits on the side away from the cross-hair.
    let left = Signal::derive(move || {
        let (Some(px), Some(m)) = (hover_px.get(), mapping.get()) else {
            return false;
        };
        px > (m.x.0 + m.x.1) as f64 / 2.0
    });
    let px_of = |e: &web_sys::MouseEvent| {
        e.offset_x() as f64 * window().device_pixel_ratio().clamp(1.0, 4.0)
    };
    // A zoomable chart's zoom mode: a touch drag zooms (else it scrolls the page past it).
    let zoom_mode = RwSignal::new(false);
    let pointer = move |e: web_sys::PointerEvent| {
        let px = px_of(&e);
        if let Some((from, _)) = drag.get_untracked() {
            drag.set(Some((from, px)));
        }
        hover_at(Some(px));
    };
    // Dragging across a zoomable chart zooms to the span (a touch drag in zoom mode); a double
    // click goes back. A touch outside zoom mode reads the values where it lands.
    let press = move |e: web_sys::PointerEvent| {
        let px = px_of(&e);
        let touch = e.pointer_type() != "mouse";
        if e.button() == 0 && full().is_some() && (!touch || zoom_mode.get_untracked()) {
            if let Some(el) = canvas.get_untracked() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            drag.set(Some((px, px)));
        }
        if touch {
            hover_at(Some(px));
        }
    };
    let release = move |_| {
        // Every pointer-up on the page comes here: only one that ends a drag here does anything.
        let Some((from, to)) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        let (Some(m), Some(all)) = (mapping.get_untracked(), full()) else {
            return;
        };
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let inside = |px: f64| m.x_at(px.clamp(m.x.0 as f64, m.x.1 as f64));
        if (to - from).abs() >= 6.0 * dpr {
            if let (Some(a), Some(b)) = (inside(from), inside(to)) {
                apply(zoom::span(a, b, all));
            }
        }
    };
    // Released anywhere: a drag that left the chart ends at its edge.
    let up = window_event_listener(ev::pointerup, release);
    // A drag the browser took over (a scroll) ends without zooming.
    let cancel = window_event_listener(ev::pointercancel, move |_| drag.set(None));
    on_cleanup(move || {
        up.remove();
        cancel.remove();
    });
    let zoom_box = move || {
        let (from, to) = drag.get()?;
        let m = mapping.get()?;
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let (l, r) = (
            from.min(to).max(m.x.0 as f64),
            from.max(to).min(m.x.1 as f64),
        );
        let style = format!(
            "left:{:.1}px;top:{:.1}px;width:{:.1}px;height:{:.1}px",
            l / dpr,
            m.y.0 as f64 / dpr,
            (r - l).max(0.0) / dpr,
            (m.y.1 - m.y.0) as f64 / dpr
        );
        Some(view! { <div class="zoom-box" style=style></div> })
    };
    // ← and → move the cross-hair by a fiftieth of the plot, Home and End to its ends,
    // Escape hides it.
    let keys = move |e: web_sys::KeyboardEvent| {
        let Some(m) = mapping.get_untracked() else {
            return;
        };
        let (l, r) = (m.x.0 as f64, m.x.1 as f64);
        let step = (r - l) / 50.0;
        let now = hover_px.get_untracked().unwrap_or((l + r) / 2.0);
        // + and − zoom in and out about the cross-hair, 0 goes back to the whole range.
        if let (Some(all), Some(factor)) = (full(), zoom_key(&e.key())) {
            e.prevent_default();
            let at = hover_x
                .get_untracked()
                .unwrap_or((m.x_range.0 * m.x_range.1).sqrt());
            let now = zoom.get_untracked().unwrap_or(all);
            return apply(if factor == 0.0 {
                Zoom::Reset
            } else {
                zoom::step(now, all, at, factor)
            });
        }
        let next = match e.key().as_str() {
            "ArrowLeft" => Some((now - step).max(l)),
            "ArrowRight" => Some((now + step).min(r)),
            "Home" => Some(l),
            "End" => Some(r),
            "Escape" => None,
            _ => return,
        };
        e.prevent_default();
        hover_at(next);
    };
    let crosshair = move || {
        let px = hover_px.get()?;
        let m = mapping.get()?;
        let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
        let style = format!(
            "left:{:.1}px;top:{:.1}px;height:{:.1}px",
            px / dpr,
            m.y.0 as f64 / dpr,
            (m.y.1 - m.y.0) as f64 / dpr
        );
        Some(
            view! { <div class="crosshair" data-testid=format!("{testid}-crosshair") style=style></div> },
        )
    };
    let png = move |_| {
        if let Some(el) = canvas.get_untracked() {
            if let Ok(url) = el.to_data_url() {
                let _ = save_data_url(&format!("{file}.png"), &url);
            }
        }
    };
    let svg = move |_| {
        let (w, h) = css_size(width.get_untracked().unwrap_or(0.0));
        let (dark, zoom) = (dark.get_untracked(), zoom.get_untracked());
        if let Some(text) = chart.with_untracked(|c| c.svg(w as u32, h as u32, dark, zoom)) {
            let _ = save_text(&format!("{file}.svg"), "image/svg+xml", &text);
        }
    };
    let csv = move |_| {
        let text = table.with(chart_data::csv);
        let _ = save_text(&format!("{file}.csv"), "text/csv", &text);
    };
    // The data table is built only while it is open: closed, it is hidden from everyone
    // (screen readers too), and the Pythia example's tables held 5,800 of the page's 6,500
    // cells, all built again at every change of the curves.
    let table_open = RwSignal::new(false);
    let data_table = move || {
        if !table_open.get() {
            return None;
        }
        Some(table.with(|t| {
            let mut rows = t.iter();
            let head = rows.next().cloned().unwrap_or_default();
            let body = rows
                .map(|r| {
                    let cells = r.iter().map(|c| view! { <td>{c.clone()}</td> }).collect_view();
                    view! { <tr>{cells}</tr> }
                })
                .collect_view();
            view! {
                <table class="data">
                    <thead><tr>{head.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr></thead>
                    <tbody>{body}</tbody>
                </table>
            }
        }))
    };
    view! {
        <div class="chart" node_ref=wrap>
            <canvas
                node_ref=canvas
                data-testid=testid
                role="img"
                tabindex="0"
                aria-label=move || {
                    let zooms = if full().is_some() { " Drag across it, or press + and −, to zoom; 0 or a double click shows all." } else { "" };
                    format!("{label} Focus it and press ← or → to read the values at a point.{zooms}")
                }
                class:zoom-mode=move || zoom_mode.get()
                on:pointermove=pointer
                on:pointerdown=press
                on:dblclick=move |_| set_zoom.set(None)
                on:pointerleave=move |e: web_sys::PointerEvent| if e.pointer_type() == "mouse" { hover_at(None) }
                on:keydown=keys
                on:blur=move |_| hover_at(None)
            ></canvas>
            {crosshair}
            {zoom_box}
            <ChartReadout chart=chart x=hover_x.into() left=left testid=hover_id />
            <div class="chart-exports">
                <Show when=move || full().is_some()>
                    <button class="copy zoom-toggle" data-testid=format!("{testid}-zoom-mode") aria-pressed=move || zoom_mode.get().to_string()
                        title="When on, a touch drag across the chart zooms to that range (when off, it scrolls the page)"
                        on:click=move |_| zoom_mode.update(|z| *z = !*z)>"zoom by dragging"</button>
                </Show>
                <Show when=move || zoom.get().is_some()>
                    <button class="copy" data-testid=format!("{testid}-unzoom") on:click=move |_| set_zoom.set(None)>"show all"</button>
                </Show>
                <button class="copy" data-testid=format!("{testid}-png") on:click=png>"PNG"</button>
                <button class="copy" data-testid=format!("{testid}-svg") on:click=svg>"SVG"</button>
                <button class="copy" data-testid=format!("{testid}-csv") on:click=csv>"CSV"</button>
            </div>
            <details class="data-table" data-testid=format!("{testid}-data")
                on:toggle=move |ev| table_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
                <summary>"Data table"</summary>
                {data_table}
            </details>
        </div>
    }
}
