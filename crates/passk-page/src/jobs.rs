//! The engine jobs of the analysis: what each is asked with — only what its answer depends
//! on, so that a change it does not depend on asks nothing — and how a job's replies are kept
//! while it is pending (the latest job of each kind only; progress, a first answer of two, the
//! result or a failure).

use passk_core::estimators::Estimator;
use passk_core::estimators::Tau;
use passk_core::report::SeriesBacktest;
use passk_core::settings::{BandKind, Options, Settings};
use passk_io::settings::Parsed;
use passk_protocol::{Answer, JobKind, Reply};

/// Backtest repeats per shrink factor (as `passk report --backtest`).
pub const BACKTEST_REPEATS: u64 = 20;

/// What the curves depend on: k_max, the band, the settings but the CV folds (and the
/// bootstrap's resamples and seed unless the band is the bootstrap's), the Cover thresholds.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveInputs {
    /// The chart's k_max.
    pub k_max: u64,
    /// The band.
    pub band: BandKind,
    /// The settings the curves depend on.
    pub settings: Settings,
    /// The Cover@τ thresholds.
    pub taus: Vec<Tau>,
}

/// What the curves are asked with (see [`CurveInputs`]).
pub fn curve_inputs(parsed: &Parsed, band: BandKind, k_max: u64) -> CurveInputs {
    let mut settings = parsed.opts.settings.clone();
    settings.folds = 0;
    if band != BandKind::Bootstrap {
        settings.bootstrap = 0;
        settings.seed = 0;
    }
    CurveInputs {
        k_max,
        band,
        settings,
        taus: parsed.opts.taus.clone(),
    }
}

/// What the backtests depend on: the settings but the CV folds and the bootstrap's
/// resamples, and the budgets.
pub fn backtest_inputs(parsed: &Parsed) -> (Settings, Vec<u64>) {
    let mut settings = parsed.opts.settings.clone();
    settings.folds = 0;
    settings.bootstrap = 0;
    (settings, parsed.opts.ks.clone())
}

/// Whether the scaled fits' curves are wanted: when drawn, or when some series' automatic
/// curve extrapolates with one (its backtest chose it).
pub fn scaled_drawn(enabled: &[Estimator], backtests: &[SeriesBacktest]) -> bool {
    enabled.iter().any(|e| e.scaled())
        || (enabled.contains(&Estimator::Auto) && backtests.iter().any(|b| b.chosen().scaled()))
}

/// The report's options with the forecasts and the panel's target (none while the field
/// holds no valid one).
pub fn with_forecast(opts: Options, reach: Result<f64, String>) -> Options {
    Options {
        forecast: true,
        reach: reach.into_iter().collect(),
        ..opts
    }
}

/// A job sent to the engine and not yet answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    /// Its job number.
    pub job: u64,
    /// What is being computed (the engine's last progress message).
    pub text: String,
    /// Steps done and in all, when known.
    pub done: Option<(u64, u64)>,
    /// Whether it has run long enough to show its progress.
    pub shown: bool,
    /// Whether a first answer is shown while it goes on (the table's report before its
    /// count scores): what it answers is not stale.
    pub answered: bool,
}

/// The pending job of each job kind (indexed by [`JobKind::index`]).
pub type Pendings = [Option<Pending>; JobKind::COUNT];

/// Notes job `job` of `kind` as pending, saying `text` until the engine says more.
pub fn started(p: &mut Pendings, kind: JobKind, job: u64, text: &str) {
    p[kind.index()] = Some(Pending {
        job,
        text: text.to_string(),
        done: None,
        shown: false,
        answered: false,
    });
}

/// Marks job `job` of `kind` as shown (it has run long enough), if it is still the pending one.
pub fn shown(p: &mut Pendings, kind: JobKind, job: u64) {
    if let Some(q) = p[kind.index()].as_mut().filter(|q| q.job == job) {
        q.shown = true;
    }
}

/// What a reply does.
#[derive(Debug, Clone, PartialEq)]
pub enum Routed {
    /// Nothing: it answers a job that is no longer the latest of its kind (or none).
    Stale,
    /// Progress, noted in the pending entry.
    Progress,
    /// The job failed: its entry cleared, the old result kept; the message (None when it
    /// failed because the series changed, which a newer job answers).
    Failed(Option<String>),
    /// An answer to show: the job goes on (a first answer of two) or is done.
    Answer(Box<Reply>),
}

/// Routes a reply of `kind` against the pending jobs: progress updates the entry (`across`
/// merges a job spread over several workers: its text and steps), a failure or the result
/// clears it, the first of two answers marks it answered and saying "count scores…".
pub fn route(
    p: &mut Pendings,
    kind: JobKind,
    reply: Reply,
    across: impl FnOnce(u64, String, Option<(u64, u64)>) -> (String, Option<(u64, u64)>),
) -> Routed {
    let entry = &mut p[kind.index()];
    let latest = entry.as_ref().map(|q| q.job);
    if reply.job() != latest {
        return Routed::Stale;
    }
    match reply {
        Reply {
            answer: Answer::Progress { text, done, .. },
            job,
        } => {
            if let Some(q) = entry.as_mut() {
                (q.text, q.done) = across(job, text, done);
            }
            Routed::Progress
        }
        Reply {
            answer: Answer::Failed { message, .. },
            ..
        } => {
            *entry = None;
            Routed::Failed((message != "the series changed").then_some(message))
        }
        first if first.answer.is_first_of_two() => {
            if let Some(q) = entry.as_mut() {
                q.answered = true;
                q.text = "count scores…".into();
            }
            Routed::Answer(Box::new(first))
        }
        other => {
            *entry = None;
            Routed::Answer(Box::new(other))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_io::settings::{parse_all, SettingsText};

    fn parsed(folds: &str, bootstrap: &str, seed: &str) -> Parsed {
        let t = SettingsText {
            folds: folds.into(),
            bootstrap: bootstrap.into(),
            seed: seed.into(),
            ..SettingsText::default()
        };
        parse_all(&t).unwrap()
    }

    #[test]
    fn a_job_is_asked_again_only_for_what_it_depends_on() {
        let (a, b) = (parsed("5", "200", "1"), parsed("10", "400", "2"));
        // CV folds and the bootstrap never change the curves of the credible band…
        let band = BandKind::DEFAULT;
        assert_ne!(band, BandKind::Bootstrap);
        assert_eq!(curve_inputs(&a, band, 1000), curve_inputs(&b, band, 1000));
        // …but the bootstrap's resamples and seed change the bootstrap band; folds never do.
        let boot = |p| curve_inputs(p, BandKind::Bootstrap, 1000);
        assert_ne!(boot(&a), boot(&b));
        assert_eq!(boot(&a), boot(&parsed("10", "200", "1")));
        assert_ne!(curve_inputs(&a, band, 1000), curve_inputs(&a, band, 2000));
        // The backtest: neither folds nor resamples; the seed, yes.
        assert_eq!(
            backtest_inputs(&a),
            backtest_inputs(&parsed("10", "400", "1"))
        );
        assert_ne!(
            backtest_inputs(&a),
            backtest_inputs(&parsed("5", "200", "2"))
        );
    }

    fn progress(job: u64, text: &str) -> Reply {
        Reply {
            job,
            answer: Answer::Progress {
                job_kind: JobKind::Curves,
                text: text.into(),
                done: Some((1, 4)),
            },
        }
    }

    #[test]
    fn only_the_latest_jobs_replies_are_kept() {
        let mut p: Pendings = Default::default();
        let kind = JobKind::Curves;
        started(&mut p, kind, 7, "drawing…");
        shown(&mut p, kind, 6);
        assert!(!p[kind.index()].as_ref().unwrap().shown);
        shown(&mut p, kind, 7);
        assert!(p[kind.index()].as_ref().unwrap().shown);
        let same = |_, t, d| (t, d);
        assert_eq!(route(&mut p, kind, progress(6, "old"), same), Routed::Stale);
        assert_eq!(
            route(&mut p, kind, progress(7, "half"), same),
            Routed::Progress
        );
        let q = p[kind.index()].clone().unwrap();
        assert_eq!((q.text.as_str(), q.done), ("half", Some((1, 4))));
        let failed = Reply {
            job: 7,
            answer: Answer::Failed {
                job_kind: JobKind::Curves,
                message: "the series changed".into(),
            },
        };
        assert_eq!(route(&mut p, kind, failed, same), Routed::Failed(None));
        assert!(p[kind.index()].is_none());
        // With nothing pending, every reply is stale.
        assert_eq!(
            route(&mut p, kind, progress(7, "late"), same),
            Routed::Stale
        );
    }
}
