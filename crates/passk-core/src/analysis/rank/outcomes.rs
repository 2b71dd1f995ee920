//! The outcomes every ranking method reads: the tasks all series share, each with one n.

use std::collections::HashMap;

use crate::data::dataset::Dataset;

/// Per task, the samples drawn (one n for every series) and each series' passes, over the
/// tasks every series has (matched by id, by position when a series names none); a task
/// missing from a series, or with another n there, is left out. Sample t of a task is a pass
/// for a series when t < c (c ones then n − c zeros, as scorio lays out counts), so two
/// series are paired sample by sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcomes {
    /// Per task, the samples drawn.
    pub n: Vec<u64>,
    /// `c[s][t]`: the passes of series s on task t.
    pub c: Vec<Vec<u64>>,
    /// The task ids, as the first series names them (its position, from 1, when it names
    /// none).
    pub ids: Vec<String>,
    /// Tasks left out: not in every series, or with n differing between series.
    pub tasks_left_out: u64,
}

impl Outcomes {
    /// The shared tasks of `series`.
    pub fn of(series: &[&Dataset]) -> Outcomes {
        let m = series.len();
        let mut out = Outcomes {
            n: Vec::new(),
            c: vec![Vec::new(); m],
            ids: Vec::new(),
            tasks_left_out: 0,
        };
        let Some(first) = series.first() else {
            return out;
        };
        let key = |d: &Dataset, i: usize| {
            d.tasks[i]
                .id
                .as_deref()
                .map_or_else(|| (i + 1).to_string(), str::to_string)
        };
        let maps: Vec<HashMap<String, (u64, u64)>> = series
            .iter()
            .map(|d| {
                (0..d.tasks.len())
                    .map(|i| (key(d, i), (d.tasks[i].counts.n(), d.tasks[i].counts.c())))
                    .collect()
            })
            .collect();
        for i in 0..first.tasks.len() {
            let id = key(first, i);
            let row: Option<Vec<(u64, u64)>> = maps.iter().map(|mp| mp.get(&id).copied()).collect();
            match row {
                Some(r) if r.iter().all(|x| x.0 == r[0].0) => {
                    out.n.push(r[0].0);
                    for (s, x) in r.iter().enumerate() {
                        out.c[s].push(x.1);
                    }
                    out.ids.push(id);
                }
                _ => out.tasks_left_out += 1,
            }
        }
        out
    }

    /// From counts directly: `n` per task and `c[s][t]` (ids 1, 2, …).
    pub fn from_counts(n: Vec<u64>, c: Vec<Vec<u64>>) -> Outcomes {
        let ids = (1..=n.len()).map(|i| i.to_string()).collect();
        Outcomes {
            n,
            c,
            ids,
            tasks_left_out: 0,
        }
    }

    /// The number of series.
    pub fn series(&self) -> usize {
        self.c.len()
    }

    /// The number of shared tasks.
    pub fn tasks(&self) -> usize {
        self.n.len()
    }

    /// The one n of every task, when all tasks have the same (scorio's tensor needs one).
    pub fn common_n(&self) -> Option<u64> {
        let first = *self.n.first()?;
        self.n.iter().all(|n| *n == first).then_some(first)
    }

    /// The decisive wins and the ties, paired sample by sample (scorio's
    /// `rank/_base.py:build_pairwise_counts`): `wins[i][j]` = samples where i passed and j
    /// failed, Σ_t max(c_i − c_j, 0); `ties[i][j]` = samples where both agree,
    /// Σ_t n − |c_i − c_j| (the diagonal 0).
    pub fn pairwise(&self) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let m = self.series();
        let mut wins = vec![vec![0.0; m]; m];
        let mut ties = vec![vec![0.0; m]; m];
        for i in 0..m {
            for j in 0..m {
                if i == j {
                    continue;
                }
                let (mut w, mut t) = (0u64, 0u64);
                for (k, n) in self.n.iter().enumerate() {
                    let (a, b) = (self.c[i][k], self.c[j][k]);
                    w += a.saturating_sub(b);
                    t += n - a.abs_diff(b);
                }
                wins[i][j] = w as f64;
                ties[i][j] = t as f64;
            }
        }
        (wins, ties)
    }

    /// The outcomes of the tasks `picked` (indices, repeats allowed: a resample).
    pub fn subset(&self, picked: &[usize]) -> Outcomes {
        Outcomes {
            n: picked.iter().map(|t| self.n[*t]).collect(),
            c: self
                .c
                .iter()
                .map(|row| picked.iter().map(|t| row[*t]).collect())
                .collect(),
            ids: picked.iter().map(|t| self.ids[*t].clone()).collect(),
            tasks_left_out: self.tasks_left_out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairwise_by_hand() {
        // Task 1 (n = 3): c = 3, 1; task 2 (n = 2): c = 0, 2.
        let o = Outcomes::from_counts(vec![3, 2], vec![vec![3, 0], vec![1, 2]]);
        let (w, t) = o.pairwise();
        assert_eq!(w, vec![vec![0.0, 2.0], vec![2.0, 0.0]]);
        // Ties: 3 − 2 + 2 − 2 = 1.
        assert_eq!(t, vec![vec![0.0, 1.0], vec![1.0, 0.0]]);
        assert_eq!(o.common_n(), None);
        assert_eq!(o.subset(&[1, 1]).c, vec![vec![0, 0], vec![2, 2]]);
    }
}
