//! The data part of a share link as it travels: each input's series as columns, the settings,
//! the estimators, the band and the view; and back, validating every count and setting.

use serde::{Deserialize, Serialize};

use super::bytes::clip;
use super::shared::Shared;
use crate::page::state::PageState;
use passk_core::data::Counts;
use passk_core::data::SeriesMeta;
use passk_io::read::{FileRead, Format};
use passk_io::settings::{parse_all, SettingsText};

use passk_core::data::Tasks;

use passk_core::data::Rewards;
use passk_core::data::Task;
use passk_core::data::{Scored, Votes};
use passk_core::estimators::Estimator;
use passk_core::settings::BandKind;

/// One input in a link: its names, how it was read, and its series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct WireInput {
    file: String,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    /// The series the input is one run of (files loaded together combine).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    runs: Option<String>,
    /// The input's id on the sender's page (its series' keys: renames, order, colours).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<u32>,
    series: Vec<Columns>,
}

/// One series in a link: columns rather than rows, which deflate better.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Columns {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    temperature: Option<String>,
    /// The training step (absent when the input named none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    step: Option<u64>,
    /// Task ids (absent when no task has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ids: Option<Vec<Option<Box<str>>>>,
    /// Task groups (absent when no task has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    groups: Option<Vec<Option<Box<str>>>>,
    n: Vec<u64>,
    c: Vec<u64>,
    /// Each task's answer groups (maj@k; absent when no task has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    votes: Option<Vec<Option<Votes>>>,
    /// Each task's (score, value) samples (BoN@k; absent when no task has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scored: Option<Vec<Option<Scored>>>,
    /// Each task's (score, graded reward) samples (max@k; absent when no task has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    graded: Option<Vec<Option<Scored>>>,
    /// Each task's samples tallied by graded reward (Bayes@N; absent when no task has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rewards: Option<Vec<Option<Rewards>>>,
    /// Each task's samples marked as errors (absent when none is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    errored: Option<Vec<u64>>,
}

/// The data part as it travels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Payload {
    inputs: Vec<WireInput>,
    #[serde(default)]
    settings: SettingsText,
    #[serde(default)]
    enabled: Option<Vec<String>>,
    #[serde(default)]
    band: Option<String>,
    #[serde(default)]
    view: PageState,
}

/// One optional field of every task as a column; absent when no task has it.
fn column<T>(tasks: &[Task], field: impl Fn(&Task) -> Option<T>) -> Option<Vec<Option<T>>> {
    tasks
        .iter()
        .any(|t| field(t).is_some())
        .then(|| tasks.iter().map(field).collect())
}

pub(super) fn to_payload(s: &Shared) -> Payload {
    Payload {
        inputs: s
            .inputs
            .iter()
            .map(|f| WireInput {
                file: f.file.clone(),
                name: f.default_name.clone(),
                format: f.format.map(|x| x.key().to_string()),
                runs: f.runs_of.clone(),
                id: Some(f.id).filter(|&i| i != 0),
                series: f
                    .series
                    .iter()
                    .map(|(meta, tasks)| Columns {
                        model: meta.model.clone(),
                        temperature: meta.temperature.clone(),
                        step: meta.step,
                        ids: column(tasks, |t| t.id.clone()),
                        groups: column(tasks, |t| t.group().map(Box::from)),
                        n: tasks.iter().map(|t| t.counts.n()).collect(),
                        c: tasks.iter().map(|t| t.counts.c()).collect(),
                        votes: column(tasks, |t| t.votes().cloned()),
                        scored: column(tasks, |t| t.scored().cloned()),
                        graded: column(tasks, |t| t.graded().cloned()),
                        rewards: column(tasks, |t| t.rewards().cloned()),
                        errored: tasks
                            .iter()
                            .any(|t| t.errored() > 0)
                            .then(|| tasks.iter().map(Task::errored).collect()),
                    })
                    .collect(),
            })
            .collect(),
        settings: s.settings.clone(),
        enabled: Some(s.enabled.iter().map(|e| e.key().to_string()).collect()),
        band: Some(s.band.key().to_string()),
        view: s.view.clone(),
    }
}

/// One series back, validating every count.
fn series_from_payload(input: &str, s: Columns) -> Result<(SeriesMeta, Tasks), String> {
    let meta = SeriesMeta {
        model: s.model,
        temperature: s.temperature,
        step: s.step,
    };
    let name = clip(&meta.name(input));
    let tasks = s.n.len();
    let len = |v: &Option<Vec<Option<Box<str>>>>| v.as_ref().map_or(tasks, Vec::len);
    let voted = s.votes.as_ref().map_or(tasks, Vec::len) == tasks
        && s.scored.as_ref().map_or(tasks, Vec::len) == tasks
        && s.graded.as_ref().map_or(tasks, Vec::len) == tasks
        && s.rewards.as_ref().map_or(tasks, Vec::len) == tasks
        && s.errored.as_ref().map_or(tasks, Vec::len) == tasks;
    if s.c.len() != tasks || len(&s.ids) != tasks || len(&s.groups) != tasks || !voted {
        return Err(format!(
            "series '{name}' has {tasks} n, {} c, {} ids and {} groups",
            s.c.len(),
            len(&s.ids),
            len(&s.groups)
        ));
    }
    let ids = s.ids.unwrap_or_else(|| vec![None; tasks]);
    let groups = s.groups.unwrap_or_else(|| vec![None; tasks]);
    let mut votes = s.votes.unwrap_or_default().into_iter();
    let mut scored = s.scored.unwrap_or_default().into_iter();
    let mut graded = s.graded.unwrap_or_default().into_iter();
    let mut rewards = s.rewards.unwrap_or_default().into_iter();
    let mut errored = s.errored.unwrap_or_default().into_iter();
    let tasks = ids
        .into_iter()
        .zip(groups)
        .zip(s.n.into_iter().zip(s.c))
        .enumerate()
        .map(|(i, ((id, group), (n, c)))| {
            let at = |e: String| format!("series '{name}', task {}: {e}", i + 1);
            let mut task = Counts::new(n, c)
                .map(|counts| Task::grouped(id.map(String::from), counts, group.map(String::from)))
                .map_err(|e| at(e.to_string()))?;
            task.set_votes(votes.next().flatten());
            task.set_scored(scored.next().flatten());
            task.set_graded(graded.next().flatten());
            task.set_rewards(rewards.next().flatten());
            task.set_errored(errored.next().unwrap_or(0));
            let of = |m: Option<u64>| m.is_some_and(|m| m != n);
            if task.errored() > n - c {
                return Err(at(format!("errors not of its {n} samples")));
            }
            let graded_n = task.rewards().map(|r| r.n().saturating_add(task.errored()));
            if of(graded_n) {
                return Err(at(format!("rewards or errors not of its {n} samples")));
            }
            let scores = [task.scored(), task.graded()].map(|s| of(s.map(Scored::n)));
            if of(task.votes().map(Votes::n)) || scores.contains(&true) {
                return Err(at(format!("votes or scores not of its {n} samples")));
            }
            Ok(task)
        })
        .collect::<Result<Vec<Task>, String>>()?;
    Ok((meta, tasks.into()))
}

pub(super) fn from_payload(w: Payload) -> Result<(Shared, Vec<String>), String> {
    let mut notes = Vec::new();
    let mut inputs = Vec::with_capacity(w.inputs.len());
    for input in w.inputs {
        let series = input
            .series
            .into_iter()
            .map(|s| series_from_payload(&input.name, s))
            .collect::<Result<Vec<_>, String>>()?;
        let format = input.format.as_deref().and_then(Format::from_key);
        inputs.push(FileRead {
            id: input.id.unwrap_or(0),
            runs_of: input
                .runs
                .filter(|_| format.is_some_and(|f| f.runs_combine())),
            file: input.file,
            default_name: input.name,
            format,
            series,
            rejected: Vec::new(),
            rejected_more: 0,
            ignored_columns: Vec::new(),
            notes: Vec::new(),
            bytes: 0,
        });
    }
    // Settings: each field that does not read goes back to its default, with a note.
    let mut settings = w.settings;
    if let Err(errors) = parse_all(&settings) {
        let defaults = SettingsText::default();
        for (field, why) in errors {
            notes.push(format!(
                "The link's {} setting was not applied ({why}); the default is used.",
                field.key().replace('_', " ")
            ));
            field
                .text_mut(&mut settings)
                .clone_from(field.text(&defaults));
        }
    }
    let enabled = match w.enabled {
        None => passk_core::estimators::DEFAULT_ENABLED.to_vec(),
        Some(keys) => {
            let mut out = Vec::new();
            for key in keys {
                match Estimator::from_key(&key) {
                    Some(e) if !out.contains(&e) => out.push(e),
                    Some(_) => {}
                    None => notes.push(format!(
                        "The link's estimator '{}' is unknown and was ignored.",
                        clip(&key)
                    )),
                }
            }
            out
        }
    };
    let band = match w.band.as_deref().map(BandKind::from_key) {
        None => BandKind::DEFAULT,
        Some(Some(b)) => b,
        Some(None) => {
            notes.push(
                "The link's band is unknown; the default band (± z·SE over tasks) is shown.".into(),
            );
            BandKind::DEFAULT
        }
    };
    let mut view = w.view;
    if view
        .zoom
        .is_some_and(|(lo, hi)| !(lo.is_finite() && hi.is_finite() && lo < hi))
    {
        view.zoom = None;
        notes.push("The link's zoom is not a range of k; the whole chart is shown.".into());
    }
    Ok((
        Shared {
            inputs,
            settings,
            enabled,
            band,
            view,
            example: None,
        },
        notes,
    ))
}
