//! The tests of the crate's face: pixels to data (`Mapping`), log ticks, `Style`.

use super::*;

#[test]
fn mapping_inverts_a_log_axis() {
    let m = Mapping {
        x: (100, 600),
        y: (10, 400),
        x_range: (1.0, 10_000.0),
        x_log: true,
        y_range: (0.0, 1.0),
    };
    assert!((m.x_at(350.0).unwrap() - 100.0).abs() < 1e-9);
    assert!((m.px_of(100.0) - 350.0).abs() < 1e-9);
    assert_eq!(m.x_at(50.0), None);
    assert_eq!(k_label(1000.0), "1k");
    assert_eq!(k_label(1280.0), "1.3k");
    assert_eq!(k_label(5.0), "5");
}

#[test]
fn log_ticks_fill_a_narrow_range_and_thin_a_wide_one() {
    let labels = |lo, hi| -> Vec<String> {
        frame::log_ticks(lo, hi)
            .into_iter()
            .map(frame::share_tick)
            .collect()
    };
    // Pythia's ΔPass spans about 0.07 to 2.7: 1-2-5 gives five ticks.
    assert_eq!(labels(0.07, 2.7), ["0.1", "0.2", "0.5", "1", "2"]);
    // Less than a decade: every 1…9 × 10^j.
    assert_eq!(
        labels(0.25, 0.95),
        ["0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9"]
    );
    // Eight decades: powers of ten only.
    assert_eq!(frame::log_ticks(1e-3, 1e5).len(), 9);
    assert!(frame::log_ticks(0.0, 1.0).is_empty());
    assert!(frame::log_ticks(2.0, 1.0).is_empty());
}

#[test]
fn log_ticks_on_a_narrow_axis_never_run_together() {
    let style = Style::default();
    let gaps = |t: &[f64], width: f64, lo: f64, hi: f64| -> f64 {
        let per_decade = width / (hi / lo).log10();
        t.windows(2)
            .map(|w| (w[1] / w[0]).log10() * per_decade)
            .fold(f64::INFINITY, f64::min)
    };
    // A phone's zoomed Pass@k axis, 8k to 90k over 300 px: 8k, 9k, 10k would be 14 px apart.
    let every = frame::log_ticks(8e3, 9e4);
    assert!(gaps(&every, 300.0, 8e3, 9e4) < 20.0, "{every:?}");
    let t = frame::log_ticks_for(8e3, 9e4, 300, &style);
    assert_eq!(t, [1e4, 2e4, 5e4]);
    assert!(gaps(&t, 300.0, 8e3, 9e4) >= frame::TICK_LABEL_CSS);
    // The whole axis of Pythia (1 to 10⁶) on a phone: every other power of ten.
    let t = frame::log_ticks_for(1.0, 1e6, 300, &style);
    assert!(gaps(&t, 300.0, 1.0, 1e6) >= frame::TICK_LABEL_CSS, "{t:?}");
    assert_eq!(t.first(), Some(&1.0));
    // Wide enough: the ticks of `log_ticks`.
    assert_eq!(
        frame::log_ticks_for(8e3, 9e4, 2000, &style),
        frame::log_ticks(8e3, 9e4)
    );
}

#[test]
fn few_sample_sizes_are_their_own_ticks() {
    use plotters::coord::ranged1d::{BoldPoints, Ranged};
    // Two sample sizes less than a decade apart: ticks at both.
    let axis = frame::log_axis(1250.0, 2500.0, [1250.0, 2500.0, 2500.0].into_iter());
    assert_eq!(axis.key_points(BoldPoints(10)), [1250.0, 2500.0]);
    let labels: Vec<String> = [1250.0, 2500.0, 1000.0, 1280.0, 7.0]
        .iter()
        .map(frame::count_tick)
        .collect();
    assert_eq!(labels, ["1250", "2.5k", "1k", "1280", "7"]);
    // Over decades the 1-2-5 ticks.
    let wide = frame::log_axis(2.0, 4096.0, (1..=12).map(|i| f64::from(1 << i)));
    assert_eq!(
        wide.key_points(BoldPoints(10)),
        [2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0]
    );
}
