//! `<passk-curves>`'s drawing (wasm32, the full module): the page's charts of the inputs
//! ([`crate::curves`]) played on a canvas by plotters-canvas, as the page plays them (its
//! recorder, its text measure, its palette, light or dark), the read-out at a pixel column,
//! and the "open in passk" link. `curves.js` defines the element around it.

use passk_plot::{Chart, Mapping, Style};
use plotters::prelude::DrawingBackend;
use plotters_canvas::CanvasBackend;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::curves::{Curves, Metric};
use crate::{hand_over, named_inputs, refuse, Answer};

/// The charts of one set of inputs, and where the last one was drawn.
#[wasm_bindgen]
pub struct CurvesChart {
    curves: Curves,
    /// The chart drawn last, and the mapping of its plotting area.
    drawn: Option<(Metric, Mapping)>,
}

/// The values at a pixel column, as the element shows them.
#[derive(Serialize)]
struct Shown {
    /// The column (canvas pixels), snapped to nothing: the pointer's.
    px: f64,
    /// The plotting area's top and bottom (canvas pixels), for the cross-hair.
    top: i32,
    bottom: i32,
    /// The point, e.g. `k = 64`.
    caption: String,
    /// The column names.
    head: Vec<String>,
    /// One row per series.
    rows: Vec<Vec<String>>,
}

#[wasm_bindgen]
impl CurvesChart {
    /// The curves of `inputs` (`[[name, data], …]`; the format detected unless named).
    #[wasm_bindgen(constructor)]
    pub fn new(inputs: JsValue, format: Option<String>) -> Result<CurvesChart, JsValue> {
        let curves = Curves::new(named_inputs(inputs)?, format.as_deref()).map_err(refuse)?;
        Ok(CurvesChart {
            curves,
            drawn: None,
        })
    }

    /// The rejected rows, as `name:line: reason`.
    pub fn rejected(&self) -> Answer {
        hand_over(&self.curves.rejected)
    }

    /// The series' names, in their colours' order.
    pub fn names(&self) -> Answer {
        hand_over(&self.curves.names())
    }

    /// Draws `metric`'s chart on `canvas` (at its pixel size; `scale`: device pixels per CSS
    /// pixel, as the page draws), dark or light.
    pub fn draw(
        &mut self,
        canvas: web_sys::HtmlCanvasElement,
        metric: &str,
        dark: bool,
        scale: f64,
    ) -> Result<(), JsValue> {
        let metric = Metric::from_name(metric).map_err(refuse)?;
        passk_plot::canvas_text::install();
        let chart: Chart = self.curves.chart(metric);
        let style = Style {
            dark,
            scale: scale.clamp(1.0, 4.0),
            // The legend in the chart, as the page's exports draw it (the page shows its own
            // above its charts, where it hides and shows series).
            compact: false,
            zoom: None,
        };
        let mut backend = CanvasBackend::with_canvas_object(canvas)
            .ok_or_else(|| refuse("the canvas gives no 2-D context"))?;
        let (mapping, drawing) = chart.drawing(backend.get_size(), &style);
        let _ = drawing.play(&mut backend);
        self.drawn = mapping.map(|m| (metric, m));
        Ok(())
    }

    /// The values of the chart drawn last at the canvas pixel column `px`: `{ px, top,
    /// bottom, caption, head, rows }`, or `null` outside its plotting area.
    pub fn readout(&self, px: f64) -> Answer {
        let Some((metric, m)) = self.drawn else {
            return Ok(JsValue::NULL);
        };
        let shown = m.x_at(px).and_then(|x| self.curves.readout(metric, x));
        match shown {
            Some(r) => hand_over(&Shown {
                px,
                top: m.y.0,
                bottom: m.y.1,
                caption: r.caption,
                head: r.head,
                rows: r.rows,
            }),
            None => Ok(JsValue::NULL),
        }
    }

    /// The link that opens these series in passk at `page`.
    pub fn link(&self, page: &str) -> Result<String, JsValue> {
        self.curves.link(page).map_err(refuse)
    }
}
