//! One tanh-sinh rule on [0, 1] shared by every group of a series and every step of a fit.
//!
//! The per-group rule of [`super::kernel`] places its nodes around each group's peak, so a
//! likelihood evaluation costs every group its own peak search and five transcendental
//! functions per node. Here the nodes are fixed: t = j·h on [−T, T] with h = 2^-level, x =
//! (1 + tanh(π/2·sinh t))/2, so ln x, ln(1 − x) and the weights are computed once per level
//! ([`Grid::get`]), the density's part of each node once per parameter point and shared by all
//! groups (`point.rs`), and a group adds only c·ln(sx) + m·ln(1 − sx) and one
//! exponential per node, on the nodes its own peak needs.

use crate::num::libm_math::LibmMath;
use crate::num::tanh_sinh::T_MAX;
use std::sync::OnceLock;

/// The coarsest level (step 1/64).
pub const LEVEL_MIN: u32 = 6;
/// The finest level (step 1/4096: peaks as narrow as n ≈ 10^6 samples per task).
pub const LEVEL_MAX: u32 = 12;

/// The fixed part of one node.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// x.
    pub x: f64,
    /// 1 − x, exact (never computed as 1 − x).
    pub xc: f64,
    /// ln x.
    pub ln_x: f64,
    /// ln(1 − x).
    pub ln_xc: f64,
    /// ln of the finest level's weight h·dx/dt.
    pub ln_w: f64,
}

/// The nodes of one level: index i is t = (i − half)·h.
#[derive(Debug)]
pub struct Grid {
    /// The level: h = 2^-level.
    pub level: u32,
    /// The step h.
    pub h: f64,
    /// Nodes on each side of t = 0 (T/h).
    pub half: usize,
    /// The nodes, t increasing (x increasing).
    pub nodes: Vec<Node>,
}

impl Grid {
    /// The level whose peaks resolve a series of at most `n_max` samples per task: the peak
    /// of x^c (1 − x)^m is σ_t ≈ 1/(π·cosh t·√(c·m/(c + m))) wide in t, c·m/(c + m) < n_max
    /// also for the predictions' m + k (or c + k), and the check of `walk.rs` passes
    /// where h ≤ σ_t/2 (a group narrower than that, at a budget far beyond the chart's, is
    /// integrated alone).
    pub fn level_for(n_max: u64) -> u32 {
        let n = n_max as f64 + 2.0;
        // At c = n and m + k = 10^6 (the forecast chart's last budget) the peak sits at
        // x ≈ n/10^6, where cosh t = √(1 + (logit x/π)²).
        let logit = (n / (n + 1e6)).libm_ln() - (1e6 / (n + 1e6)).libm_ln();
        let cosh_t = (1.0 + (logit / core::f64::consts::PI).pow_int(2)).sqrt();
        let sigma = 1.0 / (core::f64::consts::PI * cosh_t * n.sqrt());
        let mut level = LEVEL_MIN;
        while level < LEVEL_MAX && (-(level as f64)).libm_exp2() > 0.5 * sigma {
            level += 1;
        }
        level
    }

    /// The grid of a level (built once per process, then shared).
    pub fn get(level: u32) -> &'static Grid {
        static GRIDS: [OnceLock<Grid>; (LEVEL_MAX - LEVEL_MIN + 1) as usize] =
            [const { OnceLock::new() }; (LEVEL_MAX - LEVEL_MIN + 1) as usize];
        let level = level.clamp(LEVEL_MIN, LEVEL_MAX);
        GRIDS[(level - LEVEL_MIN) as usize].get_or_init(|| Grid::new(level))
    }

    fn new(level: u32) -> Grid {
        let h = (-(level as f64)).libm_exp2();
        let half = (T_MAX / h) as usize;
        let ln_h = -(level as f64) * core::f64::consts::LN_2;
        // The side t = j·h ≥ 0 (x ≥ 1/2): e = e^(−2u), u = π/2·sinh t; 1 is e/(1 + e) away
        // (ln: −2u − ln(1 + e)), x = 1/(1 + e); dx/dt = π/2·cosh t·2e/(1 + e)². The side
        // t < 0 is its mirror, x and 1 − x swapped.
        let side: Vec<Node> = (0..=half)
            .map(|j| {
                let t = j as f64 * h;
                let u = core::f64::consts::FRAC_PI_2 * t.libm_sinh();
                let e = (-2.0 * u).libm_exp();
                let l1e = e.libm_ln_1p();
                Node {
                    x: 1.0 / (1.0 + e),
                    xc: e / (1.0 + e),
                    ln_x: -l1e,
                    ln_xc: -2.0 * u - l1e,
                    ln_w: ln_h
                        + core::f64::consts::FRAC_PI_2.libm_ln()
                        + t.libm_cosh().libm_ln()
                        + core::f64::consts::LN_2
                        - 2.0 * u
                        - 2.0 * l1e,
                }
            })
            .collect();
        let mirror = |n: &Node| Node {
            x: n.xc,
            xc: n.x,
            ln_x: n.ln_xc,
            ln_xc: n.ln_x,
            ln_w: n.ln_w,
        };
        let nodes = side[1..]
            .iter()
            .rev()
            .map(mirror)
            .chain(side.iter().copied())
            .collect();
        Grid {
            level,
            h,
            half,
            nodes,
        }
    }

    /// The node index nearest to x (for a peak's first guess).
    pub fn index_of(&self, x: f64) -> usize {
        let x = x.clamp(1e-300, 1.0 - 1e-16);
        // x = (1 + tanh u)/2: u = ½·ln(x/(1 − x)), t = asinh(2u/π).
        let logit = x.libm_ln() - (-x).libm_ln_1p();
        let t = (logit / core::f64::consts::PI).libm_asinh();
        let j = (t / self.h).round();
        (self.half as f64 + j).clamp(0.0, (2 * self.half) as f64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_integrate_a_beta_density_and_the_ends_are_exact() {
        // Σ w·x^(a−1)(1 − x)^(b−1) = B(a, b) for a smooth-enough density (a, b ≥ 1).
        let g = Grid::get(7);
        for &(a, b) in &[(1.0, 1.0), (2.5, 4.0), (30.0, 7.0)] {
            let s: f64 = g
                .nodes
                .iter()
                .map(|n| ((a - 1.0) * n.ln_x + (b - 1.0) * n.ln_xc + n.ln_w).libm_exp())
                .sum();
            let want = crate::num::beta::ln_beta(a, b);
            assert!((s.libm_ln() - want).abs() < 1e-13, "{a} {b}: {s}");
        }
        // x + (1 − x) = 1, and the logs agree with the values (relatively where the value is
        // far from 1; near 1 the log is the exact one, the value rounded).
        for n in [
            g.nodes[0],
            g.nodes[g.half / 3],
            g.nodes[g.half],
            g.nodes[2 * g.half],
        ] {
            assert!((n.x + n.xc - 1.0).abs() <= f64::EPSILON);
            for (v, l) in [(n.x, n.ln_x), (n.xc, n.ln_xc)] {
                let tol = 4.0 * f64::EPSILON * if v < 0.5 { l.abs() } else { 1.0 };
                assert!((v.libm_ln() - l).abs() <= tol, "{v} {l}");
            }
        }
        assert!(g.nodes[0].x < 1e-270 && g.nodes[0].x > 0.0);
        assert_eq!(g.index_of(0.5), g.half);
        assert_eq!(g.index_of(g.nodes[100].x), 100);
    }

    #[test]
    fn the_level_grows_with_the_samples_per_task() {
        assert!(Grid::level_for(1) >= LEVEL_MIN);
        assert!(Grid::level_for(10_000) > Grid::level_for(128));
        assert!(Grid::level_for(128) > Grid::level_for(1));
        assert_eq!(Grid::level_for(u64::MAX), LEVEL_MAX);
    }
}
