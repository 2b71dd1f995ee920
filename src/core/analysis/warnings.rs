//! Plain-language warnings about a series and its fits (estimators.md §4: degenerate data,
//! the binomial-limit failure mode, ZOIBB's collapse, identifiability).

use crate::core::data::counts::Counts;
use crate::core::data::dataset::Groups;
use crate::core::estimators::beta_binomial::PARAM_MAX;
use crate::core::eval::estimates::Fits;
use crate::core::settings::Options;

/// Plain-language warnings about the data and the fits (spec §4: degenerate data, the
/// binomial-limit failure mode, ZOIBB's collapse, identifiability).
pub fn data_warnings(g: &Groups, fits: Option<&Fits>, opts: &Options) -> Vec<String> {
    let mut w = Vec::new();
    if g.is_empty() {
        w.push("no valid tasks: every value is null".to_string());
        return w;
    }
    let Some(Fits { bb, zoibb: z }) = fits else {
        return w;
    };
    let all = |f: &dyn Fn(Counts) -> bool| g.iter().all(|(t, _)| f(t));
    let first = g.iter().next().map(|(t, _)| t);
    if !bb.identifiable {
        w.push(
            "every task has n = 1: only a/(a+b) is identified; (a, b) is reported with a·b = 1, \
             and BB/ZOIBB/LinMix pass@k for k ≥ 2 rests on that convention"
                .to_string(),
        );
    } else if all(&|t| t.c() == 0) {
        w.push("every task has c = 0: the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)".to_string());
    } else if all(&|t| t.c() == t.n()) {
        w.push("every task has c = n: the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)".to_string());
    } else if g.tasks() == 1 {
        w.push("only one task: the likelihood has no interior maximum; the fit is the boundary maximiser (at_bound)".to_string());
    } else if let Some(f) = first {
        if all(&|t| t.c() as u128 * f.n() as u128 == f.c() as u128 * t.n() as u128) {
            w.push(
                "every task has the same c/n: the fit runs to the boundary (at_bound)".to_string(),
            );
        }
    }
    let beyond: Vec<String> = opts
        .ks
        .iter()
        .filter(|&&k| k > g.n_max())
        .map(|k| k.to_string())
        .collect();
    let at = if beyond.is_empty() {
        String::new()
    } else {
        format!(" at k = {} (beyond n)", beyond.join(", "))
    };
    if bb.binomial_limit() {
        w.push(format!(
            "BB fit ran to the binomial limit (a + b = {:.4e}, at the edge {PARAM_MAX:e}): every task gets the \
             pooled rate, so BB and LinMix pass@k{at} rest on a degenerate fit and are likely overestimated",
            bb.a + bb.b
        ));
    } else if bb.at_bound {
        w.push(format!(
            "BB fit at the edge of the box (a = {:.4e}, b = {:.4e})",
            bb.a, bb.b
        ));
    }
    if z.collapsed() {
        w.push(format!(
            "ZOIBB's Beta part collapsed to a point mass (a + b = {:.4e}; π0 = {:.4}, π1 = {:.4}): ZOIBB and \
             LinMix pass@k{at} rest on a degenerate fit and are likely underestimated",
            z.a + z.b,
            z.pi0,
            z.pi1
        ));
    }
    if !bb.converged || !z.converged {
        w.push(
            "an optimiser stopped at its iteration limit: fitted values may be inexact".to_string(),
        );
    }
    w
}
