//! Each chart drawn into SVG: what must be there is there (axis labels, one curve per enabled
//! estimator and series, the band, markers), and degenerate data still draw.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::plan;
use passk_core::analysis::{cover_curves, k_grid, series_curves};
use passk_core::data::Counts;
use passk_core::data::Dataset;
use passk_core::data::Groups;
use passk_core::data::Task;
use passk_core::estimators::Estimator;
use passk_core::estimators::Tau;
use passk_core::eval::SeriesFit;
use passk_core::settings::BandKind;
use passk_core::settings::Settings;
use passk_plot::cover::{draw_cover, CoverChart};
use passk_plot::pass_at_k::{draw_pass_at_k, PassAtKChart};
use passk_plot::planner::PlannerChart;
use passk_plot::svg::svg_string;
use passk_plot::{Chart, Style, PALETTE};
use plotters::prelude::SVGBackend;

/// The chart drawn through the page's recorder and played into SVG is, byte for byte, the
/// chart drawn into SVG directly; the page's own export (`Chart::svg`) is that document too.
fn played_as_drawn(chart: &Chart, (w, h): (u32, u32), style: &Style) {
    let (direct, _) = svg_string(w, h, |a| chart.draw(a, style)).expect("drawn");
    let (drawn, drawing) = passk_plot::record::record((w, h), |a| chart.draw(a, style));
    assert!(drawn.is_ok());
    let mut played = String::new();
    drawing
        .play(&mut SVGBackend::with_string(&mut played, (w, h)))
        .expect("played");
    assert!(direct.len() > 1000 && direct.contains("<text"), "{direct}");
    assert_eq!(played, direct);
    if !style.compact && style.scale == 1.0 {
        assert_eq!(
            chart.svg(w, h, style.dark, style.zoom).as_deref(),
            Some(&*direct)
        );
    }
}

fn deepscaler() -> Vec<Dataset> {
    passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
    ])
}

fn pass_chart(
    ds: &[Dataset],
    enabled: Vec<Estimator>,
    band: BandKind,
    k_max: u64,
) -> (String, passk_plot::Mapping) {
    pass_chart_in(ds, enabled, band, k_max, &Style::default())
}

fn pass_chart_in(
    ds: &[Dataset],
    enabled: Vec<Estimator>,
    band: BandKind,
    k_max: u64,
    style: &Style,
) -> (String, passk_plot::Mapping) {
    let series = ds
        .iter()
        .map(|d| {
            let fit = SeriesFit::new(d);
            let ks = k_grid(k_max, 60, &[fit.n_range().0, fit.n_range().1]);
            series_curves(d, &fit, &ks, &Settings::default(), band)
        })
        .collect();
    let chart = PassAtKChart {
        series,
        enabled,
        k_max,
        band: band != BandKind::None,
        slots: vec![],
    };
    played_as_drawn(&Chart::PassAtK(chart.clone()), (800, 480), style);
    svg_string(800, 480, |a| draw_pass_at_k(a, &chart, style)).expect("drawn")
}

#[test]
fn a_zoomed_pass_at_k_chart_shows_only_that_range_and_fits_its_values() {
    let ds = deepscaler();
    // The unbiased curves on 1 … 1000, zoomed.
    let zoomed = |zoom| {
        let style = Style {
            zoom: Some(zoom),
            ..Style::default()
        };
        pass_chart_in(
            &ds,
            vec![Estimator::Combinatorial],
            BandKind::None,
            1000,
            &style,
        )
    };
    let (svg, map) = zoomed((10.0, 100.0));
    assert_eq!(map.x_range, (10.0, 100.0));
    assert!(map.x_log);
    // DeepScaleR's unbiased pass@k lies between 70 % and 90 % for k in 10 … 100 (base 80.08 %
    // at k = 10, RL above): the y axis fits it instead of 0 … 100 %.
    assert!(
        map.y_range.0 >= 0.6 && map.y_range.1 <= 1.0 && map.y_range.1 > 0.85,
        "{:?}",
        map.y_range
    );
    // Every point of both curves lies inside the plotting area (none squashed onto its edges).
    for colour in ["#0072B2", "#E69F00"] {
        let xs: Vec<f64> = svg
            .split('<')
            .filter(|e| e.starts_with("polyline") && e.contains(&format!("stroke=\"{colour}\"")))
            .filter_map(|e| e.split("points=\"").nth(1)?.split('"').next())
            .flat_map(|p| {
                p.split_whitespace()
                    .filter_map(|xy| xy.split(',').next()?.parse().ok())
            })
            .collect();
        assert!(xs.len() > 8, "{colour}: {}", xs.len());
        assert!(xs
            .iter()
            .all(|&x| x >= map.x.0 as f64 && x <= map.x.1 as f64));
        let distinct_right = xs.iter().filter(|&&x| x >= map.x.1 as f64 - 0.5).count();
        assert!(
            distinct_right <= 2,
            "{colour}: points piled on the right edge"
        );
    }
    // A zoom outside the axis is ignored.
    let (_, map) = zoomed((5000.0, 9000.0));
    assert_eq!(map.x_range, (1.0, 1000.0));
}

/// Elements of a kind drawn in a colour (the series' colours: #0072B2, #E69F00).
fn in_colour(svg: &str, element: &str, colour: &str) -> usize {
    svg.split('<')
        .filter(|e| e.starts_with(element) && e.contains(&format!("stroke=\"{colour}\"")))
        .count()
}

/// Polylines of eight points or more in a colour: drawn curves (dashes and legend samples
/// have two or three).
fn curves(svg: &str, colour: &str) -> usize {
    svg.split('<')
        .filter(|e| e.starts_with("polyline") && e.contains(&format!("stroke=\"{colour}\"")))
        .filter(|e| {
            e.split("points=\"")
                .nth(1)
                .map(|p| p.split_whitespace().count() >= 8)
                .unwrap_or(false)
        })
        .count()
}

/// The first series' plug-in Cover curves: long polylines in its colour, 2 pixels wide (the
/// posterior's dashes are 1 pixel wide).
fn plug_in(svg: &str) -> usize {
    svg.split('<')
        .filter(|e| e.starts_with("polyline") && e.contains("stroke=\"#0072B2\""))
        .filter(|e| e.contains("stroke-width=\"2\""))
        .filter(|e| {
            e.split("points=\"")
                .nth(1)
                .is_some_and(|p| p.split_whitespace().count() >= 8)
        })
        .count()
}

fn text(svg: &str, label: &str) -> bool {
    svg.contains(&format!("\n{label}\n</text>"))
}

#[test]
fn pass_at_k_chart_has_axes_curves_and_band() {
    let ds = deepscaler();
    let (svg, map) = pass_chart(&ds, vec![Estimator::Combinatorial], BandKind::None, 1280);
    assert!(
        text(&svg, "pass@k") && text(&svg, "k (samples per task, log scale)"),
        "axis labels"
    );
    for label in ["1", "10", "100", "1k", "100%", "60%"] {
        assert!(text(&svg, label), "tick {label}");
    }
    // One solid curve per series for the combinatorial estimator, in the series' colours.
    assert_eq!(curves(&svg, "#0072B2"), 1);
    assert_eq!(curves(&svg, "#E69F00"), 1);
    // The legend: each series by its colour, each estimator by its line style.
    assert!(
        text(&svg, "deepscaler_base")
            && text(&svg, "deepscaler_rl")
            && text(&svg, "combinatorial (thick)")
    );
    assert!(map.x.0 < map.x.1 && map.y.0 < map.y.1);
    assert!((map.x_at(map.px_of(128.0)).unwrap() - 128.0).abs() < 1e-6);

    // Three more estimators and a band: one more solid part per fitted estimator and series,
    // markers, the band as one polygon per series.
    let (svg2, _) = pass_chart(
        &ds,
        vec![
            Estimator::Combinatorial,
            Estimator::Bb,
            Estimator::Zoibb,
            Estimator::LinMix,
        ],
        BandKind::Credible,
        1280,
    );
    // Per series: combinatorial, and BB, ZOIBB, LinMix solid up to n.
    assert_eq!(curves(&svg2, "#0072B2"), 4, "solid parts");
    // Bands: one polygon per series, filled in its colour at low opacity.
    assert_eq!(
        svg2.split('<')
            .filter(|e| e.starts_with("polygon")
                && e.contains("fill=\"#0072B2\"")
                && e.contains("opacity=\"0.16\""))
            .count(),
        1,
        "band"
    );
    assert!(in_colour(&svg2, "circle", "#E69F00") >= 4, "BB markers");
    assert!(in_colour(&svg2, "rect", "#E69F00") >= 4, "ZOIBB markers");
    assert!(
        svg2.split('<')
            .filter(|e| e.starts_with("polygon")
                && e.contains("fill=\"#E69F00\"")
                && e.contains("opacity=\"1\""))
            .count()
            >= 4,
        "LinMix triangles"
    );
    for e in ["BB ○", "ZOIBB □", "LinMix △"] {
        assert!(
            svg2.contains(&format!("{e} (dashed beyond n)")),
            "{e} in the legend"
        );
    }
}

#[test]
fn dashed_beyond_n_and_dotted_naive() {
    let ds = deepscaler();
    let (svg, _) = pass_chart(&ds[..1], vec![Estimator::Bb], BandKind::None, 10_000);
    // Dashed beyond n = 128: many short segments in the series' colour.
    assert!(in_colour(&svg, "polyline", "#0072B2") > 20, "dashes");
    let (svg, _) = pass_chart(&ds[..1], vec![Estimator::Naive], BandKind::None, 1000);
    assert!(
        svg.split('<')
            .filter(|e| e.starts_with("circle") && e.contains("fill=\"#0072B2\""))
            .count()
            > 50,
        "dots"
    );
    assert_eq!(curves(&svg, "#0072B2"), 0, "no solid line for naive");
}

#[test]
fn degenerate_series_still_draw() {
    let one = |n, c| Dataset {
        name: "one".into(),
        tasks: vec![Task::new(None, Counts::new(n, c).unwrap())].into(),
        meta: Default::default(),
    };
    for d in [one(10, 0), one(10, 10), one(1, 1)] {
        let (svg, _) = pass_chart(&[d], Estimator::ALL.to_vec(), BandKind::Credible, 1000);
        assert!(text(&svg, "pass@k"));
        assert!(!svg.contains("NaN"), "{svg}");
    }
    // No series at all: axes only.
    let (svg, _) = pass_chart(&[], Estimator::ALL.to_vec(), BandKind::None, 1000);
    assert!(text(&svg, "pass@k"));
}

#[test]
fn cover_chart_has_steps_posterior_and_marks() {
    let ds = deepscaler();
    let taus: Vec<Tau> = ["0.2", "0.8"]
        .iter()
        .map(|t| Tau::parse(t).unwrap())
        .collect();
    let series = ds
        .iter()
        .map(|d| cover_curves(&SeriesFit::new(d), &taus, 50))
        .collect();
    let chart = CoverChart {
        series,
        posterior: true,
        slots: vec![],
        log_tau: false,
        tailpass: vec![vec![(0.25, 0.6), (0.5, 0.4), (0.75, 0.2), (1.0, 0.1)]; 2],
        tailpass_k: 4,
    };
    let (svg, map) = svg_string(800, 480, |a| draw_cover(a, &chart, &Style::default())).unwrap();
    played_as_drawn(&Chart::Cover(chart.clone()), (800, 480), &Style::default());
    assert!(text(&svg, "Cover@τ (share of tasks)") && text(&svg, "τ (success-rate threshold)"));
    assert_eq!(plug_in(&svg), 1, "the plug-in step curve");
    assert!(
        text(&svg, "deepscaler_rl") && text(&svg, "plug-in: solid steps; BB posterior: dashed")
    );
    // TailPass@K beside each series, dotted, named in the legend; none without profiles.
    assert!(text(&svg, "TailPass@4 (≥ τ of 4 fresh samples): dotted"));
    let bare = CoverChart {
        tailpass: vec![],
        ..chart.clone()
    };
    let (plain, _) = svg_string(800, 480, |a| draw_cover(a, &bare, &Style::default())).unwrap();
    assert!(!plain.contains("TailPass") && plain.len() < svg.len());
    assert_eq!(
        svg.split('<')
            .filter(|e| e.starts_with("circle") && e.contains("fill=\"#0072B2\""))
            .count(),
        2,
        "markers at both τ"
    );
    assert!(!map.x_log);
    let dark = svg_string(800, 480, |a| {
        draw_cover(
            a,
            &chart,
            &Style {
                dark: true,
                scale: 2.0,
                compact: true,
                zoom: None,
            },
        )
    })
    .unwrap()
    .0;
    assert!(
        !dark.contains("BB posterior: dashed"),
        "no legend when compact"
    );
    assert!(
        dark.contains("#1E2126") || dark.contains("#1e2126"),
        "dark background"
    );
    // On a log τ axis (issue 16): from a power of ten below the smallest success rate
    // (1/128 here: 10⁻³), the plug-in curve still drawn, the posterior too (its grid reaches
    // down to 10⁻⁶), the markers at their τ.
    let log = CoverChart {
        log_tau: true,
        ..chart.clone()
    };
    assert_eq!(passk_plot::cover::tau_floor(&log), 1e-3);
    let (svg, map) = svg_string(800, 480, |a| draw_cover(a, &log, &Style::default())).unwrap();
    assert!(map.x_log && (map.x_range.0 - 1e-3).abs() < 1e-12, "{map:?}");
    assert!(text(&svg, "τ (success-rate threshold, log scale)"));
    assert_eq!(plug_in(&svg), 1, "the plug-in step curve");
    let grid = passk_core::analysis::cover_grid(50);
    assert_eq!(grid.len(), 51 + passk_core::analysis::COVER_LOW_POINTS);
    assert!(grid[0] == 0.0 && grid[1] == 1e-6 && grid.windows(2).all(|w| w[0] < w[1]));
    assert!(grid.contains(&0.02) && *grid.last().unwrap() == 1.0);
}

#[test]
fn comparison_charts_draw_what_they_show() {
    use passk_core::analysis::diagnose;
    use passk_core::analysis::{paired_difference, Paired};
    use passk_plot::fit::draw_fit;
    use passk_plot::series_charts::{
        draw_best_temperature, draw_delta_pass, draw_paired, BestTemperatureChart, DeltaPassChart,
        PairedChart,
    };
    let ds = deepscaler();
    let fits: Vec<SeriesFit> = ds.iter().map(SeriesFit::new).collect();
    // Fit diagnostics: the histogram's 20 bars, the two densities, the ECDF and both CDFs.
    let d = diagnose(&ds[0], &fits[0], 10);
    let (svg, _) = svg_string(900, 420, |a| draw_fit(a, &d, &Style::default())).unwrap();
    played_as_drawn(
        &Chart::Fit(Box::new(d.clone())),
        (900, 420),
        &Style::default(),
    );
    assert!(text(&svg, "density") && text(&svg, "cumulative share"));
    assert!(
        svg.matches("fill=\"#5F6368\"").count() >= 20,
        "histogram bars"
    );
    assert_eq!(curves(&svg, "#0072B2"), 2, "BB density and predictive CDF");
    assert_eq!(curves(&svg, "#1D1F21"), 1, "the ECDF");
    assert!(text(&svg, "ZOIBB: Beta part and atoms"));
    // Pass@1 vs ΔPass: one labelled point per series.
    let points = ds
        .iter()
        .zip(&fits)
        .map(|(d, f)| {
            (
                d.name.clone(),
                f.groups.mean(|t| t.rate()),
                f.fits.unwrap().bb.delta_pass,
            )
        })
        .collect();
    let chart = DeltaPassChart {
        points,
        slots: vec![],
    };
    let (svg, _) = svg_string(600, 400, |a| draw_delta_pass(a, &chart, &Style::default())).unwrap();
    let dark = Style {
        dark: true,
        ..Style::default()
    };
    played_as_drawn(&Chart::DeltaPass(chart), (600, 400), &dark);
    assert!(text(&svg, "deepscaler_base") && text(&svg, "deepscaler_rl"));
    assert_eq!(svg.matches("<circle").count(), 2);
    // T*(k): a step line per model.
    let chart = BestTemperatureChart {
        models: vec![("M".into(), vec![(1, 0.2), (10, 0.6), (100, 1.0)])],
    };
    let (svg, _) = svg_string(600, 400, |a| {
        draw_best_temperature(a, &chart, &Style::default())
    })
    .unwrap();
    played_as_drawn(
        &Chart::BestTemperature(chart.clone()),
        (600, 400),
        &Style::default(),
    );
    assert!(svg.contains("points=\"") && text(&svg, "best temperature T*(k)") && text(&svg, "M"));
    // The paired difference: the band, the zero line, the mean, the sign change.
    let p = Paired::new(&ds[1], &ds[0]).unwrap();
    let ks: Vec<u64> = (1..=128).collect();
    let settings = Settings {
        bootstrap: 50,
        ..Settings::default()
    };
    let curve = paired_difference(&p, &ks, &settings);
    let chart = PairedChart {
        label: "rl − base".into(),
        curve,
    };
    let (svg, _) = svg_string(700, 420, |a| draw_paired(a, &chart, &Style::default())).unwrap();
    played_as_drawn(&Chart::Paired(chart.clone()), (700, 420), &Style::default());
    assert!(text(&svg, "sign changes at k = 22"));
    // At a phone's width the label fits (moved or shortened), its number whole (issue 68:
    // clipped, "k = 2" read as a wrong number).
    for width in [340, 300, 260] {
        let (narrow, _) =
            svg_string(width, 300, |a| draw_paired(a, &chart, &Style::default())).unwrap();
        let element = narrow
            .split("<text")
            .find(|e| e.contains("\nk = 22\n") || e.contains("\nsign changes at k = 22\n"))
            .unwrap_or_else(|| panic!("no whole label at {width} px: {narrow}"));
        let attr = |name: &str| -> f64 {
            let at = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            element[at..].split('"').next().unwrap().parse().unwrap()
        };
        let label = element.split('\n').nth(1).unwrap();
        let w = 12.0 * 0.6 * label.chars().count() as f64;
        let x = attr("x");
        let (from, to) = if element.contains("text-anchor=\"end\"") {
            (x - w, x)
        } else {
            (x, x + w)
        };
        assert!(
            from >= 0.0 && to <= f64::from(width),
            "{label} at {from}–{to} of {width} px"
        );
    }
    assert_eq!(curves(&svg, "#0072B2"), 1, "the mean difference");
    assert!(
        svg.contains("fill=\"#0072B2\" fill-opacity=\"0.18\"")
            || svg
                .split('<')
                .any(|e| e.starts_with("polygon") && e.contains("#0072B2")),
        "the band"
    );
}

/// The planner's chart (the same drawing code as the page's canvas): the curve of the plan's
/// rows, the target line and the samples drawn, in light and dark.
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

/// Issue 16: a series is drawn in the colour of its slot, whatever its place in the chart;
/// from slot 12 on the colours repeat and the main line is dashed.
#[test]
fn series_keep_the_colour_of_their_slot() {
    let ds = deepscaler();
    let fit = SeriesFit::new(&ds[0]);
    let ks = k_grid(1000, 60, &[fit.n_range().0, fit.n_range().1]);
    let one = series_curves(&ds[0], &fit, &ks, &Settings::default(), BandKind::None);
    let hex = |c: u32| format!("#{c:06X}");
    let draw = |slot: usize| {
        let chart = PassAtKChart {
            series: vec![one.clone()],
            enabled: vec![Estimator::Combinatorial],
            k_max: 1000,
            band: false,
            slots: vec![slot],
        };
        svg_string(800, 480, |a| draw_pass_at_k(a, &chart, &Style::default()))
            .expect("drawn")
            .0
    };
    let svg = draw(5);
    assert!(curves(&svg, &hex(PALETTE[5].0)) >= 1, "slot 5's colour");
    assert_eq!(curves(&svg, &hex(PALETTE[0].0)), 0, "not the first colour");
    // Slot 17: slot 5's colour again, the combinatorial curve dashed (no long polyline).
    let svg = draw(17);
    assert_eq!(
        curves(&svg, &hex(PALETTE[5].0)),
        0,
        "dashed: short pieces only"
    );
    assert!(
        in_colour(&svg, "polyline", &hex(PALETTE[5].0)) > 10,
        "many dashes"
    );
}

/// Issue 16: scatter labels never overlap, however close their points; differences never
/// read "−0.0".
#[test]
fn scatter_labels_do_not_overlap_and_no_negative_zero() {
    use passk_plot::series_charts::{place_labels, signed_points};
    let anchors: Vec<passk_plot::series_charts::Label> =
        [(100, 200), (102, 201), (101, 199), (300, 50), (104, 203)]
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, (60, 14), format!("series {i}")))
            .collect();
    let placed = place_labels(&anchors, 5);
    assert_eq!(placed.len(), anchors.len());
    for (i, a) in placed.iter().enumerate() {
        for b in &placed[i + 1..] {
            let apart = a.1 .0 + 60 <= b.1 .0
                || b.1 .0 + 60 <= a.1 .0
                || a.1 .1 + 14 <= b.1 .1
                || b.1 .1 + 14 <= a.1 .1;
            assert!(apart, "{} and {} overlap: {:?} {:?}", a.2, b.2, a.1, b.1);
        }
    }
    // A lone point keeps its label beside it.
    let lone = placed.iter().find(|p| p.2 == "series 3").unwrap();
    assert_eq!(lone.1, (300 + 5 + 3, 50 - 5 - 3 - 7));
    assert_eq!(signed_points(&-0.00001), "0 pts");
    assert_eq!(signed_points(&0.025), "+2.5 pts");
    assert_eq!(signed_points(&-0.01), "−1.0 pts");
}

#[test]
fn a_text_measured_again_has_the_size_it_was_first_measured_at() {
    use plotters::prelude::IntoFont;
    use plotters::style::{FontStyle, TextStyle};
    let texts = ["10k", "Pythia 12B", "", "pass@k — 0.5974%"];
    let styles: Vec<TextStyle> = vec![
        ("sans-serif", 12.0).into_font().into(),
        ("sans-serif", 14.0)
            .into_font()
            .style(FontStyle::Bold)
            .into(),
        ("monospace", 12.0).into_font().into(),
        ("sans-serif", 20.0).into_font().into(),
    ];
    let (sizes, _) = passk_plot::record::record((200, 100), |area| {
        let mut out = Vec::new();
        for _ in 0..2 {
            for s in &styles {
                for t in texts {
                    out.push(area.estimate_text_size(t, s).unwrap());
                }
            }
        }
        out
    });
    // The sizes plotters' own measurement gives (its default, which the recorder keeps).
    let want: Vec<(u32, u32)> = styles
        .iter()
        .flat_map(|s| texts.map(|t| s.font.box_size(t).unwrap()))
        .collect();
    assert_eq!(sizes.len(), 2 * want.len());
    assert_eq!(sizes[..want.len()], want[..]);
    assert_eq!(sizes[want.len()..], want[..], "remembered sizes");
    // Different texts, styles and sizes are told apart.
    assert_ne!(want[0], want[1]);
    assert_ne!(want[1], want[texts.len() + 1]);
    assert_ne!(want[1], want[3 * texts.len() + 1]);
}
