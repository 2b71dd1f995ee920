//! The share link: what the page shows, in the URL fragment (`#…`, which browsers never send
//! to a server).
//!
//! # Format (version 1)
//! `&`-separated `key=value` pairs, for instance `#v=1&n=10&c=3&k=5&d=…`:
//! - `v` — the version; absent means 1, any other value is refused;
//! - `n`, `c`, `k` — the single-problem calculator as plain text (`#n=10&c=3&k=5` works typed
//!   by hand);
//! - `d` — the dataset view and the analysis ([`Shared`]: each input's series as counts, with
//!   the input's name, the series' model and temperature, task ids and order — so that the
//!   series assemble under the same names — the settings, the estimators drawn, the band and
//!   the open view) as JSON, raw-deflated and base64url-encoded without padding. Rejected rows
//!   and the raw files stay behind: a link carries the counts that were read;
//! - `ex` — a built-in example by name (`#ex=deepscaler`) instead of its counts: the page has
//!   them. With nothing else changed from the defaults the link is only that; else `d`
//!   follows with the settings and view (and no inputs).
//!
//! A part the link does not carry leaves that part of the page as it was. Nothing is trusted:
//! the decoder caps the inflated size at [`MAX_DECODED`], validates every count and setting,
//! and reports each problem as a message; it never panics.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

use bytes::{clip, inflate_capped, percent_decode, percent_encode};

use passk_io::read::FileRead;

/// The version this page writes and reads.
pub const VERSION: &str = "1";

/// The largest inflated data part, in bytes (a decompression bomb stops here).
pub const MAX_DECODED: usize = 4 << 20;

/// Above this many characters a link is reported as long: some chat tools truncate it.
pub const LONG_LINK: usize = 8 << 10;

/// The longest calculator field a link may set.
const MAX_FIELD: usize = 40;

/// The longest example key a link may carry.
pub const MAX_EXAMPLE_KEY: usize = 40;

/// The single-problem calculator's fields.
pub type CalcFields = [String; 3];

/// What a link carried, and what was wrong with it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Decoded {
    /// The calculator's n, c, k, if the link set them (and they were valid).
    pub calc: Option<CalcFields>,
    /// The dataset view and analysis, if the link carried them (and they could be read).
    pub data: Option<Shared>,
    /// One message per problem, for the person who opened the link.
    pub messages: Vec<String>,
}

impl Decoded {
    /// Whether the link carried anything the page applies.
    pub fn carries(&self) -> bool {
        self.calc.is_some() || self.data.is_some()
    }
}

/// The fragment (without `#`) for a calculator and/or a dataset state.
///
/// # Errors
/// When the data part would inflate to more than [`MAX_DECODED`] bytes (no decoder would
/// accept it).
pub fn encode(calc: Option<&CalcFields>, data: Option<&Shared>) -> Result<String, String> {
    let d = data.map(encode_data).transpose()?;
    Ok(fragment(calc, d.as_deref()))
}

/// The fragment (without `#`) from the calculator's fields and an encoded data part.
pub fn fragment(calc: Option<&CalcFields>, data: Option<&str>) -> String {
    let mut out = format!("v={VERSION}");
    if let Some([n, c, k]) = calc {
        for (key, value) in [("n", n), ("c", c), ("k", k)] {
            out.push('&');
            out.push_str(key);
            out.push('=');
            out.push_str(&percent_encode(value.trim()));
        }
    }
    if let Some(d) = data {
        out.push('&');
        out.push_str(d);
    }
    out
}

/// The data part: `d=` and the state as JSON, raw-deflated, base64url — or, for a built-in
/// example, `ex=` and its key, followed by `&d=…` only when the settings or view differ from
/// a fresh page's. The costly step of a link, so the page keeps it and re-encodes only when
/// the data changes.
///
/// # Errors
/// When the JSON is larger than [`MAX_DECODED`] bytes.
pub fn encode_data(shared: &Shared) -> Result<String, String> {
    match &shared.example {
        Some(key) if shared.is_default_view() => Ok(format!("ex={}", percent_encode(key))),
        Some(key) => {
            let rest = Shared {
                inputs: Vec::new(),
                ..shared.clone()
            };
            Ok(format!("ex={}&d={}", percent_encode(key), deflated(&rest)?))
        }
        None => Ok(format!("d={}", deflated(shared)?)),
    }
}

/// The state as JSON, raw-deflated, base64url.
fn deflated(shared: &Shared) -> Result<String, String> {
    let json = serde_json::to_vec(&payload::to_payload(shared)).map_err(|e| e.to_string())?;
    if json.len() > MAX_DECODED {
        return Err(format!(
            "the data is {:.1} MB, more than a link carries ({} MB)",
            json.len() as f64 / 1e6,
            MAX_DECODED >> 20
        ));
    }
    let deflated = miniz_oxide::deflate::compress_to_vec(&json, 6);
    Ok(URL_SAFE_NO_PAD.encode(deflated))
}

/// Reads a fragment (with or without its `#`). Never fails as a whole: whatever cannot be
/// read is left out and explained in [`Decoded::messages`].
pub fn decode(fragment: &str) -> Decoded {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut out = Decoded::default();
    if fragment.trim().is_empty() {
        return out;
    }
    let mut calc: [Option<String>; 3] = [None, None, None];
    let mut data = None;
    let mut example = None;
    let mut unknown = Vec::new();
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "v" => {
                if raw != VERSION {
                    out.messages.push(format!(
                        "This link is version {}, and this page reads version {VERSION}: nothing from it was applied.",
                        clip(&percent_decode(raw))
                    ));
                    return out;
                }
            }
            "n" | "c" | "k" => {
                let i = ["n", "c", "k"].iter().position(|k| *k == key).unwrap_or(0);
                calc[i] = Some(percent_decode(raw));
            }
            "d" => data = Some(raw),
            "ex" => {
                let key = percent_decode(raw);
                if key.is_empty()
                    || key.len() > MAX_EXAMPLE_KEY
                    || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                {
                    out.messages.push(format!(
                        "The link's example name {} is not one: the dataset view is as it was.",
                        clip(&key)
                    ));
                } else {
                    example = Some(key);
                }
            }
            _ => unknown.push(clip(&percent_decode(key))),
        }
    }
    if !unknown.is_empty() {
        out.messages.push(format!(
            "The link's unknown part{} {} {} ignored.",
            if unknown.len() == 1 { "" } else { "s" },
            unknown.join(", "),
            if unknown.len() == 1 { "was" } else { "were" }
        ));
    }
    if calc.iter().any(Option::is_some) {
        match read_calc(calc) {
            Ok(fields) => out.calc = Some(fields),
            Err(e) => out.messages.push(format!(
                "The link's calculator values were not applied: {e}."
            )),
        }
    }
    if let (Some(key), None) = (&example, data) {
        out.data = Some(Shared::of_example(key));
    }
    if let Some(raw) = data {
        match read_data(raw) {
            Ok((mut shared, notes)) => {
                if let Some(key) = example {
                    shared.example = Some(key);
                    shared.inputs.clear();
                }
                out.data = Some(shared);
                out.messages.extend(notes);
            }
            Err(e) => out.messages.push(format!(
                "The link's data could not be read ({e}): the dataset view is as it was."
            )),
        }
    }
    out
}

/// The calculator fields, each a whole number from 0 to 10^12 (the calculator itself says
/// what is wrong with a combination, such as c > n).
fn read_calc(calc: [Option<String>; 3]) -> Result<CalcFields, String> {
    let mut fields: CalcFields = Default::default();
    for ((name, value), slot) in ["n", "c", "k"].iter().zip(calc).zip(&mut fields) {
        let Some(v) = value else {
            return Err(format!(
                "{name} is missing (a link sets n, c and k together)"
            ));
        };
        let v = v.trim().to_string();
        passk_io::number::parse_count(&v).map_err(|e| format!("{name} = {} {e}", clip(&v)))?;
        if v.chars().count() > MAX_FIELD {
            return Err(format!("{name} is {} characters long", v.chars().count()));
        }
        *slot = v;
    }
    Ok(fields)
}

/// The data part: base64url → inflate (capped) → JSON → validated series and settings, with
/// notes on what was left at its default.
fn read_data(raw: &str) -> Result<(Shared, Vec<String>), String> {
    // Base64 of the largest acceptable deflate stream is far shorter than this; refusing a
    // longer one up front bounds the work.
    if raw.len() > MAX_DECODED / 3 * 4 + 4 {
        return Err(format!(
            "{} characters of data is more than a link carries",
            raw.len()
        ));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(raw.trim_end_matches('='))
        .map_err(|e| format!("not base64url: {e}"))?;
    let json = inflate_capped(&bytes, MAX_DECODED)?;
    let wire: payload::Payload =
        serde_json::from_slice(&json).map_err(|e| format!("not the data of a passk link: {e}"))?;
    payload::from_payload(wire)
}

/// What a link keeps of an input: its names, format and series (not its rejected rows, unused
/// columns or size, which belong to the raw file).
pub fn carried(f: &FileRead) -> FileRead {
    FileRead {
        file: f.file.clone(),
        default_name: f.default_name.clone(),
        format: f.format,
        series: f.series.clone(),
        runs_of: f.runs_of.clone(),
        id: f.id,
        rejected: Vec::new(),
        rejected_more: 0,
        ignored_columns: Vec::new(),
        notes: Vec::new(),
        bytes: 0,
    }
}

mod bytes;
mod payload;
mod shared;

pub use shared::Shared;

// Native only: the property tests use proptest.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
