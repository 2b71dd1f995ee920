use super::*;
use passk_core::analysis::DiffAtK;

fn curves(name: &str, ks: Vec<u64>, comb: Vec<Option<f64>>) -> SeriesCurves {
    let mut values = vec![vec![None; ks.len()]; Estimator::ALL.len()];
    values[Estimator::Combinatorial.index()] = comb;
    SeriesCurves {
        name: name.into(),
        n_min: 10,
        n_max: 10,
        ks,
        values,
        band: Vec::new(),
        warnings: Vec::new(),
    }
}

#[test]
fn pass_at_k_reads_every_series_at_the_nearest_k_on_a_log_axis() {
    let a = curves("a", vec![1, 10, 100], vec![Some(0.25), Some(0.5), None]);
    let b = curves(
        "b",
        vec![1, 10, 100],
        vec![Some(0.125), Some(0.75), Some(1.0)],
    );
    let enabled = [Estimator::Combinatorial, Estimator::Bb];
    // ln 30 is nearer ln 10 (by 1.10) than ln 100 (by 1.20); ln 33 nearer ln 100.
    let r = pass_at_k(&[a.clone(), b.clone()], &enabled, 30.0).unwrap();
    assert_eq!(r.caption, "k = 10");
    // BB has no value in any row: its column goes (no empty columns in the read-out).
    assert_eq!(r.head, ["series", "combinatorial"]);
    assert_eq!(r.rows, [["a", "50.00%"], ["b", "75.00%"]]);
    let r = pass_at_k(&[a.clone(), b], &enabled, 33.0).unwrap();
    assert_eq!(r.caption, "k = 100");
    assert_eq!(r.rows, [["a", "—"], ["b", "100%"]]);
    // Nothing anywhere: no read-out.
    assert_eq!(pass_at_k(&[a], &enabled, 100.0), None);
    assert_eq!(pass_at_k(&[], &enabled, 5.0), None);
}

#[test]
fn cover_reads_the_step_curve_and_the_nearest_posterior_point() {
    // Two tasks at c/n = 0.2 and 0.6: G = 1 on (0, 0.2], 1/2 on (0.2, 0.6], 0 beyond.
    let c = CoverCurves {
        name: "s".into(),
        steps: vec![(0.2, 1.0), (0.6, 0.5)],
        posterior: vec![(0.0, 1.0), (0.5, 0.4), (1.0, 0.0)],
        marks: Vec::new(),
        area: 0.4,
    };
    let r = cover(std::slice::from_ref(&c), 0.3).unwrap();
    assert_eq!(r.caption, "τ = 0.300");
    assert_eq!(r.rows, [["s", "50.00%", "40.00%"]]);
    assert_eq!(
        cover(std::slice::from_ref(&c), 0.0).unwrap().rows[0][1],
        "100%"
    );
    assert_eq!(cover(&[c], 0.7).unwrap().rows[0][1], "0%");
}

#[test]
fn delta_pass_reads_the_point_nearest_in_pass_at_1() {
    let pts = vec![("a".to_string(), 0.2, 3.5), ("b".to_string(), 0.6, 12.25)];
    let r = delta_pass(&pts, 0.45).unwrap();
    assert_eq!(r.rows, [["b", "60.00%", "12.25"]]);
    assert_eq!(r.caption, "pass@1 ≈ 45.00%");
    assert_eq!(delta_pass(&[], 0.5), None);
}

#[test]
fn paired_reads_signed_points_and_both_bands() {
    let curve = PairedCurve {
        rows: vec![
            DiffAtK {
                k: 1,
                mean: 0.05,
                se: 0.01,
                normal: (0.0304, 0.0696),
                bootstrap: Some((0.031, 0.07)),
            },
            DiffAtK {
                k: 64,
                mean: -0.0123,
                se: 0.004,
                normal: (-0.0201, -0.0045),
                bootstrap: None,
            },
        ],
        sign_change: Some(22),
    };
    let r = paired("A − B", &curve, 50.0).unwrap();
    assert_eq!(r.caption, "k = 64 (percentage points)");
    // No bootstrap band at k = 64: its column goes.
    assert_eq!(r.rows, [["A − B", "-1.23", "0.400", "-2.01 to -0.450"]]);
    let r = paired("A − B", &curve, 1.0).unwrap();
    assert_eq!(
        r.rows[0][1..],
        ["+5.00", "1.00", "+3.04 to +6.96", "+3.10 to +7.00"]
    );
}

#[test]
fn lines_read_each_line_at_the_nearest_x() {
    let lines = vec![
        ("BB".to_string(), vec![(2, 0.031), (4, 0.0155), (8, 0.008)]),
        ("ZOIBB".to_string(), vec![(2, 0.05), (8, 0.01)]),
    ];
    let r = lines_at(&lines, 3.9, ("m", "error (points)")).unwrap();
    assert_eq!(r.caption, "m = 4");
    assert_eq!(r.head, ["line", "error (points)"]);
    assert_eq!(r.rows, [["BB", "1.55"]]);
    assert_eq!(lines_at(&[], 3.0, ("m", "e")), None);
}

#[test]
fn best_temperature_reads_each_model_at_the_nearest_budget() {
    let models: Vec<BestTemperature> = vec![("m".into(), vec![(1, 0.2, 0.3), (1000, 1.0, 0.9)])];
    let r = best_temperature(&temperature_lines(&models), 900.0).unwrap();
    assert_eq!(r.caption, "k = 1,000");
    assert_eq!(r.rows, [["m", "1.00"]]);
}

#[test]
fn difficulty_reads_the_nearest_task_and_each_series_chance_of_passing_it() {
    let task = |id: &str, b: f64| TaskDifficulty {
        id: id.into(),
        difficulty: b,
        se: 0.2,
        interval: (b - 0.4, b + 0.4),
        pass_share: 0.5,
        n: 10,
        discrimination: None,
        discrimination_interval: None,
    };
    let tasks: Vec<TaskDifficulty> = (0..1060)
        .map(|k| task(&format!("HumanEval/{k}"), if k == 11 { 1.25 } else { 0.0 }))
        .collect();
    // σ(0) = 1/2; σ(ln 3) = 3/4; σ(−ln 3) = 1/4.
    let abilities = [
        ("even".to_string(), 1.25),
        ("strong".to_string(), 1.25 + 3f64.ln()),
        ("weak".to_string(), 1.25 - 3f64.ln()),
    ];
    let r = difficulty(&tasks, &abilities, 11.6).unwrap();
    assert_eq!(
        r.caption,
        "task 12 of 1,060: HumanEval/11 (b = 1.25 [0.850 – 1.65])"
    );
    assert_eq!(r.head, ["series", "θ", "P(pass)"]);
    assert_eq!(
        r.rows,
        [
            ["even", "1.25", "50.00%"],
            ["strong", "2.35", "75.00%"],
            ["weak", "0.151", "25.00%"]
        ]
    );
    // Clamped to the tasks at either end; none without tasks.
    assert!(difficulty(&tasks, &abilities, -5.0)
        .unwrap()
        .caption
        .starts_with("task 1 of"));
    assert!(difficulty(&tasks, &abilities, f64::NAN)
        .unwrap()
        .caption
        .starts_with("task 1 of"));
    let r = difficulty(&tasks, &[], 1e9).unwrap();
    assert!(
        r.caption.starts_with("task 1,060 of 1,060: HumanEval/1059"),
        "{}",
        r.caption
    );
    assert!(r.rows.is_empty());
    assert_eq!(difficulty(&[], &abilities, 1.0), None);
}
