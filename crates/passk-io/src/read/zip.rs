//! Reading a zip archive (an inspect_ai `.eval` log) from its bytes: the central directory
//! lists the entries; each is inflated on its own with the deflate passk already ships
//! (`miniz_oxide`), and never beyond a size cap, so one entry at a time is in memory.
//!
//! Only what the logs use: stored (0), deflated (8) and zstd (93, inspect_ai since 0.3.206,
//! decoded by `ruzstd`) entries, no encryption, no zip64 (archives and entries under 4 GiB).
//! The CRC is not checked; a damaged stream is reported by its decoder.

use crate::number::shorten;

/// The largest entry inflated (bytes); a larger one is refused with its name.
pub const MAX_ENTRY: usize = 256 << 20;

/// One file in the archive, not yet inflated.
#[derive(Debug)]
pub struct Entry<'a> {
    /// Its path in the archive.
    pub name: String,
    method: u16,
    data: &'a [u8],
    size: u64,
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

const END: u32 = 0x0605_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const LOCAL: u32 = 0x0403_4b50;

/// The entries of the archive, in the central directory's order.
///
/// # Errors
/// Why the bytes are not a zip archive passk can read (cut short, zip64, a record out of
/// place).
pub fn entries(b: &[u8]) -> Result<Vec<Entry<'_>>, String> {
    let cut = || "the zip archive is cut short or damaged (no central directory)".to_string();
    // The end record is the last 22 bytes, or before a comment of at most 64 KiB.
    let lowest = b.len().saturating_sub(22 + 0xffff);
    let end = (lowest..=b.len().saturating_sub(22))
        .rev()
        .find(|&i| u32_at(b, i) == Some(END))
        .ok_or_else(cut)?;
    let count = u16_at(b, end + 10).ok_or_else(cut)? as usize;
    let dir = u32_at(b, end + 16).ok_or_else(cut)?;
    if dir == u32::MAX || count == 0xffff {
        return Err("zip64 archives are not read (larger than 4 GiB)".to_string());
    }
    let mut at = dir as usize;
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let bad = || format!("zip entry {}: its directory record is damaged", i + 1);
        if u32_at(b, at) != Some(CENTRAL) {
            return Err(bad());
        }
        let method = u16_at(b, at + 10).ok_or_else(bad)?;
        let packed = u32_at(b, at + 20).ok_or_else(bad)?;
        let size = u32_at(b, at + 24).ok_or_else(bad)?;
        let name_len = u16_at(b, at + 28).ok_or_else(bad)? as usize;
        let extra = u16_at(b, at + 30).ok_or_else(bad)? as usize;
        let comment = u16_at(b, at + 32).ok_or_else(bad)? as usize;
        let local = u32_at(b, at + 42).ok_or_else(bad)? as usize;
        let name = b.get(at + 46..at + 46 + name_len).ok_or_else(bad)?;
        let name = String::from_utf8_lossy(name).into_owned();
        if packed == u32::MAX || size == u32::MAX || local == u32::MAX as usize {
            return Err(format!(
                "zip entry '{}': zip64 entries are not read",
                shorten(&name)
            ));
        }
        let damaged = || {
            format!(
                "zip entry '{}': its local header is damaged",
                shorten(&name)
            )
        };
        if u32_at(b, local) != Some(LOCAL) {
            return Err(damaged());
        }
        let start = local
            + 30
            + u16_at(b, local + 26).ok_or_else(damaged)? as usize
            + u16_at(b, local + 28).ok_or_else(damaged)? as usize;
        let stop = start.checked_add(packed as usize).ok_or_else(damaged)?;
        let data = b.get(start..stop).ok_or_else(damaged)?;
        out.push(Entry {
            name,
            method,
            data,
            size: size as u64,
        });
        at += 46 + name_len + extra + comment;
    }
    Ok(out)
}

impl Entry<'_> {
    /// The entry's bytes, inflated.
    ///
    /// # Errors
    /// An entry larger than [`MAX_ENTRY`], of a compression method other than stored or
    /// deflate, or whose deflate stream is damaged.
    pub fn bytes(&self) -> Result<Vec<u8>, String> {
        let name = shorten(&self.name);
        if self.size > MAX_ENTRY as u64 {
            return Err(format!(
                "zip entry '{name}' is {} MB, over the limit of {} MB",
                self.size >> 20,
                MAX_ENTRY >> 20
            ));
        }
        match self.method {
            0 => Ok(self.data.to_vec()),
            8 => miniz_oxide::inflate::decompress_to_vec_with_limit(self.data, MAX_ENTRY)
                .map_err(|e| format!("zip entry '{name}' does not inflate: {:?}", e.status)),
            93 => unzstd(self.data).map_err(|e| format!("zip entry '{name}': {e}")),
            m => Err(format!(
                "zip entry '{name}': compression method {m} is not read (only stored, deflate and zstd)"
            )),
        }
    }
}

/// A zstd stream decoded, never beyond [`MAX_ENTRY`] bytes.
fn unzstd(data: &[u8]) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut source = data;
    let decoder = ruzstd::decoding::StreamingDecoder::new(&mut source)
        .map_err(|e| format!("not a zstd stream: {e}"))?;
    let mut out = Vec::new();
    decoder
        .take(MAX_ENTRY as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("the zstd stream is damaged: {e}"))?;
    if out.len() > MAX_ENTRY {
        return Err(format!("over the limit of {} MB", MAX_ENTRY >> 20));
    }
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A zip archive of `files` (name, bytes, deflated?), laid out as Python's zipfile
    /// writes it (local headers, data, central directory, end record).
    pub(crate) fn zip(files: &[(&str, &[u8], bool)]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut dir = Vec::new();
        for &(name, data, deflate) in files {
            let packed = if deflate {
                miniz_oxide::deflate::compress_to_vec(data, 6)
            } else {
                data.to_vec()
            };
            let method: u16 = if deflate { 8 } else { 0 };
            let offset = out.len() as u32;
            let head = |sig: u32, central: bool| {
                let mut h = sig.to_le_bytes().to_vec();
                if central {
                    h.extend(20u16.to_le_bytes());
                }
                h.extend(20u16.to_le_bytes());
                h.extend(0u16.to_le_bytes());
                h.extend(method.to_le_bytes());
                h.extend([0u8; 8]); // time, date, crc
                h.extend((packed.len() as u32).to_le_bytes());
                h.extend((data.len() as u32).to_le_bytes());
                h.extend((name.len() as u16).to_le_bytes());
                h.extend(0u16.to_le_bytes());
                if central {
                    h.extend([0u8; 6]); // comment length, disk, internal attributes
                    h.extend([0u8; 4]); // external attributes
                    h.extend(offset.to_le_bytes());
                }
                h.extend(name.as_bytes());
                h
            };
            dir.extend(head(CENTRAL, true));
            out.extend(head(LOCAL, false));
            out.extend(&packed);
        }
        let start = out.len() as u32;
        out.extend(&dir);
        out.extend(END.to_le_bytes());
        out.extend([0u8; 4]);
        out.extend((files.len() as u16).to_le_bytes());
        out.extend((files.len() as u16).to_le_bytes());
        out.extend((dir.len() as u32).to_le_bytes());
        out.extend(start.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out
    }

    #[test]
    fn stored_and_deflated_entries_read_back() {
        let big = "{\"id\": 1}".repeat(1000);
        let z = zip(&[
            ("header.json", b"{}", false),
            ("samples/1_epoch_1.json", big.as_bytes(), true),
        ]);
        let e = entries(&z).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[1].name, "samples/1_epoch_1.json");
        assert_eq!(e[0].bytes().unwrap(), b"{}");
        assert_eq!(e[1].bytes().unwrap(), big.as_bytes());
    }

    #[test]
    fn damaged_archives_are_errors_not_panics() {
        let z = zip(&[("a.json", b"{\"x\": 1}", true)]);
        for cut in 0..z.len() {
            if let Ok(e) = entries(&z[..cut]) {
                for x in e {
                    let _ = x.bytes();
                }
            }
        }
        for i in 0..z.len() {
            let mut bad = z.clone();
            bad[i] ^= 0xff;
            if let Ok(e) = entries(&bad) {
                for x in e {
                    let _ = x.bytes();
                }
            }
        }
        assert!(entries(b"PK\x03\x04 not really")
            .unwrap_err()
            .contains("cut short"));
    }
}
