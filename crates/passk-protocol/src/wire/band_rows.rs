//! A bootstrap band's rows (`Rows::Band`) across the worker boundary:
//! each series' values as one byte array (f64, little-endian: every bit kept, so the merged
//! band is the one a single worker draws), with its number of budgets. serde-wasm-bindgen
//! would make each of the hundreds of thousands of numbers a JavaScript value of its own.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::wire::tasks::Bytes;
use passk_core::analysis::bands::BandRows;

/// More budgets than a curve's grid ever has (about 60 and the round ones).
const MAX_BUDGETS: usize = 10_000;

/// One series' rows: its budgets, then `[k][j][estimator]` as f64 bytes.
#[derive(Serialize, Deserialize)]
struct Wire {
    budgets: u32,
    values: Bytes,
}

fn pack(rows: &BandRows) -> Wire {
    let mut values = Vec::with_capacity(rows.iter().map(|r| 40 * r.len()).sum());
    for v in rows.iter().flatten().flatten() {
        values.extend_from_slice(&v.to_le_bytes());
    }
    Wire {
        budgets: rows.len() as u32,
        values: Bytes(values),
    }
}

fn unpack(w: Wire) -> Result<BandRows, String> {
    let budgets = w.budgets as usize;
    let per_budget = w.values.0.len().checked_div(budgets).unwrap_or(0);
    if (budgets == 0 && !w.values.0.is_empty())
        || per_budget * budgets != w.values.0.len()
        || !per_budget.is_multiple_of(40)
    {
        return Err(format!(
            "band rows of {} bytes do not split into {budgets} budgets of rows",
            w.values.0.len()
        ));
    }
    let numbers: Vec<f64> = w
        .values
        .0
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
        .collect();
    let per = per_budget / 8;
    if per == 0 {
        // No rows (a part of no resamples): as many empty budgets as a grid has at most.
        if budgets > MAX_BUDGETS {
            return Err(format!("{budgets} budgets of no rows"));
        }
        return Ok(vec![Vec::new(); budgets]);
    }
    Ok(numbers
        .chunks(per)
        .take(budgets)
        .map(|k| {
            k.chunks_exact(5)
                .map(|r| [r[0], r[1], r[2], r[3], r[4]])
                .collect()
        })
        .collect())
}

/// Writes each series' rows as bytes.
///
/// # Errors
/// The serializer's.
pub fn serialize<S: Serializer>(rows: &[BandRows], s: S) -> Result<S::Ok, S::Error> {
    rows.iter().map(pack).collect::<Vec<_>>().serialize(s)
}

/// Reads them back.
///
/// # Errors
/// The deserializer's, or why the bytes do not split into rows.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<BandRows>, D::Error> {
    Vec::<Wire>::deserialize(d)?
        .into_iter()
        .map(|w| unpack(w).map_err(serde::de::Error::custom))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_come_back_bit_for_bit_and_bad_bytes_are_refused() {
        let rows: BandRows = vec![
            vec![
                [0.1, f64::NAN, -0.0, 1e-300, 0.5],
                [1.0, 2.0, 3.0, 4.0, 5.0],
            ],
            vec![[f64::MIN_POSITIVE, 0.3, 0.7, f64::NAN, 1.0], [0.0; 5]],
        ];
        let back = unpack(pack(&rows)).unwrap();
        let bits = |r: &BandRows| -> Vec<u64> {
            r.iter().flatten().flatten().map(|v| v.to_bits()).collect()
        };
        assert_eq!(bits(&back), bits(&rows));
        assert_eq!(back.len(), 2);
        assert!(unpack(Wire {
            budgets: 2,
            values: Bytes(vec![0; 41])
        })
        .is_err());
        assert!(unpack(Wire {
            budgets: 0,
            values: Bytes(vec![0; 40])
        })
        .is_err());
        assert_eq!(
            unpack(Wire {
                budgets: 3,
                values: Bytes(Vec::new())
            })
            .unwrap(),
            vec![Vec::<[f64; 5]>::new(); 3]
        );
        // A count the page's memory could not hold: refused, not allocated.
        assert!(unpack(Wire {
            budgets: u32::MAX,
            values: Bytes(Vec::new())
        })
        .is_err());
    }
}
