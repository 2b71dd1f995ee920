//! The fit diagnostics chart: on the left the histogram of c/n (bars, as densities) with the
//! fitted Beta density of BB and the ZOIB mixture (its Beta part as a curve, its atoms as bars
//! at 0 and 1); on the right the ECDF of c/n with both fits' predictive CDFs.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::frame::{legend, mapping, Frame, Keyed};
use super::{Mapping, Style};
use passk_core::analysis::{Diagnostics, BINS};

/// Each panel's y axis reaches this factor above its data: the top of the plot holds the
/// legend, clear of the bars and curves.
const HEADROOM: f64 = 1.5;

/// Draws the diagnostics of one series.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_fit<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    d: &Diagnostics,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let (w, _) = area.dim_in_pixel();
    let (left, right) = area.split_horizontally(w / 2);
    // On a phone each panel is under 200 pixels wide: three x ticks and short legend labels.
    let narrow = f64::from(w) / style.scale < 560.0;
    let panel = |y_desc| {
        Frame::new("c/n", y_desc)
            .sizes(10.0, 40.0, 48.0)
            .ticks(Some(if narrow { 3 } else { 6 }), Some(5))
    };
    let says = |long: &'static str, short: &'static str| if narrow { short } else { long };
    let bb = style.series(0);
    let zo = style.series(1);
    let obs = style.muted();
    // Histogram as densities: share / bin width; atoms drawn as bars of their mass.
    let width = 1.0 / BINS as f64;
    let dens: Vec<f64> = d.histogram.iter().map(|s| s / width).collect();
    let curve_max = d
        .densities
        .iter()
        .map(|x| x.1.max(x.2))
        .fold(0.0f64, f64::max);
    let y_max = dens
        .iter()
        .copied()
        .fold(0.0f64, f64::max)
        .max(curve_max.min(4.0 * dens.iter().copied().fold(0.5, f64::max)))
        .max(0.5)
        * HEADROOM;
    let mut c = panel("density").build(&left, style, 0f64..1f64, 0f64..y_max)?;
    c.draw_series(dens.iter().enumerate().map(|(i, &h)| {
        let x0 = i as f64 * width;
        Rectangle::new([(x0, 0.0), (x0 + width, h)], obs.mix(0.35).filled())
    }))?
    .label(says("observed c/n", "observed"))
    .legend(move |(x, y)| Rectangle::new([(x, y - 4), (x + 12, y + 4)], obs.mix(0.35).filled()));
    if !d.densities.is_empty() {
        let clip = |v: f64| v.min(y_max);
        let st = style.stroke(bb, 2.0);
        c.draw_series(LineSeries::new(
            d.densities.iter().map(|x| (x.0, clip(x.1))),
            st,
        ))?
        .keyed(says("BB: Beta(a, b)", "BB"), 14, st);
        let sz = style.stroke(zo, 2.0);
        let zoib = d.densities.iter().map(|x| (x.0, clip(x.2)));
        c.draw_series(style.dashed(zoib, 6.0, 3.0, sz))?.keyed(
            says("ZOIBB: Beta part and atoms", "ZOIBB"),
            14,
            sz,
        );
        // The atoms, as bars of height mass / bin width at the ends.
        let (p0, p1) = d.atoms_fitted;
        for (x0, m) in [(0.0, p0), (1.0 - width / 2.0, p1)] {
            if m > 0.0 {
                c.draw_series(std::iter::once(Rectangle::new(
                    [(x0, 0.0), (x0 + width / 2.0, clip(m / width))],
                    zo.mix(0.8).filled(),
                )))?;
            }
        }
    }
    legend(&mut c, style, SeriesLabelPosition::UpperMiddle, 11.0)?;
    // No tick labels above 1 (the legend's room).
    let share = |v: &f64| {
        if *v > 1.0 + 1e-9 {
            String::new()
        } else {
            format!("{v:.1}")
        }
    };
    let mut e =
        panel("cumulative share")
            .y_fmt(&share)
            .build(&right, style, 0f64..1f64, 0f64..HEADROOM)?;
    let ecdf = style.stroke(style.ink(), 2.2);
    e.draw_series(LineSeries::new(d.cdfs.iter().map(|x| (x.0, x.1)), ecdf))?
        .keyed(says("observed (ECDF)", "observed"), 14, ecdf);
    if d.cdfs.iter().all(|x| x.2.is_finite()) {
        let st = style.stroke(bb, 1.6);
        e.draw_series(LineSeries::new(d.cdfs.iter().map(|x| (x.0, x.2)), st))?
            .keyed(says("BB predictive", "BB"), 14, st);
        let sz = style.stroke(zo, 1.6);
        let zoib = d.cdfs.iter().map(|x| (x.0, x.3));
        e.draw_series(style.dashed(zoib, 6.0, 3.0, sz))?.keyed(
            says("ZOIBB predictive", "ZOIBB"),
            14,
            sz,
        );
    }
    legend(&mut e, style, SeriesLabelPosition::UpperMiddle, 11.0)?;
    Ok(mapping(&e))
}
