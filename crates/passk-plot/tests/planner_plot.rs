//! The planner's chart as SVG (the same drawing code as the page's canvas): the curve of the
//! plan's rows, the target line and the samples drawn, in light and dark.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::planner::plan;
use passk_core::data::counts::Counts;
use passk_core::data::groups::Groups;
use passk_plot::planner::PlannerChart;
use passk_plot::Chart;

#[test]
fn the_planner_chart_draws_its_curve_target_and_samples_drawn() {
    let g = Groups::new((0..50).map(|i| Counts::new(32, (i * 7) % 33).unwrap()));
    let p = plan(&g, 8, 0.01, 0.95).unwrap();
    let chart = Chart::Planner(PlannerChart {
        k: p.k,
        target: p.half_width,
        rows: p.rows.iter().map(|r| (r.n, r.half_width)).collect(),
        drawn: Some(32),
    });
    for dark in [false, true] {
        let svg = chart.svg(640, 400, dark, None).expect("an SVG");
        assert!(
            svg.contains("half-width of pass@8 (points)"),
            "axis description"
        );
        assert!(svg.contains("samples per task n (log scale)"));
        // One marker per row of the plan.
        assert!(
            svg.matches("<circle").count() >= p.rows.len(),
            "{} markers",
            svg.matches("<circle").count()
        );
        assert!(!svg.contains("NaN"));
    }
    // No rows (a plan not computed yet): still a frame, no panic.
    let empty = Chart::Planner(PlannerChart {
        k: 1,
        target: 0.01,
        rows: vec![],
        drawn: None,
    });
    assert!(empty.svg(320, 200, false, None).is_some());
}
