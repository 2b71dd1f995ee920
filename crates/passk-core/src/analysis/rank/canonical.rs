//! The series in one order fixed by their counts, and the answers put back in the caller's:
//! every method, the agreement, the tasks and the subset then give the same answer, to the
//! last bit, whatever order the series came in (the page lists them by its own order, the
//! command line as the files do); `rank_all::restore` puts the answers back.

use super::outcomes::Outcomes;

/// `o`'s series sorted by their passes (task by task, lexicographically; equal series keep
/// their order), and `perm`, where `perm[k]` is the caller's index of canonical series k.
pub fn canonical(o: &Outcomes) -> (Outcomes, Vec<usize>) {
    let mut perm: Vec<usize> = (0..o.series()).collect();
    perm.sort_by(|a, b| o.c[*a].cmp(&o.c[*b]));
    let c = perm.iter().map(|s| o.c[*s].clone()).collect();
    (
        Outcomes {
            n: o.n.clone(),
            c,
            ids: o.ids.clone(),
            tasks_left_out: o.tasks_left_out,
        },
        perm,
    )
}

/// A per-series list in canonical order, back in the caller's.
pub(crate) fn back<T: Clone>(v: &[T], perm: &[usize]) -> Vec<T> {
    let mut out = v.to_vec();
    for (k, x) in v.iter().enumerate() {
        if let Some(&p) = perm.get(k) {
            if p < out.len() {
                out[p] = x.clone();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::rank::{rank_all, RankOptions, METHODS};

    #[test]
    fn the_same_answer_in_any_order() {
        let c = vec![
            vec![3, 1, 4, 1, 5],
            vec![2, 2, 0, 3, 4],
            vec![5, 0, 1, 2, 2],
            vec![1, 1, 1, 1, 6],
        ];
        let o = Outcomes::from_counts(vec![6; 5], c.clone());
        let perm = [2usize, 0, 3, 1];
        let p = Outcomes::from_counts(vec![6; 5], perm.iter().map(|s| c[*s].clone()).collect());
        let keys: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
        let opts = RankOptions {
            resamples: 10,
            k: 3,
            ..RankOptions::default()
        };
        let (a, b) = (
            rank_all(&o, &keys, &opts).unwrap(),
            rank_all(&p, &keys, &opts).unwrap(),
        );
        for (x, y) in a.methods.iter().zip(&b.methods) {
            let (Some(rx), Some(ry)) = (&x.ranking, &y.ranking) else {
                assert_eq!(x.error, y.error);
                continue;
            };
            for (k, s) in perm.iter().enumerate() {
                assert_eq!(ry.scores[k].to_bits(), rx.scores[*s].to_bits(), "{}", x.key);
                assert_eq!(ry.ranks[k], rx.ranks[*s], "{}", x.key);
            }
        }
        assert_eq!(
            a.subset.as_ref().map(|s| s.held),
            b.subset.as_ref().map(|s| s.held)
        );
        assert_eq!(
            a.items.as_ref().map(|i| i.tasks.clone()),
            b.items.as_ref().map(|i| i.tasks.clone())
        );
    }
}
