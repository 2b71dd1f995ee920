//! A series' count-score rows (issue 54): G-Pass@k_τ and mG-Pass@k with their Bayesian
//! intervals, strict maj@k and AUC@k with theirs, and avg@N — the scorio package's `*_ci`.

use super::schema::{GPassRow, KInterval, MgPassRow, TailPassRow};
use crate::data::groups::Groups;
use crate::estimators::count_posterior::{Joint, Posterior, Workspace};
use crate::estimators::count_score::{auc_weights, CountScore, GENERAL_K_MAX};
use crate::estimators::g_pass::g_pass;
use crate::estimators::geom::{Blend, BlendSums};
use crate::estimators::interval::{Interval, Prior};
use crate::estimators::tailpass::{self, Profile, TAILPASS_K_MAX};
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;
use crate::settings::Options;

/// The rows of one series.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CountRows {
    /// G-Pass@k_τ for each budget and τ of the G-Pass list.
    pub g_pass: Vec<GPassRow>,
    /// mG-Pass@k for each budget.
    pub mg_pass: Vec<MgPassRow>,
    /// Strict maj@k for each budget.
    pub maj_strict: Vec<KInterval>,
    /// AUC@k for each budget.
    pub auc: Vec<KInterval>,
    /// Geom@k, Geom_ds@k and GeoSpectrum*@k for each budget.
    pub geom: [Vec<KInterval>; 3],
    /// TailPass@k profiles for the budgets up to 100.
    pub tailpass: Vec<TailPassRow>,
}

/// The unbiased AUC@k of a dataset: Σ_j w_j·pass@j over j = 1..=k, each pass@j the mean
/// over tasks of 1 − C(n−c, j)/C(n, j), carried from j to j + 1 as a sum of positive terms
/// (so that small values keep their digits, with no logarithm).
///
/// # Formula
/// AUC@k = (1/T)·Σ_i Σ_j w_j·pass_i@j, w from [`auc_weights`], with
/// pass@(j+1) = pass@j + q_j·c/(n−j) and q_{j+1} = q_j·(n−j−c)/(n−j), q_0 = 1 (q_j the
/// chance that none of j passes).
pub fn auc_value(g: &Groups, k: u64) -> f64 {
    let w = auc_weights(k);
    let mut total = Neumaier::default();
    for (t, mult) in g.iter() {
        let (n, c) = (t.n() as f64, t.c() as f64);
        let (mut none, mut pass) = (1.0, 0.0);
        let mut task = Neumaier::default();
        for (j, wj) in w.iter().enumerate() {
            let rest = n - j as f64;
            let inv = 1.0 / rest;
            pass += none * (c * inv);
            // Once c ≥ n − j every later draw of j + 1 holds a pass.
            none *= ((rest - c) * inv).max(0.0);
            task.add(wj * pass.min(1.0));
        }
        total.add(mult as f64 * task.total());
    }
    total.total() / g.tasks() as f64
}

/// The largest budget of the count scores: their work and memory grow as k per distinct
/// count (a Beta-binomial pmf of degree 2k each), so that past it they would not end in a
/// time anyone waits for; said in the report's warnings.
pub const COUNT_K_MAX: u64 = 1_000_000;

/// The work a series' count rows may take (its distinct counts × k, summed over the budgets,
/// smallest first): at least this, …
pub const COUNT_WORK_BASE: u64 = 4_000_000;

/// … and this much per task read (a larger input waits longer for its report anyway).
pub const COUNT_WORK_PER_TASK: u64 = 100;

/// The budgets the count rows are asked for: those of the k list within the smallest n (the
/// rows) or up to [`TAILPASS_K_MAX`] (TailPass@k's profile, which reaches beyond n), each
/// once, in the list's order.
fn asked_budgets(g: &Groups, opts: &Options) -> Vec<u64> {
    if g.is_empty() {
        return Vec::new();
    }
    let mut ks: Vec<u64> = Vec::new();
    for &k in &opts.ks {
        if k >= 1 && (k <= g.n_min() || k <= TAILPASS_K_MAX) && !ks.contains(&k) {
            ks.push(k);
        }
    }
    ks
}

/// The budgets of a series' count rows, each a part of its own ([`count_rows_at`]): those
/// asked for, up to [`COUNT_K_MAX`] and, unless `opts.count_all`, within
/// the work limit (see [`count_limits`]); in the list's order.
pub fn count_budgets(g: &Groups, opts: &Options) -> Vec<u64> {
    let (skipped, beyond) = count_limits(g, opts);
    asked_budgets(g, opts)
        .into_iter()
        .filter(|k| !skipped.contains(k) && !beyond.contains(k))
        .collect()
}

/// The budgets asked for whose count rows are not computed: those past the work limit
/// (max([`COUNT_WORK_BASE`], [`COUNT_WORK_PER_TASK`] × tasks) of distinct counts × k, the
/// budgets taken smallest first; none with `opts.count_all`), and those past
/// [`COUNT_K_MAX`].
pub fn count_limits(g: &Groups, opts: &Options) -> (Vec<u64>, Vec<u64>) {
    let mut asked = asked_budgets(g, opts);
    let beyond: Vec<u64> = asked.iter().copied().filter(|&k| k > COUNT_K_MAX).collect();
    asked.retain(|&k| k <= COUNT_K_MAX);
    asked.sort_unstable();
    let cap = COUNT_WORK_BASE.max(COUNT_WORK_PER_TASK.saturating_mul(g.tasks()));
    let counts = g.len() as u64;
    let (mut work, mut skipped) = (0u64, Vec::new());
    for k in asked {
        work = work.saturating_add(counts.saturating_mul(k));
        if work > cap && !opts.count_all {
            skipped.push(k);
        }
    }
    (skipped, beyond)
}

/// The rows of one budget ([`count_rows_at`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BudgetRows {
    g_pass: Vec<GPassRow>,
    mg_pass: Option<MgPassRow>,
    maj_strict: Option<KInterval>,
    auc: Option<KInterval>,
    geom: Option<[KInterval; 3]>,
    tailpass: Option<TailPassRow>,
}

/// The rows for the k list (k ≤ the smallest n) and the G-Pass τ list, each interval with
/// the prior and level of the settings, and TailPass@k's profiles.
pub fn count_rows(g: &Groups, opts: &Options) -> CountRows {
    // (Within the limits: count_budgets.)
    CountRows::from_budgets(
        count_budgets(g, opts)
            .into_iter()
            .map(|k| count_rows_at(g, opts, k))
            .collect(),
    )
}

impl CountRows {
    /// The rows of each budget, in order ([`count_budgets`]).
    pub fn from_budgets(budgets: Vec<BudgetRows>) -> CountRows {
        let mut rows = CountRows::default();
        for b in budgets {
            rows.g_pass.extend(b.g_pass);
            rows.mg_pass.extend(b.mg_pass);
            rows.maj_strict.extend(b.maj_strict);
            rows.auc.extend(b.auc);
            if let Some(geom) = b.geom {
                for (to, row) in rows.geom.iter_mut().zip(geom) {
                    to.push(row);
                }
            }
            rows.tailpass.extend(b.tailpass);
        }
        rows
    }
}

/// The rows of budget k: the count scores' (k ≤ the smallest n) and TailPass@k's profile
/// (k ≤ [`TAILPASS_K_MAX`]), in one pass over the distinct tasks: each task's Beta-binomial
/// pmfs are made once and shared by every score and the blends.
pub fn count_rows_at(g: &Groups, opts: &Options, k: u64) -> BudgetRows {
    let taus: Vec<f64> = opts.g_taus.iter().map(|t| t.value()).collect();
    let s = &opts.settings;
    let prior = Prior {
        alpha: s.prior[0],
        beta: s.prior[1],
    };
    let mut out = BudgetRows::default();
    if g.is_empty() || k == 0 {
        return out;
    }
    let row = k <= g.n_min();
    // mG-Pass@k's and AUC@k's intervals cost O(k²) once per budget: up to a limit.
    let general = row && k <= GENERAL_K_MAX;
    // Every score of this budget: the G-Pass τs, maj, mG and AUC; then TailPass's.
    let mut scores: Vec<CountScore> = Vec::new();
    if row {
        scores.extend(
            taus.iter()
                .filter_map(|&tau| CountScore::g_pass(k, tau).ok()),
        );
        scores.extend(CountScore::maj_strict(k));
        if general {
            scores.extend(
                [CountScore::mg_pass(k), CountScore::auc(k)]
                    .into_iter()
                    .flatten(),
            );
        }
    }
    let n_row = scores.len();
    let tail = tailpass::scores(k);
    scores.extend(tail.into_iter().flatten());
    let refs: Vec<&CountScore> = scores.iter().collect();
    let Some(post) = Posterior::new(&refs) else {
        return out;
    };
    // GeoSpectrum*@k's interval: mG-Pass@k's moments (the τs and maj before it) and its
    // covariance with pass@k.
    let mg_at = taus.len() + 1;
    let pass = CountScore::pass(k).ok();
    let joint = match (general, pass, scores.get(mg_at)) {
        (true, Some(pass), Some(mg)) => Joint::new(&pass, mg),
        _ => None,
    };
    let mut blend = row.then(|| BlendSums::new(joint.is_some()));
    // Each score's means and variances over the tasks: plain sums of a block of tasks (every
    // term ≥ 0: at most BLOCK·ε of the block's sum), the blocks' sums compensated.
    const BLOCK: usize = 256;
    let mut sums = vec![(Neumaier::default(), Neumaier::default()); refs.len()];
    let mut block = vec![(0.0f64, 0.0f64); refs.len()];
    let flush = |block: &mut [(f64, f64)], sums: &mut [(Neumaier, Neumaier)]| {
        for ((m, v), (sm, sv)) in block.iter_mut().zip(sums.iter_mut()) {
            sm.add(std::mem::take(m));
            sv.add(std::mem::take(v));
        }
    };
    let mut blends_ok = true;
    let mut ws = Workspace::default();
    for (i, (t, w)) in g.iter().enumerate() {
        let a = prior.alpha + t.c() as f64;
        let b = prior.beta + (t.n() - t.c()) as f64;
        post.task_in(a, b, &mut ws);
        let wf = w as f64;
        for (&(m, v), (bm, bv)) in ws.moments.iter().zip(block.iter_mut()) {
            *bm += wf * m;
            *bv += wf * v;
        }
        if (i + 1) % BLOCK == 0 {
            flush(&mut block, &mut sums);
        }
        if let Some(blend) = blend.as_mut() {
            let mg = joint.as_ref().map(|joint| {
                let m_m = ws.moments[mg_at];
                (m_m, joint.covariance(&ws.pmf2, ws.both.pass.0, m_m.0))
            });
            blends_ok &= blend.add(t, w, (a, b), k, &ws.both, mg).is_some();
        }
    }
    flush(&mut block, &mut sums);
    let n = g.tasks() as f64;
    let z = two_sided_z(s.confidence);
    let ivs: Vec<Interval> = sums
        .into_iter()
        .map(|(m, v)| Interval::clipped(m.total() / n, v.total().max(0.0).sqrt() / n, z))
        .collect();
    if row {
        // The G-Pass τs and maj's threshold (more than half of k) in one walk per task.
        let j0 = k / 2 + 1;
        let mut walked = taus.clone();
        walked.push(j0 as f64 / k as f64);
        let values = g_pass(g, &[k], &walked);
        if let Some(at) = values.first() {
            out.g_pass = taus
                .iter()
                .zip(&at.values)
                .zip(&ivs)
                .map(|((&tau, &value), iv)| GPassRow {
                    k,
                    tau,
                    value,
                    interval: Some(*iv),
                })
                .collect();
            out.maj_strict = at.values.get(taus.len()).map(|&value| KInterval {
                k,
                value,
                interval: ivs.get(taus.len()).copied(),
            });
            out.mg_pass = Some(MgPassRow {
                k,
                value: at.mg,
                interval: ivs.get(mg_at).copied().filter(|_| general),
            });
            out.auc = Some(KInterval {
                k,
                value: auc_value(g, k),
                interval: ivs.get(mg_at + 1).copied().filter(|_| general),
            });
            if let Some(b) = blend.filter(|_| blends_ok) {
                let b = b.finish(g.tasks(), at.mg, s.confidence);
                let row = |b: Blend| KInterval {
                    k,
                    value: b.value,
                    interval: b.interval,
                };
                out.geom = Some([row(b.geom), row(b.geom_ds), row(b.spectrum)]);
            }
        }
    }
    out.tailpass = Profile::new(k, ivs[n_row..].to_vec()).map(|p| TailPassRow {
        k: p.k,
        mean: p.points.iter().map(|i| i.mean).collect(),
        sd: p.points.iter().map(|i| i.sd).collect(),
        lo: p.points.iter().map(|i| i.lo).collect(),
        hi: p.points.iter().map(|i| i.hi).collect(),
        moment2: p.moment2,
    });
    out
}
