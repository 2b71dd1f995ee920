//! The command line's one argument parser (lexopt): the long flags, what each command
//! accepts, and the parsed [`Args`]. A value follows its flag as `--flag value` or
//! `--flag=value`.

use std::ffi::{OsStr, OsString};

use lexopt::Arg;

use passk_core::data::ErrorPolicy;
use passk_core::estimators::Rubric;
use passk_core::settings::Options;
use passk_io::read::{Format, ReadOptions};

use crate::output::Output;
use passk_io::settings;

use crate::usage::USAGE;

/// Backtest repeats per shrink factor unless `--backtest R` or `--backtest-repeats R` says.
const DEFAULT_REPEATS: u64 = 20;

/// The page a share link opens unless `--page URL` says.
const DEFAULT_PAGE: &str = "http://127.0.0.1:8080/";

/// A long flag. Every one but `--backtest` takes a value, as `--flag value` or `--flag=value`;
/// `--backtest` takes its optional repeat count as `--backtest=R` or as a following argument
/// that is a whole number.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// `--k LIST`: the budgets.
    K,
    /// `--tau LIST`: the Cover@τ thresholds.
    Tau,
    /// `--g-tau LIST`: the G-Pass@k_τ thresholds.
    GTau,
    /// `--half-width H`: the planner's target half-width.
    HalfWidth,
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
    /// `--by-group`: each series, then one per group.
    ByGroup,
    /// `--fold-case`: answers compared ignoring case.
    FoldCase,
    /// `--metric NAME`: the lm-evaluation-harness metric counted.
    Metric,
    /// `--partial correct|incorrect`: what inspect_ai's partial credit counts as.
    Partial,
    /// `--pairs all|first`: which pairs `compare` tests.
    Pairs,
    /// `--reach LIST`: targets of pass@k; `reach` rows say the smallest k of each forecast.
    Reach,
    /// `--no-forecast`: leave the forecasts out of the report.
    NoForecast,
    /// `--power-range FROM-TO`: the k range of the least-squares power law.
    PowerRange,
    /// `--forecast-all`: forecasts also for series with many distinct counts.
    ForecastAll,
    /// `--count-all`: the count scores at every budget up to their largest, past their
    /// work limit.
    CountAll,
    /// `--rubric LIST`: Bayes@N's rubric weights.
    Rubric,
    /// `--rubric-prior LIST`: Bayes@N's Dirichlet prior, one per weight (default 1 each).
    RubricPrior,
    /// `--errors failures|exclude|apart`: what errored samples count as.
    Errors,
    /// `--threshold R`: the reward at or above which a rollout passes.
    Threshold,
    /// `--id-key KEY`: the key of a rollout's problem id.
    IdKey,
    /// `--reward-key KEY`: the key of a rollout's reward or verdict.
    RewardKey,
    /// `--step-key KEY`: the key of a rollout's training step.
    StepKey,
    /// `--truncated-errors`: samples cut at the length limit are errored samples.
    TruncatedErrors,
    /// `--threads N`: the most threads to compute on.
    Threads,
    /// `--next` (`plan`): can I stop sampling, and what to sample next.
    Next,
}

impl Flag {
    /// The name as typed, without the leading `--`.
    pub fn name(self) -> &'static str {
        match self {
            Flag::K => "k",
            Flag::Tau => "tau",
            Flag::GTau => "g-tau",
            Flag::HalfWidth => "half-width",
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
            Flag::ByGroup => "by-group",
            Flag::Next => "next",
            Flag::FoldCase => "fold-case",
            Flag::Metric => "metric",
            Flag::Partial => "partial",
            Flag::Pairs => "pairs",
            Flag::Reach => "reach",
            Flag::NoForecast => "no-forecast",
            Flag::PowerRange => "power-range",
            Flag::ForecastAll => "forecast-all",
            Flag::CountAll => "count-all",
            Flag::Rubric => "rubric",
            Flag::RubricPrior => "rubric-prior",
            Flag::Errors => "errors",
            Flag::Threshold => "threshold",
            Flag::IdKey => "id-key",
            Flag::RewardKey => "reward-key",
            Flag::StepKey => "step-key",
            Flag::TruncatedErrors => "truncated-errors",
            Flag::Threads => "threads",
        }
    }
}

/// What a command line said: the files and the effect of every flag.
pub struct Args {
    /// The files in order; `-` is stdin (and stands alone when no file was named).
    pub files: Vec<String>,
    /// The forced input format (None: detected).
    pub format: Option<Format>,
    /// How the answer is printed (`--format json|md|text`).
    pub output: Output,
    /// The page a share link opens (`link`).
    pub page: String,
    /// The report's options; `backtest` is set once the whole line is read.
    pub opts: Options,
    /// Whether `--backtest` was given.
    pub backtest: bool,
    /// Backtest repeats per shrink factor.
    pub repeats: u64,
    /// The planner's target half-width (`plan`).
    pub half_width: Option<f64>,
    /// Whether each series is followed by one per group (`--by-group`).
    pub by_group: bool,
    /// Whether `plan` answers "can I stop?" (`--next`).
    pub next: bool,
    /// How files are read (`--fold-case`, `--metric`).
    pub read: ReadOptions,
    /// Whether `compare` tests the first series against each other only (`--pairs first`).
    pub first_pairs: bool,
    /// Whether `--k` was given (else the default budgets reach 8 × the largest n read:
    /// `passk_core::settings::default_ks`).
    pub k_given: bool,
    /// Bayes@N's rubric weights and prior, as given (checked once the line is read).
    rubric: (Option<Vec<f64>>, Option<Vec<f64>>),
}

/// How rollout files are read: flags every command takes (every command reads files).
const READ_FLAGS: &[Flag] = &[
    Flag::Threshold,
    Flag::IdKey,
    Flag::RewardKey,
    Flag::StepKey,
    Flag::TruncatedErrors,
];

/// Parses a command's arguments (after the command), accepting the flags in `accepted` and
/// [`READ_FLAGS`] only.
/// None when help was asked for (and printed).
pub fn parse(args: Vec<OsString>, accepted: &[Flag]) -> Result<Option<Args>, String> {
    let mut a = Args {
        files: Vec::new(),
        format: None,
        output: Output::Json,
        page: DEFAULT_PAGE.to_string(),
        opts: Options {
            forecast: true,
            ..Options::default()
        },
        backtest: false,
        repeats: DEFAULT_REPEATS,
        half_width: None,
        by_group: false,
        next: false,
        read: ReadOptions::default(),
        first_pairs: false,
        k_given: false,
        rubric: (None, None),
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
                .chain(READ_FLAGS)
                .copied()
                .find(|f| f.name() == name)
                .ok_or_else(|| format!("unknown flag '--{name}'"))?,
        };
        let s = &mut a.opts.settings;
        match flag {
            Flag::K => {
                a.opts.ks = value(&mut p, flag, settings::parse_ks)?;
                a.k_given = true;
            }
            Flag::Tau => a.opts.taus = value(&mut p, flag, settings::parse_taus)?,
            Flag::GTau => a.opts.g_taus = value(&mut p, flag, settings::parse_taus)?,
            Flag::HalfWidth => {
                a.half_width = Some(value(&mut p, flag, settings::parse_half_width)?)
            }
            Flag::Linmix => s.linmix = value(&mut p, flag, settings::parse_linmix)?,
            Flag::Prior => s.prior = value(&mut p, flag, settings::parse_prior)?,
            Flag::Confidence => s.confidence = value(&mut p, flag, settings::parse_confidence)?,
            Flag::Bootstrap => s.bootstrap = value(&mut p, flag, settings::parse_bootstrap)?,
            Flag::Seed => s.seed = value(&mut p, flag, settings::parse_seed)?,
            Flag::Folds => s.folds = value(&mut p, flag, settings::parse_folds)?,
            Flag::BacktestRepeats => a.repeats = value(&mut p, flag, settings::parse_whole)?,
            Flag::Format => match value(&mut p, flag, parse_format)? {
                FormatArg::Output(o) => a.output = o,
                FormatArg::Input(f) => a.format = f,
            },
            Flag::Page => a.page = value(&mut p, flag, |v| Ok(v.to_string()))?,
            Flag::ByGroup => a.by_group = true,
            Flag::Next => a.next = true,
            Flag::NoForecast => a.opts.forecast = false,
            Flag::ForecastAll => a.opts.forecast_all = true,
            Flag::CountAll => a.opts.count_all = true,
            Flag::PowerRange => {
                a.opts.power_range = Some(value(&mut p, flag, settings::parse_k_range)?)
            }
            Flag::Reach => a.opts.reach = value(&mut p, flag, settings::parse_reach)?,
            Flag::Pairs => {
                a.first_pairs = value(&mut p, flag, |v| match v {
                    "all" => Ok(false),
                    "first" => Ok(true),
                    _ => Err(format!("'{v}' is not all or first")),
                })?
            }
            Flag::FoldCase => a.read.fold_case = true,
            Flag::Rubric => a.rubric.0 = Some(value(&mut p, flag, numbers)?),
            Flag::RubricPrior => a.rubric.1 = Some(value(&mut p, flag, numbers)?),
            Flag::Errors => {
                a.opts.errors = value(&mut p, flag, |v| {
                    ErrorPolicy::from_key(v).ok_or_else(|| "one of failures, exclude, apart".into())
                })?
            }
            Flag::Threshold => {
                let t = value(&mut p, flag, |v| match v.trim().parse::<f64>() {
                    Ok(t) if t.is_finite() => Ok(v.trim().to_string()),
                    _ => Err("not a number".to_string()),
                })?;
                a.read.threshold = Some(t);
            }
            Flag::IdKey => a.read.keys.id = Some(value(&mut p, flag, key)?),
            Flag::RewardKey => a.read.keys.reward = Some(value(&mut p, flag, key)?),
            Flag::StepKey => a.read.keys.step = Some(value(&mut p, flag, key)?),
            Flag::TruncatedErrors => a.read.truncated_errors = true,
            Flag::Threads => {
                let n = value(&mut p, flag, settings::parse_whole)?;
                if n == 0 {
                    return Err("--threads 0: needs at least 1".into());
                }
                passk_core::par::set_threads(usize::try_from(n).unwrap_or(usize::MAX));
            }
            Flag::Metric => a.read.metric = Some(value(&mut p, flag, |v| Ok(v.to_string()))?),
            Flag::Partial => {
                a.read.partial = Some(value(&mut p, flag, |v| match v {
                    "correct" => Ok(true),
                    "incorrect" => Ok(false),
                    _ => Err("one of correct, incorrect".to_string()),
                })?)
            }
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
    a.opts.rubric = match std::mem::take(&mut a.rubric) {
        (None, None) => None,
        (None, Some(_)) => return Err("--rubric-prior needs --rubric".into()),
        (Some(w), None) => Some(Rubric::new(w).map_err(|e| format!("--rubric: {e}"))?),
        (Some(w), Some(p)) => {
            Some(Rubric::with_prior(w, p).map_err(|e| format!("--rubric-prior: {e}"))?)
        }
    };
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

/// A comma-separated list of numbers (`0,0.5,1`).
fn numbers(v: &str) -> Result<Vec<f64>, String> {
    v.split(',')
        .map(|x| match x.trim().parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(format!("'{}' is not a number", x.trim())),
        })
        .collect()
}

/// A JSON key (not empty).
fn key(v: &str) -> Result<String, String> {
    match v.trim() {
        "" => Err("an empty key".into()),
        k => Ok(k.to_string()),
    }
}

/// What `--format F` names: how the answer is printed (json, md, text), or the input's
/// format (auto or one of the readers' keys, none of which is json, md or text).
enum FormatArg {
    Output(Output),
    Input(Option<Format>),
}

/// `--format F`: json, md or text, else auto (None) or one of the formats' keys.
fn parse_format(v: &str) -> Result<FormatArg, String> {
    if let Some(o) = Output::from_key(v) {
        return Ok(FormatArg::Output(o));
    }
    if v == "auto" {
        return Ok(FormatArg::Input(None));
    }
    Format::from_key(v)
        .map(|f| FormatArg::Input(Some(f)))
        .ok_or_else(|| {
            let keys: Vec<&str> = Format::ALL.iter().map(|f| f.key()).collect();
            format!(
                "one of json, md, text (the output), auto, {} (the input)",
                keys.join(", ")
            )
        })
}
