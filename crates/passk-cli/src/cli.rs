//! The `passk` command line (native only): `passk report [FILE ...|-] [FLAGS]` prints the
//! `passk-report/2` JSON document; `passk counts` the counts as read; `passk link` a share
//! link that opens the page with the files' series. One parser (lexopt) reads all three: each
//! command lists the flags it accepts, and a value follows its flag as `--flag value` or
//! `--flag=value`. Exit status 2 on a malformed argument, an unreadable file or rejected rows
//! (the report of the valid rows is still printed); a file with no valid row is an error (the
//! page's refusal, `passk_io::read::refusal`), with no document printed.

#[cfg(not(target_arch = "wasm32"))]
use std::ffi::OsString;
use std::process::ExitCode;

use passk_app::share::{carried, encode, Shared};
use passk_core::analysis::compare::{compare_all, Pairs};
use passk_core::analysis::{self, Plan};
use passk_core::data::Dataset;
use passk_core::report::build_report;
use passk_io::counts_doc::counts_json;
use passk_io::read::assemble;

use crate::args::{Args, Flag, READ_FLAGS};
use crate::capture::{self, print_out, Held};
use crate::output::{compare_out, report_out, speaks};
#[cfg(not(target_arch = "wasm32"))]
use crate::parse::parse;
use crate::read::{print_rejected, read_all, read_files, read_with_errors};
#[cfg(not(target_arch = "wasm32"))]
use crate::usage::USAGE;

/// The document of `command` (report, compare, plan, counts) on `args` as typed values, with
/// inputs held in memory (`(name, held)`: a file named so reads those bytes or that table,
/// shown as that name): what the command prints, and what it says on stderr (each rejected row as
/// `name:line: reason`, the readers' notes) (the Python package's way in: its keywords become [`Args`] through
/// [`crate::apply::apply`], checked as the flags are, with no command line in between).
///
/// # Errors
/// An unknown command, or the command's message.
pub fn document(
    command: &str,
    args: Args,
    memory: Vec<(String, Held)>,
) -> Result<(String, Vec<String>), String> {
    let Some(&(_, _, run)) = COMMANDS.iter().find(|c| c.0 == command && c.0 != "link") else {
        return Err(format!("unknown command '{command}'"));
    };
    if !speaks(command, args.output, args.next) {
        return Err(speaks_json_only(command));
    }
    capture::start(memory);
    let result = run(args);
    let (out, said) = capture::finish();
    result.map(|_| (out, said))
}

/// [`document`] with the document as a value (`serde_json::Value`, its numbers the very
/// `f64`s the JSON text prints, NaN as `null` as there), not as JSON text, and what it said:
/// the JavaScript module's way in.
///
/// # Errors
/// An unknown command, or the command's message.
pub fn document_value(
    command: &str,
    args: Args,
    memory: Vec<(String, Held)>,
) -> Result<(serde_json::Value, Vec<String>), String> {
    capture::keep_values();
    let result = document(command, args, memory);
    let value = capture::kept_value();
    let (_, said) = result?;
    let value = value.ok_or_else(|| format!("{command} printed no document"))?;
    Ok((value, said))
}

/// The flag a keyword of `command` names (Python's `by_group` is `--by-group`; `forecast`
/// is `--no-forecast`, whose value it inverts: the `bool`).
///
/// # Errors
/// A keyword the command does not take, naming those it takes.
pub fn keyword_flag(command: &str, keyword: &str) -> Result<(Flag, bool), String> {
    let Some((flags, forecast)) = keyword_flags(command) else {
        return Err(format!("unknown command '{command}'"));
    };
    if keyword == "forecast" && forecast {
        return Ok((Flag::NoForecast, true));
    }
    if let Some(f) = flags.into_iter().find(|f| f.keyword() == keyword) {
        return Ok((f, false));
    }
    Err(format!(
        "{command}: unknown keyword '{keyword}': one of {}",
        keywords(command).join(", ")
    ))
}

/// The flags `command` takes as keywords (not `--page`, and `--no-forecast` as `forecast`:
/// whether it takes that), None for no command.
fn keyword_flags(command: &str) -> Option<(Vec<Flag>, bool)> {
    let &(_, flags, _) = COMMANDS.iter().find(|c| c.0 == command)?;
    let named = flags.iter().chain(READ_FLAGS).copied();
    let named = named.filter(|f| *f != Flag::Page && *f != Flag::NoForecast);
    Some((named.collect(), flags.contains(&Flag::NoForecast)))
}

/// The keywords `command` takes (Python's, snake_case), in the order of its flags.
pub fn keywords(command: &str) -> Vec<String> {
    let Some((flags, forecast)) = keyword_flags(command) else {
        return Vec::new();
    };
    let mut known: Vec<String> = flags.iter().map(|f| f.keyword()).collect();
    if forecast {
        known.push("forecast".into());
    }
    known
}

/// Dispatches on the command (the first argument), parses the rest with the one parser and
/// runs the command; `Ok` carries the exit status (2 when rows were rejected).
#[cfg(not(target_arch = "wasm32"))]
pub fn run(mut args: Vec<OsString>) -> Result<ExitCode, String> {
    if args.is_empty() {
        return Err(USAGE.to_string());
    }
    let rest = args.split_off(1);
    let name = args[0].to_string_lossy();
    if matches!(name.as_ref(), "-h" | "--help" | "help") {
        println!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    if matches!(name.as_ref(), "-V" | "--version" | "version") {
        print_out(&format!("passk {}", env!("CARGO_PKG_VERSION")));
        return Ok(ExitCode::SUCCESS);
    }
    let Some(&(_, flags, command)) = COMMANDS.iter().find(|c| c.0 == name) else {
        return Err(format!("unknown command '{name}'\n\n{USAGE}"));
    };
    match parse(rest, flags)? {
        Some(args) if !speaks(&name, args.output, args.next) => Err(speaks_json_only(&name)),
        Some(args) => command(args),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// The refusal of a text format by a command that prints JSON only.
fn speaks_json_only(name: &str) -> String {
    format!("{name} prints JSON only: --format md and text are for report, compare and plan --next")
}

/// A command: what it does with the parsed command line; `Ok` carries the exit status.
type Command = fn(Args) -> Result<ExitCode, String>;

/// The commands: the name, the flags it accepts (any other is an `unknown flag`), the run.
const COMMANDS: [(&str, &[Flag], Command); 6] = [
    ("report", REPORT_FLAGS, report),
    (
        "plan",
        &[
            Flag::K,
            Flag::HalfWidth,
            Flag::Confidence,
            Flag::Prior,
            Flag::Format,
            Flag::Next,
        ],
        plan,
    ),
    (
        "counts",
        &[
            Flag::Format,
            Flag::ByGroup,
            Flag::FoldCase,
            Flag::Metric,
            Flag::Partial,
            Flag::Errors,
        ],
        counts,
    ),
    ("link", &[Flag::Format, Flag::Page, Flag::Metric], link),
    (
        "compare",
        &[
            Flag::K,
            Flag::Bootstrap,
            Flag::Seed,
            Flag::Pairs,
            Flag::Format,
            Flag::Metric,
            Flag::Errors,
        ],
        compare,
    ),
    (
        "rank",
        &[
            Flag::Method,
            Flag::Separate,
            Flag::K,
            Flag::GTau,
            Flag::Confidence,
            Flag::Bootstrap,
            Flag::Seed,
            Flag::Format,
            Flag::Metric,
            Flag::Errors,
        ],
        crate::rank::rank,
    ),
];

/// The flags of `passk report`.
const REPORT_FLAGS: &[Flag] = &[
    Flag::K,
    Flag::Reach,
    Flag::NoForecast,
    Flag::PowerRange,
    Flag::ForecastAll,
    Flag::CountAll,
    Flag::Tau,
    Flag::GTau,
    Flag::Linmix,
    Flag::Prior,
    Flag::Confidence,
    Flag::Bootstrap,
    Flag::Seed,
    Flag::Folds,
    Flag::Backtest,
    Flag::BacktestRepeats,
    Flag::Format,
    Flag::ByGroup,
    Flag::FoldCase,
    Flag::Metric,
    Flag::Partial,
    Flag::Rubric,
    Flag::RubricPrior,
    Flag::Errors,
    Flag::Threads,
];

/// Exit status 2 when rows were rejected.
fn status(any_rejected: bool) -> ExitCode {
    if any_rejected {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `passk counts [FILE ...|-] [--format F]`: the per-task counts as read, as JSON.
fn counts(args: Args) -> Result<ExitCode, String> {
    let (datasets, _, any_rejected) = read_files(&args)?;
    print_out(&counts_json(&datasets));
    Ok(status(any_rejected))
}

/// `passk link [FILE ...|-] [--format F] [--page URL]`: the share link of the files' series
/// with the page's default settings.
fn link(args: Args) -> Result<ExitCode, String> {
    let reads = read_all(&args.files, args.format, &args.read)?;
    let any_rejected = print_rejected(&assemble(reads.clone()).1);
    let shared = shared_of(&reads);
    let fragment = encode(None, Some(&shared))?;
    let page = args.page.split('#').next().unwrap_or_default();
    print_out(&format!("{page}#{fragment}"));
    Ok(status(any_rejected))
}

/// What a share link of `reads` carries: the series read (each file named without the
/// directories it sits in on this machine) with the page's default settings (`passk link`'s,
/// and the JavaScript module's "open in passk").
pub fn shared_of(reads: &[passk_io::read::FileRead]) -> Shared {
    let inputs = reads
        .iter()
        .map(|r| {
            let mut kept = carried(r);
            kept.file = kept
                .file
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or_default()
                .to_string();
            kept
        })
        .collect();
    Shared {
        inputs,
        settings: Default::default(),
        enabled: passk_core::estimators::DEFAULT_ENABLED.to_vec(),
        band: passk_core::settings::BandKind::DEFAULT,
        view: Default::default(),
        example: None,
    }
}

/// One series' plan as `passk plan` prints it: the series name, then the plan's fields.
#[derive(serde::Serialize)]
struct NamedPlan {
    /// The series.
    series: String,
    /// The plan.
    #[serde(flatten)]
    plan: Plan,
}

/// `passk plan [FILE ...|-] --k K --half-width H [--confidence P]`: the sample-size plan of
/// each series as JSON (one object, or an array for several series, each with its `series`).
fn plan(args: Args) -> Result<ExitCode, String> {
    if args.next {
        let (datasets, _, any_rejected) = read_files(&args)?;
        print_out(&crate::next::next_text(&args, &datasets)?);
        return Ok(status(any_rejected));
    }
    let k = match args.opts.ks.as_slice() {
        [k] => *k,
        _ => return Err("plan needs one budget: --k K".into()),
    };
    let h = args
        .half_width
        .ok_or("plan needs a target: --half-width H")?;
    let (datasets, _, any_rejected) = read_files(&args)?;
    let confidence = args.opts.settings.confidence;
    let mut plans = Vec::new();
    for d in &datasets {
        let plan = analysis::plan(&d.groups(), k, h, confidence)
            .map_err(|e| format!("{}: {e}", d.name))?;
        plans.push(NamedPlan {
            series: d.name.clone(),
            plan,
        });
    }
    let json = match plans.as_slice() {
        [one] => capture::json(one),
        all => capture::json(all),
    }?;
    print_out(&json);
    Ok(status(any_rejected))
}

/// Without `--k`, the default budgets up to 8 × the largest n read (as the page's default k
/// list): `passk_core::settings::default_ks`.
fn default_budgets(args: &mut Args, datasets: &[Dataset]) {
    if !args.k_given {
        let n_max = datasets
            .iter()
            .flat_map(|d| d.tasks.iter())
            .map(|t| t.counts.n())
            .max();
        args.opts.ks = passk_core::settings::default_ks(n_max);
    }
}

/// `passk compare [FILE ...|-] [FLAGS]`: every pair's paired test at each k, the crossovers
/// and the ranks, as JSON.
fn compare(mut args: Args) -> Result<ExitCode, String> {
    let (datasets, _, any_rejected) = read_files(&args)?;
    default_budgets(&mut args, &datasets);
    let pairs = if args.first_pairs {
        Pairs::First
    } else {
        Pairs::All
    };
    let d = compare_all(&datasets, &args.opts.ks, pairs, &args.opts.settings);
    print_out(&compare_out(&datasets, &d, args.output)?);
    Ok(status(any_rejected))
}

/// `passk report [FILE ...|-] [FLAGS]`: the passk-report/2 JSON document.
fn report(mut args: Args) -> Result<ExitCode, String> {
    let ((datasets, rejected, any_rejected), errors) = read_with_errors(&args)?;
    default_budgets(&mut args, &datasets);
    let mut report = build_report(&datasets, rejected, &args.opts);
    for (m, e) in report.models.iter_mut().zip(errors) {
        m.errors = e;
    }
    let o = &args.opts;
    print_out(&report_out(
        &report,
        &datasets,
        (&o.ks, &o.settings),
        args.output,
    )?);
    Ok(status(any_rejected))
}
