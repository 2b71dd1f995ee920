//! Glicko ratings and rating deviations over the stream of induced pairwise matches
//! (scorio's `rank/pairwise.py:glicko`).

use super::outcomes::Outcomes;
use super::pairwise_stream::{check, finite, for_each_event, PairwiseTies};
use super::ranking::{RankError, Ranking};
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;

/// Glicko's settings; `Default` is scorio's (1500, RD 350, c = 0, RD cap 350,
/// `CorrectDrawOnly`) and a 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GlickoOptions {
    /// Every series' rating before the first period.
    pub initial_rating: f64,
    /// Every series' rating deviation before the first period (positive; capped at `rd_max`).
    pub initial_rd: f64,
    /// RD inflation at the start of every period (non-negative).
    pub c: f64,
    /// The cap on RD (positive).
    pub rd_max: f64,
    /// What a tied pair counts as.
    pub ties: PairwiseTies,
    /// The level of the intervals rating ± z·RD.
    pub level: f64,
}

impl Default for GlickoOptions {
    fn default() -> Self {
        GlickoOptions {
            initial_rating: 1500.0,
            initial_rd: 350.0,
            c: 0.0,
            rd_max: 350.0,
            ties: PairwiseTies::CorrectDrawOnly,
            level: 0.95,
        }
    }
}

/// numpy's `np.sum` of a contiguous float64 array: pairwise, eight accumulators in blocks of
/// up to 128, sequential from −0 below eight terms (the order scorio's sums round in).
fn np_sum(a: &[f64]) -> f64 {
    let n = a.len();
    if n < 8 {
        a.iter().fold(-0.0, |r, x| r + x)
    } else if n <= 128 {
        let mut r = [0.0; 8];
        r.copy_from_slice(&a[..8]);
        let blocks = n - n % 8;
        let mut i = 8;
        while i < blocks {
            for (j, rj) in r.iter_mut().enumerate() {
                *rj += a[i + j];
            }
            i += 8;
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for x in &a[blocks..] {
            res += x;
        }
        res
    } else {
        let half = n / 2;
        let half = half - half % 8;
        np_sum(&a[..half]) + np_sum(&a[half..])
    }
}

/// Glicko ratings as scorio 0.2.3's `rank/pairwise.py:glicko`: every event (trial t, task q),
/// in the order `for t: for q`, is one rating period in which every pair i < j plays (series s
/// passed when `t < c[s][q]`); each series with a match is updated from the period's start.
/// Scores are the ratings (higher is better), `se` the final RDs and `intervals`
/// rating ± z·RD at `level`. Deterministic: scorio's arithmetic in scorio's order (numpy's
/// summation order included).
///
/// # Formula
/// q = ln 10 / 400, g(RD) = 1/√(1 + 3q²RD²/π²), E_ij = 1/(1 + 10^(−g(RD_j)(r_i − r_j)/400));
/// at the start of a period RD ← min(√(RD² + c²), RD_max) when c > 0; then for a series
/// with opponents j: d⁻² = q² Σ_j g(RD_j)² E_ij (1 − E_ij), 1/RD'² = 1/RD² + 1/d²,
/// r' = r + q·RD'² Σ_j g(RD_j)(S_ij − E_ij), RD' clipped to [10⁻¹², RD_max].
///
/// # Errors
/// [`RankError::TooFew`] below two series, [`RankError::NoTasks`] without a task,
/// [`RankError::Other`] for settings outside their ranges (non-finite, RD or RD cap ≤ 0,
/// c < 0, level outside (0, 1)).
pub fn glicko(o: &Outcomes, opts: &GlickoOptions) -> Result<Ranking, RankError> {
    check(o)?;
    let init = finite("initial_rating", opts.initial_rating)?;
    let rd0 = finite("initial_rd", opts.initial_rd)?;
    let rd_max = finite("rd_max", opts.rd_max)?;
    let c = finite("c", opts.c)?;
    if rd0 <= 0.0 || rd_max <= 0.0 || c < 0.0 {
        return Err(RankError::Other(
            "initial_rd and rd_max must be > 0, c >= 0".into(),
        ));
    }
    if !(opts.level > 0.0 && opts.level < 1.0) {
        return Err(RankError::Other("level must be in (0, 1)".into()));
    }
    let m = o.series();
    let mut rating = vec![init; m];
    let mut rd = vec![rd0.min(rd_max); m];
    let q = 10.0f64.libm_ln() / 400.0;
    let q2 = q.libm_pow(2.0);
    let pi2 = std::f64::consts::PI.libm_pow(2.0);
    let c2 = c.libm_pow(2.0);
    let g = |rd: f64| 1.0 / (1.0 + (3.0 * q2 * (rd * rd)) / pi2).sqrt();
    let (mut new_rating, mut new_rd) = (rating.clone(), rd.clone());
    let (mut info, mut gain) = (Vec::with_capacity(m), Vec::with_capacity(m));
    let skip_idle = c == 0.0 && !opts.ties.plays_all_fail();
    for_each_event(o, skip_idle, |passed| {
        let Some(passed) = passed else {
            return;
        };
        if c > 0.0 {
            for x in rd.iter_mut() {
                *x = (*x * *x + c2).sqrt().min(rd_max);
            }
        }
        new_rating.copy_from_slice(&rating);
        new_rd.copy_from_slice(&rd);
        for i in 0..m {
            info.clear();
            gain.clear();
            for j in (0..m).filter(|j| *j != i) {
                let Some(s) = opts.ties.score(passed[i], passed[j]) else {
                    continue;
                };
                let g_j = g(rd[j]);
                let e = 1.0 / (1.0 + 10.0f64.libm_pow(-(g_j * (rating[i] - rating[j]) / 400.0)));
                info.push(g_j * g_j * e * (1.0 - e));
                gain.push(g_j * (s - e));
            }
            if info.is_empty() {
                continue;
            }
            let denom = np_sum(&info);
            if denom <= 0.0 || !denom.is_finite() {
                continue;
            }
            let d2 = 1.0 / (q2 * denom);
            let inv_var = 1.0 / (rd[i] * rd[i]) + 1.0 / d2;
            if inv_var <= 0.0 || !inv_var.is_finite() {
                continue;
            }
            new_rd[i] = (1.0 / inv_var).sqrt().clamp(1e-12, rd_max);
            new_rating[i] = rating[i] + (q / inv_var) * np_sum(&gain);
        }
        std::mem::swap(&mut rating, &mut new_rating);
        std::mem::swap(&mut rd, &mut new_rd);
    });
    let z = two_sided_z(opts.level);
    let mut out = Ranking::of_scores(rating.clone());
    out.intervals = Some(
        rating
            .iter()
            .zip(&rd)
            .map(|(r, d)| (r - z * d, r + z * d))
            .collect(),
    );
    out.se = Some(rd);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numpy_sum_order() {
        // Below eight terms numpy adds left to right: 1e16 + 1 + 1 + 1 stays 1e16.
        assert_eq!(np_sum(&[1e16, 1.0, 1.0, 1.0]), 1e16);
        // Eight accumulators: the three 1s of 9 terms meet 1e16 only at the end.
        let a = [1e16, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
        assert_eq!(np_sum(&a), 1e16 + 4.0);
    }

    #[test]
    fn one_decisive_period_by_hand() {
        // A beats B once from 1500/350: g = 1/√(1 + 3q²350²/π²) = 0.6690…, E = ½,
        // 1/d² = q²g²/4, RD' = (1/350² + 1/d²)^(−½), r' = 1500 ± q·RD'²·g/2 ≈ 1500 ± 162.2.
        let o = Outcomes::from_counts(vec![1], vec![vec![1], vec![0]]);
        let r = glicko(&o, &GlickoOptions::default()).unwrap();
        let q = 10f64.libm_ln() / 400.0;
        let g = 1.0
            / (1.0 + 3.0 * q * q * 350.0 * 350.0 / (std::f64::consts::PI * std::f64::consts::PI))
                .sqrt();
        let rd2 = 1.0 / (1.0 / (350.0 * 350.0) + q * q * g * g / 4.0);
        let want = 1500.0 + q * rd2 * g / 2.0;
        assert!((r.scores[0] - want).abs() < 1e-9 && (r.scores[1] - (3000.0 - want)).abs() < 1e-9);
        assert!((r.se.as_ref().unwrap()[0] - rd2.sqrt()).abs() < 1e-9);
        assert!(r.scores[0] - 1500.0 > 160.0 && r.scores[0] - 1500.0 < 165.0);
    }
}
