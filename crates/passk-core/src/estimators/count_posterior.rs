//! The posterior moments of count scores ([`CountScore`]) under a Beta prior, as the scorio
//! package computes them (`eval/_posterior.py`, scorio 0.2.3): each task's exact mean and
//! variance of its latent credit, and the dataset's normal interval.

use crate::data::groups::Groups;
use crate::estimators::at_least::{AtLeast, Scratch};
use crate::estimators::bernstein::{
    beta_binomial_pmf, beta_binomial_pmf_into, dot, dot_mixed, elevation, products, squares,
};
use crate::estimators::count_score::{CountScore, Shape, GENERAL_K_MAX};
use crate::estimators::interval::{Interval, PassMoments, Prior};
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// Count scores of one budget prepared for their posterior moments at each task.
pub struct Posterior<'a> {
    k: u64,
    scores: Vec<Prepared<'a>>,
    /// The threshold scores' recurrence, when there is one among them.
    at_least: Option<AtLeast>,
}

struct Prepared<'a> {
    score: &'a CountScore,
    shape: Shape,
    /// For a general shape: the degree-2k coefficients of g² and of (g − A_k)² (the square
    /// of the credits, and of the credits less the last).
    square: Vec<f64>,
    square_top: Vec<f64>,
}

impl<'a> Posterior<'a> {
    /// Prepares `scores`, all of one budget k: the O(k²) weights of the variance, once, for
    /// those without a closed form or a recurrence (threshold scores have one at any k).
    /// None when one such has k > [`GENERAL_K_MAX`], or the budgets differ.
    pub fn new(scores: &[&'a CountScore]) -> Option<Posterior<'a>> {
        let k = scores.first()?.k();
        if scores.iter().any(|s| s.k() != k) {
            return None;
        }
        let general: Vec<&[f64]> = scores
            .iter()
            .filter(|s| s.shape() == Shape::General)
            .filter_map(|s| s.each_credit())
            .collect();
        if !general.is_empty() && k > GENERAL_K_MAX {
            return None;
        }
        let tops: Vec<Vec<f64>> = general
            .iter()
            .map(|c| {
                let top = c[c.len() - 1];
                c.iter().map(|x| x - top).collect()
            })
            .collect();
        let mut all: Vec<&[f64]> = general.clone();
        all.extend(tops.iter().map(Vec::as_slice));
        let mut squares: Vec<Vec<f64>> = if all.is_empty() {
            Vec::new()
        } else {
            squares(k, &all)
        };
        let mut top_squares = squares.split_off(squares.len() / 2).into_iter();
        let mut squares = squares.into_iter();
        let scores: Vec<Prepared<'a>> = scores
            .iter()
            .map(|s| {
                let shape = s.shape();
                let (square, square_top) = match shape {
                    Shape::General => (
                        squares.next().unwrap_or_default(),
                        top_squares.next().unwrap_or_default(),
                    ),
                    _ => (Vec::new(), Vec::new()),
                };
                Prepared {
                    score: s,
                    shape,
                    square,
                    square_top,
                }
            })
            .collect();
        let at_least = scores
            .iter()
            .any(|s| matches!(s.shape, Shape::AtLeast(_)))
            .then(|| AtLeast::new(k));
        Some(Posterior {
            k,
            scores,
            at_least,
        })
    }

    /// Whether [`task_with`](Self::task_with) reads the pmfs (a threshold or general score).
    pub fn needs_pmfs(&self) -> bool {
        self.scores
            .iter()
            .any(|s| matches!(s.shape, Shape::General | Shape::AtLeast(_)))
    }

    /// E\[g\], Var\[g\] of each score at one task whose success rate is Beta(a, b),
    /// g(p) = Σ_j A_j·C(k, j) p^j (1−p)^(k−j).
    ///
    /// # Formula
    /// pass@k and pass^k: the closed forms of [`PassMoments`]; threshold scores: the
    /// recurrence of [`AtLeast::task`]. Otherwise E\[g\] = Σ_j A_j·BB(j; k, a, b) and
    /// Var\[g\] = Σ_t h_t·BB(t; 2k, a, b) − E\[g\]², h the degree-2k Bernstein coefficients
    /// of g²; a variance within (k+1)·64·ε of the larger term is computed again from the
    /// centred credits (A − E g), whose square keeps its digits (scorio's `_state_moments`).
    pub fn task(&self, a: f64, b: f64) -> Vec<(f64, f64)> {
        let pmfs = if self.needs_pmfs() {
            self.pmfs(a, b)
        } else {
            (Vec::new(), Vec::new())
        };
        self.task_with(a, b, &pmfs)
    }

    /// The Beta-binomial pmfs of degree k and 2k that [`task`](Self::task) sums over, for a
    /// caller that needs them too ([`Joint::covariance`]).
    pub fn pmfs(&self, a: f64, b: f64) -> (Vec<f64>, Vec<f64>) {
        let k = self.k as usize;
        (beta_binomial_pmf(k, a, b), beta_binomial_pmf(2 * k, a, b))
    }

    /// [`task`](Self::task) given [`pmfs`](Self::pmfs) (empty when no score needs them).
    pub fn task_with(&self, a: f64, b: f64, (pmf, pmf2): &(Vec<f64>, Vec<f64>)) -> Vec<(f64, f64)> {
        let mut ws = Workspace::default();
        self.moments_into(a, b, (pmf, pmf2), &mut ws);
        ws.moments
    }

    /// [`task`](Self::task) into `ws`: its pmfs (when a score needs them), pass@k's and
    /// pass^k's closed-form moments, and each score's moments, the buffers reused from task
    /// to task.
    pub fn task_in(&self, a: f64, b: f64, ws: &mut Workspace) {
        let k = self.k as usize;
        if self.needs_pmfs() {
            beta_binomial_pmf_into(k, a, b, &mut ws.ratios, &mut ws.pmf);
            beta_binomial_pmf_into(2 * k, a, b, &mut ws.ratios, &mut ws.pmf2);
        } else {
            ws.pmf.clear();
            ws.pmf2.clear();
        }
        let (pmf, pmf2) = (std::mem::take(&mut ws.pmf), std::mem::take(&mut ws.pmf2));
        self.moments_into(a, b, (&pmf, &pmf2), ws);
        (ws.pmf, ws.pmf2) = (pmf, pmf2);
    }

    fn moments_into(&self, a: f64, b: f64, (pmf, pmf2): (&[f64], &[f64]), ws: &mut Workspace) {
        let k = self.k;
        ws.both = PassMoments::new(a, b, k);
        // Every threshold at once: one pass of the recurrence.
        ws.rs.clear();
        ws.rs
            .extend(self.scores.iter().filter_map(|s| match s.shape {
                Shape::AtLeast(r) => Some(r),
                _ => None,
            }));
        ws.steps.clear();
        if let Some(al) = self.at_least.as_ref().filter(|_| !ws.rs.is_empty()) {
            al.task_into(a, b, (pmf, pmf2), &ws.rs, &mut ws.scratch, &mut ws.steps);
        }
        let mut steps = ws.steps.iter();
        ws.moments.clear();
        for s in &self.scores {
            ws.moments.push(match s.shape {
                Shape::Constant(c) => (c, 0.0),
                Shape::Pass => ws.both.pass,
                Shape::Unanimous => ws.both.hat,
                Shape::AtLeast(_) => steps.next().copied().unwrap_or((f64::NAN, f64::NAN)),
                Shape::General => {
                    let credits = s.score.each_credit().unwrap_or_default();
                    general(credits, &s.square, &s.square_top, pmf, pmf2)
                }
            });
        }
    }
}

/// The buffers of one task's moments ([`Posterior::task_in`]), reused from task to task.
#[derive(Debug, Clone, Default)]
pub struct Workspace {
    ratios: Vec<f64>,
    /// The Beta-binomial pmf of degree k at the last task (empty when no score needed it).
    pub pmf: Vec<f64>,
    /// The Beta-binomial pmf of degree 2k.
    pub pmf2: Vec<f64>,
    /// pass@k's and pass^k's posterior moments at the last task.
    pub both: PassMoments,
    /// Each score's (E g, Var g) at the last task, in the order prepared.
    pub moments: Vec<(f64, f64)>,
    rs: Vec<u64>,
    steps: Vec<(f64, f64)>,
    scratch: Scratch,
}

/// E\[g\], Var\[g\] of a general score from its squares (see [`Posterior::task`]).
fn general(
    credits: &[f64],
    square: &[f64],
    square_top: &[f64],
    pmf: &[f64],
    pmf2: &[f64],
) -> (f64, f64) {
    let k = credits.len() - 1;
    // Plain sums where every term keeps one sign (credits of one sign, at most their last
    // one: the report's scores), compensated ones otherwise.
    let top = credits[k];
    let plain = (credits.iter().all(|x| *x >= 0.0) || credits.iter().all(|x| *x <= 0.0))
        && credits.iter().all(|x| *x <= top);
    let dot = |a: &[f64], b: &[f64]| if plain { dot(a, b) } else { dot_mixed(a, b) };
    let m = dot(credits, pmf);
    // Var[g] = E[(g − r)²] − (m − r)² with r the end credit nearer m: the smaller the terms,
    // the fewer digits their difference loses.
    let (square, r) = if (m - top).abs() < (m - credits[0]).abs() {
        (square_top, top)
    } else {
        (square, 0.0)
    };
    let g2 = dot(square, pmf2);
    let d = m - r;
    let v = g2 - d * d;
    // Digits lost to the difference (relative to the terms, so that a variance merely
    // small, of a mean near 0, is kept): taken again centred.
    let floor = (k as f64 + 1.0) * 64.0 * f64::EPSILON * g2.abs().max(d * d);
    // (All of it 0, as far in a tail as doubles reach: nothing to take again.)
    if v > floor || g2 == 0.0 {
        return (m, v);
    }
    let centred: Vec<f64> = credits.iter().map(|x| x - m).collect();
    let h = elevation(k)
        .products_mixed(&[(&centred, &centred)])
        .remove(0);
    (m, dot_mixed(&h, pmf2).max(0.0))
}

/// Two count scores of one budget prepared for their posterior covariance at each task
/// (scorio's `joint_posterior_moments`, general case).
pub struct Joint {
    x: Vec<f64>,
    y: Vec<f64>,
    /// The degree-2k Bernstein coefficients of (g_x − r_x)·(g_y − r_y) for each pair of end
    /// credits (r_x, r_y): first or last of x, first or last of y.
    products: Vec<Vec<f64>>,
    /// Whether every term of those products keeps one sign (plain sums then).
    plain: bool,
}

impl Joint {
    /// Prepares `x` and `y`. None when their budgets differ or exceed [`GENERAL_K_MAX`].
    pub fn new(x: &CountScore, y: &CountScore) -> Option<Joint> {
        let k = x.k();
        if y.k() != k || k > GENERAL_K_MAX {
            return None;
        }
        let shifted = |v: &[f64], end: usize| -> Vec<f64> {
            let r = v[end * (v.len() - 1)];
            v.iter().map(|a| a - r).collect()
        };
        let (xc, yc) = (x.credits(), y.credits());
        let xs = [shifted(&xc, 0), shifted(&xc, 1)];
        let ys = [shifted(&yc, 0), shifted(&yc, 1)];
        let pairs: Vec<(&[f64], &[f64])> = (0..4)
            .map(|i| (xs[i / 2].as_slice(), ys[i % 2].as_slice()))
            .collect();
        let signed = |v: &[f64]| v.iter().all(|a| *a >= 0.0) || v.iter().all(|a| *a <= 0.0);
        let plain = xs.iter().chain(&ys).all(|v| signed(v));
        Some(Joint {
            x: xc,
            y: yc,
            products: products(k, &pairs),
            plain,
        })
    }

    /// Cov\[g_x, g_y\] at one task whose success rate is Beta(a, b), given their posterior
    /// means `mx` and `my` and `pmf2`, the Beta-binomial pmf of degree 2k there
    /// ([`Posterior::pmfs`]).
    ///
    /// # Formula
    /// Σ_t h_t·BB(t; 2k, a, b) − (m_x − r_x)(m_y − r_y), h the Bernstein coefficients of
    /// (g_x − r_x)(g_y − r_y) with r the end credits nearer the means (the covariance is the
    /// same for any r, and the terms are smallest so); within (2k+1)·64·ε of the terms it is
    /// computed again from the centred credits (as scorio's `joint_posterior_moments`).
    pub fn covariance(&self, pmf2: &[f64], mx: f64, my: f64) -> f64 {
        let k = self.x.len() - 1;
        let nearer = |v: &[f64], m: f64| usize::from((m - v[k]).abs() < (m - v[0]).abs());
        let (ex, ey) = (nearer(&self.x, mx), nearer(&self.y, my));
        let (rx, ry) = (self.x[ex * k], self.y[ey * k]);
        let h = &self.products[2 * ex + ey];
        let cross = if self.plain {
            dot(h, pmf2)
        } else {
            dot_mixed(h, pmf2)
        };
        let d = (mx - rx) * (my - ry);
        let raw = cross - d;
        let floor = (2 * k + 1) as f64 * 64.0 * f64::EPSILON * cross.abs().max(d.abs());
        if raw.abs() > floor || cross == 0.0 {
            return raw;
        }
        let cx: Vec<f64> = self.x.iter().map(|v| v - mx).collect();
        let cy: Vec<f64> = self.y.iter().map(|v| v - my).collect();
        let h = elevation(k).products_mixed(&[(&cx, &cy)]).remove(0);
        dot_mixed(&h, pmf2)
    }
}

/// The dataset's Bayesian interval of each of `scores` (all of one budget): each task's
/// success rate p_i ~ Beta(α0 + c_i, β0 + n_i − c_i) a posteriori.
///
/// # Formula
/// μ = (1/T)·Σ_i E\[g(p_i)\], σ = √(Σ_i Var\[g(p_i)\])/T, interval μ ± zσ clipped to
/// [0, 1], z the two-sided normal quantile of `level` (scorio's `*_ci`).
///
/// # Errors
/// None: None when a score has no closed form and k > [`GENERAL_K_MAX`] (or the budgets
/// differ); an empty dataset gives NaN.
pub fn intervals(
    scores: &[&CountScore],
    g: &Groups,
    prior: Prior,
    level: f64,
) -> Option<Vec<Interval>> {
    let post = Posterior::new(scores)?;
    let mut sums = vec![(Neumaier::default(), Neumaier::default()); scores.len()];
    let mut ws = Workspace::default();
    for (t, w) in g.iter() {
        let a = prior.alpha + t.c() as f64;
        let b = prior.beta + (t.n() - t.c()) as f64;
        post.task_in(a, b, &mut ws);
        for (&(m, v), (sm, sv)) in ws.moments.iter().zip(sums.iter_mut()) {
            sm.add(w as f64 * m);
            sv.add(w as f64 * v);
        }
    }
    let n = g.tasks() as f64;
    let z = two_sided_z(level);
    Some(
        sums.into_iter()
            .map(|(m, v)| {
                let mu = m.total() / n;
                Interval::clipped(mu, v.total().max(0.0).sqrt() / n, z)
            })
            .collect(),
    )
}

impl CountScore {
    /// The dataset's Bayesian interval of this score ([`intervals`] of one).
    ///
    /// # Errors
    /// None: None when the score has no closed form and k > [`GENERAL_K_MAX`].
    pub fn interval(&self, g: &Groups, prior: Prior, level: f64) -> Option<Interval> {
        intervals(&[self], g, prior, level).map(|mut v| v.remove(0))
    }
}
