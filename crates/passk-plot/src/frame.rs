//! The skeleton every chart shares: the frame (margins, label areas, axes and their mesh), the
//! legend box and its keys, the band and reference-line marks, and the mapping the page reads
//! back. A chart's `draw_*` states only its own series and marks.

use plotters::chart::SeriesAnno;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{k_label, Mapping, Style};

/// What drawing on a backend `DB` returns.
pub type Drawn<T, DB> = Result<T, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A chart with f64 coordinates on both axes, linear or log.
pub type Plot<'a, DB, X, Y> = ChartContext<'a, DB, Cartesian2d<X, Y>>;

/// A tick label formatter.
pub type Ticks<'f> = &'f dyn Fn(&f64) -> String;

/// A chart's frame: margin and label areas (CSS pixels), the axes' descriptions, tick labels
/// and text size. [`Frame::build`] lays it out on an area and draws its mesh.
pub struct Frame<'f> {
    /// Margin, height of the x label area, width of the y label area.
    sizes: (f64, f64, f64),
    /// Size of the tick labels; the axis descriptions are one pixel larger.
    text: f64,
    x_desc: String,
    y_desc: String,
    x_fmt: Option<Ticks<'f>>,
    y_fmt: Option<Ticks<'f>>,
    x_labels: Option<usize>,
    y_labels: Option<usize>,
}

impl<'f> Frame<'f> {
    /// A small chart's frame: margin 14, label areas 42 (x) and 56 (y), 12-pixel tick labels,
    /// plotters' own tick counts and labels.
    pub fn new(x_desc: impl Into<String>, y_desc: impl Into<String>) -> Self {
        Frame {
            sizes: (14.0, 42.0, 56.0),
            text: 12.0,
            x_desc: x_desc.into(),
            y_desc: y_desc.into(),
            x_fmt: None,
            y_fmt: None,
            x_labels: None,
            y_labels: None,
        }
    }

    /// A main chart's frame (Pass@k, Cover@τ): margin 12, label areas 44 and 52, 14-pixel tick
    /// labels, six y ticks as percentages.
    pub fn main(x_desc: impl Into<String>, y_desc: impl Into<String>) -> Self {
        Frame {
            sizes: (12.0, 44.0, 52.0),
            text: 14.0,
            y_fmt: Some(&percent),
            y_labels: Some(6),
            ..Frame::new(x_desc, y_desc)
        }
    }

    /// The margin and the label areas' sizes, in CSS pixels.
    pub fn sizes(self, margin: f64, x_area: f64, y_area: f64) -> Self {
        Frame {
            sizes: (margin, x_area, y_area),
            ..self
        }
    }

    /// The x tick labels.
    pub fn x_fmt(self, fmt: Ticks<'f>) -> Self {
        Frame {
            x_fmt: Some(fmt),
            ..self
        }
    }

    /// The y tick labels.
    pub fn y_fmt(self, fmt: Ticks<'f>) -> Self {
        Frame {
            y_fmt: Some(fmt),
            ..self
        }
    }

    /// How many ticks on each axis (None: plotters' default).
    pub fn ticks(self, x: Option<usize>, y: Option<usize>) -> Self {
        Frame {
            x_labels: x.or(self.x_labels),
            y_labels: y.or(self.y_labels),
            ..self
        }
    }

    /// Lays the frame out on `area` with axes `x` and `y` (ranges, or log ranges) and draws
    /// the mesh: muted axes, grid lines at the ticks, text in the ink colour.
    ///
    /// # Errors
    /// The backend's drawing errors.
    pub fn build<'a, DB, X, Y>(
        self,
        area: &'a DrawingArea<DB, Shift>,
        style: &Style,
        x: X,
        y: Y,
    ) -> Drawn<Plot<'a, DB, X::CoordDescType, Y::CoordDescType>, DB>
    where
        DB: DrawingBackend,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        let (margin, x_area, y_area) = self.sizes;
        // The right margin leaves room for half of the last x tick label ("100k").
        let mut c = ChartBuilder::on(area)
            .margin(style.px(margin))
            .margin_right(style.px(margin + 2.0 * self.text))
            .x_label_area_size(style.px(x_area))
            .y_label_area_size(style.px(y_area))
            .build_cartesian_2d(x, y)?;
        let mut mesh = c.configure_mesh();
        mesh.x_desc(self.x_desc)
            .y_desc(self.y_desc)
            .label_style(style.text(self.text))
            .axis_desc_style(style.text(self.text + 1.0))
            .axis_style(style.muted())
            .bold_line_style(style.grid())
            .light_line_style(style.bg());
        if let Some(f) = self.x_fmt {
            mesh.x_label_formatter(f);
        }
        if let Some(f) = self.y_fmt {
            mesh.y_label_formatter(f);
        }
        if let Some(n) = self.x_labels {
            mesh.x_labels(n);
        }
        if let Some(n) = self.y_labels {
            mesh.y_labels(n);
        }
        mesh.draw()?;
        Ok(c)
    }
}

/// A share as a tick label: 0.25 → "25%".
pub fn percent(p: &f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// A share on a log axis as a tick label: 0.001 → "0.001", 0.5 → "0.5", 1 → "1".
pub fn share_tick(t: f64) -> String {
    let s = format!("{t:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Tick positions on a log axis from `lo` to `hi`: 1, 2 and 5 × 10^j, or every 1…9 × 10^j
/// when that gives fewer than four ticks (a range of less than a decade), only the powers of
/// ten over many decades; none for a range that is not positive and finite.
pub fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo && hi.is_finite()) {
        return Vec::new();
    }
    let pick = |mantissas: &[f64]| mantissa_ticks(lo, hi, mantissas);
    let ticks = pick(&[1.0, 2.0, 5.0]);
    match ticks.len() {
        0..=3 => pick(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]),
        4..=12 => ticks,
        _ => pick(&[1.0]),
    }
}

/// Every m × 10^j in [lo, hi] for the mantissas m given.
fn mantissa_ticks(lo: f64, hi: f64, mantissas: &[f64]) -> Vec<f64> {
    let mut out = Vec::new();
    let mut e = lo.log10().floor() as i32;
    while 10f64.powi(e) <= hi {
        let p = 10f64.powi(e);
        out.extend(
            mantissas
                .iter()
                .map(|m| m * p)
                .filter(|v| (lo..=hi).contains(v)),
        );
        e += 1;
    }
    out
}

/// The CSS pixels a tick label of a log axis needs with the gap beside it ("200", "10k").
pub const TICK_LABEL_CSS: f64 = 40.0;

/// [`log_ticks`] for an axis `width` pixels long (at `style`'s scale), thinned until
/// neighbouring ticks are [`TICK_LABEL_CSS`] apart, so that their labels never run together
/// ("8k9k10k" on a zoomed phone chart): the 1–9 mantissas give way to 1, 2 and 5, those to 1
/// and 2, those to the powers of ten, those to every other power.
pub fn log_ticks_for(lo: f64, hi: f64, width: u32, style: &Style) -> Vec<f64> {
    let base = log_ticks(lo, hi);
    if base.len() < 2 || width == 0 {
        return base;
    }
    let per_decade = width as f64 / (hi / lo).log10();
    let label = style.px(TICK_LABEL_CSS) as f64;
    let fits = |t: &[f64]| {
        t.windows(2)
            .all(|w| (w[1] / w[0]).log10() * per_decade >= label)
    };
    if fits(&base) {
        return base;
    }
    for m in [&[1.0, 2.0, 5.0][..], &[1.0, 2.0], &[1.0]] {
        let t = mantissa_ticks(lo, hi, m);
        if t.len() >= 2 && fits(&t) {
            return t;
        }
    }
    let powers = mantissa_ticks(lo, hi, &[1.0]);
    (2..)
        .map(|stride| powers.iter().copied().step_by(stride).collect::<Vec<_>>())
        .find(|t| t.len() <= 2 || fits(t))
        .unwrap_or_default()
}

/// A budget as a tick label: see [`k_label`].
pub fn k_tick(k: &f64) -> String {
    k_label(*k)
}

/// Draws the legend box at `at`, its labels `size` pixels high; nothing on a compact chart (the
/// page lists the series beside it).
///
/// # Errors
/// The backend's drawing errors.
pub fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    c: &mut ChartContext<'a, DB, CT>,
    style: &Style,
    at: SeriesLabelPosition,
    size: f64,
) -> Drawn<(), DB> {
    if style.compact {
        return Ok(());
    }
    c.configure_series_labels()
        .position(at)
        .background_style(style.bg().mix(0.88))
        .border_style(style.grid())
        .label_font(style.text(size))
        .draw()
}

/// A legend entry that draws nothing on the chart: set its sample with `.legend(…)`.
///
/// # Errors
/// The backend's drawing errors.
pub fn key<'a, 'c, DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    c: &'c mut ChartContext<'a, DB, CT>,
    label: impl Into<String>,
) -> Drawn<&'c mut SeriesAnno<'a, DB>, DB> {
    let anno = c.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?;
    Ok(anno.label(label))
}

/// A legend sample: a line `len` pixels long in `st`.
pub fn line_sample(len: i32, st: ShapeStyle) -> impl Fn((i32, i32)) -> PathElement<(i32, i32)> {
    move |(x, y)| PathElement::new(vec![(x, y), (x + len, y)], st)
}

/// Names a drawn series in the legend, by a line sample.
pub trait Keyed {
    /// Labels the series `label`, its sample a line `len` pixels long in `st`.
    fn keyed(&mut self, label: impl Into<String>, len: i32, st: ShapeStyle) -> &mut Self;
}

impl<'a, DB: DrawingBackend + 'a> Keyed for SeriesAnno<'a, DB> {
    fn keyed(&mut self, label: impl Into<String>, len: i32, st: ShapeStyle) -> &mut Self {
        self.label(label).legend(line_sample(len, st))
    }
}

/// Shades a band: `rows` are (x, low, high); the polygon runs along the highs and back along
/// the lows (nothing with fewer than two rows).
///
/// # Errors
/// The backend's drawing errors.
pub fn band<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    c: &mut ChartContext<'_, DB, CT>,
    rows: impl Iterator<Item = (f64, f64, f64)>,
    fill: ShapeStyle,
) -> Drawn<(), DB> {
    let rows: Vec<(f64, f64, f64)> = rows.collect();
    if rows.len() >= 2 {
        let upper = rows.iter().map(|r| (r.0, r.2));
        let lower = rows.iter().rev().map(|r| (r.0, r.1));
        let poly: Vec<(f64, f64)> = upper.chain(lower).collect();
        c.draw_series(std::iter::once(Polygon::new(poly, fill)))?;
    }
    Ok(())
}

/// A dashed vertical line at `x` from `y.0` to `y.1`: dashes of `dash.0` and gaps of `dash.1`
/// CSS pixels.
///
/// # Errors
/// The backend's drawing errors.
pub fn rule<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    c: &mut ChartContext<'_, DB, CT>,
    style: &Style,
    x: f64,
    y: (f64, f64),
    dash: (f64, f64),
    st: ShapeStyle,
) -> Drawn<(), DB> {
    c.draw_series(style.dashed([(x, y.0), (x, y.1)], dash.0, dash.1, st))?;
    Ok(())
}

/// Whether an axis is on a log scale.
pub trait Scale {
    /// True for a log axis.
    const LOG: bool;
}

impl Scale for RangedCoordf64 {
    const LOG: bool = false;
}

impl Scale for LogCoord<f64> {
    const LOG: bool = true;
}

impl<R: Ranged + Scale> Scale for plotters::coord::combinators::WithKeyPoints<R> {
    const LOG: bool = R::LOG;
}

/// A log x axis from `lo` to `hi` whose ticks sit at the data's own values when there are
/// few of them (two sample sizes a decade apart or less would otherwise get one tick or
/// none), at [`log_ticks`] otherwise.
pub fn log_axis(
    lo: f64,
    hi: f64,
    data: impl Iterator<Item = f64>,
) -> plotters::coord::combinators::WithKeyPoints<LogCoord<f64>> {
    let mut xs: Vec<f64> = data.filter(|x| (lo..=hi).contains(x)).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let round = log_ticks(lo, hi);
    let ticks = if xs.len() <= 8 && round.len() < 4 {
        xs
    } else {
        round
    };
    (lo..hi).log_scale().with_key_points(ticks)
}

/// An axis value as a tick label: a budget ([`k_label`]) when that reads exactly, the whole
/// number otherwise (`1250`, not `1.2k`).
pub fn count_tick(v: &f64) -> String {
    let short = k_label(*v);
    let exact = short
        .strip_suffix('k')
        .map(|s| (s, 1e3))
        .or_else(|| short.strip_suffix('M').map(|s| (s, 1e6)))
        .map_or(v.round() == *v, |(s, m)| {
            s.parse::<f64>().is_ok_and(|x| (x * m - v).abs() < 0.5)
        });
    if exact {
        short
    } else {
        format!("{v:.0}")
    }
}

/// Where the chart's plotting area lies and the ranges it shows.
pub fn mapping<DB, X, Y>(c: &Plot<'_, DB, X, Y>) -> Mapping
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + Scale,
    Y: Ranged<ValueType = f64>,
{
    let (xr, yr) = c.plotting_area().get_pixel_range();
    let (x, y) = (c.x_range(), c.y_range());
    Mapping {
        x: (xr.start, xr.end),
        y: (yr.start, yr.end),
        x_range: (x.start, x.end),
        x_log: X::LOG,
        y_range: (y.start, y.end),
    }
}
