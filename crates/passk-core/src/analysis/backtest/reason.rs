//! The sentence that says why `auto` chose what it chose and how its error was computed.

use crate::estimators::kind::Estimator;

/// What the reason sentence is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct ReasonParts<'a> {
    /// The chosen candidate.
    pub est: Estimator,
    /// The candidate with the smallest expected error (the chosen one unless BB was kept
    /// within the spread).
    pub best: Estimator,
    /// The stated error.
    pub error: Option<f64>,
    /// The spread of the repeats.
    pub spread: Option<f64>,
    /// The target ratio exponents.
    pub bs: &'a [u32],
    /// The largest ratio exponent measured.
    pub q_max: u32,
    /// Whether some budget lies beyond n.
    pub targeted: bool,
    /// The informative ratio exponents.
    pub informative: &'a [u32],
    /// The ratio exponents whose cells decided.
    pub decided: &'a [u32],
    /// The growth per doubling the error was grown by beyond the largest ratio measured.
    pub growth: Option<f64>,
    /// Whether the carried trend overturned the ranking at the decisive ratio.
    pub trend_used: bool,
}

fn pts(e: f64) -> String {
    format!("{:.2}", 100.0 * e)
}

fn list(qs: &[u32]) -> String {
    let v: Vec<String> = qs.iter().map(|&q| format!("{}×", 1u64 << q)).collect();
    v.join(", ")
}

/// The reason sentence: what decided, how uncertain, and how the error was computed.
pub fn reason(p: &ReasonParts) -> String {
    let tested = 1u64 << p.q_max;
    let mut s = if !p.targeted {
        format!("no budget beyond n: chosen for the largest ratio measured ({tested}×)")
    } else if p.bs.iter().any(|&b| b > p.q_max) {
        format!("extrapolated beyond the backtest (tested up to {tested}×): chosen by the largest informative ratios")
    } else {
        format!(
            "smallest expected error at the informative ratios nearest those extrapolated to ({})",
            list(p.bs)
        )
    };
    if p.informative.is_empty() {
        s.push_str("; no level separates the fitted candidates beyond noise, so every level ranks");
    } else {
        s.push_str(&format!(
            "; decided at {} (informative: {}; the largest subsamples count most)",
            list(p.decided),
            list(p.informative)
        ));
    }
    if p.trend_used {
        s.push_str("; the candidates' trends, carried to the target, overturned the ranking there beyond the spread");
    }
    if p.est != p.best {
        s.push_str(&format!(
            "; {} is kept: {} is not better beyond the spread of the subsamples",
            p.est.label(),
            p.best.label()
        ));
    }
    if let Some(e) = p.error {
        s.push_str(&format!("; expected error {} points", pts(e)));
        if let Some(sd) = p.spread {
            s.push_str(&format!(" (± {} from subsample to subsample)", pts(sd)));
        }
    }
    if let Some(g) = p.growth {
        s.push_str(&format!(
            ": its error at {tested}× grown by {} points per doubling of the ratio beyond (the larger of its trend there and its average growth since 1×)",
            pts(g)
        ));
    }
    s
}
