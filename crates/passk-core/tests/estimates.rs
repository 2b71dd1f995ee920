//! The fast dataset path (`Estimates::at_k`, sweeps along c) against the per-task reference
//! functions, evaluated task by task, over generated datasets and parameters.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::linmix_pass_at_k;
use passk_core::estimators::zoibb::ZoibbFit;
use passk_core::estimators::{credible_interval, Metric, Prior};
use passk_core::estimators::{mean_pass_at_k, mean_pass_hat_k, naive_pass_at_k, naive_pass_hat_k};
use passk_core::estimators::{BbFit, PARAM_MAX};
use passk_core::eval::{Config, Estimates};

use passk_core::eval::unbiased_pass_at_k;
use passk_core::eval::Fits;
use passk_core::num::prec::{close, CLOSED_FORM_ABS, CLOSED_FORM_REL, POSTERIOR_REL};
use passk_core::num::TerminationReason;
use proptest::prelude::*;

fn fits(a: f64, b: f64, za: f64, zb: f64, pi0: f64, pi1: f64) -> Fits {
    let stop = TerminationReason::GradientTolerance;
    Fits {
        bb: BbFit {
            a,
            b,
            log_likelihood: 0.0,
            delta_pass: a + b,
            at_bound: false,
            identifiable: true,
            converged: true,
            iterations: 0,
            stop_reason: stop,
        },
        zoibb: ZoibbFit {
            a: za,
            b: zb,
            pi0,
            pi1,
            log_likelihood: 0.0,
            at_bound: false,
            converged: true,
            iterations: 0,
            stop_reason: stop,
        },
    }
}

/// Datasets with clustered n (so blocks have many c) and occasional huge n (gaps).
fn dataset() -> impl Strategy<Value = Vec<(u64, u64)>> {
    let n = prop_oneof![4 => 1u64..40, 3 => 100u64..400, 1 => 1_000_000u64..1_000_000_000_000];
    prop::collection::vec(
        n.prop_flat_map(|n| (Just(n), prop_oneof![Just(0), Just(n), 0..=n])),
        1..300,
    )
}

/// A few tasks with one or two successes in 10⁶–10¹² samples: tiny success rates, whose
/// naive pass@k at small budgets is made almost wholly of the walked steps' terms.
fn tiny_rates() -> impl Strategy<Value = Vec<(u64, u64)>> {
    prop::collection::vec((1_000_000u64..1_000_000_000_000, 1u64..=2), 1..4)
}

fn param() -> impl Strategy<Value = f64> {
    prop_oneof![1e-6f64..1e-3, 0.01f64..5.0, 5.0f64..1e3, Just(PARAM_MAX)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sweeps_agree_with_the_per_task_reference(
        data in dataset(),
        k in prop_oneof![1u64..5, 5u64..200, 200u64..100_000, 1_000_000u64..1_000_000_000],
        (a, b, za, zb) in (param(), param(), param(), param()),
        (pi0, pi1) in (0.0f64..0.5, 0.0f64..0.5),
        lm in (0.0f64..30.0, 31.0f64..200.0),
    ) {
        let g = Groups::new(data.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
        let f = fits(a, b, za, zb, pi0, pi1);
        let prior = Prior { alpha: 1.0, beta: 1.0 };
        let cfg = Config { linmix: [lm.0, lm.1], prior, confidence: 0.95 };
        let est = Estimates::new(&g, Some(f), cfg);
        let e = est.at_k(k);
        // The pass@k-only pass gives the same pass@k values, bit for bit.
        let light = est.pass_at_ks(&[k])[0];
        prop_assert_eq!((light.combinatorial, light.naive, light.bb, light.zoibb, light.linmix), (e.combinatorial, e.naive, e.bb, e.zoibb, e.linmix));
        prop_assert_eq!(light.interval, e.interval);
        let kf = k as f64;
        let check = |what: &str, got: f64, want: f64, rel: f64| {
            prop_assert!(close(got, want, rel, CLOSED_FORM_ABS), "{what}: {got} vs {want} (k = {k})");
            Ok(())
        };
        match mean_pass_at_k(&g, k) {
            Ok(want) => check("pass@k", e.combinatorial.unwrap(), want, CLOSED_FORM_REL)?,
            Err(w) => prop_assert_eq!(e.combinatorial, Err(w)),
        }
        // The one-budget pass@k gives the same value, bit for bit.
        prop_assert_eq!(unbiased_pass_at_k(&g, k), e.combinatorial);
        match mean_pass_hat_k(&g, k) {
            Ok(want) => check("pass^k", e.combinatorial_hat.unwrap(), want, CLOSED_FORM_REL)?,
            Err(w) => prop_assert_eq!(e.combinatorial_hat, Err(w)),
        }
        check("naive", e.naive, g.mean(|t| naive_pass_at_k(t, kf)), CLOSED_FORM_REL)?;
        check("naive^", e.naive_hat, g.mean(|t| naive_pass_hat_k(t, kf)), CLOSED_FORM_REL)?;
        check("bb", e.bb.unwrap(), f.bb.pass_at_k(&g, kf), POSTERIOR_REL)?;
        check("bb^", e.bb_hat.unwrap(), f.bb.pass_hat_k(&g, kf), POSTERIOR_REL)?;
        check("zoibb", e.zoibb.unwrap(), f.zoibb.pass_at_k(&g, kf), POSTERIOR_REL)?;
        check("zoibb^", e.zoibb_hat.unwrap(), f.zoibb.pass_hat_k(&g, kf), POSTERIOR_REL)?;
        check("linmix", e.linmix.unwrap(), linmix_pass_at_k(&g, &f.bb, &f.zoibb, kf, lm.0, lm.1), POSTERIOR_REL)?;
        for (got, m) in [(e.interval, Metric::PassAtK), (e.interval_hat, Metric::PassHatK)] {
            let want = credible_interval(&g, k, prior, 0.95, m);
            check("interval mean", got.mean, want.mean, CLOSED_FORM_REL)?;
            // σ² = Σ(m2 − m1²) cancels: compare σ where it is not itself rounding noise.
            prop_assert!((got.sd - want.sd).abs() <= 1e-9 * want.sd + 1e-9, "sd {} vs {}", got.sd, want.sd);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn swept_posterior_cover_agrees_with_the_per_task_reference(
        data in dataset(),
        (a, b) in (param(), param()),
        tau in prop_oneof![Just(0.0), Just(1.0), 0.0f64..1.0, 0.95f64..1.0, 0.0f64..0.05],
    ) {
        use passk_core::estimators::{cover_posterior, cover_posterior_by_task};
        let g = Groups::new(data.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
        let got = cover_posterior(&g, a, b, tau);
        let want = cover_posterior_by_task(&g, a, b, tau);
        prop_assert!(close(got, want, POSTERIOR_REL, CLOSED_FORM_ABS), "{} vs {} (tau = {})", got, want, tau);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Budgets evaluated together (four lanes per pass; equally spaced ones take the naive
    /// plug-ins' powers by multiplication) give what each gives alone: bit for bit for every
    /// swept estimator, the naive plug-ins within the closed-form tolerance of the per-task
    /// reference.
    #[test]
    fn budgets_together_agree_with_each_alone(
        data in prop_oneof![3 => dataset(), 1 => tiny_rates()],
        (k0, d, len) in (prop_oneof![Just(1u64), 1u64..300], prop_oneof![Just(1u64), 1u64..40, 1_000u64..100_000], prop_oneof![1usize..11, 60usize..140]),
        shuffle in any::<bool>(),
        (a, b) in (param(), param()),
    ) {
        let g = Groups::new(data.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
        let f = fits(a, b, b, a, 0.1, 0.2);
        let cfg = Config { linmix: [20.0, 100.0], prior: Prior { alpha: 1.0, beta: 1.0 }, confidence: 0.9 };
        let est = Estimates::new(&g, Some(f), cfg);
        let mut ks: Vec<u64> = (0..len as u64).map(|i| k0 + i * d).collect();
        if shuffle {
            ks.reverse();
            ks.swap(0, len / 2);
        }
        let together = est.at_ks(&ks);
        prop_assert_eq!(together.len(), ks.len());
        for (i, (got, &k)) in together.iter().zip(&ks).enumerate() {
            prop_assert_eq!(got.k, k);
            let kf = k as f64;
            for (what, v, want) in [
                ("naive", got.naive, g.mean(|t| naive_pass_at_k(t, kf))),
                ("naive^", got.naive_hat, g.mean(|t| naive_pass_hat_k(t, kf))),
            ] {
                prop_assert!(close(v, want, CLOSED_FORM_REL, CLOSED_FORM_ABS), "{what}: {v} vs {want} (k = {k}, ks = {ks:?})");
            }
            // Each budget alone costs a whole pass: in long lists, every 13th and the last.
            if i % 13 != 0 && i + 1 != ks.len() {
                continue;
            }
            let alone = est.at_k(k);
            prop_assert_eq!(
                (got.combinatorial, got.combinatorial_hat, got.bb, got.bb_hat, got.zoibb, got.zoibb_hat, got.linmix),
                (alone.combinatorial, alone.combinatorial_hat, alone.bb, alone.bb_hat, alone.zoibb, alone.zoibb_hat, alone.linmix)
            );
            prop_assert_eq!((got.interval, got.interval_hat), (alone.interval, alone.interval_hat));
        }
    }
}

/// Tasks of a few large n with c dense over 0..=n: the swept cover posterior runs through
/// both tails, where its terms fall below `cover::TAIL`.
fn dense_blocks() -> impl Strategy<Value = Vec<(u64, u64)>> {
    prop::collection::vec(
        (prop_oneof![300u64..3_000, 10_000u64..100_000], 1u64..40).prop_flat_map(|(n, step)| {
            let first = 0..=n.min(step * 60);
            first.prop_map(move |c0| {
                (c0..=n)
                    .step_by(step as usize)
                    .take(3_000)
                    .map(|c| (n, c))
                    .collect::<Vec<_>>()
            })
        }),
        1..3,
    )
    .prop_map(|blocks| blocks.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn swept_posterior_cover_agrees_through_both_tails(
        data in dense_blocks(),
        (a, b) in (prop_oneof![0.05f64..5.0, 5.0f64..200.0], prop_oneof![0.05f64..5.0, 5.0f64..200.0]),
        tau in prop_oneof![0.0f64..1.0, 0.95f64..1.0, 0.0f64..0.05],
    ) {
        use passk_core::estimators::{cover_posterior, cover_posterior_by_task};
        let g = Groups::new(data.iter().map(|&(n, c)| Counts::new(n, c).unwrap()));
        let got = cover_posterior(&g, a, b, tau);
        let want = cover_posterior_by_task(&g, a, b, tau);
        prop_assert!(close(got, want, POSTERIOR_REL, CLOSED_FORM_ABS), "{} vs {} (tau = {})", got, want, tau);
    }
}
