//! One shrink factor's result: the mean absolute error of every candidate and every
//! repeat's signed errors of the estimators the candidates are built from.

use crate::estimators::kind::{self, Estimator};

/// How many estimators every candidate is built from: naive, BB, ZOIBB, LinMix, the scaled
/// Beta and the Kumaraswamy ([`kind::BASES`]).
pub const BASES: usize = kind::BASES.len();

/// One shrink factor's result.
///
/// Memory: besides the means, [`BASES`] single-precision numbers per repeat and ratio (24
/// bytes), not one per candidate: a candidate's signed error follows from them (a fixed mix
/// w·ZOIBB + (1 − w)·BB errs by w·e_ZOIBB + (1 − w)·e_BB). At n = 10,000 and 20 repeats
/// the 13 levels and 82 (level, ratio) cells keep 39 KB.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Level {
    /// The subsample size m′ of the smallest n.
    pub m: u64,
    /// The mean absolute error per candidate (rows, in the backtest's candidate order) at
    /// each ratio 2, 4, … (columns; None where a value was not finite).
    pub mae: Vec<Vec<Option<f64>>>,
    /// Per repeat (outer) and ratio (inner, flattened): the signed errors value − truth of
    /// the [`kind::BASES`] (NaN for the scaled fits where they were not fitted).
    pub signed: Vec<[f32; BASES]>,
}

impl Level {
    /// How many ratios this level measured (2, 4, … 2^width).
    pub fn width(&self) -> usize {
        self.mae.first().map_or(0, |r| r.len())
    }

    /// The signed errors of the [`kind::BASES`] of repeat `r` at ratio column `j`.
    pub fn errors(&self, r: usize, j: usize) -> Option<[f32; BASES]> {
        let w = self.width();
        (j < w)
            .then(|| self.signed.get(r * w + j).copied())
            .flatten()
    }

    /// A level from every repeat's signed errors (repeat-major, `width` ratios each), its
    /// mean absolute errors of `candidates` computed from them (a run keeps exact sums
    /// instead): for tests and studies.
    pub fn from_signed(
        m: u64,
        width: usize,
        signed: Vec<[f32; BASES]>,
        candidates: &[Estimator],
    ) -> Level {
        let reps = signed.len().checked_div(width).unwrap_or(0);
        let mae = candidates
            .iter()
            .map(|c| {
                (0..width)
                    .map(|j| {
                        let sum: f64 = (0..reps)
                            .map(|r| c.value(&signed[r * width + j].map(f64::from)).abs())
                            .sum();
                        Some(sum / reps.max(1) as f64).filter(|v| v.is_finite())
                    })
                    .collect()
            })
            .collect();
        Level { m, mae, signed }
    }

    /// How many repeats were kept.
    pub fn repeats(&self) -> usize {
        self.signed.len().checked_div(self.width()).unwrap_or(0)
    }
}
