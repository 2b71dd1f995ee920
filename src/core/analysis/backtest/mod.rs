//! "Which estimator should I trust?": pretend fewer samples were drawn, extrapolate with
//! every estimator from the subsample, and measure the error against the unbiased estimate
//! of the full counts; then choose the estimator that extrapolated best at the ratios the
//! user extrapolates to, and say how much more samples would help.

pub mod choose;
pub mod run;
