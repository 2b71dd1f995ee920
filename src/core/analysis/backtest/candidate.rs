//! The backtest's candidate estimators.

/// The mixing weights tried besides LinMix: w·ZOIBB + (1 − w)·BB.
pub const WEIGHTS: [f64; 11] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/// Relative margin within which a simpler estimator wins a tie.
pub const TIE: f64 = 0.01;

/// A candidate estimator, in order of simplicity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Candidate {
    /// 1 − (1 − c/n)^k.
    Naive,
    /// Beta-Binomial.
    Bb,
    /// Zero/one-inflated BB.
    Zoibb,
    /// LinMix (weights by samples per task).
    LinMix,
    /// A fixed mix w·ZOIBB + (1 − w)·BB.
    Mix(f64),
}

impl Candidate {
    /// Every candidate, simplest first.
    pub fn all() -> Vec<Candidate> {
        let mut v = vec![
            Candidate::Naive,
            Candidate::Bb,
            Candidate::Zoibb,
            Candidate::LinMix,
        ];
        v.extend(WEIGHTS.iter().map(|&w| Candidate::Mix(w)));
        v
    }

    /// The key of its errors in the report (`naive`, `bb`, `zoibb`, `linmix`, `mix_0.3`).
    pub fn key(&self) -> String {
        match self {
            Candidate::Naive => "naive".into(),
            Candidate::Bb => "bb".into(),
            Candidate::Zoibb => "zoibb".into(),
            Candidate::LinMix => "linmix".into(),
            Candidate::Mix(w) => format!("mix_{w:.1}"),
        }
    }

    /// A label for people.
    pub fn label(&self) -> String {
        match self {
            Candidate::Naive => "naive".into(),
            Candidate::Bb => "BB".into(),
            Candidate::Zoibb => "ZOIBB".into(),
            Candidate::LinMix => "LinMix".into(),
            Candidate::Mix(w) => format!("mix w = {w:.1}"),
        }
    }

    /// The ZOIBB weight of a fixed mix (BB 0, ZOIBB 1; None for naive and LinMix).
    pub fn weight(&self) -> Option<f64> {
        match self {
            Candidate::Bb => Some(0.0),
            Candidate::Zoibb => Some(1.0),
            Candidate::Mix(w) => Some(*w),
            _ => None,
        }
    }

    /// Its dataset value from the BB, ZOIBB, LinMix and naive values.
    pub fn value(&self, naive: f64, bb: f64, zoibb: f64, linmix: f64) -> f64 {
        match self {
            Candidate::Naive => naive,
            Candidate::Bb => bb,
            Candidate::Zoibb => zoibb,
            Candidate::LinMix => linmix,
            Candidate::Mix(w) => w * zoibb + (1.0 - w) * bb,
        }
    }
}
