//! What an input is run through.

/// What an input is run through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A reader: the format forced (or detected), chunking and options from the choice.
    Read,
    /// The share-link decoder.
    Link,
    /// Every settings parser.
    Settings,
    /// The single-problem calculator (n, c, k split on `|`).
    Calc,
}

impl Target {
    /// Every target, in the order of their names.
    pub const ALL: [Target; 4] = [Target::Read, Target::Link, Target::Settings, Target::Calc];

    /// Its name: the folder of its seeds (`corpus/<name>/`), the start of its kept inputs'
    /// names (`crashes/<name>-<choice>-<hash>.bin`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Read => "read",
            Target::Link => "link",
            Target::Settings => "settings",
            Target::Calc => "calc",
        }
    }
}
