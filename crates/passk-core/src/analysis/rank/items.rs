//! The tasks as item response sees them, for the Rankings panel and `passk rank`: each
//! task's Rasch difficulty with its interval and its 2PL discrimination, the tasks no finite
//! difficulty fits, and the tasks that separate a chosen pair of series best.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::agreement::Agreement;
use super::irt::irt_fit;
use super::irt_items::sigmoid;
use super::irt_options::IrtOptions;
use super::outcomes::Outcomes;

/// The separating tasks listed at most.
pub const SEPARATING_SHOWN: usize = 20;

/// One task's difficulty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskDifficulty {
    /// The task's id.
    pub id: String,
    /// Its Rasch difficulty b (Σ b = 0 over the fitted tasks; higher is harder).
    pub difficulty: f64,
    /// b's standard error.
    pub se: f64,
    /// b's interval at the level asked.
    pub interval: (f64, f64),
    /// The share of samples passed, over every series.
    pub pass_share: f64,
    /// Samples drawn on the task by each series.
    pub n: u64,
    /// Its 2PL discrimination a ([`rasch_2pl_priors`](super::rasch_2pl_priors): P(pass) =
    /// σ(a (θ − b₂)) with priors on ln a and b), None when the 2PL fit has no
    /// answer.
    pub discrimination: Option<f64>,
    /// a's interval at the level asked, exp(ln a ± z·SE(ln a)).
    pub discrimination_interval: Option<(f64, f64)>,
}

/// The tasks' side of the rankings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Items {
    /// Every fitted task, hardest first (then in the tasks' order).
    pub tasks: Vec<TaskDifficulty>,
    /// Each series' Rasch ability θ, on the difficulties' scale: P(pass) = σ(θ − b).
    pub abilities: Vec<f64>,
    /// Why the tasks have no 2PL discrimination (the 2PL fit's refusal).
    #[serde(default)]
    pub discrimination_error: Option<String>,
    /// Tasks every series passed on every sample (no finite difficulty).
    pub all_pass: Vec<String>,
    /// Tasks every series failed on every sample.
    pub all_fail: Vec<String>,
    /// The pair whose separating tasks are listed (indices of the series).
    pub pair: Option<(usize, usize)>,
    /// Whether a reader chose that pair ([`Items::separate`]); else it is the most disputed
    /// pair, or the two series closest in ability.
    #[serde(default)]
    pub chosen: bool,
    /// The tasks that separate that pair best: (id, information about θ_i − θ_j), most
    /// informative first (then in the tasks' order), at most [`SEPARATING_SHOWN`].
    pub separating: Vec<(String, f64)>,
}

/// The pair a reader most wants separated: the most disputed pair of the agreement, else the
/// two series closest in Rasch ability.
fn chosen_pair(theta: &[f64], agreement: Option<&Agreement>) -> Option<(usize, usize)> {
    if let Some(d) = agreement.and_then(|a| a.disputed.first()) {
        return Some((d.first, d.second));
    }
    let mut order: Vec<usize> = (0..theta.len()).collect();
    order.sort_by(|a, b| theta[*b].total_cmp(&theta[*a]));
    order
        .windows(2)
        .min_by(|a, b| (theta[a[0]] - theta[a[1]]).total_cmp(&(theta[b[0]] - theta[b[1]])))
        .map(|w| (w[0], w[1]))
}

/// The Rasch view of the tasks of `o` at the two-sided `level`, with the separating tasks of
/// the most disputed pair (or the two closest series).
///
/// # Errors
/// The Rasch fit's refusal, as a sentence.
pub fn items(o: &Outcomes, level: f64, agreement: Option<&Agreement>) -> Result<Items, String> {
    let opts = IrtOptions {
        level,
        ..IrtOptions::rasch()
    };
    let fit = irt_fit(o, &opts).map_err(|e| e.to_string())?;
    // Each task's discrimination, from the 2PL fit with priors (on the same tasks; scorio's
    // 2PL fits have no interior estimate on real files).
    let two = irt_fit(
        o,
        &IrtOptions {
            level,
            ..IrtOptions::rasch_2pl_priors()
        },
    );
    let discrimination_error = two.as_ref().err().map(ToString::to_string);
    let two = two.ok();
    let mut discrimination: HashMap<usize, (f64, Option<(f64, f64)>)> = HashMap::new();
    if let Some(two) = &two {
        let t = &two.items;
        for (k, &task) in t.tasks.iter().enumerate() {
            let interval = t
                .discrimination_intervals
                .as_ref()
                .and_then(|v| v.get(k).copied());
            discrimination.insert(task, (t.discrimination[k], interval));
        }
    }
    let share = |t: usize| {
        let n = o.n[t] as f64 * o.series() as f64;
        o.c.iter().map(|row| row[t] as f64).sum::<f64>() / n
    };
    let it = &fit.items;
    // Under Rasch a task's parameters rest on its n and its passes summed over the series
    // alone: tasks alike in both take the first one's values exactly, so that their order
    // (then by position) does not hang on the fit's last bits, which differ with the order
    // of the series.
    let key = |t: usize| (o.n[t], o.c.iter().map(|row| row[t]).sum::<u64>());
    let mut first: HashMap<(u64, u64), usize> = HashMap::new();
    for (k, &t) in it.tasks.iter().enumerate() {
        first.entry(key(t)).or_insert(k);
    }
    let rep = |t: usize| first.get(&key(t)).copied();
    let mut tasks: Vec<(usize, TaskDifficulty)> = (0..it.tasks.len())
        .map(|k| {
            let r = rep(it.tasks[k]).unwrap_or(k);
            let two_pl = discrimination.get(&it.tasks[k]);
            let d = TaskDifficulty {
                id: o.ids[it.tasks[k]].clone(),
                difficulty: it.difficulty[r],
                se: it.difficulty_se[r],
                interval: it.difficulty_intervals[r],
                pass_share: share(it.tasks[k]),
                n: o.n[it.tasks[k]],
                discrimination: two_pl.map(|d| d.0),
                discrimination_interval: two_pl.and_then(|d| d.1),
            };
            (it.tasks[k], d)
        })
        .collect();
    tasks.sort_by(|a, b| {
        b.1.difficulty
            .total_cmp(&a.1.difficulty)
            .then(a.0.cmp(&b.0))
    });
    let tasks = tasks.into_iter().map(|x| x.1).collect();
    let pair = chosen_pair(&fit.ranking.scores, agreement);
    let ids = |v: &[usize]| v.iter().map(|t| o.ids[*t].clone()).collect();
    let mut items = Items {
        tasks,
        abilities: fit.ranking.scores.clone(),
        discrimination_error,
        all_pass: ids(&it.all_pass),
        all_fail: ids(&it.all_fail),
        pair: None,
        chosen: false,
        separating: Vec::new(),
    };
    if let Some((i, j)) = pair {
        items.separating = items.separating_for(i, j);
        items.pair = Some((i, j));
    }
    Ok(items)
}

impl Items {
    /// The tasks that separate series `i` and `j` best, from the tasks' difficulties and the
    /// series' abilities: (id, information about θ_i − θ_j), most informative first (then
    /// hardest first, then in the tasks' order), at most [`SEPARATING_SHOWN`]. Empty when `i`
    /// or `j` is not a series or `i == j`.
    ///
    /// # Formula
    /// As [`separating_tasks`](super::separating_tasks) under Rasch (a = 1): I_δ = I_i·I_j/(I_i + I_j), I = n·p(1 − p),
    /// p = σ(θ − b).
    pub fn separating_for(&self, i: usize, j: usize) -> Vec<(String, f64)> {
        let th = &self.abilities;
        if i == j || i >= th.len() || j >= th.len() {
            return Vec::new();
        }
        let info = |t: &TaskDifficulty, theta: f64| {
            let p = sigmoid(theta - t.difficulty);
            t.n as f64 * p * (1.0 - p)
        };
        let mut all: Vec<(usize, f64)> = self
            .tasks
            .iter()
            .enumerate()
            .map(|(k, t)| {
                let (a, b) = (info(t, th[i]), info(t, th[j]));
                (k, if a + b > 0.0 { a * b / (a + b) } else { 0.0 })
            })
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        all.into_iter()
            .take(SEPARATING_SHOWN)
            .map(|(k, info)| (self.tasks[k].id.clone(), info))
            .collect()
    }

    /// Lists the tasks that separate series `i` and `j` (the pair a reader chose) in place of
    /// the pair chosen for them. Nothing changes when `i` or `j` is not a series or `i == j`.
    pub fn separate(&mut self, i: usize, j: usize) {
        if i != j && i < self.abilities.len() && j < self.abilities.len() {
            self.separating = self.separating_for(i, j);
            self.pair = Some((i, j));
            self.chosen = true;
        }
    }
}
