//! The page's glossary: one definition per term the panels use, shown where the term appears.

/// The terms and their definitions.
pub const GLOSSARY: [(&str, &str); 6] = [
    (
        "ΔPass",
        "ΔPass = a + b of the fitted Beta-Binomial Beta(a, b) of the tasks' success rates. At equal \
         pass@1 = a/(a+b), a larger ΔPass means the rates are more alike across tasks, and pass@k \
         grows faster with k.",
    ),
    (
        "ZOIBB",
        "Zero/one-inflated Beta-Binomial: a share π0 of the tasks is never solved, a share π1 \
         always, and the rest have Beta(a, b) success rates.",
    ),
    (
        "LinMix",
        "Per task w(n)·ZOIBB + (1 − w(n))·BB, the weight w(n) growing with the samples drawn n \
         from 0 (n ≤ 10) to 1 (n ≥ 50) by default.",
    ),
    (
        "AvgAUC⁺",
        "The mean, over the other series, of AUC⁺: the area by which this series' Cover@τ curve \
         lies above the other's over τ from 0 to 1. Higher ranks first.",
    ),
    (
        "unbacked",
        "The backtest measured no error at this extrapolation ratio ρ = k/m′ (it is beyond the \
         ratios its subsamples reach), so nothing backs the choice of estimator at this k.",
    ),
    (
        "fixed mixtures",
        "w·ZOIBB + (1 − w)·BB with one weight w for every task (w = 0, 0.1, …, 1): backtested \
         beside BB, ZOIBB and LinMix, never drawn.",
    ),
];

/// The definition of `term`, if the glossary has it.
pub fn define(term: &str) -> Option<&'static str> {
    GLOSSARY.iter().find(|(t, _)| *t == term).map(|(_, d)| *d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_is_defined_once() {
        for (t, d) in GLOSSARY {
            assert_eq!(define(t), Some(d));
            assert!(d.ends_with('.') && !d.contains("  "), "{t}");
        }
        assert_eq!(define("nope"), None);
    }
}
