//! What a finished backtest says about one target ratio: which (level, ratio) cells separate
//! the candidates beyond noise, how much each cell counts for the target, every candidate's
//! expected error there, and the spread of the differences between candidates over the
//! repeats.
//!
//! A cell is one subsample level (m′ samples per task, shrink 2^ℓ) at one ratio ρ = 2^q; it
//! holds every repeat's signed errors of the bases (naive, BB, ZOIBB, LinMix, the scaled Beta
//! and the Kumaraswamy), from which every candidate's error follows.

use super::level::Level;
use super::run::Backtest;
use crate::estimators::kind::Estimator;
use crate::num::libm_math::LibmMath;

/// How many standard errors a difference must exceed to count as "beyond noise" (about the
/// one-sided 97.7 % level of a normal difference).
pub const NOISE_Z: f64 = 2.0;

/// Relative differences of mean absolute error below this are ties, however consistent:
/// 1 % of the best candidate's error.
pub const TIE: f64 = 0.01;

/// One (level, ratio) cell: every repeat's absolute error of every candidate. A candidate
/// with a non-finite error in some repeat is absent from the cell (its mean and spread are
/// NaN): the scaled fits where a subsample has fewer than three samples per task (three
/// parameters, two moments), a fit that failed.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The shrink exponent ℓ: the subsample has m′ = ⌈n_min/2^ℓ⌉ samples per task.
    pub depth: u32,
    /// The ratio's exponent q: ρ = 2^q.
    pub q: u32,
    /// Absolute errors, repeats × candidates (row-major).
    abs: Vec<f64>,
    /// Candidates per row.
    width: usize,
    /// Mean absolute error per candidate.
    pub mae: Vec<f64>,
    /// Standard deviation over the repeats of each candidate's absolute error.
    pub sd: Vec<f64>,
    /// Whether the fitted candidates (all but naive) differ here beyond noise.
    pub informative: bool,
}

impl Cell {
    fn new(level: &Level, depth: u32, j: usize, cands: &[Estimator]) -> Option<Cell> {
        let reps = level.repeats();
        let width = cands.len();
        let mut abs = Vec::with_capacity(reps * width);
        for r in 0..reps {
            let e = level.errors(r, j)?.map(f64::from);
            abs.extend(cands.iter().map(|c| c.value(&e).abs()));
        }
        let n = reps as f64;
        let col = |c: usize| abs.iter().skip(c).step_by(width);
        // A sum with a NaN or an infinity in it is not finite: the candidate is absent.
        let mae: Vec<f64> = (0..width)
            .map(|c| {
                let m = col(c).sum::<f64>() / n;
                if m.is_finite() {
                    m
                } else {
                    f64::NAN
                }
            })
            .collect();
        if reps == 0 || !mae.iter().any(|m| m.is_finite()) {
            return None;
        }
        let sd = (0..width)
            .map(|c| sample_sd(col(c).copied(), mae[c], reps))
            .collect();
        let mut cell = Cell {
            depth,
            q: j as u32 + 1,
            abs,
            width,
            mae,
            sd,
            informative: false,
        };
        cell.informative = cell.separates(cands);
        Some(cell)
    }

    fn repeats(&self) -> usize {
        self.abs.len() / self.width.max(1)
    }

    /// Whether candidate c was measured in every repeat here.
    pub fn has(&self, c: usize) -> bool {
        self.mae[c].is_finite()
    }

    /// Repeat r's absolute error of candidate c.
    fn at(&self, r: usize, c: usize) -> f64 {
        self.abs[r * self.width + c]
    }

    /// Whether some fitted candidate is worse than the best fitted one beyond noise: its
    /// mean absolute error exceeds the best's by more than [`NOISE_Z`] standard errors of
    /// their paired difference over the repeats, and by more than [`TIE`] of the best's
    /// error. (With two samples per task ZOIBB collapses to BB and every mix scores the
    /// same: such a cell ranks nothing.)
    fn separates(&self, cands: &[Estimator]) -> bool {
        let fitted: Vec<usize> = (0..cands.len())
            .filter(|&c| cands[c] != Estimator::Naive && self.has(c))
            .collect();
        let Some(&best) = fitted
            .iter()
            .min_by(|&&a, &&b| self.mae[a].total_cmp(&self.mae[b]))
        else {
            return false;
        };
        let floor = TIE * self.mae[best];
        fitted.iter().any(|&c| {
            let d = self.mae[c] - self.mae[best];
            let se = self.paired_se(c, best);
            d > NOISE_Z * se && d > floor
        })
    }

    /// Standard error of the mean of the paired differences |e_a| − |e_b| over the repeats.
    fn paired_se(&self, a: usize, b: usize) -> f64 {
        let reps = self.repeats();
        let d = (0..reps).map(|r| self.at(r, a) - self.at(r, b));
        let mean = d.clone().sum::<f64>() / reps as f64;
        sample_sd(d, mean, reps) / (reps as f64).sqrt()
    }
}

/// The sample standard deviation (0 with fewer than two values).
fn sample_sd(v: impl Iterator<Item = f64>, mean: f64, n: usize) -> f64 {
    if n < 2 {
        return 0.0;
    }
    (v.map(|x| (x - mean).pow_int(2)).sum::<f64>() / (n - 1) as f64).sqrt()
}

/// Every cell of a backtest, in level order then ratio order.
#[derive(Debug, Clone, PartialEq)]
pub struct Evidence {
    /// The backtest's candidates ([`Backtest::candidates`]).
    pub candidates: Vec<Estimator>,
    /// The cells with finite errors.
    pub cells: Vec<Cell>,
}

/// A weighted combination of cells: each candidate's value is Σ coef·(its mean absolute
/// error in the cell).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Blend {
    /// (cell index, coefficient).
    pub terms: Vec<(usize, f64)>,
}

impl Blend {
    /// The coefficients scaled to sum to one.
    fn normalised(self) -> Blend {
        let total: f64 = self.terms.iter().map(|t| t.1).sum();
        Blend {
            terms: self
                .terms
                .into_iter()
                .map(|(i, w)| (i, if total > 0.0 { w / total } else { 0.0 }))
                .collect(),
        }
    }

    /// `self + factor·other`.
    pub fn plus(&self, other: &Blend, factor: f64) -> Blend {
        let mut out = self.clone();
        for &(i, w) in &other.terms {
            match out.terms.iter_mut().find(|t| t.0 == i) {
                Some(t) => t.1 += factor * w,
                None => out.terms.push((i, factor * w)),
            }
        }
        out
    }

    /// The mean of several blends.
    pub fn mean(blends: &[Blend]) -> Blend {
        let n = blends.len().max(1) as f64;
        blends
            .iter()
            .fold(Blend::default(), |acc, b| acc.plus(b, 1.0 / n))
    }
}

impl Evidence {
    /// The cells of a backtest.
    pub fn new(bt: &Backtest) -> Evidence {
        let candidates = bt.candidates();
        let cells = bt
            .levels
            .iter()
            .enumerate()
            .flat_map(|(i, l)| {
                let cands = &candidates;
                (0..l.width()).filter_map(move |j| Cell::new(l, i as u32 + 1, j, cands))
            })
            .collect();
        Evidence { candidates, cells }
    }

    /// The index of a candidate.
    pub fn index(&self, c: Estimator) -> Option<usize> {
        self.candidates.iter().position(|&x| x == c)
    }

    /// The largest ratio exponent measured (0 when nothing was).
    pub fn q_max(&self) -> u32 {
        self.cells.iter().map(|c| c.q).max().unwrap_or(0)
    }

    /// The ratio exponents with at least one informative cell, ascending.
    pub fn informative_qs(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .cells
            .iter()
            .filter(|c| c.informative)
            .map(|c| c.q)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The nearest evidence for the target ratio 2^b: the admitted cells at the admitted
    /// ratio nearest the target (both neighbours when two are equally near; beyond the
    /// largest, the largest), each level counting 2^−ℓ: the largest subsamples most. Also
    /// returns the ratio exponents used. None when no cell is admitted.
    ///
    /// # Formula
    /// coef(cell) = 2^−ℓ / Σ 2^−ℓ over the admitted cells at the nearest ratio(s).
    pub fn nearest(&self, b: u32, keep: impl Fn(&Cell) -> bool) -> Option<(Blend, Vec<u32>)> {
        let d = self
            .cells
            .iter()
            .filter(|c| keep(c))
            .map(|c| c.q.abs_diff(b))
            .min()?;
        let mut near: Vec<u32> = self
            .cells
            .iter()
            .filter(|c| keep(c) && c.q.abs_diff(b) == d)
            .map(|c| c.q)
            .collect();
        near.sort_unstable();
        near.dedup();
        let terms = self
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| keep(c) && near.contains(&c.q))
            .map(|(i, c)| (i, (-(c.depth as f64)).libm_exp2()))
            .collect();
        Some((Blend { terms }.normalised(), near))
    }

    /// The largest ratio exponent at which candidate c was measured (0 when nowhere).
    pub fn q_max_of(&self, c: usize) -> u32 {
        self.cells
            .iter()
            .filter(|cell| cell.has(c))
            .map(|cell| cell.q)
            .max()
            .unwrap_or(0)
    }

    /// The cells at ratio 2^q that measured candidate c, each level counting 2^−ℓ (every such
    /// cell: the size of an error is measured even where the candidates tie). None when
    /// nothing measured c at that ratio.
    pub fn at_ratio(&self, q: u32, c: usize) -> Option<Blend> {
        let terms: Vec<(usize, f64)> = self
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| cell.q == q && cell.has(c))
            .map(|(i, c)| (i, (-(c.depth as f64)).libm_exp2()))
            .collect();
        (!terms.is_empty()).then(|| Blend { terms }.normalised())
    }

    /// Each candidate's trend: its change of mean absolute error per doubling of the ratio,
    /// between adjacent admitted ratios of the same level, each level counting 2^−ℓ (only
    /// ratios at or below 2^`below`). None when no level has two adjacent admitted ratios.
    ///
    /// # Formula
    /// Σ 2^−ℓ·(MAE(ℓ, q) − MAE(ℓ, q − 1)) / Σ 2^−ℓ.
    pub fn slope(&self, below: u32, keep: impl Fn(&Cell) -> bool) -> Option<Blend> {
        let mut terms = Vec::new();
        for (i, hi) in self.cells.iter().enumerate() {
            if !keep(hi) || hi.q > below {
                continue;
            }
            let lo = self
                .cells
                .iter()
                .position(|c| c.depth == hi.depth && c.q + 1 == hi.q && keep(c));
            if let Some(lo) = lo {
                let w = (-(hi.depth as f64)).libm_exp2();
                terms.push((i, w));
                terms.push((lo, -w));
            }
        }
        let total: f64 = terms.iter().filter(|t| t.1 > 0.0).map(|t| t.1).sum();
        (total > 0.0).then(|| Blend {
            terms: terms.into_iter().map(|(i, w)| (i, w / total)).collect(),
        })
    }

    /// A candidate's value under a blend.
    ///
    /// # Formula
    /// Σ_cells coef · MAE_c(cell).
    pub fn value(&self, blend: &Blend, c: usize) -> f64 {
        blend
            .terms
            .iter()
            .map(|&(i, w)| w * self.cells[i].mae[c])
            .sum()
    }

    /// The standard error of the blended difference between candidates a and b, from the
    /// repeats: the repeats of one level are paired (one subsample serves all its ratios),
    /// different levels are independent.
    ///
    /// # Formula
    /// se² = Σ_levels Var_r(Σ_cells of the level coef·(|e_a,r| − |e_b,r|)) / R.
    pub fn diff_se(&self, blend: &Blend, a: usize, b: usize) -> f64 {
        let mut depths: Vec<u32> = blend.terms.iter().map(|t| self.cells[t.0].depth).collect();
        depths.sort_unstable();
        depths.dedup();
        let mut var = 0.0;
        for d in depths {
            let terms: Vec<(usize, f64)> = blend
                .terms
                .iter()
                .copied()
                .filter(|t| self.cells[t.0].depth == d)
                .collect();
            let reps = terms
                .iter()
                .map(|t| self.cells[t.0].repeats())
                .min()
                .unwrap_or(0);
            let per: Vec<f64> = (0..reps)
                .map(|r| {
                    terms
                        .iter()
                        .map(|&(i, w)| {
                            let c = &self.cells[i];
                            w * (c.at(r, a) - c.at(r, b))
                        })
                        .sum()
                })
                .collect();
            let mean = per.iter().sum::<f64>() / reps.max(1) as f64;
            let sd = sample_sd(per.iter().copied(), mean, reps);
            var += sd * sd / reps.max(1) as f64;
        }
        var.sqrt()
    }

    /// How much a candidate's error varies from subsample to subsample under a blend: the
    /// standard deviation over the repeats, averaged over the cells with their weights.
    pub fn subsample_sd(&self, blend: &Blend, c: usize) -> f64 {
        let (s, w) = blend
            .terms
            .iter()
            .filter(|t| t.1 > 0.0)
            .fold((0.0, 0.0), |(s, w), &(i, x)| {
                (s + x * self.cells[i].sd[c], w + x)
            });
        if w > 0.0 {
            s / w
        } else {
            0.0
        }
    }
}
