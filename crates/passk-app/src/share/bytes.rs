//! The byte-level steps of a link: inflating its data part (capped) and the percent-encoding
//! of its plain-text parts.

/// Inflates a raw deflate stream into at most `cap` bytes, growing the buffer exactly (never
/// past the cap) as the output needs it.
pub(super) fn inflate_capped(input: &[u8], cap: usize) -> Result<Vec<u8>, String> {
    use miniz_oxide::inflate::core::inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    use miniz_oxide::inflate::core::{decompress, DecompressorOxide};
    use miniz_oxide::inflate::TINFLStatus;
    let mut out = vec![0u8; input.len().saturating_mul(4).clamp(1 << 10, cap)];
    let mut state = Box::<DecompressorOxide>::default();
    let (mut rest, mut pos) = (input, 0);
    loop {
        let flags = TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        let (status, used, wrote) = decompress(&mut state, rest, &mut out, pos, flags);
        pos += wrote;
        rest = rest.get(used..).unwrap_or_default();
        match status {
            TINFLStatus::Done => {
                out.truncate(pos);
                return Ok(out);
            }
            TINFLStatus::HasMoreOutput if out.len() < cap => {
                let grown = out.len().saturating_mul(2).min(cap);
                out.reserve_exact(grown - out.len());
                out.resize(grown, 0);
            }
            TINFLStatus::HasMoreOutput => {
                return Err(format!(
                    "it inflates to more than {} MB, the most a link may carry",
                    cap >> 20
                ))
            }
            _ => return Err("not a valid deflate stream".to_string()),
        }
    }
}

/// At most 40 characters of something from a link, for a message.
pub(super) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// Percent-encodes all but unreserved URL characters (and `,`).
pub(super) fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~,".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes (a malformed escape is kept as written; invalid UTF-8 is replaced).
pub(super) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |j: usize| b.get(j).and_then(|&c| (c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
