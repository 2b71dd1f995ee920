//! Every metric's interval (issue 54) against scorio 0.2.3 on the real files: G-Pass@k_τ,
//! mG-Pass@k, strict maj@k, AUC@k (values and `*_ci`), pass@k and pass^k (`*_ci`) and avg@N
//! (`avg_ci`), recorded in `tests/reference/scorio/scorio_ci.json` with the version and the
//! commit. The tolerances are `prec::SCORIO_*`; the worst differences are printed.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::estimators::Interval;
use passk_core::num::prec::{rel_diff, EXACT_MOMENT_REL, SCORIO_MEAN_REL, SCORIO_SD_REL};
use passk_core::report::build_report;
use passk_core::report::ModelReport;
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

/// The geometric blends and TailPass@k (values, intervals, each point of the profile and its
/// moment utility) against scorio 0.2.3, recorded by `gen_scorio_geom.py`.
#[test]
fn geometric_blends_and_tailpass_equal_scorio_on_the_real_files() {
    let path =
        passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/scorio_geom.json");
    let r: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(r["meta"]["scorio_version"], "0.2.3");
    let exact_path =
        passk_fixtures::root().join("crates/passk-core/tests/reference/scorio/exact_tailpass.json");
    let exact_ref: Value =
        serde_json::from_str(&std::fs::read_to_string(exact_path).unwrap()).unwrap();
    let mut worst = Worst::default();
    let (mut profiles, mut points, mut scorio_off) = (0, 0, 0);
    let (mut exact_worst, mut scorio_worst) = (0f64, 0f64);
    let series = r["series"].as_object().unwrap();
    assert_eq!(series.len(), 9);
    for m in &reports() {
        for rec in series[&m.name].as_array().unwrap() {
            let f = rec["f"].as_str().unwrap();
            let k = rec["k"].as_u64().unwrap();
            let what = format!("{} {f} k={k}", m.name);
            let res = &rec["result"];
            let rows = match f.trim_end_matches("_ci") {
                "geom_at_k" => Some(&m.geom_at_k),
                "geom_ds_at_k" => Some(&m.geom_ds_at_k),
                "geo_spectrum_at_k" => Some(&m.geo_spectrum_at_k),
                _ => None,
            };
            if let Some(rows) = rows {
                let row = rows
                    .iter()
                    .find(|x| x.k == k)
                    .unwrap_or_else(|| panic!("{what}: no row"));
                if f.ends_with("_ci") {
                    worst.interval(row.interval, res, &what)
                } else {
                    worst.value(row.value, res.as_f64().unwrap(), &what)
                }
                continue;
            }
            let tp = m
                .tailpass
                .iter()
                .find(|x| x.k == k)
                .unwrap_or_else(|| panic!("{what}: no TailPass row"));
            match f {
                "tailpass_ci_normal" => {
                    let cols: Vec<&Vec<Value>> =
                        (0..4).map(|i| res[i].as_array().unwrap()).collect();
                    assert_eq!(cols[0].len(), k as usize, "{what}");
                    for r in 0..k as usize {
                        let want =
                            Value::from(cols.iter().map(|c| c[r].clone()).collect::<Vec<Value>>());
                        let got = Interval {
                            mean: tp.mean[r],
                            sd: tp.sd[r],
                            lo: tp.lo[r],
                            hi: tp.hi[r],
                        };
                        let at = format!("{what} r={}", r + 1);
                        // At k = 100 each point is checked against exact rationals first;
                        // scorio only where it is itself within the tolerance of them.
                        if let Some(e) = exact(&exact_ref, &m.name, k, r) {
                            let (dm, ds) = (rel_diff(got.mean, e.0), rel_diff(got.sd, e.1));
                            assert!(
                                dm <= EXACT_MOMENT_REL,
                                "{at} mean: {} vs exact {}",
                                got.mean,
                                e.0
                            );
                            assert!(
                                ds <= EXACT_MOMENT_REL,
                                "{at} sd: {} vs exact {}",
                                got.sd,
                                e.1
                            );
                            exact_worst = exact_worst.max(dm).max(ds);
                            let sm = rel_diff(cols[0][r].as_f64().unwrap(), e.0);
                            let ss = rel_diff(cols[1][r].as_f64().unwrap(), e.1);
                            scorio_worst = scorio_worst.max(sm).max(ss);
                            if sm > SCORIO_MEAN_REL || ss > SCORIO_SD_REL {
                                scorio_off += 1;
                                continue;
                            }
                        }
                        worst.interval(Some(got), &want, &at);
                        points += 1;
                    }
                    profiles += 1;
                }
                "tailpass_moment2_ci_normal" => worst.interval(Some(tp.moment2), res, &what),
                other => panic!("unexpected {other}"),
            }
        }
    }
    println!(
        "{} values, {profiles} profiles ({points} points against scorio); worst relative difference: values and bounds {:e}, sds {:e}",
        worst.2, worst.0, worst.1
    );
    println!(
        "TailPass@100 against exact rationals: passk within {exact_worst:e}, scorio within {scorio_worst:e} ({scorio_off} points of scorio's beyond the tolerance)"
    );
    assert_eq!(profiles, 9 * 5);
    assert!(points > 9 * 100);
}

/// The exact (mean, sd) of point r (from 0) of the k-profile of a series, if recorded.
fn exact(r: &Value, name: &str, k: u64, point: usize) -> Option<(f64, f64)> {
    if r["k"].as_u64() != Some(k) {
        return None;
    }
    let p = &r["series"][name][point];
    let num = |i: usize| p[i].as_str().and_then(|x| x.parse::<f64>().ok());
    Some((num(0)?, num(1)?))
}
