//! Plain-language warnings about a series and its fits (estimators.md §4: degenerate data,
//! the binomial-limit failure mode, ZOIBB's collapse, identifiability), as typed values
//! rendered for where they are read: the report or a chart.

use crate::analysis::backtest::run::BacktestError;
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::PARAM_MAX;
use crate::estimators::count_score::GENERAL_K_MAX;
use crate::estimators::tailpass::TAILPASS_K_MAX;
use crate::estimators::unbiased::ShortTasks;
use crate::eval::fits::Fits;

/// Where a warning is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// The report and the results table: budgets named as the k list gives them.
    Report,
    /// Under a chart: from the first budget beyond n on.
    Chart,
}

/// A warning about a series, its fits or a value that is null.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// The series has no valid task.
    NoTasks,
    /// Every task has n = 1: only a/(a+b) is identified.
    SingleSample,
    /// The tasks' n differ.
    UnequalN {
        /// The smallest n.
        n_min: u64,
        /// The largest n.
        n_max: u64,
    },
    /// Every task has c = 0.
    AllFail,
    /// Every task has c = n.
    AllPass,
    /// A single task.
    OneTask,
    /// Every task has the same c/n.
    SameRate,
    /// BB ran to the binomial limit (a + b = `sum`); `beyond`: the budgets beyond n.
    BinomialLimit {
        /// a + b.
        sum: f64,
        /// Budgets beyond the largest n it concerns.
        beyond: Vec<u64>,
    },
    /// BB at the edge of its box.
    BbAtEdge {
        /// a.
        a: f64,
        /// b.
        b: f64,
    },
    /// ZOIBB's Beta part collapsed to a point mass.
    ZoibbCollapsed {
        /// a + b of the Beta part.
        sum: f64,
        /// π0.
        pi0: f64,
        /// π1.
        pi1: f64,
        /// Budgets beyond the largest n it concerns.
        beyond: Vec<u64>,
    },
    /// An optimiser stopped at its iteration limit.
    NotConverged,
    /// Fewer than 3 usable points for the logit extrapolation.
    NoExtrapolation {
        /// The smallest n.
        n_min: u64,
    },
    /// The unbiased values are null at a budget.
    Short(ShortTasks),
    /// The backtest could not run.
    BacktestFailed(BacktestError),
    /// Count scores past their stated limits: `general`, the budgets within the smallest n
    /// beyond [`GENERAL_K_MAX`] (no interval for mG-Pass@k, AUC@k, GeoSpectrum*@k);
    /// `tailpass`, those beyond [`TAILPASS_K_MAX`] (no TailPass@k profile).
    Limits {
        /// Budgets with no general count-score interval.
        general: Vec<u64>,
        /// Budgets with no TailPass@k profile.
        tailpass: Vec<u64>,
        /// Budgets with no count score at all: past the work limit …
        skipped: Vec<u64>,
        /// … whose value, and the distinct counts of the series.
        work: (u64, usize),
        /// Budgets past the count scores' largest budget, and it.
        beyond: (Vec<u64>, u64),
    },
}

/// A count with a comma every three digits: 10,000,000.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// "k = 1, 2 and 5" (every budget named).
fn ks_text(ks: &[u64]) -> String {
    let ks: Vec<String> = ks.iter().map(u64::to_string).collect();
    match ks.as_slice() {
        [] => String::new(),
        [one] => format!("k = {one}"),
        [init @ .., last] => format!("k = {} and {last}", init.join(", ")),
    }
}

/// " at k = 1000, 2000 (beyond n)" in the report, " at k ≥ 1000" under a chart.
fn beyond_text(beyond: &[u64], ctx: Context) -> String {
    if beyond.is_empty() {
        return String::new();
    }
    let ks: Vec<String> = beyond.iter().map(u64::to_string).collect();
    match ctx {
        Context::Report => format!(" at k = {} (beyond n)", ks.join(", ")),
        Context::Chart => format!(" at k ≥ {}", ks.join(", ")),
    }
}

const NO_INTERIOR: &str =
    "the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)";

impl Warning {
    /// Whether it is about the input's shape ([`shape_warning`]), which the page says beside
    /// the data rather than under the chart.
    pub fn about_input(&self) -> bool {
        matches!(self, Warning::SingleSample | Warning::UnequalN { .. })
    }

    /// The sentence for `ctx`.
    pub fn render(&self, ctx: Context) -> String {
        match self {
            Warning::NoTasks => "no valid tasks: every value is null".to_string(),
            Warning::SingleSample => {
                "every task has n = 1 (one sample each, as from greedy decoding): only pass@1 is \
                 meaningful; only a/(a+b) is identified, (a, b) is reported with a·b = 1, and \
                 BB/ZOIBB/LinMix pass@k for k ≥ 2 rests on that convention"
                    .to_string()
            }
            Warning::UnequalN { n_min, n_max } => format!(
                "n differs across tasks ({n_min} to {n_max} samples): combinatorial pass@k is \
                 defined only up to k = {n_min}, and the tasks' estimates are not equally precise"
            ),
            Warning::AllFail => format!("every task has c = 0: {NO_INTERIOR}"),
            Warning::AllPass => format!("every task has c = n: {NO_INTERIOR}"),
            Warning::OneTask => format!("only one task: {NO_INTERIOR}"),
            Warning::SameRate => {
                "every task has the same c/n: the fit runs to the boundary (at_bound)".to_string()
            }
            Warning::BinomialLimit { sum, beyond } => format!(
                "BB fit ran to the binomial limit (a + b = {sum:.4e}, at the edge {PARAM_MAX:e}): every task gets the \
                 pooled rate, so BB and LinMix pass@k{} rest on a degenerate fit and are likely overestimated",
                beyond_text(beyond, ctx)
            ),
            Warning::BbAtEdge { a, b } => {
                format!("BB fit at the edge of the box (a = {a:.4e}, b = {b:.4e})")
            }
            Warning::ZoibbCollapsed { sum, pi0, pi1, beyond } => format!(
                "ZOIBB's Beta part collapsed to a point mass (a + b = {sum:.4e}; π0 = {pi0:.4}, π1 = {pi1:.4}): ZOIBB and \
                 LinMix pass@k{} rest on a degenerate fit and are likely underestimated",
                beyond_text(beyond, ctx)
            ),
            Warning::NotConverged => {
                "an optimiser stopped at its iteration limit: fitted values may be inexact".to_string()
            }
            Warning::NoExtrapolation { n_min } => format!(
                "logit_line is null: fewer than 3 usable points at k = 1, 2, 4, … ≤ n_min = {n_min}"
            ),
            Warning::Short(why) => {
                let k = why.k;
                format!("{why}: combinatorial pass@{k} and pass^{k} are null")
            }
            Warning::BacktestFailed(e) => format!("backtest: {e}; BB is used for k > n"),
            Warning::Limits {
                general,
                tailpass,
                skipped,
                work,
                beyond,
            } => {
                let mut parts = Vec::new();
                const SCORES: &str = "G-Pass@k, mG-Pass@k, maj@k, AUC@k, the Geom blends and TailPass@k";
                if !skipped.is_empty() {
                    parts.push(format!(
                        "{SCORES} not computed at {}: {} distinct counts × k would pass their \
                         work limit of {} (passk report --count-all computes them anyway)",
                        ks_text(skipped),
                        grouped(work.1 as u64),
                        grouped(work.0)
                    ));
                }
                if !beyond.0.is_empty() {
                    parts.push(format!(
                        "{SCORES} not computed at {}: they are computed up to k = {} (their \
                         work and memory grow as k per distinct count)",
                        ks_text(&beyond.0),
                        grouped(beyond.1)
                    ));
                }
                if !general.is_empty() {
                    parts.push(format!(
                        "mG-Pass@k, AUC@k and GeoSpectrum*@k have no interval at {} (computed \
                         up to k = {GENERAL_K_MAX}: their variance costs O(k²) per budget)",
                        ks_text(general)
                    ));
                }
                if !tailpass.is_empty() {
                    parts.push(format!(
                        "TailPass@k has no profile at {} (computed up to k = {TAILPASS_K_MAX}: \
                         a point per threshold)",
                        ks_text(tailpass)
                    ));
                }
                parts.join("; ")
            }
        }
    }
}

/// The count scores' stated limits as they apply to `ks` ([`Warning::Limits`]), if they
/// do: `computed`, the budgets whose count rows are computed; `skipped`, those past the work
/// limit `work` = (limit, distinct counts); `beyond`, those past the largest budget `k_max`.
pub fn limit_warning(
    g: &Groups,
    ks: &[u64],
    computed: &[u64],
    (skipped, work): (Vec<u64>, (u64, usize)),
    (beyond, k_max): (Vec<u64>, u64),
) -> Option<Warning> {
    if g.is_empty() {
        return None;
    }
    let general: Vec<u64> = computed
        .iter()
        .copied()
        .filter(|&k| k > GENERAL_K_MAX && k <= g.n_min())
        .collect();
    let tailpass: Vec<u64> = ks
        .iter()
        .copied()
        .filter(|&k| k > TAILPASS_K_MAX && !skipped.contains(&k) && !beyond.contains(&k))
        .collect();
    let any =
        !general.is_empty() || !tailpass.is_empty() || !skipped.is_empty() || !beyond.is_empty();
    any.then_some(Warning::Limits {
        general,
        tailpass,
        skipped,
        work,
        beyond: (beyond, k_max),
    })
}

/// The warnings about the data and the fits (spec §4: degenerate data, the binomial-limit
/// failure mode, ZOIBB's collapse, identifiability); `ks`: the budgets asked for (those
/// beyond the largest n are named).
pub fn data_warnings(g: &Groups, fits: Option<&Fits>, ks: &[u64]) -> Vec<Warning> {
    let mut w = Vec::new();
    if g.is_empty() {
        w.push(Warning::NoTasks);
        return w;
    }
    w.extend(shape_warning(g.n_min(), g.n_max()));
    let Some(Fits { bb, zoibb: z }) = fits else {
        return w;
    };
    let all = |f: &dyn Fn(Counts) -> bool| g.iter().all(|(t, _)| f(t));
    let first = g.iter().next().map(|(t, _)| t);
    if !bb.identifiable {
        // Answers above (every n = 1).
    } else if all(&|t| t.c() == 0) {
        w.push(Warning::AllFail);
    } else if all(&|t| t.c() == t.n()) {
        w.push(Warning::AllPass);
    } else if g.tasks() == 1 {
        w.push(Warning::OneTask);
    } else if let Some(f) = first {
        if all(&|t| t.c() as u128 * f.n() as u128 == f.c() as u128 * t.n() as u128) {
            w.push(Warning::SameRate);
        }
    }
    let beyond: Vec<u64> = ks.iter().copied().filter(|&k| k > g.n_max()).collect();
    if bb.binomial_limit() {
        w.push(Warning::BinomialLimit {
            sum: bb.a + bb.b,
            beyond: beyond.clone(),
        });
    } else if bb.at_bound {
        w.push(Warning::BbAtEdge { a: bb.a, b: bb.b });
    }
    if z.collapsed() {
        w.push(Warning::ZoibbCollapsed {
            sum: z.a + z.b,
            pi0: z.pi0,
            pi1: z.pi1,
            beyond,
        });
    }
    if !bb.converged || !z.converged {
        w.push(Warning::NotConverged);
    }
    w
}

/// What the tasks' sample counts alone say, before any fit: every n = 1, or n unequal.
pub fn shape_warning(n_min: u64, n_max: u64) -> Option<Warning> {
    if n_max == 1 {
        Some(Warning::SingleSample)
    } else if n_min != n_max {
        Some(Warning::UnequalN { n_min, n_max })
    } else {
        None
    }
}

/// Renders warnings for `ctx`.
pub fn render_all(warnings: &[Warning], ctx: Context) -> Vec<String> {
    warnings.iter().map(|w| w.render(ctx)).collect()
}
