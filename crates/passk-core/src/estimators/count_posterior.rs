//! The posterior moments of count scores ([`CountScore`]) under a Beta prior, as the scorio
//! package computes them (`eval/_posterior.py`, scorio 0.2.3): each task's exact mean and
//! variance of its latent credit, and the dataset's normal interval.

use crate::data::groups::Groups;
use crate::estimators::count_score::{CountScore, Shape, GENERAL_K_MAX};
use crate::estimators::interval::{task_moments, Interval, Metric, Prior};
use crate::num::gamma::ln_gamma;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// The Beta-binomial pmf P(J = j), j = 0..=m, of J ~ Binomial(m, p), p ~ Beta(a, b): by
/// the ratio of consecutive terms in logs, normalised from its largest term (scorio's
/// `_beta_binomial_probabilities`).
pub fn beta_binomial_pmf(m: usize, a: f64, b: f64) -> Vec<f64> {
    let mut logs = Vec::with_capacity(m + 1);
    let mut l = 0.0;
    logs.push(l);
    for t in 0..m {
        let tf = t as f64;
        l += ((m - t) as f64).libm_ln() - (tf + 1.0).libm_ln() + (a + tf).libm_ln()
            - (b + (m - t) as f64 - 1.0).libm_ln();
        logs.push(l);
    }
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = Neumaier::default();
    let mut p: Vec<f64> = logs
        .iter()
        .map(|l| {
            let e = (l - top).libm_exp();
            total.add(e);
            e
        })
        .collect();
    let s = total.total();
    p.iter_mut().for_each(|x| *x /= s);
    p
}

/// The degree-2k weights of a product of two degree-k Bernstein polynomials: for each t,
/// ω_{j,t} = C(k, j)·C(k, t−j)/C(2k, t) over j = max(0, t−k)..=min(t, k), row by row.
struct Elevation {
    k: usize,
    /// Row t: ω_{j,t} for j from max(0, t−k) (about k² numbers: k ≤ [`GENERAL_K_MAX`]).
    rows: Vec<Vec<f64>>,
}

impl Elevation {
    fn new(k: usize) -> Elevation {
        let lf: Vec<f64> = (0..=2 * k).map(|i| ln_gamma(i as f64 + 1.0)).collect();
        let ln_c = |n: usize, r: usize| lf[n] - lf[r] - lf[n - r];
        let rows = (0..=2 * k)
            .map(|t| {
                let lo = t.saturating_sub(k);
                let row: Vec<f64> = (lo..=t.min(k))
                    .map(|j| (ln_c(k, j) + ln_c(k, t - j) - ln_c(2 * k, t)).libm_exp())
                    .collect();
                // They sum to 1 (Vandermonde): normalised, the rounding of the logs goes.
                let s = crate::num::sum::sum(row.iter().copied());
                row.into_iter().map(|w| w / s).collect()
            })
            .collect();
        Elevation { k, rows }
    }

    /// Row t: its first j and its weights.
    fn row(&self, t: usize) -> (usize, &[f64]) {
        (t.saturating_sub(self.k), &self.rows[t])
    }

    /// The degree-2k Bernstein coefficients of (Σ_j x_j B_{j,k})², for each credit vector
    /// of `xs`: h_t = Σ_j ω_{j,t}·x_j·x_{t−j}.
    fn squares(&self, xs: &[&[f64]]) -> Vec<Vec<f64>> {
        let mut out: Vec<Vec<f64>> = xs
            .iter()
            .map(|_| Vec::with_capacity(2 * self.k + 1))
            .collect();
        for t in 0..=2 * self.k {
            let (lo, row) = self.row(t);
            for (x, sq) in xs.iter().zip(out.iter_mut()) {
                let mut s = Neumaier::default();
                for (i, w) in row.iter().enumerate() {
                    let j = lo + i;
                    s.add(w * x[j] * x[t - j]);
                }
                sq.push(s.total());
            }
        }
        out
    }
}

/// Count scores of one budget prepared for their posterior moments at each task.
pub struct Posterior<'a> {
    scores: Vec<Prepared<'a>>,
    /// The weights, made only if a variance must be taken again centred (rare).
    elevation: std::cell::OnceCell<Elevation>,
}

/// The squares of the credit vectors of the budgets prepared lately, by budget and the bits
/// of their credits: every series of a report has the same (about 0.2 s for seven series at
/// k ≤ 1,000 otherwise, the weights made again for each).
type Squares = std::sync::Arc<Vec<Vec<f64>>>;

/// The most budgets kept.
const KEPT: usize = 32;

static SQUARES: std::sync::Mutex<Vec<(u64, Vec<u64>, Squares)>> = std::sync::Mutex::new(Vec::new());

/// The squares (of each vector of `general`) at budget k, made once.
fn squares(k: u64, general: &[&[f64]]) -> Squares {
    let bits: Vec<u64> = general
        .iter()
        .flat_map(|x| x.iter().map(|v| v.to_bits()))
        .collect();
    let found = SQUARES.lock().ok().and_then(|c| {
        c.iter()
            .find(|(kk, b, _)| *kk == k && *b == bits)
            .map(|e| e.2.clone())
    });
    if let Some(s) = found {
        return s;
    }
    let made: Squares = std::sync::Arc::new(Elevation::new(k as usize).squares(general));
    if let Ok(mut c) = SQUARES.lock() {
        if c.len() >= KEPT {
            c.remove(0);
        }
        c.push((k, bits, made.clone()));
    }
    made
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
    /// Prepares `scores`, all of one budget k (the O(k²) weights of the variance, once, for
    /// those without a closed form). None when one has none and k > [`GENERAL_K_MAX`], or
    /// the budgets differ.
    pub fn new(scores: &[&'a CountScore]) -> Option<Posterior<'a>> {
        let k = scores.first()?.k();
        if scores.iter().any(|s| s.k() != k) {
            return None;
        }
        let tops: Vec<Vec<f64>> = scores
            .iter()
            .filter(|s| s.shape() == Shape::General)
            .map(|s| {
                let top = s.credits()[s.credits().len() - 1];
                s.credits().iter().map(|x| x - top).collect()
            })
            .collect();
        let mut general: Vec<&[f64]> = scores
            .iter()
            .filter(|s| s.shape() == Shape::General)
            .map(|s| s.credits())
            .collect();
        general.extend(tops.iter().map(Vec::as_slice));
        if !general.is_empty() && k > GENERAL_K_MAX {
            return None;
        }
        let mut squares: Vec<Vec<f64>> = if general.is_empty() {
            Vec::new()
        } else {
            squares(k, &general).to_vec()
        };
        let mut top_squares = squares.split_off(squares.len() / 2).into_iter();
        let mut squares = squares.into_iter();
        let scores = scores
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
        Some(Posterior {
            scores,
            elevation: std::cell::OnceCell::new(),
        })
    }

    /// E\[g\], Var\[g\] of each score at one task whose success rate is Beta(a, b),
    /// g(p) = Σ_j A_j·C(k, j) p^j (1−p)^(k−j).
    ///
    /// # Formula
    /// pass@k and pass^k: the closed forms of [`task_moments`]. Otherwise E\[g\] = Σ_j A_j·
    /// BB(j; k, a, b) and Var\[g\] = Σ_t h_t·BB(t; 2k, a, b) − E\[g\]², h the degree-2k
    /// Bernstein coefficients of g²; a variance within (k+1)·64·ε of the larger term is
    /// computed again from the centred credits (A − E g), whose square keeps its digits
    /// (scorio's `_state_moments`).
    pub fn task(&self, a: f64, b: f64) -> Vec<(f64, f64)> {
        let k = self.scores.first().map_or(0, |s| s.score.k());
        let general = self.scores.iter().any(|s| s.shape == Shape::General);
        let (pmf, pmf2) = if general {
            (
                beta_binomial_pmf(k as usize, a, b),
                beta_binomial_pmf(2 * k as usize, a, b),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let dot = |x: &[f64], p: &[f64]| {
            let mut s = Neumaier::default();
            x.iter().zip(p).for_each(|(x, p)| s.add(x * p));
            s.total()
        };
        self.scores
            .iter()
            .map(|s| match s.shape {
                Shape::Constant(c) => (c, 0.0),
                Shape::Pass => task_moments(a, b, k as f64, Metric::PassAtK),
                Shape::Unanimous => task_moments(a, b, k as f64, Metric::PassHatK),
                Shape::General => {
                    let credits = s.score.credits();
                    let m = dot(credits, &pmf);
                    // Var[g] = E[(g − r)²] − (m − r)² with r the end credit nearer m: the
                    // smaller the terms, the fewer digits their difference loses.
                    let top = credits[credits.len() - 1];
                    let (square, r) = if (m - top).abs() < (m - credits[0]).abs() {
                        (&s.square_top, top)
                    } else {
                        (&s.square, 0.0)
                    };
                    let g2 = dot(square, &pmf2);
                    let d = m - r;
                    let v = g2 - d * d;
                    // Digits lost to the difference (relative to the terms, so that a variance
                    // merely small, of a mean near 0, is kept): taken again centred.
                    let floor = (k as f64 + 1.0) * 64.0 * f64::EPSILON * g2.abs().max(d * d);
                    // (All of it 0, as far in a tail as doubles reach: nothing to take again.)
                    if v > floor || g2 == 0.0 {
                        return (m, v);
                    }
                    let centred: Vec<f64> = s.score.credits().iter().map(|x| x - m).collect();
                    let e = self.elevation.get_or_init(|| Elevation::new(k as usize));
                    let h = e.squares(&[&centred]).remove(0);
                    (m, dot(&h, &pmf2).max(0.0))
                }
            })
            .collect()
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
    for (t, w) in g.iter() {
        let a = prior.alpha + t.c() as f64;
        let b = prior.beta + (t.n() - t.c()) as f64;
        for ((m, v), (sm, sv)) in post.task(a, b).into_iter().zip(sums.iter_mut()) {
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
                let sd = v.total().max(0.0).sqrt() / n;
                Interval {
                    mean: mu,
                    sd,
                    lo: (mu - z * sd).clamp(0.0, 1.0),
                    hi: (mu + z * sd).clamp(0.0, 1.0),
                }
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
