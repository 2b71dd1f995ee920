//! A file read as a document: what `read` gives in Python and JavaScript.

use passk_io::counts_doc::CountsDoc;
use passk_io::read::{assemble, read_bytes, series_name_for, Format};

/// A file's bytes read as the readers read them (the format detected unless named), as a
/// document: `file`, `format` (its key), `series` (the series as the report names them, each
/// its tasks' ids and counts: the `passk counts` document's), `rejected` (line, reason) and
/// `notes`.
///
/// # Errors
/// A format name that is not one.
pub fn read_document(
    name: &str,
    bytes: &[u8],
    format: Option<&str>,
) -> Result<serde_json::Value, String> {
    let format = match format {
        Some(f) => Some(Format::from_key(f).ok_or_else(|| format!("unknown format '{f}'"))?),
        None => None,
    };
    let read = read_bytes(name, &series_name_for(name), bytes, format);
    let (file, key) = (read.file.clone(), read.format.map(|f| f.key()));
    let (rejected, notes) = (read.rejected.clone(), read.notes.clone());
    let (datasets, _) = assemble(vec![read]);
    Ok(serde_json::json!({
        "file": file,
        "format": key,
        "series": CountsDoc::of(&datasets).series,
        "rejected": rejected,
        "notes": notes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_rejected_named_and_formats_refused() {
        let doc = read_document("a.txt", b"10 3\n10 x\n", None).unwrap();
        assert_eq!(doc["file"], "a.txt");
        assert_eq!(doc["rejected"].as_array().map(Vec::len), Some(1), "{doc}");
        assert_eq!(
            doc["series"][0]["tasks"].as_array().map(Vec::len),
            Some(1),
            "{doc}"
        );
        assert_eq!(
            read_document("a.txt", b"", Some("nope")).unwrap_err(),
            "unknown format 'nope'"
        );
    }
}
