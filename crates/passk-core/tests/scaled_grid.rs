//! The shared grid of the scaled fits (issue 50): each group's integral against the exact
//! series and the per-group quadrature, its gradient and Hessian against differences, the
//! whole log-likelihood on the real files against mpmath at 50 digits, and a group the grid
//! cannot resolve handed to the per-group rule.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::scaled::with_point;
use passk_core::estimators::scaled::Grid;
use passk_core::estimators::scaled::Kernel;
use passk_core::estimators::scaled::{scaled_beta_ln, scaled_beta_ln_hess};
use passk_core::estimators::scaled::{Distribution, ScaledData};
use passk_core::num::ln_beta;
use passk_core::num::prec::{close, CLOSED_FORM_REL, POSTERIOR_REL};
use passk_core::num::TanhSinh;
use serde_json::Value;

/// Points of both families over the shapes the fits visit.
fn points() -> Vec<(f64, f64, f64)> {
    let mut out = Vec::new();
    for &a in &[0.05, 0.3, 1.0, 4.0, 40.0] {
        for &b in &[0.1, 0.9, 3.0, 200.0] {
            for &s in &[0.01, 0.3, 0.8, 0.999_999, 1.0] {
                out.push((a, b, s));
            }
        }
    }
    out
}

const COUNTS: [(u64, u64); 7] = [
    (1, 0),
    (1, 1),
    (10, 3),
    (128, 0),
    (128, 128),
    (10_000, 7),
    (10_000, 5_000),
];

#[test]
fn each_group_on_the_grid_is_the_series_and_the_per_group_rule() {
    let rule = TanhSinh::new();
    let (mut resolved, mut all) = (0, 0);
    let mut worst: f64 = 0.0;
    for dist in Distribution::ALL {
        for (a, b, s) in points() {
            for &(n, c) in &COUNTS {
                let m = n - c;
                let level = Grid::level_for(n).max(Grid::level_for((a + b) as u64));
                let Some(g) =
                    with_point(level, dist, [a, b, s], |pt| pt.group(c as f64, m as f64, 1))
                else {
                    all += 1;
                    continue;
                };
                all += 1;
                resolved += 1;
                let (want, want_grad) = match dist {
                    Distribution::ScaledBeta => scaled_beta_ln(a, b, s, c, m),
                    Distribution::Kumaraswamy => {
                        let r = Kernel {
                            dist,
                            a,
                            b,
                            s,
                            c: c as f64,
                            m: m as f64,
                        }
                        .integrate(&rule);
                        (r.ln, r.grad)
                    }
                };
                // The integral to 1e-10 relative (ln to 1e-10 absolute, as the per-group rule
                // is held to mpmath), or a few ulps of the density's ln B(a, b) where that is
                // large (the grid's value carries its rounding; the series cancels it).
                let tol =
                    POSTERIOR_REL.max(64.0 * f64::EPSILON * (want.abs() + ln_beta(a, b).abs()));
                worst = worst.max((g.ln - want).abs());
                assert!(
                    (g.ln - want).abs() <= tol,
                    "{dist:?} {a} {b} {s} {n} {c}: {} vs {want}",
                    g.ln
                );
                for i in 0..3 {
                    assert!(
                        close(g.grad[i], want_grad[i], 2e-6, 1e-7),
                        "{dist:?} gradient {i} at {a} {b} {s} {n} {c}: {:?} vs {want_grad:?}",
                        g.grad
                    );
                }
            }
        }
    }
    // The grid takes nearly all (the rest goes to the per-group rule, below).
    assert!(resolved * 10 >= all * 9, "{resolved} of {all}");
    eprintln!("{resolved} of {all} on the grid; largest |Δ ln| {worst:e}");
}

/// Checks the Hessian `h` at `p` against central differences (steps 10^-5 relative) of the
/// gradient `grad`, entry by entry to `rel` relative (and 10^-6·(1 + |H_ii|) absolute), in
/// the columns `cols` and rows `rows`.
fn assert_hessian_is_differences(
    h: [[f64; 3]; 3],
    p: [f64; 3],
    mut grad: impl FnMut([f64; 3]) -> [f64; 3],
    (rows, cols): (usize, usize),
    rel: f64,
    what: &str,
) {
    for j in 0..cols {
        let step = 1e-5 * p[j];
        let (mut up, mut dn) = (p, p);
        up[j] += step;
        dn[j] -= step;
        let (gu, gd) = (grad(up), grad(dn));
        for i in 0..rows {
            let fd = (gu[i] - gd[i]) / (2.0 * step);
            assert!(
                close(h[i][j], fd, rel, 1e-6 * (1.0 + h[i][i].abs())),
                "{what} H[{i}][{j}] at {p:?}: {} vs {fd}",
                h[i][j]
            );
        }
    }
}

#[test]
fn the_hessian_is_the_gradients_difference() {
    for dist in Distribution::ALL {
        for &(a, b, s) in &[(0.3, 2.0, 0.7), (1.5, 0.6, 0.95), (0.1, 8.0, 0.2)] {
            for &(n, c) in &[(128u64, 17u64), (10_000, 40), (16, 16)] {
                let m = (n - c) as f64;
                let level = Grid::level_for(n);
                let at = |p: [f64; 3]| {
                    with_point(level, dist, p, |pt| pt.group(c as f64, m, 2)).unwrap()
                };
                let h = at([a, b, s]).hess;
                let what = format!("{dist:?} n {n} c {c}");
                assert_hessian_is_differences(h, [a, b, s], |p| at(p).grad, (3, 3), 1e-5, &what);
            }
        }
    }
}

#[test]
fn the_series_hessian_is_its_gradients_difference() {
    // The scaled Beta's series sums the groups with few failures (SERIES_M) with its own
    // Hessian: against central differences of its gradient, over the shapes the backtest's
    // small subsamples reach (a at its lower bound, a + b large, s small or near 1), peaks
    // from the first term to the thousandth (trigamma differences summed or by Stirling).
    for &(a, b, s) in &[
        (0.3, 2.0, 0.7),
        (0.01, 0.05, 0.06),
        (40.0, 200.0, 0.999),
        (1.5, 0.6, 0.01),
        (1e4, 9e3, 0.3),
        (0.2, 5.0, 1.0),
    ] {
        for &(c, m) in &[
            (0u64, 3u64),
            (2, 1),
            (17, 64),
            (5_000, 40),
            (3, 9_997),
            (0, 0),
        ] {
            let (v, g, h) = scaled_beta_ln_hess(a, b, s, c, m);
            // The value and gradient are the plain series'.
            assert_eq!((v, g), scaled_beta_ln(a, b, s, c, m));
            // At s = 1 the series is not summed: ∂²/∂s² is said unknown.
            let known = if s < 1.0 { 3 } else { 2 };
            if s >= 1.0 {
                assert!(h[2][2].is_nan() && h[0][2].is_nan());
            }
            let grad = |q: [f64; 3]| scaled_beta_ln(q[0], q[1], q[2], c, m).1;
            let what = format!("series c {c} m {m}");
            assert_hessian_is_differences(h, [a, b, s], grad, (known, known), 1e-5, &what);
        }
    }
}

#[test]
fn the_per_group_rules_hessian_is_its_gradients_difference() {
    // A Kumaraswamy group the grid cannot resolve is integrated alone, with the Hessian
    // averaged on the same nodes: against central differences of the rule's gradient, at
    // the shapes of the backtest's small subsamples (a at its lower bound: the integrand
    // still large at the grid's end) and at ordinary ones.
    let rule = TanhSinh::new();
    for &(a, b, s) in &[
        (0.01, 0.3, 0.1),
        (0.01, 0.05, 0.06),
        (0.3, 2.0, 0.7),
        (2.0, 40.0, 0.99),
    ] {
        for &(c, m) in &[(0.0, 3.0), (1.0, 19.0), (0.0, 650.0), (40.0, 88.0)] {
            let at = |p: [f64; 3]| Kernel {
                dist: Distribution::Kumaraswamy,
                a: p[0],
                b: p[1],
                s: p[2],
                c,
                m,
            };
            let (r, h) = at([a, b, s]).integrate_hess_to(&rule, 1e-7);
            let plain = at([a, b, s]).integrate_to(&rule, 1e-7);
            assert_eq!((r.ln, r.grad), (plain.ln, plain.grad));
            let grad = |q: [f64; 3]| at(q).integrate(&rule).grad;
            let what = format!("rule c {c} m {m}");
            assert_hessian_is_differences(h, [a, b, s], grad, (3, 3), 1e-2, &what);
        }
    }
}

#[test]
fn a_peak_finer_than_the_finest_stride_is_integrated_alone() {
    // Beta(10^4, 10^4) on the coarsest grid: no stride resolves it, the group goes to the
    // per-group rule (the exact series here), and the value is still exact.
    let p = [1e4, 1e4, 0.5];
    assert!(with_point(6, Distribution::ScaledBeta, p, |pt| pt.group(3.0, 7.0, 1)).is_none());
    let g = Groups::new([Counts::new(10, 3).unwrap()]);
    let data = ScaledData::new(&g);
    let (v, _) = data.task_ln(Distribution::ScaledBeta, p, 3.0, 7.0);
    let want = scaled_beta_ln(1e4, 1e4, 0.5, 3, 7).0;
    // To the rounding of ln B(10^4, 10^4) ≈ −1.4·10^4 that the grid's density carries.
    assert!(
        (v - want).abs() <= 64.0 * f64::EPSILON * ln_beta(1e4, 1e4).abs(),
        "{v} vs {want}"
    );
}

/// The series of the shared real files as the reference script groups them.
fn real_series() -> Vec<(String, Groups)> {
    let ds = passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
        passk_fixtures::real("pythia_math_n10000.csv"),
    ]);
    ds.iter()
        .map(|d| {
            (
                d.name.clone(),
                Groups::new(d.tasks.iter().map(|t| t.counts)),
            )
        })
        .collect()
}

#[test]
fn log_likelihoods_on_the_real_files_agree_with_mpmath_at_50_digits_to_1e_12() {
    let text = std::fs::read_to_string(passk_fixtures::fixture("scaled/loglik.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let points = doc["points"].as_array().unwrap();
    assert_eq!(points.len(), 18);
    let series = real_series();
    let mut worst: f64 = 0.0;
    for p in points {
        let name = p["series"].as_str().unwrap();
        let (_, g) = series
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no series {name}"));
        let dist = match p["family"].as_str().unwrap() {
            "scaled_beta" => Distribution::ScaledBeta,
            _ => Distribution::Kumaraswamy,
        };
        let num = |k: &str| p[k].as_f64().unwrap();
        let want: f64 = p["log_likelihood"].as_str().unwrap().parse().unwrap();
        let (got, _) = ScaledData::new(g).log_likelihood(dist, [num("a"), num("b"), num("scale")]);
        let rel = (got - want).abs() / want.abs();
        worst = worst.max(rel);
        assert!(
            rel <= CLOSED_FORM_REL,
            "{name} {dist:?}: {got} vs {want} ({rel:e})"
        );
    }
    eprintln!("largest relative difference from mpmath: {worst:e}");
}
