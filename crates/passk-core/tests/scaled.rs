//! The scaled-Beta and scaled-Kumaraswamy fits (issue 38): their marginal likelihood against
//! mpmath, against BB at s = 1 and against each other's code path; gradients against finite
//! differences; predictions against BB at s = 1.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::scaled::scaled_beta_ln;
use passk_core::estimators::scaled::Kernel;
use passk_core::estimators::scaled::{Distribution, Predictor, ScaledData};
use passk_core::estimators::BbData;
use passk_core::estimators::{bb_pass_at_k, bb_pass_hat_k, fit_bb};
use passk_core::num::ln_choose;
use passk_core::num::prec::{close, rel_diff, CLOSED_FORM_REL, POSTERIOR_REL};
use passk_core::num::TanhSinh;
use serde_json::Value;

fn distribution(key: &str) -> Distribution {
    match key {
        "scaled_beta" => Distribution::ScaledBeta,
        _ => Distribution::Kumaraswamy,
    }
}

#[test]
fn marginals_agree_with_mpmath_to_1e_10() {
    let text = std::fs::read_to_string(passk_fixtures::fixture("scaled/marginals.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 20);
    let rule = TanhSinh::new();
    let g = Groups::new([Counts::new(1, 0).unwrap()]);
    let data = ScaledData::new(&g);
    for case in cases {
        let f = distribution(case["family"].as_str().unwrap());
        let num = |k: &str| case[k].as_f64().unwrap();
        let (a, b, s) = (num("a"), num("b"), num("scale"));
        let (n, c) = (case["n"].as_u64().unwrap(), case["c"].as_u64().unwrap());
        let want = num("ln_marginal");
        let lnc = ln_choose(n, c);
        // The path the fits take, and the quadrature for the scaled Beta too.
        let got = lnc + data.task_ln(f, [a, b, s], c as f64, (n - c) as f64).0;
        let quad = lnc
            + Kernel {
                dist: f,
                a,
                b,
                s,
                c: c as f64,
                m: (n - c) as f64,
            }
            .integrate(&rule)
            .ln;
        for (what, v) in [("fit path", got), ("quadrature", quad)] {
            // P to 1e-10 relative: ln P to 1e-10 absolute.
            assert!(
                (v - want).abs() <= POSTERIOR_REL,
                "{case}: {what} {v} vs {want}"
            );
        }
    }
}

#[test]
fn the_series_and_the_quadrature_agree_over_a_grid() {
    let rule = TanhSinh::new();
    let mut worst: f64 = 0.0;
    for &a in &[0.05, 0.3, 1.0, 4.0, 40.0] {
        for &b in &[0.1, 0.9, 3.0, 200.0] {
            for &s in &[0.01, 0.3, 0.8, 0.999_999, 1.0] {
                for &(n, c) in &[
                    (1u64, 0u64),
                    (1, 1),
                    (10, 3),
                    (128, 0),
                    (128, 128),
                    (10_000, 7),
                    (100_000, 50_000),
                ] {
                    let (series, sg) = scaled_beta_ln(a, b, s, c, n - c);
                    let q = Kernel {
                        dist: Distribution::ScaledBeta,
                        a,
                        b,
                        s,
                        c: c as f64,
                        m: (n - c) as f64,
                    }
                    .integrate(&rule);
                    let d = (series - q.ln).abs();
                    worst = worst.max(d);
                    // P to 1e-10 relative, or ln P to a few ulps where |ln P| is large.
                    let tol = POSTERIOR_REL.max(32.0 * f64::EPSILON * series.abs());
                    assert!(d <= tol, "{a} {b} {s} {n} {c}: {series} {}", q.ln);
                    for i in 0..3 {
                        assert!(
                            close(sg[i], q.grad[i], 2e-6, 1e-7),
                            "gradient {i} at {a} {b} {s} {n} {c}: {sg:?} {:?}",
                            q.grad
                        );
                    }
                }
            }
        }
    }
    eprintln!("largest |Δ ln P| series vs quadrature: {worst:e}");
}

fn mixed_groups() -> Groups {
    Groups::new((0..200u64).map(|i| {
        let n = [1, 5, 40, 128][(i % 4) as usize];
        Counts::new(n, (i * 37 + i / 3) % (n + 1)).unwrap()
    }))
}

#[test]
fn at_scale_one_the_scaled_beta_is_bb() {
    let g = mixed_groups();
    let bb = fit_bb(&g);
    let data = ScaledData::new(&g);
    let (v, _) = data.log_likelihood(Distribution::ScaledBeta, [bb.a, bb.b, 1.0]);
    let want = BbData::new(&g).bb_loglik(bb.a, bb.b).v;
    assert!(rel_diff(v, want) <= CLOSED_FORM_REL, "{v} {want}");
    assert!(rel_diff(v, bb.log_likelihood) <= CLOSED_FORM_REL);
    let fit = passk_core::estimators::scaled::ScaledFit {
        dist: Distribution::ScaledBeta,
        a: bb.a,
        b: bb.b,
        scale: 1.0,
        log_likelihood: v,
        at_bound: false,
        identifiable: true,
        converged: true,
        iterations: 0,
        stop_reason: passk_core::num::TerminationReason::GradientTolerance,
    };
    let p = Predictor::new(fit, &data, &g);
    for k in [1.0, 7.0, 1000.0, 1e6] {
        let want = g.mean(|t| bb_pass_at_k(bb.a, bb.b, t, k));
        assert!(
            close(p.pass_at_k(k), want, POSTERIOR_REL, 1e-14),
            "k {k}: {} {want}",
            p.pass_at_k(k)
        );
        let want = g.mean(|t| bb_pass_hat_k(bb.a, bb.b, t, k));
        assert!(
            close(p.pass_hat_k(k), want, POSTERIOR_REL, 1e-14),
            "k {k}: {} {want}",
            p.pass_hat_k(k)
        );
    }
}

#[test]
fn gradients_match_finite_differences() {
    let g = mixed_groups();
    let data = ScaledData::new(&g);
    for f in Distribution::ALL {
        for p in [[0.3, 2.0, 0.6], [1.5, 0.7, 0.95], [0.08, 5.0, 0.2]] {
            let (_, grad) = data.log_likelihood(f, p);
            for i in 0..3 {
                let h = 1e-6 * p[i];
                let (mut up, mut dn) = (p, p);
                up[i] += h;
                dn[i] -= h;
                let fd = (data.log_likelihood(f, up).0 - data.log_likelihood(f, dn).0) / (2.0 * h);
                assert!(
                    close(grad[i], fd, 1e-5, 1e-4),
                    "{f} {p:?} {i}: {} {fd}",
                    grad[i]
                );
            }
        }
    }
}

fn real_series() -> Vec<passk_core::data::Dataset> {
    let mut v = passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
    ]);
    v.extend(passk_fixtures::load(&[passk_fixtures::real(
        "pythia_math_n10000.csv",
    )]));
    v
}

#[test]
fn on_the_real_files_the_scaled_beta_is_at_least_bb() {
    for ds in real_series() {
        let g = ds.groups();
        let bb = fit_bb(&g);
        let t0 = std::time::Instant::now();
        let fits = passk_core::estimators::scaled::fit_scaled(&g, &bb);
        for fit in fits {
            let f = fit.dist;
            eprintln!(
                "{:>12} {f:>12}: a {:.4} b {:.4} s {:.4} ll {:.6} (BB {:.6}) {:?} {} it, {:.0} ms",
                ds.name,
                fit.a,
                fit.b,
                fit.scale,
                fit.log_likelihood,
                bb.log_likelihood,
                fit.stop_reason,
                fit.iterations,
                t0.elapsed().as_secs_f64() * 1e3
            );
            assert!(fit.converged, "{} {f}", ds.name);
            if f == Distribution::ScaledBeta {
                // BB is the scaled Beta at s = 1, one of the starts.
                assert!(fit.log_likelihood >= bb.log_likelihood - 1e-9 * bb.log_likelihood.abs());
            }
        }
    }
}

#[test]
fn the_fits_reach_an_independent_optimiser_on_the_real_files() {
    let text = std::fs::read_to_string(passk_fixtures::fixture("scaled/fits.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let want = doc["fits"].as_array().unwrap();
    // Nine series, two families.
    assert_eq!(want.len(), 18);
    for ds in real_series() {
        let g = ds.groups();
        let fits = passk_core::estimators::scaled::fit_scaled(&g, &fit_bb(&g));
        for fit in fits {
            let w = want
                .iter()
                .find(|w| w["series"] == ds.name.as_str() && w["family"] == fit.dist.key())
                .unwrap_or_else(|| panic!("{} {}", ds.name, fit.dist));
            let theirs = w["log_likelihood"].as_f64().unwrap();
            eprintln!(
                "{:>12} {:>12}: passk {:.9} scipy {:.9}",
                ds.name, fit.dist, fit.log_likelihood, theirs
            );
            assert!(
                fit.log_likelihood >= theirs - 1e-6 * theirs.abs(),
                "{} {}: {} below scipy's {}",
                ds.name,
                fit.dist,
                fit.log_likelihood,
                theirs
            );
        }
    }
}
