//! Bradley–Terry (issue 54): the win matrix of the real files equals scorio's (c ones then
//! n − c zeros per task), the strengths the Newton-converged maximum likelihood to 10⁻⁹ and
//! scorio 0.2.3's (a finite-difference L-BFGS-B, 2.3·10⁻⁵ off that maximum on Pythia) to
//! 10⁻⁴; two series in closed form; Kendall's τ-b by hand.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::{bradley_terry, kendall_tau_b, wins, BtError, BtStop};
use passk_core::data::Counts;
use passk_core::data::Dataset;
use passk_core::data::Task;
use passk_core::num::prec::rel_diff;
use passk_core::num::LibmMath;
use serde_json::Value;

fn reference() -> Value {
    let path = passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/sinf.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

#[test]
fn the_real_files_as_scorio() {
    let r = reference();
    for name in ["deepscaler", "pythia"] {
        let (ds, _) = passk_fixtures::scorio_series(name);
        let ordered: Vec<&Dataset> = ds.iter().collect();
        let (w, left_out) = wins(&ordered);
        assert_eq!(left_out, 0);
        let fit = bradley_terry(w, left_out, 0.95).unwrap();
        assert_eq!(fit.stop, BtStop::Converged, "{name}");
        let exact = floats(&r["bt_exact_mle"][name]["exact_mle_pi"]);
        let scorio = floats(&r[name]["bt"][0]["result"][1]);
        for ((got, e), s) in fit.strengths.iter().zip(&exact).zip(&scorio) {
            assert!(
                rel_diff(*got, *e) <= 1e-9,
                "{name}: {got} vs the maximum {e}"
            );
            assert!(rel_diff(*got, *s) <= 1e-4, "{name}: {got} vs scorio {s}");
        }
        // Each interval holds its strength; the geometric mean is 1.
        assert!(fit
            .intervals
            .iter()
            .zip(&fit.strengths)
            .all(|((lo, hi), p)| lo < p && p < hi));
        let ln_mean: f64 =
            fit.strengths.iter().map(|p| p.libm_ln()).sum::<f64>() / fit.strengths.len() as f64;
        assert!(ln_mean.abs() < 1e-12);
        // scorio's ranking (competition ranks, 1 = strongest) agrees: τ-b = 1.
        let ranks = floats(&r[name]["bt"][0]["result"][0]);
        let neg: Vec<f64> = fit.strengths.iter().map(|p| -p).collect();
        assert_eq!(kendall_tau_b(&neg, &ranks), 1.0, "{name}");
    }
}

#[test]
fn two_series_in_closed_form_and_the_refusals() {
    // π₁/π₂ = W₁₂/W₂₁ with π₁π₂ = 1: π₁ = √(W₁₂/W₂₁); se(θ₁) = ½·√(1/W₁₂ + 1/W₂₁).
    let w = vec![vec![0.0, 30.0], vec![10.0, 0.0]];
    let fit = bradley_terry(w, 0, 0.95).unwrap();
    assert!(
        rel_diff(fit.strengths[0], 3f64.sqrt()) < 1e-12,
        "{:?}",
        fit.strengths
    );
    assert!(
        rel_diff(fit.se[0], 0.5 * (1.0 / 30.0 + 1.0 / 10.0f64).sqrt()) < 1e-9,
        "{:?}",
        fit.se
    );
    assert_eq!(
        bradley_terry(vec![vec![0.0]], 0, 0.95),
        Err(BtError::TooFew)
    );
    assert_eq!(
        bradley_terry(vec![vec![0.0, 5.0], vec![0.0, 0.0]], 0, 0.95),
        Err(BtError::NotConnected)
    );
    let none = bradley_terry(vec![vec![0.0; 2]; 2], 0, 0.95).unwrap();
    assert_eq!(
        (none.stop, none.strengths.clone()),
        (BtStop::NoDecisive, vec![1.0, 1.0])
    );
    // Tasks matched by id; one missing from a series, one with another n, left out.
    let ds = |name: &str, t: &[(&str, u64, u64)]| Dataset {
        name: name.into(),
        tasks: t
            .iter()
            .map(|(id, n, c)| Task::new(Some(id.to_string()), Counts::new(*n, *c).unwrap()))
            .collect(),
        meta: Default::default(),
    };
    let a = ds(
        "a",
        &[("x", 10, 7), ("y", 10, 2), ("z", 10, 5), ("u", 8, 1)],
    );
    let b = ds("b", &[("y", 10, 4), ("x", 10, 3), ("u", 10, 1)]);
    let (w, left) = wins(&[&a, &b]);
    assert_eq!((w, left), (vec![vec![0.0, 4.0], vec![2.0, 0.0]], 2));
}

#[test]
fn kendall_tau_b_by_hand() {
    assert_eq!(kendall_tau_b(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]), 1.0);
    assert_eq!(kendall_tau_b(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0);
    // One discordant pair of three, no ties: (2 − 1)/3.
    assert!((kendall_tau_b(&[1.0, 2.0, 3.0], &[1.0, 3.0, 2.0]) - 1.0 / 3.0).abs() < 1e-15);
    // A tie in the first: pairs 3, tied 1, concordant 2: 2/√(2·3).
    assert!((kendall_tau_b(&[1.0, 1.0, 2.0], &[1.0, 2.0, 3.0]) - 2.0 / 6f64.sqrt()).abs() < 1e-15);
    assert!(kendall_tau_b(&[1.0, 1.0], &[1.0, 2.0]).is_nan());
}
