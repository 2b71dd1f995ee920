//! The task bootstrap split into parts (the engine's workers, the command line's threads):
//! whatever the number of parts, and however they are merged, the bands are today's, bit for
//! bit — on a Pythia series of the example (n = 10,000) and on a small synthetic one.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use passk_core::analysis::{
    bands_of, bootstrap_bands_in_parts, merge_rows, Band, BootstrapDraws, Part,
};
use passk_core::data::Dataset;
use passk_core::data::Groups;
use passk_core::eval::fit_series;
use passk_core::eval::Fits;
use passk_core::settings::Settings;

type Bits = Vec<Vec<(String, u64, u64)>>;

fn bits(bands: &[BTreeMap<String, Band>]) -> Bits {
    bands
        .iter()
        .map(|b| {
            b.iter()
                .map(|(k, v)| (k.clone(), v.lo.to_bits(), v.hi.to_bits()))
                .collect()
        })
        .collect()
}

/// The bands as the engine drew them before parts existed: one resample after the other.
fn serial(ds: &Dataset, full: Option<&Fits>, ks: &[u64], s: &Settings) -> Bits {
    let mut d = BootstrapDraws::new(ds, full, ks, s);
    while d.step() {}
    bits(&d.finish())
}

fn cases() -> Vec<(Dataset, Vec<u64>, Settings)> {
    let pythia = passk_fixtures::load(&[passk_fixtures::real("pythia_math_n10000.csv")]);
    let small = Dataset {
        name: "small".into(),
        tasks: [
            (8, 0),
            (8, 1),
            (8, 8),
            (8, 3),
            (8, 0),
            (8, 5),
            (8, 2),
            (8, 8),
            (8, 1),
        ]
        .iter()
        .map(|&(n, c)| {
            passk_core::data::Task::new(None, passk_core::data::Counts::new(n, c).unwrap())
        })
        .collect(),
        meta: Default::default(),
    };
    vec![
        (
            pythia[2].clone(),
            vec![1, 10, 1_000, 10_000, 1_000_000],
            Settings {
                bootstrap: 23,
                seed: 11,
                ..Default::default()
            },
        ),
        (
            small,
            vec![1, 2, 8, 64],
            Settings {
                bootstrap: 41,
                seed: 5,
                ..Default::default()
            },
        ),
    ]
}

#[test]
fn every_split_gives_the_bands_of_one_part_bit_for_bit() {
    for (ds, ks, s) in cases() {
        let full = fit_series(&Groups::new(ds.tasks.iter().map(|t| t.counts)));
        let want = serial(&ds, full.as_ref(), &ks, &s);
        assert!(want.iter().any(|b| !b.is_empty()), "{}: no band", ds.name);
        // Another seed draws other resamples: the comparisons below can fail.
        let other = Settings {
            seed: s.seed + 1,
            ..s.clone()
        };
        assert_ne!(serial(&ds, full.as_ref(), &ks, &other), want, "{}", ds.name);
        for of in 1..=4 {
            // Threads (the command line): drawn on one, fitted on `of`.
            let threads = bootstrap_bands_in_parts(&ds, full.as_ref(), &ks, &s, of);
            assert_eq!(bits(&threads), want, "{} in {of} threads", ds.name);
            // Workers (the page): each part drawn and fitted on its own, merged after.
            let rows: Vec<_> = Part::all(of)
                .into_iter()
                .map(|p| {
                    let mut d = BootstrapDraws::with_part(&ds, full.as_ref(), &ks, &s, p);
                    let (_, total) = d.progress();
                    let mut fitted = 0;
                    while d.step() {
                        fitted += 1;
                    }
                    assert_eq!(fitted, total, "{} part {p:?}", ds.name);
                    d.into_rows()
                })
                .collect();
            let merged = merge_rows(&rows).expect("the parts fit together");
            assert_eq!(bits(&bands_of(&merged)), want, "{} in {of} parts", ds.name);
            let fitted: usize = rows.iter().map(|r| r[0].len()).sum();
            assert_eq!(fitted as u64, s.bootstrap);
        }
    }
}

#[test]
fn parts_that_do_not_fit_together_are_refused() {
    let a = vec![vec![[0.0; 5]; 3], vec![[0.0; 5]; 3]];
    let b = vec![vec![[0.0; 5]; 3]];
    assert_eq!(merge_rows(&[a.clone(), b]), None);
    // A part short of rows (it stopped): resample 4 would be part 0's third row.
    let short = vec![vec![[0.0; 5]; 1], vec![[0.0; 5]; 1]];
    assert_eq!(merge_rows(&[a, short]), None);
    assert_eq!(merge_rows(&[]), None);
    assert!(Part::all(0) == [Part::WHOLE] && Part { index: 1, of: 3 }.owns(7));
}
