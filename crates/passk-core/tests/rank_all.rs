//! Every ranking method on the real files (issue 71): each answers on the DeepScaleR pair and
//! the seven Pythia series, except scorio's two 2PL fits, which refuse as scorio does (no
//! stable interior estimate; the 2PL with priors on ln a and b answers); rank intervals hold
//! each rank and repeat with their seed; an unknown method is refused by name.
#![cfg(not(target_arch = "wasm32"))]

use passk_core::analysis::rank::{rank_all, Outcomes, RankError, RankOptions, METHODS};
use passk_core::data::Dataset;

fn outcomes(set: &str) -> Outcomes {
    let (ds, _) = passk_fixtures::scorio_series(set);
    let refs: Vec<&Dataset> = ds.iter().collect();
    Outcomes::of(&refs)
}

#[test]
fn every_method_answers_on_the_real_files() {
    let keys: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
    assert_eq!(keys.len(), 45);
    let opts = RankOptions {
        resamples: 20,
        ..RankOptions::default()
    };
    for set in ["deepscaler", "pythia"] {
        let o = outcomes(set);
        let all = rank_all(&o, &keys, &opts).unwrap();
        for m in &all.methods {
            match (&m.ranking, m.key.as_str()) {
                (None, "rasch_2pl" | "rasch_2pl_map") => {
                    assert!(m
                        .error
                        .as_deref()
                        .unwrap()
                        .contains("no stable interior 2PL estimate"));
                }
                (None, _) => panic!("{set}: {} refused: {:?}", m.key, m.error),
                (Some(r), _) => {
                    assert_eq!(r.scores.len(), o.series(), "{set} {}", m.key);
                    // Every method has an interval: its own, or rank intervals from task
                    // resamples (Thompson sampling's, Elo's).
                    assert!(
                        r.intervals.is_some() || m.rank_intervals.is_some(),
                        "{set} {}: interval",
                        m.key
                    );
                    assert!(r.scores.iter().all(|s| s.is_finite()), "{set} {}", m.key);
                    if let Some(ri) = &m.rank_intervals {
                        for (lo, hi) in &ri.ranks {
                            assert!(
                                lo <= hi && *lo >= 1.0 && *hi <= o.series() as f64,
                                "{set} {}",
                                m.key
                            );
                        }
                    }
                }
            }
        }
        let a = all.agreement.as_ref().unwrap();
        assert!(a.w > 0.9 && a.w <= 1.0 + 1e-12, "{set}: W = {}", a.w);
        if set == "deepscaler" {
            assert!(a.disputed.is_empty());
        }
        // The same seed, the same intervals.
        let again = rank_all(&o, &["borda", "pagerank"], &opts).unwrap();
        let first = rank_all(&o, &["borda", "pagerank"], &opts).unwrap();
        assert_eq!(again, first);
        assert!(all.items.is_some() && all.subset.is_some(), "{set}");
    }
}

#[test]
fn refusals() {
    let o = outcomes("deepscaler");
    assert_eq!(
        rank_all(&o, &["borda", "nope"], &RankOptions::default()),
        Err(RankError::Other("no ranking method 'nope'".into()))
    );
    let one = Outcomes::from_counts(vec![3], vec![vec![1]]);
    assert_eq!(
        rank_all(&one, &["borda"], &RankOptions::default()),
        Err(RankError::TooFew)
    );
}
