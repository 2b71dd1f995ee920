//! avg@N, the mean success rate of the samples drawn, with the interval of the scorio
//! package's `avg_ci` (`eval/avg.py`, scorio 0.2.3): Bayes@N's standard deviation under a
//! uniform prior, scaled back to the plain mean.

use crate::data::groups::Groups;
use crate::estimators::interval::Interval;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// avg@N and its interval.
///
/// # Formula
/// a = (1/T)·Σ_i c_i/n_i (Σc/(T·N) when every n_i = N); with π_i = (c_i + 1)/(n_i + 2), the
/// posterior mean of a Beta(1, 1) prior, σ² = (1/T²)·Σ_i ((n_i + 2)/n_i)²·π_i(1 − π_i)/(n_i + 3),
/// which for equal n is scorio's ((N + 2)/N)·σ_Bayes; interval a ± zσ, not clipped (as
/// scorio's), z the two-sided normal quantile of `level`.
///
/// # Errors
/// None: an empty dataset gives NaN.
pub fn avg_at_n(g: &Groups, level: f64) -> Interval {
    let (mut a, mut v) = (Neumaier::default(), Neumaier::default());
    for (t, w) in g.iter() {
        let (c, n) = (t.c() as f64, t.n() as f64);
        let w = w as f64;
        a.add(w * c / n);
        let pi = (c + 1.0) / (n + 2.0);
        let scale = (n + 2.0) / n;
        v.add(w * scale * scale * pi * (1.0 - pi) / (n + 3.0));
    }
    let tasks = g.tasks() as f64;
    let mean = a.total() / tasks;
    let sd = v.total().max(0.0).sqrt() / tasks;
    let z = two_sided_z(level);
    Interval {
        mean,
        sd,
        lo: mean - z * sd,
        hi: mean + z * sd,
    }
}
