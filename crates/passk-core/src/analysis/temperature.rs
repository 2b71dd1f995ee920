//! Comparing series: the paired difference of two series on the same tasks, the ranking at a
//! budget, and the best temperature per budget.

use crate::data::dataset::Dataset;
use crate::estimators::kind::Estimator;
use crate::eval::estimates::Estimates;
use crate::eval::fit::{config, SeriesFit};
use crate::settings::Settings;

/// The value a series is ranked by at budget k: the unbiased estimate where every task has
/// n ≥ k, else the BB posterior predictive (an extrapolation), with which one it is
/// ([`AtK::ranked`](crate::eval::estimates::AtK::ranked)).
pub fn best_estimate(fit: &SeriesFit, settings: &Settings, k: u64) -> Option<(f64, Estimator)> {
    let est = Estimates::new(&fit.groups, fit.fits, config(settings));
    est.pass_at_ks(&[k])[0].ranked()
}

/// A model's best temperature per budget: (model, \[(k, T*, pass@k at T*)\]).
pub type BestTemperature = (String, Vec<(u64, f64, f64)>);

/// For each model with several temperatures, the temperature with the highest pass@k at each
/// budget.
///
/// Series are grouped by their model (series without a numeric temperature are left out);
/// pass@k is [`best_estimate`].
pub fn best_temperature(
    series: &[(&Dataset, &SeriesFit)],
    settings: &Settings,
    ks: &[u64],
) -> Vec<BestTemperature> {
    let mut models: Vec<(String, Vec<(f64, &SeriesFit)>)> = Vec::new();
    for (d, f) in series {
        let Some((model, t)) = model_and_temperature(d) else {
            continue;
        };
        match models.iter_mut().find(|m| m.0 == model) {
            Some(m) => m.1.push((t, f)),
            None => models.push((model, vec![(t, f)])),
        }
    }
    models
        .into_iter()
        .filter(|m| m.1.len() >= 2)
        .map(|(model, temps)| {
            let curves: Vec<(f64, Vec<Option<f64>>)> = temps
                .iter()
                .map(|(t, f)| {
                    let est = Estimates::new(&f.groups, f.fits, config(settings));
                    let vals = est
                        .pass_at_ks(ks)
                        .iter()
                        .map(|e| e.ranked().map(|v| v.0))
                        .collect();
                    (*t, vals)
                })
                .collect();
            let best = ks
                .iter()
                .enumerate()
                .filter_map(|(j, &k)| {
                    curves
                        .iter()
                        .filter_map(|(t, v)| v[j].map(|p| (*t, p)))
                        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.total_cmp(&x.0)))
                        .map(|(t, p)| (k, t, p))
                })
                .collect();
            (model, best)
        })
        .collect()
}

/// The model and numeric temperature of a series: from what the input said, or from a name
/// ending in ` T=<number>` (as series are named when a temperature column splits them).
pub fn model_and_temperature(d: &Dataset) -> Option<(String, f64)> {
    if let Some(t) = d.meta.temperature_value() {
        return Some((
            d.meta
                .model
                .clone()
                .unwrap_or_else(|| "(unnamed)".to_string()),
            t,
        ));
    }
    let (model, t) = d.name.rsplit_once(" T=")?;
    let t: f64 = t.trim().parse().ok().filter(|t: &f64| t.is_finite())?;
    Some((model.to_string(), t))
}

/// Pass@1 and ΔPass = a + b of a series (the Pass@1 vs ΔPass scatter).
pub fn delta_pass_point(fit: &SeriesFit) -> Option<(f64, f64)> {
    let f = fit.fits?;
    let p1 = fit.groups.mean(|t| t.rate());
    Some((p1, f.bb.delta_pass))
}
