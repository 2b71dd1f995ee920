//! Cover@τ (Dragoi et al.): the share of tasks solved with success rate at least τ, and the
//! areas between two Cover curves (AUC⁺, AvgAUC⁺).

use crate::num::libm_math::LibmMath;
use std::cmp::Ordering;
use std::fmt;

use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::num::sum::Neumaier;

/// A reliability threshold τ ∈ [0, 1] held as an exact decimal fraction num/den, so that
/// c/n ≥ τ is decided in integers (0.15 written in floating point is 0.15000000000000002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tau {
    num: u64,
    den: u64,
}

/// Why a threshold is not valid.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TauError {
    /// Not a decimal number.
    NotANumber(String),
    /// Outside [0, 1].
    OutOfRange(String),
}

impl fmt::Display for TauError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TauError::NotANumber(s) => write!(f, "τ = '{s}' is not a decimal number"),
            TauError::OutOfRange(s) => write!(f, "τ = {s} is outside [0, 1]"),
        }
    }
}

impl std::error::Error for TauError {}

impl Tau {
    /// Parses a decimal such as `0.2`, `.85`, `1` or `0.333` (at most 15 decimals).
    ///
    /// # Errors
    /// [`TauError`] for text that is not a plain decimal or lies outside [0, 1].
    pub fn parse(text: &str) -> Result<Tau, TauError> {
        let s = text.trim();
        let (int, frac) = s.split_once('.').unwrap_or((s, ""));
        let ok = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !ok(int) || !ok(frac) || frac.len() > 15 {
            return Err(TauError::NotANumber(s.to_string()));
        }
        let int_v: u64 = if int.is_empty() {
            0
        } else {
            int.parse()
                .map_err(|_| TauError::OutOfRange(s.to_string()))?
        };
        let den = 10u64.pow(frac.len() as u32);
        let frac_v: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse().unwrap_or(0)
        };
        let num = int_v
            .checked_mul(den)
            .and_then(|v| v.checked_add(frac_v))
            .ok_or_else(|| TauError::OutOfRange(s.to_string()))?;
        if num > den {
            return Err(TauError::OutOfRange(s.to_string()));
        }
        Ok(Tau { num, den })
    }

    /// τ as a floating-point number.
    pub fn value(&self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Whether c/n ≥ τ, decided exactly: c·den ≥ num·n.
    pub fn reached_by(&self, t: Counts) -> bool {
        t.c() as u128 * self.den as u128 >= self.num as u128 * t.n() as u128
    }
}

impl fmt::Display for Tau {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

/// Plug-in Cover@τ: G(τ) = (1/N)·#{i : c_i/n_i ≥ τ}.
pub fn cover_plugin(g: &Groups, tau: Tau) -> f64 {
    let hit: u64 = g
        .iter()
        .filter(|(t, _)| tau.reached_by(*t))
        .map(|(_, w)| w)
        .sum();
    hit as f64 / g.tasks() as f64
}

fn cmp_rate(a: Counts, b: Counts) -> Ordering {
    (a.c() as u128 * b.n() as u128).cmp(&(b.c() as u128 * a.n() as u128))
}

/// The plug-in Cover curve as a step function: the distinct rates r_1 < … < r_m and, for
/// each, the fraction of tasks with rate ≥ r_j. G(τ) = fraction_j for τ ∈ (r_{j−1}, r_j].
#[derive(Debug, Clone, PartialEq)]
pub struct CoverSteps {
    /// Distinct rates in increasing order, as (c, n) representatives.
    pub rates: Vec<Counts>,
    /// fraction\[j\] = G(τ) for τ ∈ (rates\[j−1\], rates\[j\]].
    pub fraction: Vec<f64>,
}

impl CoverSteps {
    /// Builds the step function of a dataset.
    pub fn new(g: &Groups) -> CoverSteps {
        let mut items: Vec<(Counts, u64)> = g.iter().collect();
        items.sort_by(|a, b| cmp_rate(a.0, b.0));
        let total = g.tasks() as f64;
        let mut rates: Vec<Counts> = Vec::new();
        let mut counts: Vec<u64> = Vec::new();
        for (t, w) in items {
            match rates.last() {
                Some(&last) if cmp_rate(last, t) == Ordering::Equal => {
                    *counts.last_mut().unwrap_or(&mut 0) += w
                }
                _ => {
                    rates.push(t);
                    counts.push(w);
                }
            }
        }
        // fraction_j = #{rate ≥ r_j} / N: a suffix sum.
        let mut fraction = vec![0.0; counts.len()];
        let mut above = 0u64;
        for j in (0..counts.len()).rev() {
            above += counts[j];
            fraction[j] = above as f64 / total;
        }
        CoverSteps { rates, fraction }
    }

    /// The share of tasks whose rate is strictly above `rate`: G(τ) on the open interval just
    /// above it.
    pub fn above(&self, rate: Counts) -> f64 {
        let j = self
            .rates
            .partition_point(|r| cmp_rate(*r, rate) != Ordering::Greater);
        self.fraction.get(j).copied().unwrap_or(0.0)
    }

    /// ∫₀¹ G(τ) dτ, which equals the mean of c/n (pass@1).
    pub fn area(&self) -> f64 {
        let mut acc = Neumaier::default();
        let mut prev = 0.0;
        for (r, s) in self.rates.iter().zip(&self.fraction) {
            acc.add((r.rate() - prev) * s);
            prev = r.rate();
        }
        acc.total()
    }

    /// ∫₀¹ w(τ) G(τ) dτ for a weight with antiderivative `cdf` (cdf(0) = 0): exact for the
    /// step function.
    pub fn integrate(&self, cdf: impl Fn(f64) -> f64) -> f64 {
        let mut acc = Neumaier::default();
        let mut prev = 0.0;
        for (r, s) in self.rates.iter().zip(&self.fraction) {
            acc.add((cdf(r.rate()) - cdf(prev)) * s);
            prev = r.rate();
        }
        acc.total()
    }
}

/// AUC⁺(A, B) = ∫₀¹ max(G_A(τ) − G_B(τ), 0) dτ, exact for the two step functions.
///
/// # Formula
/// Between consecutive breakpoints q < p of either curve (starting from 0), both curves are
/// constant, equal to the share of tasks with rate > q; the integral is a finite sum.
pub fn auc_plus(a: &CoverSteps, b: &CoverSteps) -> f64 {
    let mut points: Vec<Counts> = a.rates.iter().chain(&b.rates).copied().collect();
    points.sort_by(|x, y| cmp_rate(*x, *y));
    points.dedup_by(|x, y| cmp_rate(*x, *y) == Ordering::Equal);
    let mut acc = Neumaier::default();
    let mut prev = ZERO_RATE;
    for p in points {
        let gap = a.above(prev) - b.above(prev);
        if gap > 0.0 {
            acc.add((p.rate() - prev.rate()) * gap);
        }
        prev = p;
    }
    acc.total()
}

/// The rate 0/1, where every curve starts.
const ZERO_RATE: Counts = Counts::ZERO_RATE;

/// AvgAUC⁺ of each series: the mean over the other series B of AUC⁺(series, B); and the full
/// matrix m\[i\]\[j\] = AUC⁺(i over j) (0 on the diagonal).
pub fn auc_plus_matrix(series: &[CoverSteps]) -> (Vec<Vec<f64>>, Vec<f64>) {
    let m: Vec<Vec<f64>> = series
        .iter()
        .enumerate()
        .map(|(i, a)| {
            series
                .iter()
                .enumerate()
                .map(|(j, b)| if i == j { 0.0 } else { auc_plus(a, b) })
                .collect()
        })
        .collect();
    let others = series.len().saturating_sub(1).max(1) as f64;
    let avg = m
        .iter()
        .map(|row| row.iter().sum::<f64>() / others)
        .collect();
    (m, avg)
}

/// Posterior Cover@τ under a Beta(a, b) prior, task by task: the reference for
/// [`cover_posterior`].
///
/// # Formula
/// (1/N)·Σ_i P(p_i ≥ τ | data) = (1/N)·Σ_i [1 − I_τ(a + c_i, b + n_i − c_i)]
/// = (1/N)·Σ_i I_{1−τ}(b + n_i − c_i, a + c_i).
pub fn cover_posterior_by_task(g: &Groups, a: f64, b: f64, tau: f64) -> f64 {
    g.mean(|t| crate::num::beta::inc_beta(1.0 - tau, b + (t.n() - t.c()) as f64, a + t.c() as f64))
}

/// Posterior Cover@τ under a Beta(a, b) prior, swept along c within each n.
///
/// # Formula
/// As [`cover_posterior_by_task`]. Along c at fixed n, with y = 1 − τ, s = b + n − c and
/// t = a + c, P(c) = I_y(s, t) grows by P(c+1) = P(c) + T(c), T(c) = y^(s−1)(1−y)^t/(t·B(s, t)),
/// and T(c+1) = T(c)·((1−y)/y)·(s−1)/(t+1): positive terms only. A fresh evaluation
/// (continued fraction, T in logs) starts each run, and after a gap of more than 64 or 1,024
/// steps. T is log-concave in c, so where it is below [`TAIL`] P is within TAIL/(1 − ratio) of
/// 0 (T still rising) or of 1 (T falling): there T is carried scaled by 2^600 (exact)
/// and left out of P, and P is 1 once T has fallen below TAIL (a tail of the sweep costs a
/// multiplication a step, not a continued fraction a task).
pub fn cover_posterior(g: &Groups, a: f64, b: f64, tau: f64) -> f64 {
    if g.is_empty() || tau.is_nan() {
        return f64::NAN;
    }
    if tau <= 0.0 {
        return 1.0;
    }
    if tau >= 1.0 {
        return 0.0;
    }
    let y = 1.0 - tau;
    let (ln_y, ln_1my, odds) = (y.libm_ln(), tau.libm_ln(), tau / y);
    let fresh = |n: u64, c: u64| {
        let (s, t) = (b + (n - c) as f64, a + c as f64);
        let p = crate::num::beta::inc_beta(y, s, t);
        let ln_t = (s - 1.0) * ln_y + t * ln_1my - t.libm_ln() - crate::num::beta::ln_beta(s, t);
        (p, Term::from_ln(ln_t))
    };
    let mut total = Neumaier::default();
    for block in g.blocks() {
        let n = block[0].0.n();
        let mut sum = 0.0;
        let mut state: Option<(u64, f64, Term, u64)> = None; // (c, P, T, steps since fresh)
        for &(t, w) in block {
            let c = t.c();
            let (p, tt, since) = match state {
                Some((c0, mut p, mut tt, since)) if c - c0 <= 64 && since + (c - c0) <= 1024 => {
                    for j in c0..c {
                        if tt.lifts == 0 {
                            p += tt.value;
                        }
                        let (s, tj) = (b + (n - j) as f64, a + j as f64);
                        let ratio = odds * (s - 1.0) / (tj + 1.0);
                        if tt.times(ratio) && ratio < 1.0 {
                            // Falling below TAIL past the mode: 1 − P < TAIL/(1 − ratio).
                            p = 1.0;
                        }
                    }
                    (p.min(1.0), tt, since + c - c0)
                }
                _ => {
                    let (p, tt) = fresh(n, c);
                    (p, tt, 0)
                }
            };
            sum += w as f64 * p;
            state = Some((c, p, tt, since));
        }
        total.add(sum);
    }
    total.total() / g.tasks() as f64
}

/// Below this (2^−830, about 1.4e-250) a sweep's term is carried scaled and left out of the
/// sum it would add to.
pub const TAIL: f64 = f64::from_bits(((1023 - 830) as u64) << 52);

/// ln [`TAIL`] = −830 ln 2.
const LN_TAIL: f64 = -830.0 * std::f64::consts::LN_2;

/// 2^600: the exact factor a term below [`TAIL`] is carried scaled by (as `num::dd` rescales).
const LIFT: f64 = f64::from_bits(((1023 + 600) as u64) << 52);

/// ln [`LIFT`] = 600 ln 2.
const LN_LIFT: f64 = 600.0 * std::f64::consts::LN_2;

/// A sweep's term T = value · LIFT^(−lifts), its value kept in f64's normal range.
#[derive(Debug, Clone, Copy)]
struct Term {
    value: f64,
    lifts: u32,
}

impl Term {
    /// The term e^ln_t.
    fn from_ln(ln_t: f64) -> Term {
        // (A NaN or −∞ gives no lift and a value of NaN or 0, as e^ln_t would.)
        let lifts = if ln_t < LN_TAIL && ln_t.is_finite() {
            ((LN_TAIL - ln_t) / LN_LIFT).ceil() as u32
        } else {
            0
        };
        Term {
            value: (ln_t + f64::from(lifts) * LN_LIFT).libm_exp(),
            lifts,
        }
    }

    /// Multiplies the term by `ratio` (> 0); true when it fell below [`TAIL`] by this step.
    fn times(&mut self, ratio: f64) -> bool {
        self.value *= ratio;
        if self.lifts > 0 && self.value >= 1.0 {
            self.value /= LIFT;
            self.lifts -= 1;
            return false;
        }
        let mut fell = false;
        while self.value < TAIL && self.value > 0.0 {
            fell |= self.lifts == 0;
            self.value *= LIFT;
            self.lifts += 1;
        }
        fell
    }
}
