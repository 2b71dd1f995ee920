//! Every metric's interval (issue 54) against scorio 0.2.3 on the real files: G-Pass@k_τ,
//! mG-Pass@k, strict maj@k, AUC@k (values and `*_ci`), pass@k and pass^k (`*_ci`) and avg@N
//! (`avg_ci`), recorded in `tests/reference/scorio/scorio_ci.json` with the version and the
//! commit. The tolerances are `prec::SCORIO_*`; the worst differences are printed.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::estimators::interval::Interval;
use passk_core::num::prec::{rel_diff, SCORIO_MEAN_REL, SCORIO_SD_REL};
use passk_core::report::build::build_report;
use passk_core::report::schema::ModelReport;
use passk_core::settings::Options;
use serde_json::Value;

fn reference() -> Value {
    let path =
        passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/scorio_ci.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn reports() -> Vec<ModelReport> {
    let ds = passk_fixtures::load(&[
        passk_fixtures::real("deepscaler_base.jsonl"),
        passk_fixtures::real("deepscaler_rl.jsonl"),
        passk_fixtures::real("pythia_math_n10000.csv"),
    ]);
    let opts = Options {
        ks: vec![1, 2, 5, 10, 100],
        ..Options::default()
    };
    let rejected = vec![vec![]; ds.len()];
    let taus: Vec<f64> = opts.g_taus.iter().map(|t| t.value()).collect();
    assert_eq!(taus, [0.5, 0.75, 1.0]);
    build_report(&ds, rejected, &opts).models
}

/// (worst relative difference of the means and bounds, of the sds).
#[derive(Default)]
struct Worst(f64, f64, usize);

impl Worst {
    fn value(&mut self, got: f64, want: f64, what: &str) {
        let d = rel_diff(got, want);
        assert!(
            d <= SCORIO_MEAN_REL,
            "{what}: {got} vs scorio {want} ({d:e})"
        );
        self.0 = self.0.max(d);
        self.2 += 1;
    }

    fn interval(&mut self, got: Option<Interval>, want: &Value, what: &str) {
        let got = got.unwrap_or_else(|| panic!("{what}: no interval"));
        let w: Vec<f64> = want
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        self.value(got.mean, w[0], &format!("{what} mean"));
        // μ ∓ zσ: as far as the mean's and the sd's own differences carry it.
        let room = SCORIO_MEAN_REL * w[0].abs() + SCORIO_SD_REL * 1.96 * w[1];
        for (g, x, end) in [(got.lo, w[2], "lo"), (got.hi, w[3], "hi")] {
            assert!((g - x).abs() <= room, "{what} {end}: {g} vs scorio {x}");
        }
        let d = rel_diff(got.sd, w[1]);
        assert!(
            d <= SCORIO_SD_REL,
            "{what} sd: {} vs scorio {} ({d:e})",
            got.sd,
            w[1]
        );
        self.1 = self.1.max(d);
    }
}

#[test]
fn every_interval_equals_scorio_on_the_real_files() {
    let r = reference();
    assert_eq!(r["meta"]["scorio_version"], "0.2.3");
    assert_eq!(
        r["meta"]["repo_commit_read"],
        "dedc4154f6daf01af79416b8c93560ac4b0fb88e"
    );
    let mut worst = Worst::default();
    let models = reports();
    let series = r["series"].as_object().unwrap();
    assert_eq!(series.len(), 9);
    for m in &models {
        let recs = series[&m.name]
            .as_array()
            .unwrap_or_else(|| panic!("{} not in the reference", m.name));
        for rec in recs {
            let f = rec["f"].as_str().unwrap();
            let k = rec["k"].as_u64();
            let tau = rec["tau"].as_f64();
            let what = format!("{} {f} k={k:?} τ={tau:?}", m.name);
            let res = &rec["result"];
            let k = k.unwrap_or(0);
            // The row's (value, interval) for the function, by its name without `_ci`.
            let found: Option<(f64, Option<Interval>)> = match f.trim_end_matches("_ci") {
                "avg" => m.avg_at_n.map(|i| (i.mean, Some(i))),
                "pass_at_k" => m
                    .pass_at_k
                    .iter()
                    .find(|x| x.k == k)
                    .map(|x| (0.0, x.interval)),
                "pass_hat_k" => m
                    .pass_hat_k
                    .iter()
                    .find(|x| x.k == k)
                    .map(|x| (0.0, x.interval)),
                "g_pass_at_k_tau" => m
                    .g_pass_at_k
                    .iter()
                    .find(|x| x.k == k && Some(x.tau) == tau)
                    .map(|x| (x.value, x.interval)),
                "mg_pass_at_k" => m
                    .mg_pass_at_k
                    .iter()
                    .find(|x| x.k == k)
                    .map(|x| (x.value, x.interval)),
                "maj_at_k" => m
                    .maj_strict_at_k
                    .iter()
                    .find(|x| x.k == k)
                    .map(|x| (x.value, x.interval)),
                "auc_at_k" => m
                    .auc_at_k
                    .iter()
                    .find(|x| x.k == k)
                    .map(|x| (x.value, x.interval)),
                other => panic!("unexpected {other}"),
            };
            let (value, interval) = found.unwrap_or_else(|| panic!("{what}: no row"));
            if f.ends_with("_ci") {
                worst.interval(interval, res, &what)
            } else {
                worst.value(value, res.as_f64().unwrap(), &what)
            }
        }
    }
    println!(
        "{} values; worst relative difference: values and bounds {:e}, sds {:e}",
        worst.2, worst.0, worst.1
    );
    assert!(worst.2 > 9 * 60);
}
