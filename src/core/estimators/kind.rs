//! The estimators passk draws and reports, by name.

/// The estimators drawn when nothing was chosen yet.
pub const DEFAULT_ENABLED: [Estimator; 3] =
    [Estimator::Combinatorial, Estimator::Bb, Estimator::LinMix];

/// An estimator the Pass@k chart can draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Estimator {
    /// Unbiased combinatorial (defined for k ≤ n_min).
    Combinatorial,
    /// Beta-Binomial posterior predictive.
    Bb,
    /// Zero/one-inflated BB.
    Zoibb,
    /// LinMix of BB and ZOIBB.
    LinMix,
    /// Naive plug-in 1 − (1 − c/n)^k.
    Naive,
    /// Logit-linear extrapolation in ln k.
    Extrapolated,
    /// The unbiased estimate where defined, beyond it the estimator the backtest chose.
    Auto,
}

impl Estimator {
    /// Every estimator, in legend order.
    pub const ALL: [Estimator; 7] = [
        Estimator::Combinatorial,
        Estimator::Bb,
        Estimator::Zoibb,
        Estimator::LinMix,
        Estimator::Naive,
        Estimator::Extrapolated,
        Estimator::Auto,
    ];

    /// A stable key (`toggle-<key>` on the page, share links).
    pub fn key(self) -> &'static str {
        match self {
            Estimator::Combinatorial => "combinatorial",
            Estimator::Bb => "bb",
            Estimator::Zoibb => "zoibb",
            Estimator::LinMix => "linmix",
            Estimator::Naive => "naive",
            Estimator::Extrapolated => "extrapolated",
            Estimator::Auto => "auto",
        }
    }

    /// The estimator with this key.
    pub fn from_key(key: &str) -> Option<Estimator> {
        Estimator::ALL.into_iter().find(|e| e.key() == key)
    }

    /// A label for legends and tables.
    pub fn label(self) -> &'static str {
        match self {
            Estimator::Combinatorial => "combinatorial",
            Estimator::Bb => "BB",
            Estimator::Zoibb => "ZOIBB",
            Estimator::LinMix => "LinMix",
            Estimator::Naive => "naive",
            Estimator::Extrapolated => "log-logit extrapolation",
            Estimator::Auto => "auto (backtested)",
        }
    }

    /// Whether its values beyond n are an extrapolation drawn dashed.
    pub fn extrapolates(self) -> bool {
        matches!(
            self,
            Estimator::Bb | Estimator::Zoibb | Estimator::LinMix | Estimator::Auto
        )
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}
