//! The fits of `Reply::Fits` across the worker boundary with
//! each series' grouped counts in columns (n, c and multiplicity as one byte array), as
//! `tasks.rs` sends task lists. Every other use of the type keeps its own form.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::tasks::{le_u64, Bytes};
use passk_core::data::counts::Counts;
use passk_core::data::groups::Groups;
use passk_core::estimators::extrapolate::LogitLine;
use passk_core::estimators::scaled::ScaledFit;
use passk_core::eval::fit::SeriesFit;
use passk_core::eval::fits::Fits;

/// A series' fit whose grouped counts are in columns (a million tasks of n in 50..1000 are
/// half a million groups: as JavaScript objects they held the page's thread for 0.3 s).
#[derive(Serialize, Deserialize)]
struct SeriesFitCols {
    name: String,
    /// n, c and multiplicity of each group, little-endian u64s.
    groups: Bytes,
    fits: Option<Fits>,
    line: Option<LogitLine>,
    #[serde(default)]
    scaled: Option<[ScaledFit; 2]>,
}

/// Writes the fits with their grouped counts in columns.
///
/// # Errors
/// The serializer's.
pub fn serialize<S: Serializer>(fits: &[SeriesFit], s: S) -> Result<S::Ok, S::Error> {
    let cols: Vec<SeriesFitCols> = fits
        .iter()
        .map(|f| {
            let mut groups = Vec::with_capacity(24 * f.groups.len());
            for (c, w) in f.groups.iter() {
                for x in [c.n(), c.c(), w] {
                    groups.extend_from_slice(&x.to_le_bytes());
                }
            }
            SeriesFitCols {
                name: f.name.clone(),
                groups: Bytes(groups),
                fits: f.fits,
                line: f.line,
                scaled: f.scaled,
            }
        })
        .collect();
    cols.serialize(s)
}

/// Reads them back (groups are re-sorted and merged as [`Groups::from_weighted`] does,
/// whatever order they come in).
///
/// # Errors
/// The deserializer's, or why the columns do not make groups.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SeriesFit>, D::Error> {
    use serde::de::Error;
    Vec::<SeriesFitCols>::deserialize(d)?
        .into_iter()
        .map(|c| {
            let bytes = &c.groups.0;
            if !bytes.len().is_multiple_of(24) {
                return Err(D::Error::custom("groups: not a whole number of groups"));
            }
            let groups = bytes
                .chunks(24)
                .map(|g| {
                    let counts = Counts::new(le_u64(&g[..8]), le_u64(&g[8..16]));
                    Ok((counts.map_err(D::Error::custom)?, le_u64(&g[16..])))
                })
                .collect::<Result<Vec<_>, D::Error>>()?;
            Ok(SeriesFit {
                name: c.name,
                groups: Groups::from_weighted(groups),
                fits: c.fits,
                line: c.line,
                scaled: c.scaled,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tasks::tests::tasks;
    use super::*;
    use passk_core::data::dataset::{Dataset, SeriesMeta};

    /// Fits written as columns and read back through JSON.
    fn fits_back(fits: &[SeriesFit]) -> Result<Vec<SeriesFit>, serde_json::Error> {
        let mut json = Vec::new();
        serialize(fits, &mut serde_json::Serializer::new(&mut json))?;
        deserialize(&mut serde_json::Deserializer::from_slice(&json))
    }

    #[test]
    fn fits_with_grouped_counts_in_columns_come_back_whole_and_damage_is_refused() {
        let ds = Dataset {
            name: "m".into(),
            tasks: tasks().into(),
            meta: SeriesMeta::model("m"),
        };
        let fits = vec![
            SeriesFit::new(&ds),
            SeriesFit::new(&Dataset {
                name: "empty".into(),
                tasks: Default::default(),
                meta: SeriesMeta::default(),
            }),
        ];
        assert!(fits[0].groups.len() > 3 && fits[0].fits.is_some());
        // (JSON reads floats back to within an ulp: the fits' numbers are not compared here;
        // the engine's tests send them through serde-wasm-bindgen, exactly.)
        let back = fits_back(&fits).unwrap();
        let shape = |f: &[SeriesFit]| -> Vec<_> {
            f.iter()
                .map(|x| (x.name.clone(), x.groups.clone(), x.fits.is_some()))
                .collect()
        };
        assert_eq!(shape(&back), shape(&fits));
        // Groups out of order or repeated come back sorted and merged, as Groups makes them.
        let word = |x: u64| x.to_le_bytes();
        let cols = |groups: &[[u64; 3]]| SeriesFitCols {
            name: "x".into(),
            groups: Bytes(groups.iter().flatten().flat_map(|&x| word(x)).collect()),
            fits: None,
            line: None,
            scaled: None,
        };
        let read = |c: SeriesFitCols| {
            let json = serde_json::to_string(&[c]).unwrap();
            deserialize(&mut serde_json::Deserializer::from_str(&json))
        };
        let want = Groups::from_weighted([
            (Counts::new(4, 1).unwrap(), 3),
            (Counts::new(9, 0).unwrap(), 2),
        ]);
        let got = read(cols(&[[9, 0, 2], [4, 1, 1], [4, 1, 2]])).unwrap();
        assert_eq!(got[0].groups, want);
        assert!(read(cols(&[[4, 5, 1]])).is_err(), "c > n");
        assert!(read(cols(&[[0, 0, 1]])).is_err(), "n = 0");
        let mut odd = cols(&[[4, 1, 1]]);
        odd.groups.0.pop();
        assert!(read(odd).is_err(), "a group cut short");
    }
}
