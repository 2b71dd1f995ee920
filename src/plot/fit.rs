//! The fit diagnostics chart: on the left the histogram of c/n (bars, as densities) with the
//! fitted Beta density of BB and the ZOIB mixture (its Beta part as a curve, its atoms as bars
//! at 0 and 1); on the right the ECDF of c/n with both fits' predictive CDFs.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Mapping, Style};
use crate::core::analysis::diagnose::{Diagnostics, BINS};

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
    let font = |size: f64| {
        ("sans-serif", style.font(size))
            .into_font()
            .color(&style.ink())
    };
    let (w, _) = area.dim_in_pixel();
    let (left, right) = area.split_horizontally(w / 2);
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
        * 1.1;
    let mut c = ChartBuilder::on(&left)
        .margin(style.px(10.0))
        .x_label_area_size(style.px(40.0))
        .y_label_area_size(style.px(48.0))
        .build_cartesian_2d(0f64..1f64, 0f64..y_max)?;
    c.configure_mesh()
        .x_desc("c/n")
        .y_desc("density")
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .x_labels(6)
        .y_labels(5)
        .draw()?;
    c.draw_series(dens.iter().enumerate().map(|(i, &h)| {
        let x0 = i as f64 * width;
        Rectangle::new([(x0, 0.0), (x0 + width, h)], obs.mix(0.35).filled())
    }))?
    .label("observed c/n")
    .legend(move |(x, y)| Rectangle::new([(x, y - 4), (x + 12, y + 4)], obs.mix(0.35).filled()));
    if !d.densities.is_empty() {
        let clip = |v: f64| v.min(y_max);
        let st = ShapeStyle::from(bb).stroke_width(style.px(2.0));
        c.draw_series(LineSeries::new(
            d.densities.iter().map(|x| (x.0, clip(x.1))),
            st,
        ))?
        .label("BB: Beta(a, b)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], st));
        let sz = ShapeStyle::from(zo).stroke_width(style.px(2.0));
        c.draw_series(DashedLineSeries::new(
            d.densities.iter().map(|x| (x.0, clip(x.2))),
            style.px(6.0),
            style.px(3.0),
            sz,
        ))?
        .label("ZOIBB: Beta part and atoms")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], sz));
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
    if !style.compact {
        c.configure_series_labels()
            .position(SeriesLabelPosition::UpperMiddle)
            .background_style(style.bg().mix(0.88))
            .border_style(style.grid())
            .label_font(font(11.0))
            .draw()?;
    }
    let mut e = ChartBuilder::on(&right)
        .margin(style.px(10.0))
        .x_label_area_size(style.px(40.0))
        .y_label_area_size(style.px(48.0))
        .build_cartesian_2d(0f64..1f64, 0f64..1f64)?;
    e.configure_mesh()
        .x_desc("c/n")
        .y_desc("cumulative share")
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(style.muted())
        .bold_line_style(style.grid())
        .light_line_style(style.bg())
        .x_labels(6)
        .y_labels(5)
        .draw()?;
    let ecdf = ShapeStyle::from(style.ink()).stroke_width(style.px(2.2));
    e.draw_series(LineSeries::new(d.cdfs.iter().map(|x| (x.0, x.1)), ecdf))?
        .label("observed (ECDF)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], ecdf));
    if d.cdfs.iter().all(|x| x.2.is_finite()) {
        let st = ShapeStyle::from(bb).stroke_width(style.px(1.6));
        e.draw_series(LineSeries::new(d.cdfs.iter().map(|x| (x.0, x.2)), st))?
            .label("BB predictive")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], st));
        let sz = ShapeStyle::from(zo).stroke_width(style.px(1.6));
        e.draw_series(DashedLineSeries::new(
            d.cdfs.iter().map(|x| (x.0, x.3)),
            style.px(6.0),
            style.px(3.0),
            sz,
        ))?
        .label("ZOIBB predictive")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], sz));
    }
    if !style.compact {
        e.configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(style.bg().mix(0.88))
            .border_style(style.grid())
            .label_font(font(11.0))
            .draw()?;
    }
    let (xr, yr) = e.plotting_area().get_pixel_range();
    Ok(Mapping {
        x: (xr.start, xr.end),
        y: (yr.start, yr.end),
        x_range: (0.0, 1.0),
        x_log: false,
        y_range: (0.0, 1.0),
    })
}
