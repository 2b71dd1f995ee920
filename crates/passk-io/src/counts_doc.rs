//! The per-task counts as read, as one JSON document (`passk-counts/1`): what `passk counts`
//! prints and the page's "download counts" saves, so that the two can be compared exactly.

use serde::{Deserialize, Serialize};

use passk_core::data::Counts;
use passk_core::data::{Dataset, SeriesMeta};

use passk_core::data::Task;

/// The schema identifier.
pub const COUNTS_SCHEMA: &str = "passk-counts/1";

/// One task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskCounts {
    /// Task id, if the input had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Samples drawn.
    pub n: u64,
    /// Samples that passed.
    pub c: u64,
    /// The task's group, if the input named one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// One series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesCounts {
    /// The series name.
    pub name: String,
    /// The model the input named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The temperature the input named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<String>,
    /// The tasks in input order.
    pub tasks: Vec<TaskCounts>,
}

/// The document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountsDoc {
    /// Always [`COUNTS_SCHEMA`].
    pub schema: String,
    /// The series in order.
    pub series: Vec<SeriesCounts>,
}

impl CountsDoc {
    /// The document of some series.
    pub fn of(datasets: &[Dataset]) -> CountsDoc {
        CountsDoc {
            schema: COUNTS_SCHEMA.to_string(),
            series: datasets
                .iter()
                .map(|d| SeriesCounts {
                    name: d.name.clone(),
                    model: d.meta.model.clone(),
                    temperature: d.meta.temperature.clone(),
                    tasks: d
                        .tasks
                        .iter()
                        .map(|t| TaskCounts {
                            id: t.id.as_deref().map(str::to_string),
                            n: t.counts.n(),
                            c: t.counts.c(),
                            group: t.group().map(str::to_string),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    /// The series back, validating every count.
    ///
    /// # Errors
    /// The first invalid task, named by series and position.
    pub fn datasets(&self) -> Result<Vec<Dataset>, String> {
        self.series
            .iter()
            .map(|s| {
                let tasks = s
                    .tasks
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        Counts::new(t.n, t.c)
                            .map(|counts| Task::grouped(t.id.clone(), counts, t.group.clone()))
                            .map_err(|e| format!("series '{}', task {}: {e}", s.name, i + 1))
                    })
                    .collect::<Result<Vec<Task>, String>>()?;
                Ok(Dataset {
                    name: s.name.clone(),
                    tasks: tasks.into(),
                    meta: SeriesMeta {
                        model: s.model.clone(),
                        temperature: s.temperature.clone(),
                        step: None,
                    },
                })
            })
            .collect()
    }
}

/// The counts document of some series as pretty JSON.
pub fn counts_json(datasets: &[Dataset]) -> String {
    serde_json::to_string_pretty(&CountsDoc::of(datasets)).unwrap_or_default()
}
