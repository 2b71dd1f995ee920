//! The estimators passk draws, backtests and reports, by name: one vocabulary for the
//! curves, the bands, the backtest, the ranking, the report and the page.

/// The estimators drawn when nothing was chosen yet (maj@k and BoN@k only where the input
/// carries answers or scores).
pub const DEFAULT_ENABLED: [Estimator; 5] = [
    Estimator::Combinatorial,
    Estimator::Bb,
    Estimator::LinMix,
    Estimator::Majority,
    Estimator::BestOf,
];

/// The ZOIBB weights (in tenths) of the fixed mixes the backtest tries besides LinMix.
pub const MIX_TENTHS: std::ops::RangeInclusive<u8> = 0..=10;

/// The estimators every backtest candidate is built from (each repeat keeps their signed
/// errors; a fixed mix's follows from BB's and ZOIBB's), in this order.
pub const BASES: [Estimator; 6] = [
    Estimator::Naive,
    Estimator::Bb,
    Estimator::Zoibb,
    Estimator::LinMix,
    Estimator::ScaledBeta,
    Estimator::Kumaraswamy,
];

/// An estimator of the dataset pass@k.
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
    /// The scaled Beta's posterior predictive (p = s·X, X ~ Beta(a, b)).
    ScaledBeta,
    /// The scaled Kumaraswamy's posterior predictive.
    Kumaraswamy,
    /// Naive plug-in 1 − (1 − c/n)^k.
    Naive,
    /// Logit-linear extrapolation in ln k.
    Extrapolated,
    /// The unbiased estimate where defined, beyond it the estimator the backtest chose.
    Auto,
    /// maj@k: the plurality answer of k samples is the target (when answers were given).
    Majority,
    /// BoN@k: the best-scored of k samples is correct (when every sample was scored).
    BestOf,
    /// A fixed mix w·ZOIBB + (1 − w)·BB with w = tenths / 10 (a backtest candidate; not
    /// drawn as a curve of its own).
    Mix(u8),
}

impl Estimator {
    /// Every estimator the Pass@k chart draws, in legend order.
    pub const ALL: [Estimator; 11] = [
        Estimator::Combinatorial,
        Estimator::Bb,
        Estimator::Zoibb,
        Estimator::LinMix,
        Estimator::ScaledBeta,
        Estimator::Kumaraswamy,
        Estimator::Naive,
        Estimator::Extrapolated,
        Estimator::Auto,
        Estimator::Majority,
        Estimator::BestOf,
    ];

    /// Whether it is a metric of its own drawn beside pass@k (maj@k, BoN@k), present only
    /// when the input carries answers or scores.
    pub fn beside_pass(self) -> bool {
        matches!(self, Estimator::Majority | Estimator::BestOf)
    }

    /// The backtest's candidates, simplest first: naive, BB, ZOIBB, LinMix, the scaled Beta
    /// and the Kumaraswamy, then the fixed mixes w = 0.0, 0.1, …, 1.0.
    pub fn candidates() -> Vec<Estimator> {
        Estimator::candidates_with(true)
    }

    /// [`Estimator::candidates`], without the two scaled fits unless `scaled` (a series with
    /// too many distinct counts to fit them, see `eval::limit::too_many_groups`).
    pub fn candidates_with(scaled: bool) -> Vec<Estimator> {
        let mut v: Vec<Estimator> = BASES
            .into_iter()
            .filter(|e| scaled || !e.scaled())
            .collect();
        v.extend(MIX_TENTHS.map(Estimator::Mix));
        v
    }

    /// Whether it is one of the two scaled fits (scaled Beta, Kumaraswamy).
    pub fn scaled(self) -> bool {
        matches!(self, Estimator::ScaledBeta | Estimator::Kumaraswamy)
    }

    /// A stable key (`toggle-<key>` on the page, share links, the report's backtest errors:
    /// `combinatorial`, `bb`, …, `mix_0.3`).
    pub fn key(self) -> String {
        match self {
            Estimator::Mix(t) => format!("mix_{:.1}", f64::from(t) / 10.0),
            e => e.name().to_string(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Estimator::Combinatorial => "combinatorial",
            Estimator::Bb => "bb",
            Estimator::Zoibb => "zoibb",
            Estimator::LinMix => "linmix",
            Estimator::ScaledBeta => "scaled_beta",
            Estimator::Kumaraswamy => "kumaraswamy",
            Estimator::Naive => "naive",
            Estimator::Extrapolated => "logit_line",
            Estimator::Auto => "auto",
            Estimator::Majority => "maj",
            Estimator::BestOf => "bon",
            Estimator::Mix(_) => "mix",
        }
    }

    /// The charted estimator with this key (None for anything else, mixes included).
    pub fn from_key(key: &str) -> Option<Estimator> {
        // (Its key until issue 68, in links made before.)
        if key == "extrapolated" {
            return Some(Estimator::Extrapolated);
        }
        Estimator::ALL.into_iter().find(|e| e.name() == key)
    }

    /// Any estimator by its key, the backtest's mixes (`mix_0.3`) included; None for a key
    /// [`Estimator::key`] never writes.
    pub fn from_any_key(key: &str) -> Option<Estimator> {
        if let Some(w) = key.strip_prefix("mix_") {
            let t = (w.parse::<f64>().ok()? * 10.0).round();
            if !(0.0..=10.0).contains(&t) {
                return None;
            }
            let e = Estimator::Mix(t as u8);
            return (e.key() == key).then_some(e);
        }
        Estimator::from_key(key)
    }

    /// A label for legends and tables.
    pub fn label(self) -> String {
        match self {
            Estimator::Combinatorial => "combinatorial".into(),
            Estimator::Bb => "BB".into(),
            Estimator::Zoibb => "ZOIBB".into(),
            Estimator::LinMix => "LinMix".into(),
            Estimator::ScaledBeta => "scaled Beta".into(),
            Estimator::Kumaraswamy => "Kumaraswamy".into(),
            Estimator::Naive => "naive".into(),
            Estimator::Extrapolated => "logit line (heuristic)".into(),
            Estimator::Auto => "auto (backtested)".into(),
            Estimator::Majority => "maj@k (majority vote)".into(),
            Estimator::BestOf => "BoN@k (best of k by score)".into(),
            Estimator::Mix(t) => format!("mix w = {:.1}", f64::from(t) / 10.0),
        }
    }

    /// Whether its values beyond n are an extrapolation drawn dashed.
    pub fn extrapolates(self) -> bool {
        matches!(
            self,
            Estimator::Bb
                | Estimator::Zoibb
                | Estimator::LinMix
                | Estimator::ScaledBeta
                | Estimator::Kumaraswamy
                | Estimator::Auto
        )
    }

    /// Its ZOIBB weight as a mix of BB and ZOIBB (BB 0, ZOIBB 1, a fixed mix its w; None
    /// for every other estimator).
    pub fn weight(self) -> Option<f64> {
        match self {
            Estimator::Bb => Some(0.0),
            Estimator::Zoibb => Some(1.0),
            Estimator::Mix(t) => Some(f64::from(t) / 10.0),
            _ => None,
        }
    }

    /// Its dataset value from the values of the [`BASES`] (in that order); NaN for the
    /// estimators that are not built from them.
    ///
    /// # Formula
    /// A base: its own value. A fixed mix: w·ZOIBB + (1 − w)·BB.
    pub fn value(self, bases: &[f64; BASES.len()]) -> f64 {
        self.value_with(|e| BASES.iter().position(|&b| b == e).map(|i| bases[i]))
            .unwrap_or(f64::NAN)
    }

    /// Its dataset value, reading only the bases it is built from through `base` (None when
    /// one of them is missing, or for an estimator not built from the [`BASES`]).
    pub fn value_with(self, base: impl Fn(Estimator) -> Option<f64>) -> Option<f64> {
        match self {
            Estimator::Mix(t) => {
                let w = f64::from(t) / 10.0;
                Some(w * base(Estimator::Zoibb)? + (1.0 - w) * base(Estimator::Bb)?)
            }
            e if BASES.contains(&e) => base(e),
            _ => None,
        }
    }

    /// Its row in per-estimator tables of the charted estimators (None for a mix).
    pub fn index(self) -> usize {
        match self {
            Estimator::Combinatorial => 0,
            Estimator::Bb => 1,
            Estimator::Zoibb => 2,
            Estimator::LinMix => 3,
            Estimator::ScaledBeta => 4,
            Estimator::Kumaraswamy => 5,
            Estimator::Naive => 6,
            Estimator::Extrapolated => 7,
            Estimator::Auto => 8,
            Estimator::Majority => 9,
            Estimator::BestOf => 10,
            Estimator::Mix(_) => usize::MAX,
        }
    }
}

/// The rule every ranking, bootstrap band and auto curve follows: the unbiased estimate
/// where every task has n ≥ k, else `beyond`'s value (an extrapolation).
pub fn unbiased_else(
    unbiased: Option<f64>,
    beyond: Estimator,
    beyond_value: impl FnOnce() -> Option<f64>,
) -> Option<(f64, Estimator)> {
    match unbiased {
        Some(v) => Some((v, Estimator::Combinatorial)),
        None => beyond_value().map(|v| (v, beyond)),
    }
}

impl serde::Serialize for Estimator {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.key())
    }
}

/// Read back from its key; an unknown key is an error, never a default.
impl<'de> serde::Deserialize<'de> for Estimator {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let key = String::deserialize(d)?;
        Estimator::from_any_key(&key)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown estimator {key:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_and_no_other() {
        let mut all = Estimator::ALL.to_vec();
        all.extend(Estimator::candidates());
        all.extend((0..=10).map(Estimator::Mix));
        for e in all {
            assert_eq!(Estimator::from_any_key(&e.key()), Some(e), "{}", e.key());
        }
        for bad in [
            "mix_", "mix_1.1", "mix_-0.1", "mix_0.25", "mix_0.30", "mix_nan", "BB", "",
        ] {
            assert_eq!(Estimator::from_any_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn keys_round_trip_and_mixes_match_the_old_weights() {
        for e in Estimator::ALL {
            assert_eq!(Estimator::from_key(&e.key()), Some(e));
        }
        let keys: Vec<String> = Estimator::candidates().iter().map(|e| e.key()).collect();
        assert_eq!(
            keys[..6],
            [
                "naive",
                "bb",
                "zoibb",
                "linmix",
                "scaled_beta",
                "kumaraswamy"
            ]
        );
        assert_eq!(keys[6], "mix_0.0");
        assert_eq!(keys[16], "mix_1.0");
        let without: Vec<String> = Estimator::candidates_with(false)
            .iter()
            .map(|e| e.key())
            .collect();
        assert_eq!(without[..5], ["naive", "bb", "zoibb", "linmix", "mix_0.0"]);
        assert_eq!(without.len(), keys.len() - 2);
        assert_eq!(Estimator::from_key("mix_0.3"), None);
        // w = t/10 is the same double as the literal the backtest used before (0.3, 0.7, …).
        let literals = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
        for (t, w) in MIX_TENTHS.zip(literals) {
            assert_eq!(Estimator::Mix(t).weight(), Some(w));
        }
        let bases = [0.0, 0.5, 0.9, 0.1, 0.2, 0.3];
        assert_eq!(Estimator::Mix(3).value(&bases), 0.3 * 0.9 + 0.7 * 0.5);
        for (i, e) in BASES.into_iter().enumerate() {
            assert_eq!(e.value(&bases), bases[i], "{e:?}");
        }
        assert!(Estimator::Auto.value(&bases).is_nan());
        // Only the bases it is built from are read.
        let only_bb_zoibb = |e: Estimator| match e {
            Estimator::Bb => Some(0.5),
            Estimator::Zoibb => Some(0.9),
            _ => None,
        };
        assert_eq!(Estimator::Mix(10).value_with(only_bb_zoibb), Some(0.9));
        assert_eq!(Estimator::ScaledBeta.value_with(only_bb_zoibb), None);
    }
}
