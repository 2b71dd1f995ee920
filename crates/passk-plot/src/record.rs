//! A drawing recorded once and played onto any backend. The page draws every chart through
//! [`Recorder`] and plays the drawing onto its canvas or into an SVG document, so the charts'
//! code is compiled once, not once per backend (a third of the charts' share of the page's
//! wasm). Text is measured once for both of those backends (plotters' default, from the
//! text style, or the page's own measure: [`measure_text_with`]), so the layout is the same
//! whichever plays the drawing.

use std::cell::RefCell;
use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea};
use plotters_backend::text_anchor::Pos;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontFamily, FontStyle, FontTransform,
};

/// A stroke or fill: colour and width.
#[derive(Clone, Copy)]
struct Stroke {
    color: BackendColor,
    width: u32,
}

impl Stroke {
    fn of(s: &impl BackendStyle) -> Stroke {
        Stroke {
            color: s.color(),
            width: s.stroke_width(),
        }
    }
}

impl BackendStyle for Stroke {
    fn color(&self) -> BackendColor {
        self.color
    }

    fn stroke_width(&self) -> u32 {
        self.width
    }
}

/// A text's style, as the backends that play it read it.
#[derive(Clone)]
struct Text {
    color: BackendColor,
    size: f64,
    transform: FontTransform,
    style: FontStyle,
    anchor: Pos,
    family: String,
}

/// A played text is never laid out again: the backends place it by its anchor.
#[derive(Debug)]
pub struct NotLaidOut;

impl std::fmt::Display for NotLaidOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a recorded text is placed by its anchor, not laid out again")
    }
}

impl std::error::Error for NotLaidOut {}

impl BackendTextStyle for Text {
    type FontError = NotLaidOut;

    fn color(&self) -> BackendColor {
        self.color
    }

    fn size(&self) -> f64 {
        self.size
    }

    fn transform(&self) -> FontTransform {
        self.transform.clone()
    }

    fn style(&self) -> FontStyle {
        self.style
    }

    fn anchor(&self) -> Pos {
        self.anchor
    }

    fn family(&self) -> FontFamily<'_> {
        FontFamily::Name(&self.family)
    }

    fn layout_box(&self, _: &str) -> Result<((i32, i32), (i32, i32)), NotLaidOut> {
        Err(NotLaidOut)
    }

    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        _: &str,
        _: BackendCoord,
        _: F,
    ) -> Result<Result<(), E>, NotLaidOut> {
        Err(NotLaidOut)
    }
}

/// One drawing operation.
enum Op {
    Pixel(BackendCoord, BackendColor),
    Line(BackendCoord, BackendCoord, Stroke),
    Rect(BackendCoord, BackendCoord, Stroke, bool),
    Path(Vec<BackendCoord>, Stroke),
    Circle(BackendCoord, u32, Stroke, bool),
    Polygon(Vec<BackendCoord>, Stroke),
    Text(String, Text, BackendCoord),
    Bitmap(BackendCoord, (u32, u32), Vec<u8>),
}

/// What was drawn, in order.
#[derive(Default)]
pub struct Drawing(Vec<Op>);

/// A backend that keeps what is drawn on it ([`record`]).
pub struct Recorder {
    size: (u32, u32),
    ops: Rc<RefCell<Vec<Op>>>,
}

impl Recorder {
    fn push(&self, op: Op) -> Result<(), DrawingErrorKind<std::convert::Infallible>> {
        self.ops.borrow_mut().push(op);
        Ok(())
    }
}

/// Text sizes already measured, by (text, font family, font style, size): the charts measure
/// the same tick labels and series names at every drawing.
type Measured = std::collections::HashMap<(String, String, u8, u64), (u32, u32)>;

/// Most sizes kept; the store starts again beyond.
const MEASURED_MAX: usize = 4096;

/// A measure of text by (text, font family, font style, size in px): its width and height in
/// px, or None to fall back to plotters' default ([`measure_text_with`]).
pub type MeasureText = fn(&str, &str, FontStyle, f64) -> Option<(u32, u32)>;

thread_local! {
    static MEASURED: RefCell<Measured> = RefCell::new(Measured::new());
    static MEASURE: std::cell::Cell<Option<MeasureText>> = const { std::cell::Cell::new(None) };
}

/// Measures text with `measure` from now on, where plotters' default would lay out the whole
/// page: on the page, plotters measures a `<span>` added to the document, which forces a
/// layout of every element (tens of milliseconds for a large page); the page measures with
/// a canvas instead. Sizes measured before are forgotten.
pub fn measure_text_with(measure: MeasureText) {
    MEASURE.set(Some(measure));
    MEASURED.with_borrow_mut(|m| m.clear());
}

impl DrawingBackend for Recorder {
    type ErrorType = std::convert::Infallible;

    /// As plotters' default (the style's layout box), remembered.
    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        let key = (
            text.to_string(),
            style.family().as_str().to_string(),
            style.style() as u8,
            style.size().to_bits(),
        );
        if let Some(size) = MEASURED.with_borrow(|m| m.get(&key).copied()) {
            return Ok(size);
        }
        let hook = MEASURE.get().and_then(|measure| {
            measure(text, style.family().as_str(), style.style(), style.size())
        });
        let size = match hook {
            Some(size) => size,
            None => {
                let ((x0, y0), (x1, y1)) = style
                    .layout_box(text)
                    .map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
                ((x1 - x0) as u32, (y1 - y0) as u32)
            }
        };
        MEASURED.with_borrow_mut(|m| {
            if m.len() >= MEASURED_MAX {
                m.clear();
            }
            m.insert(key, size);
        });
        Ok(size)
    }

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        at: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Pixel(at, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Line(from, to, Stroke::of(style)))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Rect(upper_left, bottom_right, Stroke::of(style), fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Path(path.into_iter().collect(), Stroke::of(style)))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Circle(center, radius, Stroke::of(style), fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Polygon(vert.into_iter().collect(), Stroke::of(style)))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        at: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let recorded = Text {
            color: style.color(),
            size: style.size(),
            transform: style.transform(),
            style: style.style(),
            anchor: style.anchor(),
            family: style.family().as_str().to_string(),
        };
        self.push(Op::Text(text.to_string(), recorded, at))
    }

    fn blit_bitmap(
        &mut self,
        at: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.push(Op::Bitmap(at, size, src.to_vec()))
    }
}

/// Draws with `draw` on a recorder of `size` pixels; returns its result and the drawing
/// (what was drawn before any error, too).
pub fn record<T>(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<Recorder, Shift>) -> T,
) -> (T, Drawing) {
    let ops = Rc::new(RefCell::new(Vec::new()));
    let area = Recorder {
        size,
        ops: Rc::clone(&ops),
    }
    .into_drawing_area();
    let result = draw(&area);
    drop(area);
    let drawing = Drawing(ops.take());
    (result, drawing)
}

impl Drawing {
    /// Plays the drawing onto `target`, in order, then presents it.
    ///
    /// # Errors
    /// The first error of `target`.
    pub fn play<DB: DrawingBackend>(
        &self,
        target: &mut DB,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        target.ensure_prepared()?;
        for op in &self.0 {
            match op {
                Op::Pixel(at, color) => target.draw_pixel(*at, *color)?,
                Op::Line(from, to, s) => target.draw_line(*from, *to, s)?,
                Op::Rect(a, b, s, fill) => target.draw_rect(*a, *b, s, *fill)?,
                Op::Path(points, s) => target.draw_path(points.iter().copied(), s)?,
                Op::Circle(at, r, s, fill) => target.draw_circle(*at, *r, s, *fill)?,
                Op::Polygon(points, s) => target.fill_polygon(points.iter().copied(), s)?,
                Op::Text(text, style, at) => target.draw_text(text, style, *at)?,
                Op::Bitmap(at, size, src) => target.blit_bitmap(*at, *size, src)?,
            }
        }
        target.present()
    }
}
