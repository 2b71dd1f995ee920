//! "Is A better than B, from which k, and how sure?": the paired test of two series at a
//! budget with its solved sets, the multiplicity corrections over a family of pairs, the
//! crossover budget with its bootstrap interval, and the ranks of N series on paired
//! resamples (estimators.md §11).

pub(crate) mod all;
pub(crate) mod crossover;
mod flip;
pub(crate) mod multiplicity;
pub(crate) mod pair_test;
pub(crate) mod ranks;

pub use all::{
    chosen_pairs, compare_all, compare_pair, comparison, Comparison, PairCrossover, PairRow, Pairs,
    Skipped,
};
pub use crossover::{
    crossover, crossover_resamples, integer_interval, Crossover, CROSSOVER_FLOOR,
    CROSSOVER_RESAMPLES, CROSSOVER_WORK,
};
pub use multiplicity::{benjamini_hochberg, holm};
pub use pair_test::{
    log10_two_sided_p, mcnemar_exact, pair_test, PairTest, PairTestError, Solved, SolvedCounts,
};
pub use ranks::{match_all, ranks, ranks_of, RanksAtK, SeriesRank};

#[cfg(test)]
mod fixtures;
