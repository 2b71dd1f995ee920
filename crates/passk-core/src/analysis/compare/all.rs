//! Every pair of series at every budget of the k list: the paired tests with Holm and
//! Benjamini–Hochberg over the pairs at each budget, the crossover and observed solved sets of
//! each pair, and the ranks of all series — the `comparisons`, `crossovers` and `ranks` that
//! `passk compare` prints.

use crate::analysis::bradley_terry::{bradley_terry as bt_fit, wins, BtFit};
use serde::{Deserialize, Serialize};

use super::crossover::{crossover, Crossover};
use super::multiplicity::{benjamini_hochberg, holm};
use super::pair_test::{pair_test, PairTest, SolvedCounts};
use super::ranks::{ranks, RanksAtK};
use crate::analysis::bootstrap::SharedDraws;
use crate::analysis::paired::Paired;

use crate::data::dataset::Dataset;
use crate::settings::Settings;

/// Which pairs are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairs {
    /// Every pair (a before b in the series order).
    All,
    /// The first series against each other.
    First,
}

/// One pair at one budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairRow {
    /// Series A (the difference is A − B).
    pub a: String,
    /// Series B.
    pub b: String,
    /// The test (k, tasks, diff, se, z, p, prob_a_better, mcnemar_p, solved).
    #[serde(flatten)]
    pub test: PairTest,
    /// Holm's adjusted p over the pairs at this k.
    pub p_holm: Option<f64>,
    /// Holm's adjusted p over every pair at every k tested: the family of all the tests a
    /// reader may pick from (stricter than `p_holm` when more than one k is read).
    #[serde(default)]
    pub p_holm_all: Option<f64>,
    /// Benjamini–Hochberg q over the pairs at this k.
    pub q_bh: Option<f64>,
}

/// One pair's crossover and the tasks it solved in the samples drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairCrossover {
    /// Series A.
    pub a: String,
    /// Series B.
    pub b: String,
    /// Tasks paired.
    pub tasks: u64,
    /// Tasks of A without a match in B, and of B without one in A.
    pub unmatched: (usize, usize),
    /// The crossover.
    #[serde(flatten)]
    pub crossover: Crossover,
    /// Tasks with c > 0 in A only, B only, both and neither.
    pub solved_observed: SolvedCounts,
}

/// A pair that could not be compared, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skipped {
    /// Series A.
    pub a: String,
    /// Series B.
    pub b: String,
    /// Why.
    pub reason: String,
}

/// Everything `passk compare` prints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// What the multiplicity corrections were taken over.
    pub family: String,
    /// One row per pair and budget.
    pub comparisons: Vec<PairRow>,
    /// One entry per pair.
    pub crossovers: Vec<PairCrossover>,
    /// The ranks at each budget (None when the series share no task by id).
    pub ranks: Option<Vec<RanksAtK>>,
    /// Pairs left out.
    pub skipped: Vec<Skipped>,
    /// Bradley–Terry strengths from the paired per-task outcomes, with intervals (two
    /// series or more; scorio's `rank.bradley_terry`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bradley_terry: Option<BtFit>,
    /// Why there are none, with two series or more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bradley_terry_error: Option<String>,
}

/// The pairs of series indices compared, in order.
pub fn chosen_pairs(count: usize, pairs: Pairs) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..count {
        for j in i + 1..count {
            if pairs == Pairs::All || i == 0 {
                out.push((i, j));
            }
        }
    }
    out
}

/// One pair: its tests at each budget of `ks` it allows (Holm and BH still to come), and its
/// crossover (its resamples from `draws`, shared by the pairs of a comparison); or why it
/// cannot be compared.
///
/// # Errors
/// [`Skipped`] when the two series cannot be paired by task id.
pub fn compare_pair(
    a: &Dataset,
    b: &Dataset,
    ks: &[u64],
    settings: &Settings,
    draws: &SharedDraws,
) -> Result<(Vec<PairRow>, PairCrossover), Skipped> {
    let p = Paired::new(a, b).map_err(|e| Skipped {
        a: a.name.clone(),
        b: b.name.clone(),
        reason: e.to_string(),
    })?;
    let rows = ks
        .iter()
        .filter_map(|&k| pair_test(&p.pairs, k).ok())
        .map(|test| PairRow {
            a: a.name.clone(),
            b: b.name.clone(),
            test,
            p_holm: None,
            p_holm_all: None,
            q_bh: None,
        })
        .collect();
    let cross = PairCrossover {
        a: a.name.clone(),
        b: b.name.clone(),
        tasks: p.pairs.len() as u64,
        unmatched: p.unmatched,
        crossover: crossover(&p.pairs, settings, draws),
        solved_observed: SolvedCounts::of(&p.pairs),
    };
    Ok((rows, cross))
}

/// The comparison from the pairs compared ([`compare_pair`]'s results, in order): Holm and BH
/// over the pairs at each budget, and the ranks of `series`.
pub fn comparison(
    series: &[Dataset],
    ks: &[u64],
    settings: &Settings,
    compared: Vec<Result<(Vec<PairRow>, PairCrossover), Skipped>>,
) -> Comparison {
    let mut skipped = Vec::new();
    let mut crossovers = Vec::new();
    let mut rows: Vec<PairRow> = Vec::new();
    for c in compared {
        match c {
            Ok((r, x)) => {
                rows.extend(r);
                crossovers.push(x);
            }
            Err(s) => skipped.push(s),
        }
    }
    // The family: every pair tested at the same k.
    let mut ks_seen: Vec<u64> = rows.iter().map(|r| r.test.k).collect();
    ks_seen.sort_unstable();
    ks_seen.dedup();
    for k in ks_seen {
        let idx: Vec<usize> = (0..rows.len()).filter(|&r| rows[r].test.k == k).collect();
        let p: Vec<Option<f64>> = idx.iter().map(|&r| rows[r].test.p).collect();
        for ((&r, h), q) in idx.iter().zip(holm(&p)).zip(benjamini_hochberg(&p)) {
            rows[r].p_holm = h;
            rows[r].q_bh = q;
        }
    }
    // And the family of every pair at every k.
    let all: Vec<Option<f64>> = rows.iter().map(|r| r.test.p).collect();
    for (r, h) in rows.iter_mut().zip(holm(&all)) {
        r.p_holm_all = h;
    }
    let n = crossovers.len();
    let (bradley_terry, bradley_terry_error) = if series.len() > 1 {
        let refs: Vec<&Dataset> = series.iter().collect();
        let (w, left_out) = wins(&refs);
        match bt_fit(w, left_out, settings.confidence) {
            Ok(f) => (Some(f), None),
            Err(e) => (None, Some(e.to_string())),
        }
    } else {
        (None, None)
    };
    let family = format!(
        "the {n} pair{} compared at each k",
        if n == 1 { "" } else { "s" }
    );
    Comparison {
        family,
        comparisons: rows,
        crossovers,
        ranks: (series.len() > 1)
            .then(|| ranks(series, ks, settings).ok())
            .flatten(),
        skipped,
        bradley_terry,
        bradley_terry_error,
    }
}

/// Compares `series` at the budgets `ks` (each pair up to the smallest n of its tasks).
pub fn compare_all(
    series: &[Dataset],
    ks: &[u64],
    pairs: Pairs,
    settings: &Settings,
) -> Comparison {
    // Each pair on its own (side by side where there are threads: the same results).
    let chosen = chosen_pairs(series.len(), pairs);
    let draws = SharedDraws::default();
    let compared = crate::par::map(&chosen, |&(i, j)| {
        compare_pair(&series[i], &series[j], ks, settings, &draws)
    });
    comparison(series, ks, settings, compared)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::compare::fixtures::series;
    use crate::data::counts::Counts;
    use crate::data::task::Task;

    #[test]
    fn every_pair_at_every_k_with_holm_over_the_pairs_at_that_k() {
        let s = vec![
            series("a", &[(8, 1), (8, 7), (8, 4), (8, 0)]),
            series("b", &[(8, 3), (8, 2), (8, 4), (8, 1)]),
            series("c", &[(8, 5), (8, 6), (8, 8), (8, 2)]),
        ];
        let settings = Settings {
            bootstrap: 20,
            ..Settings::default()
        };
        let d = compare_all(&s, &[1, 4, 100], Pairs::All, &settings);
        // Three pairs at k = 1 and 4 (100 > n is left out).
        assert_eq!(d.comparisons.len(), 6);
        assert_eq!(d.family, "the 3 pairs compared at each k");
        for k in [1, 4] {
            let at: Vec<&PairRow> = d.comparisons.iter().filter(|c| c.test.k == k).collect();
            let p: Vec<Option<f64>> = at.iter().map(|c| c.test.p).collect();
            let h = holm(&p);
            assert_eq!(at.iter().map(|c| c.p_holm).collect::<Vec<_>>(), h);
        }
        // Holm over all six tests, by hand: the i-th smallest p times (m − i + 1), made
        // monotone and capped at 1.
        let mut p: Vec<(usize, f64)> = d
            .comparisons
            .iter()
            .map(|c| c.test.p.unwrap())
            .enumerate()
            .collect();
        p.sort_by(|x, y| x.1.total_cmp(&y.1));
        let (mut running, m) = (0.0f64, p.len() as f64);
        for (i, &(row, pv)) in p.iter().enumerate() {
            running = running.max(((m - i as f64) * pv).min(1.0));
            assert_eq!(d.comparisons[row].p_holm_all, Some(running), "row {row}");
            assert!(d.comparisons[row].p_holm_all >= d.comparisons[row].p_holm);
        }
        assert_eq!(d.crossovers.len(), 3);
        assert_eq!(d.ranks.as_ref().unwrap().len(), 2);
        let first = compare_all(&s, &[1], Pairs::First, &settings);
        let names: Vec<(&str, &str)> = first
            .comparisons
            .iter()
            .map(|c| (c.a.as_str(), c.b.as_str()))
            .collect();
        assert_eq!(names, [("a", "b"), ("a", "c")]);
        // A series without ids is skipped with the reason.
        let mut no_ids = series("x", &[(8, 1)]);
        no_ids.tasks = vec![Task::new(None, Counts::new(8, 1).unwrap())].into();
        let d = compare_all(&[s[0].clone(), no_ids], &[1], Pairs::All, &settings);
        assert_eq!(d.skipped[0].reason, "pairing needs task ids in both series");
        assert!(d.comparisons.is_empty() && d.ranks.is_none());
    }
}
