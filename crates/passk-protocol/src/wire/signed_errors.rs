//! The backtests of `Reply::Backtests` across the worker
//! boundary with each level's signed errors as one byte array (f32, little-endian, repeat by
//! repeat): serde-wasm-bindgen would read the tens of thousands of numbers of seven series
//! one call at a time on the page's thread. Every other use of the type (the report, its
//! file) keeps its own form.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::wire::tasks::Bytes;
use passk_core::analysis::backtest::level::BASES;
use passk_core::report::series_backtest::SeriesBacktest;

/// Bytes of one repeat's errors at one ratio.
const ENTRY: usize = 4 * BASES;

/// The backtests without their signed errors, and those errors per series and level.
#[derive(Serialize, Deserialize)]
struct Wire {
    backtests: Vec<SeriesBacktest>,
    signed: Vec<Vec<Bytes>>,
}

/// The backtests with their signed errors in byte arrays.
fn pack(bts: &[SeriesBacktest]) -> Wire {
    let mut backtests = bts.to_vec();
    let signed = backtests
        .iter_mut()
        .map(|b| {
            b.backtest
                .levels
                .iter_mut()
                .map(|l| {
                    let mut bytes = Vec::with_capacity(ENTRY * l.signed.len());
                    for e in std::mem::take(&mut l.signed) {
                        for x in e {
                            bytes.extend_from_slice(&x.to_le_bytes());
                        }
                    }
                    Bytes(bytes)
                })
                .collect()
        })
        .collect();
    Wire { backtests, signed }
}

/// The backtests back, or why the byte arrays do not fit them.
fn unpack(w: Wire) -> Result<Vec<SeriesBacktest>, &'static str> {
    let Wire {
        mut backtests,
        signed,
    } = w;
    if signed.len() != backtests.len() {
        return Err("backtests: signed errors of another number of series");
    }
    for (b, levels) in backtests.iter_mut().zip(signed) {
        if levels.len() != b.backtest.levels.len() {
            return Err("backtests: signed errors of another number of levels");
        }
        for (l, bytes) in b.backtest.levels.iter_mut().zip(levels) {
            if !bytes.0.len().is_multiple_of(ENTRY) {
                return Err("backtests: not a whole number of signed errors");
            }
            l.signed = bytes
                .0
                .chunks(ENTRY)
                .map(|e| {
                    std::array::from_fn(|i| {
                        let b = [e[4 * i], e[4 * i + 1], e[4 * i + 2], e[4 * i + 3]];
                        f32::from_le_bytes(b)
                    })
                })
                .collect();
        }
    }
    Ok(backtests)
}

/// Writes the backtests with their signed errors in byte arrays.
///
/// # Errors
/// The serializer's.
pub fn serialize<S: Serializer>(bts: &[SeriesBacktest], s: S) -> Result<S::Ok, S::Error> {
    pack(bts).serialize(s)
}

/// Reads them back.
///
/// # Errors
/// The deserializer's, or why the byte arrays do not fit the backtests.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SeriesBacktest>, D::Error> {
    unpack(Wire::deserialize(d)?).map_err(serde::de::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_core::analysis::backtest::level::Level;
    use passk_core::analysis::backtest::run::Backtest;

    fn backtests() -> Vec<SeriesBacktest> {
        let signed = (0..4)
            .map(|i| {
                let i = i as f32;
                [i, -0.5, f32::MIN_POSITIVE, 1e30 * i, 0.25, -i]
            })
            .collect();
        let cands = passk_core::estimators::kind::Estimator::candidates();
        let bt = Backtest {
            ratios: vec![2, 4],
            mae: vec![],
            levels: vec![
                Level::from_signed(4, 2, signed, &cands),
                Level::from_signed(2, 1, vec![], &cands),
            ],
            repeats: 2,
        };
        let b = SeriesBacktest::new("a", 8, &[64], 2, Ok(bt));
        vec![b.clone(), b]
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Msg(#[serde(with = "super")] Vec<SeriesBacktest>);

    #[test]
    fn backtests_round_trip_and_damage_is_refused() {
        let m = Msg(backtests());
        let v = serde_json::to_value(&m).unwrap();
        let back: Msg = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back, m);
        // Bit for bit, the numbers in bytes.
        assert_eq!(v["signed"][0][0].as_array().map(Vec::len), Some(4 * ENTRY));
        let mut cut = v.clone();
        cut["signed"][0][0].as_array_mut().unwrap().pop();
        assert!(serde_json::from_value::<Msg>(cut).is_err());
        let mut fewer = v.clone();
        fewer["signed"].as_array_mut().unwrap().pop();
        assert!(serde_json::from_value::<Msg>(fewer).is_err());
        let mut levels = v;
        levels["signed"][1].as_array_mut().unwrap().pop();
        assert!(serde_json::from_value::<Msg>(levels).is_err());
    }
}
