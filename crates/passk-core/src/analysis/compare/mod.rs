//! "Is A better than B, from which k, and how sure?": the paired test of two series at a
//! budget with its solved sets, the multiplicity corrections over a family of pairs, the
//! crossover budget with its bootstrap interval, and the ranks of N series on paired
//! resamples (estimators.md §11).

pub mod all;
pub mod crossover;
mod flip;
pub mod multiplicity;
pub mod pair_test;
pub mod ranks;

#[cfg(test)]
mod fixtures;
