//! What the writer and reader report, in serde's terms (the codec says it as an `Error`).

/// What the writer or reader reports, in serde's terms.
#[derive(Debug)]
pub(crate) struct Fault(pub(crate) String);

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Fault {}

impl serde::ser::Error for Fault {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Fault(msg.to_string())
    }
}

impl serde::de::Error for Fault {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Fault(msg.to_string())
    }
}
