//! The closed forms over columns of counts, as the Python package and the JavaScript module
//! hand them over: pass@k or pass^k of each task at each budget, by the unbiased estimator,
//! the naive plug-in or a fit's posterior predictive, each distinct (n, c) computed once.

use passk_core::data::Counts;
use passk_core::data::Groups;
use passk_core::estimators::{bb_pass_at_k, bb_pass_hat_k};
use passk_core::estimators::{naive_pass_at_k, naive_pass_hat_k};
use passk_core::eval::fit_series;

/// Which estimator [`closed_form`] computes per task.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Estimator {
    /// The unbiased combinatorial estimator (NaN where k > n).
    Unbiased,
    /// The naive plug-in (c/n-based, any k).
    Naive,
    /// The Beta-Binomial fit's posterior predictive (any k).
    Bb,
    /// The ZOIBB fit's posterior predictive (any k).
    Zoibb,
}

impl Estimator {
    /// The estimator of a name: "unbiased", "naive", "bb", "zoibb".
    ///
    /// # Errors
    /// Any other name, listing these.
    pub fn from_name(name: &str) -> Result<Estimator, String> {
        Ok(match name {
            "unbiased" => Estimator::Unbiased,
            "naive" => Estimator::Naive,
            "bb" => Estimator::Bb,
            "zoibb" => Estimator::Zoibb,
            other => {
                return Err(format!(
                    "unknown estimator '{other}': one of unbiased, naive, bb, zoibb"
                ))
            }
        })
    }
}

/// pass@k (or pass^k with `hat`) of each task at each budget of `ks` by `est`, budget-major
/// (column j holds every task's value at budget j: column-major for NumPy), NaN where the
/// unbiased estimator has k > n; an error names the first task whose counts are not counts.
/// Each distinct (n, c) is computed once (a benchmark's million tasks of one n hold at most
/// n + 1). The fits (BB, ZOIBB) are those of `passk report` on the same tasks
/// ([`fit_series`]); their values are each task's posterior predictive, whose mean over the
/// tasks is the report's.
///
/// # Errors
/// n and c of different lengths, c > n, or a budget of 0.
pub fn closed_form(
    n: &[i64],
    c: &[i64],
    ks: &[u64],
    hat: bool,
    est: Estimator,
) -> Result<Vec<f64>, String> {
    if n.len() != c.len() {
        return Err(format!(
            "n and c differ in length ({} and {})",
            n.len(),
            c.len()
        ));
    }
    if ks.contains(&0) {
        return Err("k must be at least 1".into());
    }
    let (distinct, which) = distinct_tasks(n, c)?;
    let fits = match est {
        Estimator::Bb | Estimator::Zoibb => {
            let mut counts = vec![0u64; distinct.len()];
            which.iter().for_each(|&w| counts[w as usize] += 1);
            let g = Groups::from_weighted(distinct.iter().copied().zip(counts));
            fit_series(&g)
        }
        _ => None,
    };
    let one = |t: Counts, k: u64| -> f64 {
        let kf = k as f64;
        let v = match (est, &fits, hat) {
            (Estimator::Unbiased, _, false) => passk_core::estimators::pass_at_k(t, k).ok(),
            (Estimator::Unbiased, _, true) => passk_core::estimators::pass_hat_k(t, k).ok(),
            (Estimator::Naive, _, false) => Some(naive_pass_at_k(t, kf)),
            (Estimator::Naive, _, true) => Some(naive_pass_hat_k(t, kf)),
            (Estimator::Bb, Some(f), false) => Some(bb_pass_at_k(f.bb.a, f.bb.b, t, kf)),
            (Estimator::Bb, Some(f), true) => Some(bb_pass_hat_k(f.bb.a, f.bb.b, t, kf)),
            (Estimator::Zoibb, Some(f), false) => Some(f.zoibb.task_pass_at_k(t, kf)),
            (Estimator::Zoibb, Some(f), true) => Some(f.zoibb.task_pass_hat_k(t, kf)),
            (_, None, _) => None,
        };
        // (+0 for c = 0: −0 reads badly in an array.)
        v.map_or(f64::NAN, |v| v + 0.0)
    };
    // Budget by budget: each distinct task's value, then every task's copied from it; the
    // budgets shared among the threads (the copying, of tens of megabytes, is the cost).
    let rows = which.len();
    let mut out = vec![0.0; rows * ks.len()];
    let fill = |k: u64, column: &mut [f64]| {
        let values: Vec<f64> = distinct.iter().map(|&t| one(t, k)).collect();
        for (o, &w) in column.iter_mut().zip(&which) {
            *o = values[w as usize];
        }
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(ks.len());
    let columns: Vec<(u64, &mut [f64])> = ks
        .iter()
        .copied()
        .zip(out.chunks_exact_mut(rows.max(1)))
        .collect();
    if threads < 2 || rows < 1 << 16 {
        columns.into_iter().for_each(|(k, col)| fill(k, col));
    } else {
        let per = columns.len().div_ceil(threads);
        let mut columns = columns;
        std::thread::scope(|s| {
            while !columns.is_empty() {
                let part: Vec<(u64, &mut [f64])> =
                    columns.drain(..per.min(columns.len())).collect();
                let fill = &fill;
                s.spawn(move || part.into_iter().for_each(|(k, col)| fill(k, col)));
            }
        });
    }
    Ok(out)
}

/// The distinct tasks of (n, c) and each task's index among them. A dense table indexes
/// (n − n_min, c) when it has at most [`DENSE_MAX`] cells (a benchmark's n are few and
/// small), a hash map otherwise.
///
/// # Errors
/// The first task whose counts are not counts (c > n).
fn distinct_tasks(n: &[i64], c: &[i64]) -> Result<(Vec<Counts>, Vec<u32>), String> {
    if let Some(i) = n.iter().zip(c).position(|(&n, &c)| n < 0 || c < 0) {
        return Err(format!(
            "task {i}: a negative count (n = {}, c = {})",
            n[i], c[i]
        ));
    }
    // Non-negative from here: read as u64 in place.
    let pairs = || n.iter().zip(c).map(|(&n, &c)| (n as u64, c as u64));
    // (Only asked of counts that were refused.)
    let bad = |i: usize| match Counts::new(n[i] as u64, c[i] as u64) {
        Err(e) => format!("task {i}: {e}"),
        Ok(_) => format!("task {i}: refused"),
    };
    let mut distinct: Vec<Counts> = Vec::new();
    let mut which: Vec<u32> = Vec::with_capacity(n.len());
    let (lo, hi) = pairs().fold((u64::MAX, 0), |(lo, hi), (n, _)| (lo.min(n), hi.max(n)));
    let lo = lo.min(hi);
    let width = hi.saturating_add(1);
    let cells = (hi - lo).saturating_add(1).saturating_mul(width);
    if cells <= DENSE_MAX {
        let mut table = vec![u32::MAX; cells as usize];
        for (i, (nn, cc)) in pairs().enumerate() {
            if cc > nn {
                return Err(bad(i));
            }
            let cell = &mut table[((nn - lo) * width + cc) as usize];
            if *cell == u32::MAX {
                distinct.push(Counts::new(nn, cc).map_err(|_| bad(i))?);
                *cell = (distinct.len() - 1) as u32;
            }
            which.push(*cell);
        }
        return Ok((distinct, which));
    }
    let mut index: passk_io::read::FxMap<(u64, u64), u32> = Default::default();
    for (i, (nn, cc)) in pairs().enumerate() {
        let at = match index.get(&(nn, cc)) {
            Some(&at) => at,
            None => {
                distinct.push(Counts::new(nn, cc).map_err(|_| bad(i))?);
                let at = (distinct.len() - 1) as u32;
                index.insert((nn, cc), at);
                at
            }
        };
        which.push(at);
    }
    Ok((distinct, which))
}

/// The most cells of the dense index of [`distinct_tasks`] (16 MB).
const DENSE_MAX: u64 = 1 << 22;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_values_nan_beyond_n_and_refusals() {
        let v = closed_form(&[10, 4], &[3, 1], &[5], false, Estimator::Unbiased).unwrap();
        assert_eq!(v[0], 1.0 - 21.0 / 252.0);
        assert!(v[1].is_nan());
        // C(3, 2)/C(10, 2) = 3/45.
        assert!(
            (closed_form(&[10], &[3], &[2], true, Estimator::Unbiased).unwrap()[0] - 3.0 / 45.0)
                .abs()
                < 1e-15
        );
        assert_eq!(
            closed_form(&[3], &[4], &[1], false, Estimator::Unbiased).unwrap_err(),
            "task 0: c > n: 4 passing out of only 3 samples"
        );
        assert!(closed_form(&[3], &[1, 2], &[1], false, Estimator::Unbiased).is_err());
        assert!(closed_form(&[3], &[1], &[0], false, Estimator::Unbiased).is_err());
        // Budget-major, each distinct task once: the repeats equal the first.
        let t = closed_form(
            &[10, 12, 10],
            &[3, 5, 3],
            &[1, 2],
            false,
            Estimator::Unbiased,
        )
        .unwrap();
        assert_eq!(t.len(), 6);
        // k = 1: (10, 3), (12, 5), (10, 3); k = 2 the same: 5/12 and 1 − C(7, 2)/C(12, 2).
        assert_eq!((t[0], t[3]), (t[2], t[5]));
        assert!((t[0] - 0.3).abs() < 1e-15 && (t[1] - 5.0 / 12.0).abs() < 1e-15);
        assert!((t[4] - (1.0 - 21.0 / 66.0)).abs() < 1e-15);
        // n far apart: the hash map instead of the dense table, the same values and refusal.
        let far = closed_form(
            &[10, 10_000_000, 10],
            &[3, 5, 3],
            &[1],
            false,
            Estimator::Unbiased,
        )
        .unwrap();
        assert_eq!((far[0], far[2]), (0.3, 0.3));
        assert!((far[1] - 5e-7).abs() < 1e-21);
        assert_eq!(
            closed_form(&[10_000_000, 3], &[1, 4], &[1], false, Estimator::Unbiased).unwrap_err(),
            "task 1: c > n: 4 passing out of only 3 samples"
        );
        // The naive plug-in by hand, and the fits beyond n (no NaN).
        let naive = closed_form(&[4], &[1], &[2, 8], false, Estimator::Naive).unwrap();
        assert_eq!(naive, [1.0 - 0.75f64.powi(2), 1.0 - 0.75f64.powi(8)]);
        let bb = closed_form(&[4, 4, 4], &[1, 2, 0], &[8], false, Estimator::Bb).unwrap();
        assert!(
            bb.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)),
            "{bb:?}"
        );
        assert!(Estimator::from_name("linmix")
            .unwrap_err()
            .contains("unbiased, naive"));
        assert_eq!(
            closed_form(&[5, 5], &[1, -1], &[1], false, Estimator::Unbiased).unwrap_err(),
            "task 1: a negative count (n = 5, c = -1)"
        );
        // Many tasks: the budgets shared among threads give the same columns.
        let n: Vec<i64> = vec![50; 100_000];
        let c: Vec<i64> = (0..100_000).map(|i| i % 51).collect();
        let t = closed_form(&n, &c, &[1, 2, 3, 50], false, Estimator::Unbiased).unwrap();
        for (j, k) in [1, 2, 3, 50].into_iter().enumerate() {
            let one = closed_form(&n[..51], &c[..51], &[k], false, Estimator::Unbiased).unwrap();
            assert_eq!(t[j * 100_000 + 51 * 7..j * 100_000 + 51 * 8], one[..]);
        }
    }
}
