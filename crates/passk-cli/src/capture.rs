//! What the commands print and say, written out — or captured, with inputs held in memory,
//! when the Python package asks for a document (`cli::document`), or kept as a value for the
//! JavaScript module (`cli::document_value`).

thread_local! {
    /// What the commands print, when captured (`cli::document`) instead of written out.
    static CAPTURED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// What they say on stderr (rejected rows, readers' notes), when captured.
    static SAID: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
    /// The document as a value, when kept so (`cli::document_value`): `Some(None)` while
    /// keeping, `Some(Some(value))` once printed.
    static VALUE: std::cell::RefCell<Option<Option<serde_json::Value>>> = const { std::cell::RefCell::new(None) };
    /// Inputs held in memory, by the name a file argument gives (`cli::document`).
    static MEMORY: std::cell::RefCell<Vec<(String, Held)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Says `text` on stderr (or into the capture of `cli::document`).
pub(crate) fn print_err(text: &str) {
    let captured = SAID.with_borrow_mut(|c| c.as_mut().map(|c| c.push(text.to_string())).is_some());
    if !captured {
        eprintln!("{text}");
    }
}

/// Prints a result and a new line on stdout (or into the capture of `cli::document`); a
/// reader that went away (`| head`) is not an error worth a panic.
pub(crate) fn print_out(text: &str) {
    let captured = CAPTURED.with_borrow_mut(|c| c.as_mut().map(|c| c.push_str(text)).is_some());
    if !captured {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}").and_then(|_| out.flush());
    }
}

/// An input held in memory: a file's bytes, or a table's columns (a DataFrame's, read as its
/// CSV would be: `passk_io::read::read_table`).
#[derive(Debug, Clone, PartialEq)]
pub enum Held {
    /// A file's bytes.
    Bytes(Vec<u8>),
    /// A table's columns.
    Table(Vec<passk_io::read::Column>),
}

/// Captures from now on what is printed and said, with `memory` as the inputs held.
pub(crate) fn start(memory: Vec<(String, Held)>) {
    CAPTURED.with_borrow_mut(|c| *c = Some(String::new()));
    SAID.with_borrow_mut(|c| *c = Some(Vec::new()));
    MEMORY.with_borrow_mut(|m| *m = memory);
}

/// Ends the capture: what was printed, and what was said.
pub(crate) fn finish() -> (String, Vec<String>) {
    let out = CAPTURED.with_borrow_mut(Option::take).unwrap_or_default();
    let said = SAID.with_borrow_mut(Option::take).unwrap_or_default();
    MEMORY.with_borrow_mut(Vec::clear);
    (out, said)
}

/// The input held in memory under the file argument `path`, if any.
pub(crate) fn held(path: &str) -> Option<Held> {
    MEMORY.with_borrow(|m| m.iter().find(|(name, _)| name == path).map(|h| h.1.clone()))
}

/// A document as the commands print it: pretty JSON text — or, when values are kept
/// (`cli::document_value`), kept as a value with nothing printed (empty text).
///
/// # Errors
/// When the document cannot be written.
pub(crate) fn json<T: serde::Serialize + ?Sized>(doc: &T) -> Result<String, String> {
    let keeping = VALUE.with_borrow(Option::is_some);
    if keeping {
        let value = serde_json::to_value(doc).map_err(|e| format!("writing JSON: {e}"))?;
        VALUE.with_borrow_mut(|v| *v = Some(Some(value)));
        return Ok(String::new());
    }
    serde_json::to_string_pretty(doc).map_err(|e| format!("writing JSON: {e}"))
}

/// Keeps the next document as a value ([`json`]).
pub(crate) fn keep_values() {
    VALUE.with_borrow_mut(|v| *v = Some(None));
}

/// The document kept as a value, if one was printed; keeping ends.
pub(crate) fn kept_value() -> Option<serde_json::Value> {
    VALUE.with_borrow_mut(Option::take).flatten()
}
