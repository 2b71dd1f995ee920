//! The curves of `Answer::Curves` across the worker boundary: each series' values (per
//! estimator) and band, and each Cover@τ curve's points, as byte arrays (f64, little-endian:
//! every bit kept; an absent value is one NaN of its own, [`ABSENT`]). serde-wasm-bindgen
//! made each number a JavaScript value of its own: reading the curves of a 10^5-task series
//! took the page's thread 19 ms and a garbage collection of 24 ms.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::wire::tasks::Bytes;
use passk_core::analysis::curves::{CoverCurves, SeriesCurves};

/// The bits of an absent value: a quiet NaN with a payload no arithmetic produces (its NaNs
/// are the default one, `0x7FF8_0000_0000_0000`, or carry an operand's payload).
const ABSENT: u64 = 0x7FF8_0000_DEAD_0001;

/// Appends `v` (None as [`ABSENT`]).
fn put(bytes: &mut Vec<u8>, v: Option<f64>) {
    bytes.extend_from_slice(&v.map_or(ABSENT, f64::to_bits).to_le_bytes());
}

/// The numbers of `bytes` (None for [`ABSENT`]), or why they are not whole f64s.
fn take(bytes: &Bytes) -> Result<Vec<Option<f64>>, &'static str> {
    if !bytes.0.len().is_multiple_of(8) {
        return Err("curves: a byte array that is not whole f64s");
    }
    Ok(bytes
        .0
        .chunks_exact(8)
        .map(|b| {
            let bits = u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
            (bits != ABSENT).then(|| f64::from_bits(bits))
        })
        .collect())
}

/// One series' curves without their values and band, then those as bytes: each estimator's
/// values one after the other (`lengths` of them), the band's (lo, hi) pairs.
#[derive(Serialize, Deserialize)]
struct SeriesWire {
    curves: SeriesCurves,
    lengths: Vec<u32>,
    values: Bytes,
    band: Bytes,
}

/// One Cover@τ curve without its step corners and posterior, then those as bytes.
#[derive(Serialize, Deserialize)]
struct CoverWire {
    cover: CoverCurves,
    steps: Bytes,
    posterior: Bytes,
}

/// Points `(x, y)` as bytes.
fn pairs(points: &[(f64, f64)]) -> Bytes {
    let mut b = Vec::with_capacity(16 * points.len());
    for &(x, y) in points {
        put(&mut b, Some(x));
        put(&mut b, Some(y));
    }
    Bytes(b)
}

/// Points back, or why the bytes are not pairs of numbers.
fn unpairs(bytes: &Bytes) -> Result<Vec<(f64, f64)>, &'static str> {
    let v = take(bytes)?;
    if !v.len().is_multiple_of(2) {
        return Err("curves: an odd number of coordinates");
    }
    v.chunks_exact(2)
        .map(|p| match (p[0], p[1]) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err("curves: a point without a coordinate"),
        })
        .collect()
}

/// `#[serde(with)]` for the series' curves.
pub mod series {
    use super::*;

    /// Writes the curves with their values and bands as bytes.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(all: &[SeriesCurves], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(all.iter().map(|c| {
            let mut values = Vec::new();
            for v in c.values.iter().flatten() {
                put(&mut values, *v);
            }
            let mut band = Vec::with_capacity(16 * c.band.len());
            for b in &c.band {
                put(&mut band, b.map(|b| b.0));
                put(&mut band, b.map(|b| b.1));
            }
            SeriesWire {
                curves: SeriesCurves {
                    values: Vec::new(),
                    band: Vec::new(),
                    ..c.clone()
                },
                lengths: c.values.iter().map(|v| v.len() as u32).collect(),
                values: Bytes(values),
                band: Bytes(band),
            }
        }))
    }

    /// Reads them back.
    ///
    /// # Errors
    /// The deserializer's, or why the bytes do not make the curves.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SeriesCurves>, D::Error> {
        use serde::de::Error;
        Vec::<SeriesWire>::deserialize(d)?
            .into_iter()
            .map(|w| {
                let numbers = take(&w.values).map_err(D::Error::custom)?;
                let mut rest = numbers.as_slice();
                let values = w
                    .lengths
                    .iter()
                    .map(|&n| {
                        let (one, more) = rest
                            .split_at_checked(n as usize)
                            .ok_or_else(|| D::Error::custom("curves: fewer values than said"))?;
                        rest = more;
                        Ok(one.to_vec())
                    })
                    .collect::<Result<_, D::Error>>()?;
                if !rest.is_empty() {
                    return Err(D::Error::custom("curves: more values than said"));
                }
                let ends = take(&w.band).map_err(D::Error::custom)?;
                if !ends.len().is_multiple_of(2) {
                    return Err(D::Error::custom("curves: a band end without its pair"));
                }
                let band = ends.chunks_exact(2).map(|p| p[0].zip(p[1])).collect();
                Ok(SeriesCurves {
                    values,
                    band,
                    ..w.curves
                })
            })
            .collect()
    }
}

/// `#[serde(with)]` for the Cover@τ curves.
pub mod cover {
    use super::*;

    /// Writes the Cover@τ curves with their points as bytes.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(all: &[CoverCurves], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(all.iter().map(|c| CoverWire {
            cover: CoverCurves {
                steps: Vec::new(),
                posterior: Vec::new(),
                ..c.clone()
            },
            steps: pairs(&c.steps),
            posterior: pairs(&c.posterior),
        }))
    }

    /// Reads them back.
    ///
    /// # Errors
    /// The deserializer's, or why the bytes are not points.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CoverCurves>, D::Error> {
        use serde::de::Error;
        Vec::<CoverWire>::deserialize(d)?
            .into_iter()
            .map(|w| {
                Ok(CoverCurves {
                    steps: unpairs(&w.steps).map_err(D::Error::custom)?,
                    posterior: unpairs(&w.posterior).map_err(D::Error::custom)?,
                    ..w.cover
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Curves with absent values, NaN and infinite ones, an empty estimator and no band,
    /// through serde's data model (serde_json values) and back, bit for bit.
    #[test]
    fn curves_cross_bit_for_bit() {
        let odd = f64::from_bits(0x7FF8_0000_0000_0007);
        let c = SeriesCurves {
            name: "a".into(),
            n_min: 3,
            n_max: 9,
            ks: vec![1, 2, 3],
            values: vec![
                vec![Some(0.25), None, Some(f64::INFINITY)],
                vec![],
                vec![Some(odd), Some(-0.0), Some(1e-300)],
            ],
            band: vec![Some((0.1, 0.2)), None, Some((f64::NAN, 1.0))],
            warnings: vec!["w".into()],
        };
        let bare = SeriesCurves {
            band: Vec::new(),
            ..c.clone()
        };
        let cov = CoverCurves {
            name: "a".into(),
            steps: vec![(0.5, 0.75), (1.0, 0.25)],
            posterior: vec![],
            marks: vec![(0.2, 0.5, None)],
            area: 0.4,
        };
        #[derive(Serialize, Deserialize)]
        struct Both {
            #[serde(with = "series")]
            s: Vec<SeriesCurves>,
            #[serde(with = "cover")]
            c: Vec<CoverCurves>,
        }
        let both = Both {
            s: vec![c, bare],
            c: vec![cov],
        };
        let back: Both = serde_json::from_value(serde_json::to_value(&both).unwrap()).unwrap();
        // Debug prints every f64 so that it reads back to the same bits (every NaN alike: the
        // one NaN with a payload of its own is checked by its bits below).
        assert_eq!(format!("{:?}", back.s), format!("{:?}", both.s));
        assert_eq!(format!("{:?}", back.c), format!("{:?}", both.c));
        assert_eq!(
            back.s[0].values[2][0].map(f64::to_bits),
            Some(odd.to_bits())
        );
        assert!(back.s[1].band.is_empty());
        // Bytes that are not whole numbers are refused, not read.
        let mut v = serde_json::to_value(&both).unwrap();
        v["s"][0]["values"] = serde_json::json!([1, 2, 3]);
        assert!(serde_json::from_value::<Both>(v).is_err());
    }
}
