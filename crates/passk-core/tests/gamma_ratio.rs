//! The gamma-ratio kernel behind every estimator against mpmath at 80 digits
//! (`tests/reference/gamma_ratio.json`, made by `tests/reference/gen_gamma_ratio.py`), for
//! arguments up to 10^12.
// Reference computations may use the platform's maths: only the library must use libm.
#![allow(clippy::disallowed_methods)]
#![cfg(not(target_arch = "wasm32"))]

use passk_core::data::Counts;
use passk_core::estimators::{pass_at_k, pass_hat_k};
use passk_core::num::ln_gamma_ratio;
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL, POSTERIOR_REL};
use serde_json::Value;

fn cases() -> Vec<Value> {
    let text = include_str!("reference/gamma_ratio.json");
    let v: Value = serde_json::from_str(text).unwrap();
    v["cases"].as_array().unwrap().clone()
}

#[test]
fn kernel_matches_mpmath() {
    let mut worst = 0.0f64;
    for c in cases() {
        let (x, d, k) = (
            c["x"].as_f64().unwrap(),
            c["d"].as_f64().unwrap(),
            c["k"].as_f64().unwrap(),
        );
        let l = ln_gamma_ratio(x, d, k);
        let tol = if c["kind"] == "bb" {
            POSTERIOR_REL
        } else {
            CLOSED_FORM_REL
        };
        let (want_r, want_q) = (
            c["ratio"].as_f64().unwrap(),
            c["one_minus_ratio"].as_f64().unwrap(),
        );
        let (got_r, got_q) = (l.exp(), -l.exp_m1());
        for (got, want) in [(got_r, want_r), (got_q, want_q)] {
            if want != 0.0 {
                worst = worst.max(((got - want) / want).abs());
            }
            assert!(
                close(got, want, tol, 1e-300),
                "{c}: got {got:e}, want {want:e}"
            );
        }
    }
    eprintln!("gamma ratio: worst relative error {worst:e}");
}

#[test]
fn estimators_at_large_n_match_mpmath() {
    for c in cases() {
        let (n, cc, k) = (
            c["n"].as_u64().unwrap(),
            c["c"].as_u64().unwrap(),
            c["k"].as_u64().unwrap(),
        );
        let t = Counts::new(n, cc).unwrap();
        match c["kind"].as_str().unwrap() {
            "unbiased" => {
                let want = c["one_minus_ratio"].as_f64().unwrap();
                let got = pass_at_k(t, k).unwrap();
                assert!(
                    close(got, want, CLOSED_FORM_REL, CLOSED_FORM_ABS),
                    "{c}: {got:e}"
                );
            }
            "pass_hat" => {
                let want = c["ratio"].as_f64().unwrap();
                let got = pass_hat_k(t, k).unwrap();
                assert!(close(got, want, CLOSED_FORM_REL, 1e-300), "{c}: {got:e}");
            }
            _ => {}
        }
    }
}
