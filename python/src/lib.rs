//! The `passk` Python package's extension, `passk._passk`: the core's closed forms over
//! NumPy arrays, a file read as the readers read it, and the command line's documents
//! (`passk_cli::cli::document`, so that `passk.report` is `passk report` byte for byte; its
//! keywords typed values applied as the flags are, `keywords`; a DataFrame handed over in
//! memory, never through a file).
//! No number is computed here: everything is the crates'.

/// A file's bytes read as the readers read them, as JSON text
/// (`passk_cli::read_doc::read_document`).
///
/// # Errors
/// A format name that is not one.
pub fn read_json(name: &str, bytes: &[u8], format: Option<&str>) -> Result<String, String> {
    let doc = passk_cli::read_doc::read_document(name, bytes, format)?;
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
        let est =
            passk_cli::closed::Estimator::from_name(estimator).map_err(PyValueError::new_err)?;
        // Read in place when contiguous (as the package passes them), else copied.
        let (n, c) = (n.as_array(), c.as_array());
        let rows = n.len();
        let out = match (n.as_slice(), c.as_slice()) {
            (Some(n), Some(c)) => py.detach(|| passk_cli::closed::closed_form(n, c, &ks, hat, est)),
            _ => {
                let (n, c) = (n.to_vec(), c.to_vec());
                py.detach(|| passk_cli::closed::closed_form(&n, &c, &ks, hat, est))
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
