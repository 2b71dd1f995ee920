//! The `passk` Python package's extension, `passk._passk`: the core's closed forms over
//! NumPy arrays, a file read as the readers read it, and the command line's documents
//! (`passk_cli::cli::run_captured`, so that `passk.report` is `passk report` byte for byte).
//! No number is computed here: everything is the crates'.

use passk_core::data::counts::Counts;
use passk_core::estimators::unbiased;

/// pass@k (or pass^k with `hat`) of each task at each budget of `ks`, budget-major (column
/// j holds every task's value at budget j: column-major for NumPy), NaN where k > n; an error names the first task
/// whose counts are not counts. Each distinct (n, c) is computed once (a benchmark's million
/// tasks of one n hold at most n + 1).
///
/// # Errors
/// n and c of different lengths, c > n, or a budget of 0.
pub fn closed_form(n: &[u64], c: &[u64], ks: &[u64], hat: bool) -> Result<Vec<f64>, String> {
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
    let mut index: passk_io::read::FxMap<(u64, u64), u32> = Default::default();
    let mut distinct: Vec<Counts> = Vec::new();
    let mut which: Vec<u32> = Vec::with_capacity(n.len());
    for (i, (&n, &c)) in n.iter().zip(c).enumerate() {
        let at = match index.get(&(n, c)) {
            Some(&at) => at,
            None => {
                let t = Counts::new(n, c).map_err(|e| format!("task {i}: {e}"))?;
                distinct.push(t);
                let at = (distinct.len() - 1) as u32;
                index.insert((n, c), at);
                at
            }
        };
        which.push(at);
    }
    let values: Vec<f64> = distinct
        .iter()
        .flat_map(|&t| {
            ks.iter().map(move |&k| {
                if hat {
                    unbiased::pass_hat_k(t, k)
                } else {
                    unbiased::pass_at_k(t, k)
                }
                // (+0 for c = 0: −0 reads badly in an array.)
                .map_or(f64::NAN, |v| v + 0.0)
            })
        })
        .collect();
    let m = ks.len();
    let mut out = Vec::with_capacity(which.len() * m);
    for j in 0..m {
        out.extend(which.iter().map(|&w| values[w as usize * m + j]));
    }
    Ok(out)
}

/// A file's bytes read as the readers read them (the format detected unless named): the
/// series with their counts per task and the rejected rows with their reasons, as JSON.
///
/// # Errors
/// A format name that is not one.
pub fn read_json(name: &str, bytes: &[u8], format: Option<&str>) -> Result<String, String> {
    use passk_io::read::{read_bytes, series_name_for, Format};
    let format = match format {
        Some(f) => Some(Format::from_key(f).ok_or_else(|| format!("unknown format '{f}'"))?),
        None => None,
    };
    let read = read_bytes(name, &series_name_for(name), bytes, format);
    serde_json::to_string(&read).map_err(|e| e.to_string())
}

#[cfg(not(target_arch = "wasm32"))]
#[pyo3::pymodule]
mod _passk {
    use numpy::{AllowTypeChange, IntoPyArray, PyArray2, PyArrayLike1};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;

    fn arrays(
        n: PyArrayLike1<'_, u64, AllowTypeChange>,
        c: PyArrayLike1<'_, u64, AllowTypeChange>,
    ) -> (Vec<u64>, Vec<u64>) {
        (n.as_array().to_vec(), c.as_array().to_vec())
    }

    /// The values at every budget of `ks` as a (tasks × budgets) array.
    fn table<'py>(
        py: Python<'py>,
        n: PyArrayLike1<'py, u64, AllowTypeChange>,
        c: PyArrayLike1<'py, u64, AllowTypeChange>,
        ks: Vec<u64>,
        hat: bool,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let (n, c) = arrays(n, c);
        let rows = n.len();
        let out = py
            .detach(|| super::closed_form(&n, &c, &ks, hat))
            .map_err(PyValueError::new_err)?;
        use numpy::ndarray::ShapeBuilder;
        let array = numpy::ndarray::Array2::from_shape_vec((rows, ks.len()).f(), out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(array.into_pyarray(py))
    }

    /// pass_at_k(n, c, ks) -> ndarray[float64] of shape (tasks, budgets): the unbiased pass@k
    /// of each task at each budget, NaN where k > n.
    #[pyfunction]
    fn pass_at_k<'py>(
        py: Python<'py>,
        n: PyArrayLike1<'py, u64, AllowTypeChange>,
        c: PyArrayLike1<'py, u64, AllowTypeChange>,
        ks: Vec<u64>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        table(py, n, c, ks, false)
    }

    /// pass_hat_k(n, c, ks) -> ndarray[float64] of shape (tasks, budgets): the unbiased
    /// pass^k, NaN where k > n.
    #[pyfunction]
    fn pass_hat_k<'py>(
        py: Python<'py>,
        n: PyArrayLike1<'py, u64, AllowTypeChange>,
        c: PyArrayLike1<'py, u64, AllowTypeChange>,
        ks: Vec<u64>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        table(py, n, c, ks, true)
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

    /// run(args) -> str: the command line run with `args` (the command first); what it
    /// prints. Raises ValueError with its message.
    #[pyfunction]
    fn run(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
        py.detach(|| passk_cli::cli::run_captured(args.into_iter().map(Into::into).collect()))
            .map_err(PyValueError::new_err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_values_nan_beyond_n_and_refusals() {
        let v = closed_form(&[10, 4], &[3, 1], &[5], false).unwrap();
        assert_eq!(v[0], 1.0 - 21.0 / 252.0);
        assert!(v[1].is_nan());
        // C(3, 2)/C(10, 2) = 3/45.
        assert!((closed_form(&[10], &[3], &[2], true).unwrap()[0] - 3.0 / 45.0).abs() < 1e-15);
        assert_eq!(
            closed_form(&[3], &[4], &[1], false).unwrap_err(),
            "task 0: c > n: 4 passing out of only 3 samples"
        );
        assert!(closed_form(&[3], &[1, 2], &[1], false).is_err());
        assert!(closed_form(&[3], &[1], &[0], false).is_err());
        let json = read_json("a.txt", b"10 3\n10 x\n", None).unwrap();
        assert!(
            json.contains("\"rejected\"") && json.contains("a.txt"),
            "{json}"
        );
        assert!(read_json("a.txt", b"", Some("nope")).is_err());
        // Budget-major, each distinct task once: the repeats equal the first.
        let t = closed_form(&[10, 12, 10], &[3, 5, 3], &[1, 2], false).unwrap();
        assert_eq!(t.len(), 6);
        // k = 1: (10, 3), (12, 5), (10, 3); k = 2 the same: 5/12 and 1 − C(7, 2)/C(12, 2).
        assert_eq!((t[0], t[3]), (t[2], t[5]));
        assert!((t[0] - 0.3).abs() < 1e-15 && (t[1] - 5.0 / 12.0).abs() < 1e-15);
        assert!((t[4] - (1.0 - 21.0 / 66.0)).abs() < 1e-15);
    }
}
