//! Zooming a chart's log x axis: a dragged span or a step in or out about a point becomes a
//! range within the chart's full range, never narrower than [`MIN_RATIO`].

/// The narrowest zoom: its ends this factor apart.
pub const MIN_RATIO: f64 = 2.0;

/// What a zoom gesture does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Zoom {
    /// Nothing (a click, not a drag; or a span of no width).
    Keep,
    /// Back to the full range.
    Reset,
    /// To this range.
    To(f64, f64),
}

/// The span from `a` to `b` (either order) within `full`, at least [`MIN_RATIO`] wide about
/// its middle (on the log axis); [`Zoom::Reset`] when it covers `full`.
pub fn span(a: f64, b: f64, full: (f64, f64)) -> Zoom {
    if !(a.is_finite() && b.is_finite()) {
        return Zoom::Keep;
    }
    let (lo, hi) = (a.min(b).max(full.0), a.max(b).min(full.1));
    if !(lo > 0.0 && hi >= lo && hi.is_finite()) {
        return Zoom::Keep;
    }
    let (lo, hi) = if hi / lo < MIN_RATIO {
        let mid = (lo * hi).sqrt();
        let half = MIN_RATIO.sqrt();
        (mid / half, mid * half)
    } else {
        (lo, hi)
    };
    // Widened past an end: slide back inside.
    let (lo, hi) = if lo < full.0 {
        (full.0, (full.0 * hi / lo).min(full.1))
    } else if hi > full.1 {
        ((full.1 * lo / hi).max(full.0), full.1)
    } else {
        (lo, hi)
    };
    if lo <= full.0 * (1.0 + 1e-9) && hi >= full.1 * (1.0 - 1e-9) {
        Zoom::Reset
    } else {
        Zoom::To(lo, hi)
    }
}

/// `range` zoomed in by `factor` (2: half as wide on the log axis; 0.5: out) about `center`,
/// within `full`.
pub fn step(range: (f64, f64), full: (f64, f64), center: f64, factor: f64) -> Zoom {
    if !(factor > 0.0 && range.0 > 0.0 && range.1 > range.0) {
        return Zoom::Keep;
    }
    let c = center.clamp(range.0, range.1).ln();
    let (l, h) = (range.0.ln(), range.1.ln());
    span(
        (c - (c - l) / factor).exp(),
        (c + (h - c) / factor).exp(),
        full,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(z: Zoom, lo: f64, hi: f64) -> bool {
        matches!(z, Zoom::To(a, b) if (a / lo - 1.0).abs() < 1e-12 && (b / hi - 1.0).abs() < 1e-12)
    }

    #[test]
    fn a_dragged_span_in_either_direction_becomes_the_range() {
        let full = (1.0, 1e5);
        assert!(close(span(1000.0, 10.0, full), 10.0, 1000.0));
        // Clipped to the full range; covering it all resets.
        assert!(close(span(0.5, 100.0, full), 1.0, 100.0));
        assert_eq!(span(0.5, 2e5, full), Zoom::Reset);
        assert_eq!(span(f64::NAN, 3.0, full), Zoom::Keep);
    }

    #[test]
    fn a_narrow_span_widens_to_the_minimum_about_its_middle_and_stays_inside() {
        let full = (1.0, 1e5);
        // 100 … 110: widened to √2 either side of √(100·110).
        let mid = (100.0f64 * 110.0).sqrt();
        assert!(close(
            span(100.0, 110.0, full),
            mid / 2f64.sqrt(),
            mid * 2f64.sqrt()
        ));
        // At the left end: 1 … 2.
        assert!(close(span(1.0, 1.1, full), 1.0, 2.0));
        assert!(close(span(9e4, 1e5, full), 5e4, 1e5));
    }

    #[test]
    fn steps_halve_and_double_the_log_width_about_the_point() {
        let full = (1.0, 1e4);
        // In about 100 (the middle of 1 … 10⁴): 10 … 1000.
        assert!(close(step(full, full, 100.0, 2.0), 10.0, 1000.0));
        // Out again: back to everything.
        assert_eq!(step((10.0, 1000.0), full, 100.0, 0.5), Zoom::Reset);
        // About a point off centre: the point keeps its place on the axis.
        assert!(close(step((10.0, 1000.0), full, 10.0, 2.0), 10.0, 100.0));
        assert_eq!(step(full, full, 100.0, 0.0), Zoom::Keep);
    }
}
