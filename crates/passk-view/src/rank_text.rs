//! The Rankings verdict: whether the order of the series depends on the method, in one
//! sentence ("The order is the same under all 24 methods except 2.8B/6.9B, which swap under
//! Elo and Borda."), and each method's order as text.

use passk_core::analysis::rank::{Items, MethodAnswer, RankAll, StopReason, SubsetAnswer};
use passk_io::display::thousands;

/// Labels joined as people write a list: "A", "A and B", "A, B and C"; past `most`, the
/// first ones and "N more".
fn list(labels: &[&str], most: usize) -> String {
    match labels {
        [] => String::new(),
        [a] => (*a).to_string(),
        _ if labels.len() > most => format!(
            "{} and {} more",
            labels[..most].join(", "),
            labels.len() - most
        ),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The labels of the methods `idx` (indices into `all.agreeing`).
fn labels<'a>(all: &'a RankAll, idx: &[usize]) -> Vec<&'a str> {
    idx.iter()
        .filter_map(|i| {
            let key = all.agreeing.get(*i)?;
            all.methods
                .iter()
                .find(|m| &m.key == key)
                .map(|m| m.label.as_str())
        })
        .collect()
}

/// The verdict over the methods that answered (`names`: the series, in the input's order).
///
/// # Formula
/// Two series' order under a method is who ranks higher, or a tie; a pair is disputed when
/// not every method gives it the same order. The sentence names at most three disputed
/// pairs, most disputed first, and the methods that break with the majority for each.
pub fn verdict(names: &[String], all: &RankAll) -> String {
    let m = all.agreeing.len();
    let failed = all.methods.len() - m;
    let refused = if failed == 0 {
        String::new()
    } else {
        let no: Vec<&str> = all
            .methods
            .iter()
            .filter(|x| x.ranking.is_none())
            .map(|x| x.label.as_str())
            .collect();
        format!(" {} could not rank these series.", list(&no, 3))
    };
    let Some(a) = &all.agreement else {
        return match m {
            0 => format!("No method could rank these series.{refused}"),
            _ => format!("Only one method ranked these series.{refused}"),
        };
    };
    if a.disputed.is_empty() {
        return format!("The order is the same under all {m} methods.{refused}");
    }
    let name = |i: usize| names.get(i).map_or("?", String::as_str);
    let pairs: Vec<String> = a
        .disputed
        .iter()
        .take(3)
        .map(|d| {
            let pair = format!("{}/{}", name(d.first), name(d.second));
            let mut parts = Vec::new();
            if !d.reverse.is_empty() {
                parts.push(format!("swap under {}", list(&labels(all, &d.reverse), 3)));
            }
            if !d.tie.is_empty() {
                parts.push(format!("tie under {}", list(&labels(all, &d.tie), 3)));
            }
            format!("{pair}, which {}", parts.join(" and "))
        })
        .collect();
    let more = a.disputed.len().saturating_sub(3);
    let tail = if more > 0 {
        format!("; and {more} more pair{}", if more == 1 { "" } else { "s" })
    } else {
        String::new()
    };
    let lead = if a.disputed.len() == 1 {
        format!("The order is the same under all {m} methods except ")
    } else {
        format!(
            "The order depends on the method for {} pairs: ",
            a.disputed.len()
        )
    };
    format!("{lead}{}{tail}.{refused}", pairs.join("; "))
}

/// Why a method stopped, as a cell ("converged, 7 steps"; empty where it does not iterate).
pub fn stop_text(m: &MethodAnswer) -> String {
    match m.ranking.as_ref().and_then(|r| r.stop) {
        Some(s) => {
            let why = match s.reason {
                StopReason::Converged => "converged",
                StopReason::MaxIterations => "stopped at its most iterations",
                StopReason::Exact => "exact",
            };
            format!("{why}, {} iterations", s.iterations)
        }
        None => String::new(),
    }
}

/// The rankings as CSV: a row per method and series (method, group, series, score, rank,
/// rank interval, score interval, stop), and a row per method that could not rank.
pub fn rank_csv(names: &[String], all: &RankAll) -> String {
    let q = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = vec![
        "method,group,series,score,rank,rank_low,rank_high,score_low,score_high,stop,error"
            .to_string(),
    ];
    for m in &all.methods {
        let head = format!("{},{}", q(&m.key), q(m.group.label()));
        let Some(r) = &m.ranking else {
            out.push(format!(
                "{head},,,,,,,,,{}",
                q(m.error.as_deref().unwrap_or(""))
            ));
            continue;
        };
        for (i, name) in names.iter().enumerate() {
            let ri = m.rank_intervals.as_ref().and_then(|x| x.ranks.get(i));
            let si = r.intervals.as_ref().and_then(|x| x.get(i));
            let num = |x: Option<f64>| x.map_or(String::new(), |v| format!("{v}"));
            out.push(format!(
                "{head},{},{},{},{},{},{},{},{},",
                q(name),
                num(r.scores.get(i).copied()),
                num(r.ranks.get(i).copied()),
                num(ri.map(|x| x.0)),
                num(ri.map(|x| x.1)),
                num(si.map(|x| x.0)),
                num(si.map(|x| x.1)),
                q(&stop_text(m)),
            ));
        }
    }
    out.join("\n") + "\n"
}

/// Every fitted task's Rasch difficulty as CSV (task, difficulty, se, low, high, pass
/// share), hardest first, then the tasks with no finite difficulty.
pub fn items_csv(items: &Items) -> String {
    let q = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = vec![
        "task,difficulty,se,low,high,pass_share,discrimination_2pl,discrimination_low,discrimination_high"
            .to_string(),
    ];
    let opt = |x: Option<f64>| x.map_or(String::new(), |v| v.to_string());
    for t in &items.tasks {
        let (lo, hi) = t.discrimination_interval.unzip();
        out.push(format!(
            "{},{},{},{},{},{},{},{},{}",
            q(&t.id),
            t.difficulty,
            t.se,
            t.interval.0,
            t.interval.1,
            t.pass_share,
            opt(t.discrimination),
            opt(lo),
            opt(hi)
        ));
    }
    for id in &items.all_pass {
        out.push(format!("{},-inf,,,,1,,,", q(id)));
    }
    for id in &items.all_fail {
        out.push(format!("{},inf,,,,0,,,", q(id)));
    }
    out.join("\n") + "\n"
}

/// The line above the separating tasks: which pair, and why it.
pub fn separating_line(names: &[String], items: &Items, disputed: bool) -> Option<String> {
    let (i, j) = items.pair?;
    let name = |k: usize| names.get(k).map_or("?", String::as_str);
    let why = if items.chosen {
        "the pair chosen"
    } else if disputed {
        "the pair whose order depends most on the method"
    } else {
        "the two series closest in Rasch ability"
    };
    Some(format!(
        "The tasks that separate {} and {} best ({why}): each task's information about the difference of their abilities, n·v₁·v₂/(v₁ + v₂), v = p(1 − p) at the fitted abilities.",
        name(i),
        name(j)
    ))
}

/// The smallest benchmark's line: its size, what it keeps, and how often that held on
/// held-out halves of the samples.
pub fn subset_line(all: &RankAll) -> Option<String> {
    let s = all.subset.as_ref()?;
    let pairs = s.separated_pairs.len();
    let held = if s.splits > 0 {
        format!(
            " Chosen again on one half of every task's samples, the subset kept the other half's order and pass@1 in {} of {} splits.",
            s.held, s.splits
        )
    } else {
        String::new()
    };
    Some(format!(
        "The smallest benchmark that keeps the order: {} of {} tasks, spread evenly over the Rasch difficulty, keep every pass@1 within ±1 point and the order of the {} pair{} whose pass@1 differ at the 95 % level.{held}",
        thousands(s.size as u64),
        thousands(all.tasks as u64),
        pairs,
        if pairs == 1 { "" } else { "s" }
    ))
}

/// The subset's curve and tasks as CSV: a row per size (size, τ-b, largest pass@1 change in
/// points, keeps), then the tasks kept.
pub fn subset_csv(s: &SubsetAnswer) -> String {
    let mut out = vec!["size,tau_b,max_points_off,keeps".to_string()];
    for p in &s.curve {
        out.push(format!(
            "{},{},{},{}",
            p.size, p.tau_b, p.max_points_off, p.keeps
        ));
    }
    out.push(String::new());
    out.push("task".to_string());
    out.extend(
        s.ids
            .iter()
            .map(|id| format!("\"{}\"", id.replace('"', "\"\""))),
    );
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::rank::{rank_all, Outcomes, RankOptions};

    fn names() -> Vec<String> {
        ["A", "B", "C"].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_same_order() {
        let o = Outcomes::from_counts(
            vec![4; 3],
            // Every series beats every other on some task: Bradley–Terry has a maximum.
            vec![vec![4, 3, 1], vec![2, 2, 3], vec![3, 0, 2]],
        );
        let opts = RankOptions {
            k: 2,
            resamples: 0,
            ..RankOptions::default()
        };
        let all = rank_all(&o, &["avg", "pass_hat_k", "bradley_terry"], &opts).unwrap();
        assert_eq!(all.methods[2].error, None);
        assert_eq!(
            verdict(&names(), &all),
            "The order is the same under all 3 methods."
        );
    }

    #[test]
    fn a_pair_that_swaps() {
        // B leads C on the mean (2 of 4 against 5/3), C leads on pass^4 (1/3 against 0).
        let o = Outcomes::from_counts(
            vec![4; 3],
            vec![vec![4, 4, 4], vec![2, 2, 2], vec![4, 1, 0]],
        );
        let opts = RankOptions {
            k: 4,
            resamples: 0,
            ..RankOptions::default()
        };
        let all = rank_all(&o, &["avg", "pass_hat_k"], &opts).unwrap();
        assert_eq!(
            verdict(&names(), &all),
            "The order is the same under all 2 methods except B/C, which swap under pass^k."
        );
        assert_eq!(list(&["a", "b", "c", "d", "e"], 3), "a, b, c and 2 more");
    }

    /// A simulation where the truth is known: three series of abilities −1, 0 and 1 under a
    /// Rasch model (200 tasks of difficulty N(0, 1), 40 samples each, seeded). Every method
    /// that answers puts them in their true order, so the verdict says the order is the same;
    /// with two series of the same ability, the verdict names the pair whose order the
    /// methods dispute (the sentence never calls one ahead).
    #[test]
    fn verdicts_on_simulated_series() {
        use passk_core::analysis::rank::METHODS;
        use passk_core::num::sample::{binomial, normal};
        use passk_core::num::{LibmMath, SplitMix64};
        let keys: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
        let simulate = |abilities: &[f64], seed: u64| {
            let mut rng = SplitMix64::new(seed);
            let b: Vec<f64> = (0..200).map(|_| normal(&mut rng)).collect();
            let c = abilities
                .iter()
                .map(|th| {
                    b.iter()
                        .map(|bt| binomial(&mut rng, 40, 1.0 / (1.0 + (bt - th).libm_exp())))
                        .collect()
                })
                .collect();
            Outcomes::from_counts(vec![40; 200], c)
        };
        let opts = RankOptions {
            resamples: 0,
            ..RankOptions::default()
        };
        let names = names();
        for seed in 0..3 {
            let all = rank_all(&simulate(&[1.0, 0.0, -1.0], seed), &keys, &opts).unwrap();
            // No method reverses the true order (Nanson may tie two series it drops in one
            // round: its scores are elimination rounds).
            for m in &all.methods {
                if let Some(r) = &m.ranking {
                    assert!(
                        r.ranks[0] <= r.ranks[1] && r.ranks[1] <= r.ranks[2],
                        "{} (seed {seed}): {:?}",
                        m.key,
                        r.ranks
                    );
                }
            }
            assert!(all.agreeing.len() >= 38, "{} answered", all.agreeing.len());
            let v = verdict(&names, &all);
            assert!(!v.contains("swap"), "{v}");
            let strict = all
                .methods
                .iter()
                .filter_map(|m| m.ranking.as_ref())
                .all(|r| r.ranks == [1.0, 2.0, 3.0]);
            if strict {
                assert!(
                    v.starts_with(&format!(
                        "The order is the same under all {} methods.",
                        all.agreeing.len()
                    )),
                    "{v}"
                );
            }
        }
        // B and C alike: their order depends on the method in most draws, and the verdict
        // then names them.
        let mut disputed = 0;
        for seed in 0..5 {
            let all = rank_all(&simulate(&[1.0, 0.0, 0.0], seed), &keys, &opts).unwrap();
            let v = verdict(&names, &all);
            let bc = all
                .agreement
                .as_ref()
                .unwrap()
                .disputed
                .iter()
                .any(|d| (d.first, d.second) == (1, 2) || (d.first, d.second) == (2, 1));
            if bc {
                disputed += 1;
                assert!(v.contains("B/C") || v.contains("C/B"), "{v}");
            }
            assert!(!v.contains("A/B") && !v.contains("A/C"), "{v}");
        }
        assert!(disputed >= 3, "B/C disputed in {disputed} of 5 draws");
    }
}
