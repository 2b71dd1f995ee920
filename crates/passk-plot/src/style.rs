//! Colours and sizes of a chart.

use plotters::prelude::{
    Color, CoordTranslate, DashedLineSeries, DrawingAreaErrorKind, DrawingBackend, IntoFont,
    ShapeStyle, TextStyle,
};
use plotters::style::RGBColor;

/// Colours and sizes of a chart: light or dark, and the device pixel ratio every length is
/// multiplied by (so a canvas sized for a high-DPI screen stays crisp).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Dark background.
    pub dark: bool,
    /// Pixels per CSS pixel.
    pub scale: f64,
    /// No legend inside the chart: the page draws its own, clickable, above it (exports keep
    /// the chart's).
    pub compact: bool,
    /// The x range the user zoomed to (charts that support it: `Chart::zoomable`).
    pub zoom: Option<(f64, f64)>,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            dark: false,
            scale: 1.0,
            compact: false,
            zoom: None,
        }
    }
}

/// The series' colours as 0xRRGGBB, on a light background and on a dark one: the Okabe–Ito
/// palette (colour-blind safe) first, then Paul Tol's purple, ochre, wine, teal and a grey.
/// Slot `i` keeps its colour wherever the series is drawn; from slot 12 on the colours repeat
/// and the line is dashed ([`Style::series_dash`]). `tests/palette.rs` checks that every
/// pair differs (CIELAB ΔE ≥ 18) in both themes, that the first six stay apart under
/// deuteranopia and protanopia, and each colour's contrast with its background.
pub const PALETTE: [(u32, u32); 12] = [
    (0x0072B2, 0x56B4E9),
    (0xE69F00, 0xE69F00),
    (0x009E73, 0x00C08B),
    (0xCC79A7, 0xE08EBF),
    (0xD55E00, 0xFF7A2F),
    (0x56B4E9, 0x2F6FD6),
    (0x000000, 0xF0F0F0),
    (0x6A3D9A, 0xB39DFF),
    (0x997700, 0xF0E442),
    (0x882255, 0xC2185B),
    (0x44AA99, 0x7FE0CF),
    (0x888888, 0x8A8F98),
];

/// The light and dark backgrounds the palette is checked against.
pub const BACKGROUNDS: (u32, u32) = (0xffffff, 0x1e2126);

impl Style {
    /// The x range to draw: `full`, or the zoom within it (a zoom outside it, or empty, is
    /// ignored).
    pub fn zoomed(&self, full: (f64, f64)) -> (f64, f64) {
        match self.zoom {
            Some((lo, hi)) if lo.max(full.0) < hi.min(full.1) => (lo.max(full.0), hi.min(full.1)),
            _ => full,
        }
    }

    /// `light` (0xRRGGBB) on a light background, `dark` on a dark one.
    fn pick(&self, light: u32, dark: u32) -> RGBColor {
        let [_, r, g, b] = if self.dark { dark } else { light }.to_be_bytes();
        RGBColor(r, g, b)
    }

    /// The background.
    pub fn bg(&self) -> RGBColor {
        self.pick(BACKGROUNDS.0, BACKGROUNDS.1)
    }

    /// Text and axes.
    pub fn ink(&self) -> RGBColor {
        self.pick(0x1d1f21, 0xe8eaed)
    }

    /// Secondary text and reference lines.
    pub fn muted(&self) -> RGBColor {
        self.pick(0x5f6368, 0xa0a4aa)
    }

    /// Grid lines.
    pub fn grid(&self) -> RGBColor {
        self.pick(0xe6e6e1, 0x33373d)
    }

    /// The colour of colour slot `i` (see [`PALETTE`]).
    pub fn series(&self, i: usize) -> RGBColor {
        let (light, dark) = PALETTE[i % PALETTE.len()];
        self.pick(light, dark)
    }

    /// The colour of slot `i` as CSS (`#0072b2`).
    pub fn series_css(&self, i: usize) -> String {
        let c = self.series(i);
        format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
    }

    /// The dash (dash, gap in CSS pixels) of slot `i`'s main line: none for the first twelve,
    /// whose colours differ; longer dashes for each further round of the palette.
    pub fn series_dash(&self, i: usize) -> Option<(f64, f64)> {
        match i / PALETTE.len() {
            0 => None,
            round => Some((4.0 + 4.0 * round as f64, 3.0)),
        }
    }

    /// A series' line through `pts` in `st`: solid, or dashed for slots beyond the palette.
    ///
    /// # Errors
    /// The backend's drawing errors.
    pub fn series_line<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
        &self,
        c: &mut plotters::chart::ChartContext<'_, DB, CT>,
        slot: usize,
        pts: Vec<(f64, f64)>,
        st: ShapeStyle,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        match self.series_dash(slot) {
            None => c.draw_series(plotters::series::LineSeries::new(pts, st))?,
            Some((dash, gap)) => c.draw_series(self.dashed(pts, dash, gap, st))?,
        };
        Ok(())
    }

    /// A length in pixels.
    pub fn px(&self, css: f64) -> u32 {
        (css * self.scale).round().max(1.0) as u32
    }

    /// A font size in pixels.
    pub fn font(&self, css: f64) -> f64 {
        css * self.scale
    }

    /// Sans-serif text of `css` pixels in the ink colour.
    pub fn text(&self, css: f64) -> TextStyle<'static> {
        ("sans-serif", self.font(css))
            .into_font()
            .color(&self.ink())
    }

    /// A line in `color`, `css` pixels wide.
    pub fn stroke<C: Color>(&self, color: C, css: f64) -> ShapeStyle {
        color.stroke_width(self.px(css))
    }

    /// A dashed line through `pts` in `st`: dashes of `dash` and gaps of `gap` CSS pixels.
    pub fn dashed<I>(
        &self,
        pts: I,
        dash: f64,
        gap: f64,
        st: ShapeStyle,
    ) -> DashedLineSeries<I::IntoIter, u32>
    where
        I: IntoIterator,
        I::IntoIter: Clone,
    {
        DashedLineSeries::new(pts, self.px(dash), self.px(gap), st)
    }
}

/// The colour slot of the `i`-th series drawn: `slots[i]` (the page keeps each series' slot
/// across edits), or `i` where `slots` says nothing.
pub fn slot(slots: &[usize], i: usize) -> usize {
    slots.get(i).copied().unwrap_or(i)
}
