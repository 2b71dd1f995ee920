//! Every method asked for on one set of outcomes, with rank intervals and the agreement
//! between them: what `passk rank` prints and the page's Rankings panel shows.

use serde::{Deserialize, Serialize};

use super::agreement::{agreement, Agreement};
use super::canonical::{back, canonical};
use super::items::{items, Items};
use super::methods::{method, Group, MethodDef, RankOptions};
use super::outcomes::Outcomes;
use super::rank_intervals::{rank_intervals, RankIntervals};
use super::ranking::{RankError, Ranking};
use super::subset::{smallest_subset, SubsetAnswer, SubsetOptions};

/// One method's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MethodAnswer {
    /// The method's key.
    pub key: String,
    /// Its name as people read it.
    pub label: String,
    /// Its family.
    pub group: Group,
    /// Its ranking, or None with `error`.
    pub ranking: Option<Ranking>,
    /// Why it has no ranking.
    pub error: Option<String>,
    /// Rank intervals from task resamples (when resamples were asked for).
    pub rank_intervals: Option<RankIntervals>,
}

/// Every method's answer and their agreement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankAll {
    /// The answers, in the order asked.
    pub methods: Vec<MethodAnswer>,
    /// The keys of the methods that answered, in the order `agreement` indexes them.
    pub agreeing: Vec<String>,
    /// The agreement of the methods that answered (None below two).
    pub agreement: Option<Agreement>,
    /// Tasks every series shares.
    pub tasks: usize,
    /// Tasks left out: not in every series, or with n differing between series.
    pub tasks_left_out: u64,
    /// The options used.
    pub options: RankOptions,
    /// Each task's Rasch difficulty and the tasks that separate the most disputed pair (None
    /// with `items_error`).
    pub items: Option<Items>,
    /// Why the tasks have no difficulties.
    pub items_error: Option<String>,
    /// The smallest subset of tasks that keeps the order and pass@1 within ±1 point, with
    /// its curve and held-out check (None with `subset_error`).
    pub subset: Option<SubsetAnswer>,
    /// Why there is no subset.
    pub subset_error: Option<String>,
}

/// Runs the methods `keys` on `o` (on its series in [`canonical`] order, the answers put back
/// in `o`'s: the same answer in any order of the series).
///
/// # Errors
/// An unknown key (naming it), [`RankError::TooFew`] below two series and
/// [`RankError::NoTasks`] with no shared task; a method's own refusal is its answer's
/// `error`.
pub fn rank_all(o: &Outcomes, keys: &[&str], opts: &RankOptions) -> Result<RankAll, RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    let defs = keys
        .iter()
        .map(|k| method(k).ok_or_else(|| RankError::Other(format!("no ranking method '{k}'"))))
        .collect::<Result<Vec<_>, _>>()?;
    let (c, perm) = canonical(o);
    let methods = defs
        .iter()
        .enumerate()
        .map(|(i, def)| answer(&c, def, i, opts))
        .collect();
    Ok(restore(combine(&c, methods, opts), &perm))
}

/// One method's answer on `o` (give it [`canonical`] outcomes, and [`restore`] the
/// [`combine`]d answers, for an answer that does not hang on the order of the series), the
/// `i`-th asked for (its rank intervals' seed is the
/// options' seed mixed with i, so that each method draws its own stream).
pub fn answer(o: &Outcomes, def: &MethodDef, i: usize, opts: &RankOptions) -> MethodAnswer {
    let run = |x: &Outcomes| (def.run)(x, opts);
    let (ranking, error) = match run(o) {
        Ok(r) => (Some(r), None),
        Err(e) => (None, Some(e.to_string())),
    };
    let rank_intervals = if ranking.is_some() && def.resampled && opts.resamples > 0 {
        let seed = opts.seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1));
        let rerun = def.resample_run.unwrap_or(def.run);
        rank_intervals(o, |x| rerun(x, opts), opts.resamples, seed, opts.level).ok()
    } else {
        None
    };
    MethodAnswer {
        key: def.key.to_string(),
        label: def.label.to_string(),
        group: def.group,
        ranking,
        error,
        rank_intervals,
    }
}

/// The answers and their agreement.
pub fn combine(o: &Outcomes, methods: Vec<MethodAnswer>, opts: &RankOptions) -> RankAll {
    let answered: Vec<&MethodAnswer> = methods.iter().filter(|m| m.ranking.is_some()).collect();
    let agreeing = answered.iter().map(|m| m.key.clone()).collect();
    let scores: Vec<Vec<f64>> = answered
        .iter()
        .filter_map(|m| m.ranking.as_ref().map(|r| r.scores.clone()))
        .collect();
    let agreement = (scores.len() >= 2).then(|| agreement(&scores));
    let (items, items_error) = match items(o, opts.level, agreement.as_ref()) {
        Ok(i) => (Some(i), None),
        Err(e) => (None, Some(e)),
    };
    let subset_opts = SubsetOptions {
        level: opts.level,
        seed: opts.seed,
        ..SubsetOptions::default()
    };
    let (subset, subset_error) = match smallest_subset(o, &subset_opts) {
        Ok(s) => (Some(s), None),
        Err(e) => (None, Some(e.to_string())),
    };
    RankAll {
        items,
        items_error,
        subset,
        subset_error,
        methods,
        agreeing,
        agreement,
        tasks: o.tasks(),
        tasks_left_out: o.tasks_left_out,
        options: *opts,
    }
}

/// The answers of the canonical series (`perm` from [`canonical`]) in the caller's order.
pub fn restore(mut all: RankAll, perm: &[usize]) -> RankAll {
    let at = |k: usize| perm.get(k).copied().unwrap_or(k);
    for m in &mut all.methods {
        if let Some(r) = &mut m.ranking {
            r.scores = back(&r.scores, perm);
            r.ranks = back(&r.ranks, perm);
            r.intervals = r.intervals.as_ref().map(|v| back(v, perm));
            r.se = r.se.as_ref().map(|v| back(v, perm));
        }
        if let Some(ri) = &mut m.rank_intervals {
            ri.ranks = back(&ri.ranks, perm);
        }
    }
    if let Some(a) = &mut all.agreement {
        for d in &mut a.disputed {
            d.first = at(d.first);
            d.second = at(d.second);
        }
    }
    if let Some(i) = &mut all.items {
        i.pair = i.pair.map(|(x, y)| (at(x), at(y)));
        i.abilities = back(&i.abilities, perm);
    }
    if let Some(s) = &mut all.subset {
        for p in &mut s.separated_pairs {
            *p = (at(p.0), at(p.1));
        }
    }
    all
}
