//! The `passk` Python package's extension, `passk._passk`: the core's closed forms over
//! NumPy arrays, a file read as the readers read it, and the command line's documents
//! (`passk_cli::cli::document`, so that `passk.report` is `passk report` byte for byte; its
//! keywords typed values applied as the flags are, `keywords`; a DataFrame handed over in
//! memory, never through a file).
//! No number is computed here: everything is the crates'.

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

/// A file's bytes read as the readers read them (the format detected unless named), as
/// JSON: `file`, `format` (its key), `series` (the series as the report names them, each its
/// tasks' ids and counts: the `passk counts` document's), `rejected` (line, reason) and
/// `notes`.
///
/// # Errors
/// A format name that is not one.
pub fn read_json(name: &str, bytes: &[u8], format: Option<&str>) -> Result<String, String> {
    use passk_io::read::{assemble, read_bytes, series_name_for, Format};
    let format = match format {
        Some(f) => Some(Format::from_key(f).ok_or_else(|| format!("unknown format '{f}'"))?),
        None => None,
    };
    let read = read_bytes(name, &series_name_for(name), bytes, format);
    let (file, key) = (read.file.clone(), read.format.map(|f| f.key()));
    let (rejected, notes) = (read.rejected.clone(), read.notes.clone());
    let (datasets, _) = assemble(vec![read]);
    let counts: serde_json::Value =
        serde_json::from_str(&passk_io::counts_doc::counts_json(&datasets))
            .map_err(|e| e.to_string())?;
    let doc = serde_json::json!({
        "file": file,
        "format": key,
        "series": counts["series"],
        "rejected": rejected,
        "notes": notes,
    });
    serde_json::to_string(&doc).map_err(|e| e.to_string())
}

#[cfg(not(target_arch = "wasm32"))]
mod keywords;

#[cfg(not(target_arch = "wasm32"))]
#[pyo3::pymodule]
mod _passk {
    use numpy::{AllowTypeChange, IntoPyArray, PyArray2, PyArrayLike1};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;

    /// The values at every budget of `ks` as a (tasks × budgets) array.
    fn table<'py>(
        py: Python<'py>,
        n: PyArrayLike1<'py, i64, AllowTypeChange>,
        c: PyArrayLike1<'py, i64, AllowTypeChange>,
        ks: Vec<u64>,
        hat: bool,
        estimator: &str,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let est = super::Estimator::from_name(estimator).map_err(PyValueError::new_err)?;
        // Read in place when contiguous (as the package passes them), else copied.
        let (n, c) = (n.as_array(), c.as_array());
        let rows = n.len();
        let out = match (n.as_slice(), c.as_slice()) {
            (Some(n), Some(c)) => py.detach(|| super::closed_form(n, c, &ks, hat, est)),
            _ => {
                let (n, c) = (n.to_vec(), c.to_vec());
                py.detach(|| super::closed_form(&n, &c, &ks, hat, est))
            }
        }
        .map_err(PyValueError::new_err)?;
        use numpy::ndarray::ShapeBuilder;
        let array = numpy::ndarray::Array2::from_shape_vec((rows, ks.len()).f(), out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(array.into_pyarray(py))
    }

    /// report_tables() -> list[str]: a report's per-series tables, in the order `to_pandas`
    /// names them (the metrics among them from the report's registry,
    /// `passk_core::report::metrics::METRICS` and `VOTED`).
    #[pyfunction]
    fn report_tables() -> Vec<&'static str> {
        passk_core::report::metrics::report_tables()
    }

    /// pass_at_k(n, c, ks, estimator="unbiased") -> ndarray[float64] of shape (tasks,
    /// budgets): pass@k of each task at each budget, NaN where the unbiased k > n.
    #[pyfunction]
    #[pyo3(signature = (n, c, ks, estimator="unbiased"))]
    fn pass_at_k<'py>(
        py: Python<'py>,
        n: PyArrayLike1<'py, i64, AllowTypeChange>,
        c: PyArrayLike1<'py, i64, AllowTypeChange>,
        ks: Vec<u64>,
        estimator: &str,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        table(py, n, c, ks, false, estimator)
    }

    /// pass_hat_k(n, c, ks, estimator="unbiased") -> ndarray[float64] of shape (tasks,
    /// budgets): pass^k, NaN where the unbiased k > n.
    #[pyfunction]
    #[pyo3(signature = (n, c, ks, estimator="unbiased"))]
    fn pass_hat_k<'py>(
        py: Python<'py>,
        n: PyArrayLike1<'py, i64, AllowTypeChange>,
        c: PyArrayLike1<'py, i64, AllowTypeChange>,
        ks: Vec<u64>,
        estimator: &str,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        table(py, n, c, ks, true, estimator)
    }

    /// read_json(name, data, format=None) -> str: the file read, as JSON.
    #[pyfunction]
    #[pyo3(signature = (name, data, format=None))]
    fn read_json(
        py: Python<'_>,
        name: &str,
        data: Vec<u8>,
        format: Option<&str>,
    ) -> PyResult<String> {
        py.detach(|| super::read_json(name, &data, format))
            .map_err(PyValueError::new_err)
    }

    /// document(command, inputs, options) -> (str, list[str]): the JSON document of
    /// `command` (report, compare, plan) on `inputs` ([(name, held)]: held None for a path,
    /// bytes held in memory under the name, or a table's columns [(column, kind, cells)] with
    /// kind "whole", "number", "flag" or "text") with `options` ({keyword: value}, each a
    /// flag's value as typed: `k=[1, 10]`, `forecast=False`), and what it said (each
    /// rejected row as `name:line: reason`). Raises ValueError with the reason.
    #[pyfunction]
    fn document(
        py: Python<'_>,
        command: &str,
        inputs: Vec<(String, Option<Bound<'_, PyAny>>)>,
        options: &Bound<'_, pyo3::types::PyDict>,
    ) -> PyResult<(String, Vec<String>)> {
        let files = inputs.iter().map(|(name, _)| name.clone()).collect();
        let args =
            super::keywords::args_of(command, files, options).map_err(PyValueError::new_err)?;
        let mut memory = Vec::new();
        for (name, held) in inputs {
            match held {
                None => {}
                Some(h) => memory.push((name, super::keywords::held_of(&h)?)),
            }
        }
        py.detach(|| passk_cli::cli::document(command, args, memory))
            .map_err(PyValueError::new_err)
    }
}

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
        let json = read_json("a.txt", b"10 3\n10 x\n", None).unwrap();
        assert!(
            json.contains("\"rejected\"") && json.contains("a.txt"),
            "{json}"
        );
        assert!(read_json("a.txt", b"", Some("nope")).is_err());
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
