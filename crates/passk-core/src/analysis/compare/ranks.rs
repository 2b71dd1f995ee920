//! The ranks of N series on the tasks all of them have (matched by id): on paired task-
//! bootstrap resamples, each series' mean rank, its 95 % rank interval and the probability it
//! ranks first, at each budget.

use serde::{Deserialize, Serialize};

use crate::analysis::bootstrap::{quantile, resample_weights, weighted_sum};
use crate::analysis::paired::PairError;
use crate::data::counts::Counts;
use crate::data::dataset::Dataset;
use crate::estimators::unbiased::pass_at_k;
use crate::num::rng::SplitMix64;
use crate::settings::Settings;

/// The tasks every series has, matched by id: per task, each series' counts (series order).
///
/// # Errors
/// [`PairError`] when a series has a task without id or an id twice, or no id is shared by
/// all.
pub fn match_all(series: &[Dataset]) -> Result<Vec<Vec<Counts>>, PairError> {
    let mut maps = Vec::with_capacity(series.len());
    for d in series {
        let mut m = std::collections::HashMap::with_capacity(d.tasks.len());
        for t in &d.tasks {
            let id = t.id.as_deref().ok_or(PairError::NoIds)?;
            if m.insert(id, t.counts).is_some() {
                return Err(PairError::Duplicate(id.to_string()));
            }
        }
        maps.push(m);
    }
    let Some(first) = series.first() else {
        return Err(PairError::Disjoint);
    };
    let rows: Vec<Vec<Counts>> = first
        .tasks
        .iter()
        .filter_map(|t| {
            let id = t.id.as_deref()?;
            maps.iter().map(|m| m.get(id).copied()).collect()
        })
        .collect();
    if rows.is_empty() {
        return Err(PairError::Disjoint);
    }
    Ok(rows)
}

/// Ranks (1 = best) of `values`, higher first; ties share the average of their ranks.
pub fn ranks_of(values: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..values.len()).collect();
    idx.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && values[idx[j + 1]] == values[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &x in &idx[i..=j] {
            out[x] = avg;
        }
        i = j + 1;
    }
    out
}

/// One series' rank at one budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesRank {
    /// Series name.
    pub series: String,
    /// Its rank on the tasks as they are.
    pub rank: f64,
    /// Its mean rank over the resamples.
    pub mean_rank: Option<f64>,
    /// The 2.5 and 97.5 percentiles of its rank over the resamples.
    pub interval: Option<(f64, f64)>,
    /// The share of resamples in which it ranks first alone.
    pub p_first: Option<f64>,
}

/// The ranks at one budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RanksAtK {
    /// Budget.
    pub k: u64,
    /// Tasks every series has.
    pub tasks: u64,
    /// One entry per series, in the order given.
    pub series: Vec<SeriesRank>,
}

/// The ranks of `series` at each budget of `ks` up to the smallest n of the matched tasks,
/// on `settings.bootstrap` resamples of the matched tasks seeded by `settings.seed`.
///
/// # Formula
/// Per resample (tasks drawn with replacement, the same for every series) each series' mean
/// unbiased pass@k; ranks by it, ties averaged; mean rank, 2.5/97.5 percentiles and the share
/// of rank 1.
///
/// # Errors
/// [`PairError`] when the series cannot be matched by id.
pub fn ranks(
    series: &[Dataset],
    ks: &[u64],
    settings: &Settings,
) -> Result<Vec<RanksAtK>, PairError> {
    let rows = match_all(series)?;
    let limit = rows.iter().flatten().map(Counts::n).min().unwrap_or(0);
    let t = rows.len();
    let mut out = Vec::new();
    for &k in ks.iter().filter(|&&k| k >= 1 && k <= limit) {
        // g[s][i]: series s, task i.
        let g: Vec<Vec<f64>> = (0..series.len())
            .map(|s| {
                rows.iter()
                    .map(|r| pass_at_k(r[s], k).unwrap_or(f64::NAN))
                    .collect()
            })
            .collect();
        let means = |w: &[(usize, f64)], total: f64| -> Vec<f64> {
            g.iter().map(|gs| weighted_sum(w, gs) / total).collect()
        };
        let all: Vec<(usize, f64)> = (0..t).map(|i| (i, 1.0)).collect();
        let point = ranks_of(&means(&all, t as f64));
        let mut rng = SplitMix64::new(settings.seed);
        let mut drawn: Vec<Vec<f64>> = vec![Vec::new(); series.len()];
        for _ in 0..settings.bootstrap {
            let w = resample_weights(&mut rng, t);
            for (s, r) in ranks_of(&means(&w, t as f64)).into_iter().enumerate() {
                drawn[s].push(r);
            }
        }
        let b = settings.bootstrap as f64;
        let series = series
            .iter()
            .zip(point)
            .zip(drawn)
            .map(|((d, rank), r)| SeriesRank {
                series: d.name.clone(),
                rank,
                mean_rank: (!r.is_empty()).then(|| r.iter().sum::<f64>() / b),
                interval: quantile(&r, 0.025).zip(quantile(&r, 0.975)),
                p_first: (!r.is_empty())
                    .then(|| r.iter().filter(|&&x| x == 1.0).count() as f64 / b),
            })
            .collect();
        out.push(RanksAtK {
            k,
            tasks: t as u64,
            series,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::compare::fixtures::series;

    #[test]
    fn ties_share_the_average_rank() {
        assert_eq!(ranks_of(&[0.5, 0.9, 0.5, 0.1]), [2.5, 1.0, 2.5, 4.0]);
        assert_eq!(ranks_of(&[]), Vec::<f64>::new());
    }

    #[test]
    fn series_are_matched_by_id_across_all() {
        let a = series("a", &[(4, 1), (4, 2), (4, 3)]);
        let mut b = series("b", &[(4, 0), (4, 4)]);
        b.tasks = b.tasks.iter().rev().cloned().collect::<Vec<_>>().into();
        let rows = match_all(&[a, b]).unwrap();
        // t0 and t1 are shared; t1 of b is (4, 4), t0 (4, 0).
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0][1].c(), rows[1][1].c()), (0, 4));
    }

    // proptest is a native dev-dependency.
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// A series ahead of every other on every task ranks first in every resample.
        #[test]
        fn a_series_dominating_every_task_ranks_first_surely(
            tasks in proptest::collection::vec((2u64..12, 0u64..12), 2..12),
            others in 1usize..4,
        ) {
            let base: Vec<(u64, u64)> = tasks.iter().map(|&(n, c)| (n, c.min(n - 1))).collect();
            let top: Vec<(u64, u64)> = base.iter().map(|&(n, c)| (n, c + 1)).collect();
            let mut all = vec![series("top", &top)];
            for o in 0..others {
                all.push(series(&format!("o{o}"), &base));
            }
            let s = Settings { bootstrap: 50, seed: 3, ..Settings::default() };
            let r = ranks(&all, &[1], &s).unwrap();
            let top = &r[0].series[0];
            proptest::prop_assert_eq!(top.rank, 1.0);
            proptest::prop_assert_eq!(top.p_first, Some(1.0));
            proptest::prop_assert_eq!(top.interval, Some((1.0, 1.0)));
        }
    }
}
