//! The benchmark's timings of one input (`BenchAnswer::Bench`; `./dev bench` asks for them).

/// One timed step.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Timing {
    /// What was timed.
    pub step: String,
    /// Median milliseconds.
    pub ms: f64,
}

/// The timings of one input, with what it held.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileBench {
    /// The input's name.
    pub file: String,
    /// Series read.
    pub series: usize,
    /// Tasks read, over all series.
    pub tasks: usize,
    /// The budgets of the curve (also the report's k list).
    pub ks: Vec<u64>,
    /// The input's size in bytes (the read rate is `bytes` over the "parse" step).
    #[serde(default)]
    pub bytes: u64,
    /// The steps.
    pub timings: Vec<Timing>,
}
