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
    /// The whole report of an input read as the command line reads it (forecasts included),
    /// its k list from a first line `# k=…` or else from the choice: timed, as slowness is
    /// a bug too.
    Report,
    /// The JavaScript module's options, as JSON (taken as the module takes a JavaScript
    /// value: `passk_js::given::Given`), through every command's settings.
    Options,
}

impl Target {
    /// Every target, in the order of their names.
    pub const ALL: [Target; 6] = [
        Target::Read,
        Target::Link,
        Target::Settings,
        Target::Calc,
        Target::Report,
        Target::Options,
    ];

    /// Its name: the folder of its seeds (`corpus/<name>/`), the start of its kept inputs'
    /// names (`crashes/<name>-<choice>-<hash>.bin`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Read => "read",
            Target::Link => "link",
            Target::Settings => "settings",
            Target::Calc => "calc",
            Target::Report => "report",
            Target::Options => "options",
        }
    }

    /// How long one input may run before the fuzzer keeps it: a report is given the time a
    /// user would wait for one (2 s natively), every other target 1 s.
    pub fn limit(self) -> std::time::Duration {
        match self {
            Target::Report => std::time::Duration::from_secs(2),
            _ => std::time::Duration::from_secs(1),
        }
    }
}
