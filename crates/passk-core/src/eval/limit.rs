//! When a series' forecasts are left out unasked: too many distinct counts.

use crate::data::groups::Groups;

/// The most distinct (n, c) counts a series may have for its forecasts to be computed unasked:
/// they cost about 5 ms per distinct count natively (the Kumaraswamy's quadrature and its
/// profile), a second or two at this size. Benchmark files with one n per series stay far
/// below it; a series of 10^4 tasks with n spread over 50…1000 has ≈ 10^4 and would take ≈ 40 s.
pub const AUTO_GROUPS: usize = 500;

/// Why a series' forecasts are not computed unasked (None: they are).
pub fn too_many_groups(g: &Groups) -> Option<String> {
    (g.len() > AUTO_GROUPS).then(|| {
        format!(
            "forecasts not computed: {} distinct (n, c) counts, more than {AUTO_GROUPS} (about {} s); ask for them anyway (passk report --forecast-all, or the forecast panel's button)",
            g.len(),
            (g.len() as f64 * 0.005).ceil()
        )
    })
}
