//! The settings of a command: the long flags, what each command accepts, and [`Args`], what
//! they set (read from the command line's text by `parse.rs`, from the Python package's
//! keywords by `passk._passk`; applied by `apply.rs`).

use passk_core::settings::Options;
use passk_io::read::{Format, ReadOptions};

use crate::output::Output;

/// Backtest repeats per shrink factor unless `--backtest R` or `--backtest-repeats R` says.
const DEFAULT_REPEATS: u64 = 20;

/// The page a share link opens unless `--page URL` says.
const DEFAULT_PAGE: &str = "http://127.0.0.1:8080/";

/// A long flag. Every one but `--backtest` takes a value, as `--flag value` or `--flag=value`;
/// `--backtest` takes its optional repeat count as `--backtest=R` or as a following argument
/// that is a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// `--method LIST` (`rank`): the ranking methods, by key.
    Method,
    /// `--separate A,B` (`rank`): the two series whose separating tasks are listed.
    Separate,
}

impl Flag {
    /// The flag as the Python package's keyword (`by_group` for `--by-group`).
    pub fn keyword(self) -> String {
        self.name().replace('-', "_")
    }

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
            Flag::Method => "method",
            Flag::Separate => "separate",
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
    /// The ranking methods `rank` runs (None: every one).
    pub methods: Option<Vec<String>>,
    /// The two series whose separating tasks `rank` lists (None: the most disputed pair).
    pub separate: Option<(String, String)>,
    /// Bayes@N's rubric weights and prior, as given (checked once the line is read).
    pub(crate) rubric: (Option<Vec<f64>>, Option<Vec<f64>>),
}

impl Args {
    /// Every setting at its default, no file named.
    pub fn new() -> Args {
        Args {
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
            methods: None,
            separate: None,
            rubric: (None, None),
        }
    }
}

impl Default for Args {
    fn default() -> Args {
        Args::new()
    }
}

/// How rollout files are read: flags every command takes (every command reads files).
pub const READ_FLAGS: &[Flag] = &[
    Flag::Threshold,
    Flag::IdKey,
    Flag::RewardKey,
    Flag::StepKey,
    Flag::TruncatedErrors,
];
