//! Analysis settings shared by the page and the command line: what to compute and how.

use super::estimators::cover::Tau;
use super::estimators::stderr::SeKind;

/// The default budgets.
pub const DEFAULT_KS: [u64; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/// How far beyond the samples drawn the default budgets reach: a factor of the largest n.
pub const DEFAULT_KS_REACH: u64 = 8;

/// The default budgets for series whose largest n is `n_max`: those of [`DEFAULT_KS`] up to
/// [`DEFAULT_KS_REACH`] × n_max (all of them when n_max is unknown).
///
/// # Formula
/// {k ∈ DEFAULT_KS : k ≤ 8·n_max}. Up to n every budget is estimated without a model; beyond
/// it a fit extrapolates, and the backtest checks an extrapolation by the same factor (a
/// subsample of n/8 samples a task extrapolated to n): at 16 samples a task the list stops at
/// 100, where the whole list's 1,000 would be a 62-fold extrapolation. Larger budgets are
/// computed when asked for (`--k`, the page's k list).
pub fn default_ks(n_max: Option<u64>) -> Vec<u64> {
    match n_max {
        Some(n) => DEFAULT_KS
            .into_iter()
            .filter(|&k| k <= n.saturating_mul(DEFAULT_KS_REACH).max(1))
            .collect(),
        None => DEFAULT_KS.to_vec(),
    }
}

/// The default thresholds of G-Pass@k_τ (`--g-tau`).
pub const DEFAULT_G_TAUS: [&str; 3] = ["0.5", "0.75", "1.0"];

/// Most task-bootstrap resamples the page and the command line accept.
pub const MAX_BOOTSTRAP: u64 = 10_000;

/// Written as its key.
impl serde::Serialize for BandKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// Read back from its key; an unknown key is an error.
impl<'de> serde::Deserialize<'de> for BandKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let key = String::deserialize(d)?;
        BandKind::from_key(&key)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown band {key:?}")))
    }
}

/// Analysis settings (the CLI's flags; the page's controls).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// LinMix (m_low, m_high).
    pub linmix: [f64; 2],
    /// Beta prior (α0, β0) of the credible interval.
    pub prior: [f64; 2],
    /// Two-sided level of the interval.
    pub confidence: f64,
    /// CV-ELPD folds.
    pub folds: u64,
    /// Task-bootstrap resamples (0 = off).
    pub bootstrap: u64,
    /// Seed of every resampling.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            linmix: [10.0, 50.0],
            prior: [1.0, 1.0],
            confidence: 0.95,
            folds: 10,
            bootstrap: 0,
            seed: 0,
        }
    }
}

/// What to report.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Options {
    /// Budgets, sorted and de-duplicated.
    pub ks: Vec<u64>,
    /// Thresholds for Cover@τ rows.
    pub taus: Vec<Tau>,
    /// Thresholds τ of G-Pass@k_τ (a list of its own, apart from Cover's).
    pub g_taus: Vec<Tau>,
    /// Everything else.
    pub settings: Settings,
    /// Whether to compute CV-ELPD (ten refits per series; the page's table skips it, its
    /// download and the command line do not).
    pub cv: bool,
    /// Backtest repeats (None: no backtest).
    pub backtest: Option<u64>,
    /// Whether to add the forecasts (scaled-Beta and Kumaraswamy fits, `scaling`, the
    /// forecast curves): about a third of a second per series of n = 10^4; the command line
    /// and the page ask for them.
    #[serde(default)]
    pub forecast: bool,
    /// Targets of "how many samples to reach X" (`reach` rows; with `forecast`).
    #[serde(default)]
    pub reach: Vec<f64>,
    /// The k range of the least-squares power law (None: 2 to the smallest n).
    #[serde(default)]
    pub power_range: Option<[u64; 2]>,
    /// Whether to compute the forecasts also of series with more than
    /// [`AUTO_GROUPS`](crate::eval::limit::AUTO_GROUPS) distinct counts.
    #[serde(default)]
    pub forecast_all: bool,
    /// Whether to compute the count scores at every budget up to
    /// `COUNT_K_MAX`, past their work limit (`report::count_rows::count_limits`).
    #[serde(default)]
    pub count_all: bool,
    /// Whether to fill the pass@k and pass^k rows' `scaled_beta` and `kumaraswamy` columns
    /// without the forecasts (the page's table, once a backtest chose a scaled fit; the
    /// forecasts and the backtest fill them anyway).
    #[serde(default)]
    pub scaled_columns: bool,
    /// The rubric of Bayes@N (None: the series' distinct graded rewards, when it has any).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rubric: Option<crate::estimators::bayes_at_n::Rubric>,
    /// What samples marked as errors count as (applied to the series before the report;
    /// each series' `errors` says what it changed).
    #[serde(default)]
    pub errors: crate::data::errors::ErrorPolicy,
}

impl Options {
    /// Whether the report needs the scaled fits: for the forecasts, as backtest candidates,
    /// or for their columns.
    pub fn wants_scaled(&self) -> bool {
        self.forecast || self.backtest.is_some() || self.scaled_columns
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ks: DEFAULT_KS.to_vec(),
            taus: ["0.2", "0.8"]
                .iter()
                .filter_map(|t| Tau::parse(t).ok())
                .collect(),
            g_taus: DEFAULT_G_TAUS
                .iter()
                .filter_map(|t| Tau::parse(t).ok())
                .collect(),
            settings: Settings::default(),
            cv: true,
            backtest: None,
            forecast: false,
            reach: Vec::new(),
            power_range: None,
            forecast_all: false,
            count_all: false,
            scaled_columns: false,
            rubric: None,
            errors: Default::default(),
        }
    }
}

/// Which band the Pass@k chart shades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BandKind {
    /// No band.
    None,
    /// The Bayesian credible interval (spec §3).
    Credible,
    /// The task-bootstrap 2.5–97.5 % band: of the combinatorial estimator where it is
    /// defined, of BB beyond.
    Bootstrap,
    /// The unbiased value ± z·(standard error of this kind), where it is defined.
    Se(SeKind),
}

impl BandKind {
    /// A stable key.
    pub fn key(self) -> &'static str {
        match self {
            BandKind::None => "none",
            BandKind::Credible => "credible",
            BandKind::Bootstrap => "bootstrap",
            BandKind::Se(SeKind::Tasks) => "se-tasks",
            BandKind::Se(SeKind::Sampling) => "se-sampling",
        }
    }

    /// The band shown by default: an interval around the drawn (unbiased) estimate, the
    /// estimate ± z·SE over tasks, where it is defined. (The credible band is the interval of
    /// another quantity — the Beta posterior of the per-task success rates, with its own
    /// centre — and may exclude the curve it is drawn around.)
    pub const DEFAULT: BandKind = BandKind::Se(SeKind::Tasks);

    /// Every band, in the order the page offers them.
    pub const ALL: [BandKind; 5] = [
        BandKind::Se(SeKind::Tasks),
        BandKind::Se(SeKind::Sampling),
        BandKind::Bootstrap,
        BandKind::Credible,
        BandKind::None,
    ];

    /// The band with this key.
    pub fn from_key(key: &str) -> Option<BandKind> {
        BandKind::ALL.into_iter().find(|b| b.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_budgets_reach_eight_times_the_largest_n() {
        assert_eq!(default_ks(Some(16)), vec![1, 2, 5, 10, 20, 50, 100]);
        assert_eq!(default_ks(Some(128)), DEFAULT_KS.to_vec());
        assert_eq!(default_ks(Some(10_000)), DEFAULT_KS.to_vec());
        assert_eq!(default_ks(Some(1)), vec![1, 2, 5]);
        assert_eq!(default_ks(Some(0)), vec![1]);
        assert_eq!(default_ks(None), DEFAULT_KS.to_vec());
    }
}
