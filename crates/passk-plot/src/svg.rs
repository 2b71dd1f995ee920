//! Drawing a chart into an SVG document: the page's SVG export, and what native tests read.

use plotters::coord::Shift;
use plotters::prelude::*;

/// Draws with `draw` on a `width` × `height` SVG and returns the document (None if drawing
/// failed).
pub fn svg_string<T>(
    width: u32,
    height: u32,
    draw: impl FnOnce(
        &DrawingArea<SVGBackend, Shift>,
    ) -> Result<T, DrawingAreaErrorKind<std::io::Error>>,
) -> Option<(String, T)> {
    let mut out = String::new();
    let result = {
        let area = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        let r = draw(&area);
        area.present().ok()?;
        r.ok()?
    };
    Some((out, result))
}

/// A recorded drawing played into a `width` × `height` SVG document (None if that failed).
pub fn played(drawing: &super::record::Drawing, (width, height): (u32, u32)) -> Option<String> {
    let mut out = String::new();
    drawing
        .play(&mut SVGBackend::with_string(&mut out, (width, height)))
        .ok()?;
    Some(out)
}
