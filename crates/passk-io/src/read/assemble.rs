//! From files read to named series: [`assemble`] turns each file's series into datasets
//! ([`series_name_for`] names a file's series; a repeated name gets a ` (2)` suffix) and
//! attaches rejected rows to the series they name.

use std::collections::HashMap;

use passk_core::data::{Dataset, SeriesMeta};

use passk_core::data::Tasks;

use passk_core::data::Rejected;
use passk_core::data::Task;
use passk_core::data::Votes;

use super::file::FileRead;

/// The series name for a file path: its file name without the extension; `-` is `stdin`.
pub fn series_name_for(path: &str) -> String {
    if path == "-" {
        return "stdin".to_string();
    }
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    match base.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => base.to_string(),
    }
}

/// Turns the files read into named series and their rejected rows.
///
/// One series per file, named by the file, unless rows name a model or temperature; order =
/// file order, then first appearance; a repeated name gets a ` (2)` suffix. Rejected rows go
/// with the series they name, else with the file's first series (an empty one if the file
/// has none).
pub fn assemble(files: Vec<FileRead>) -> (Vec<Dataset>, Vec<Vec<Rejected>>) {
    let (d, r, _) = assemble_with_sources(files);
    (d, r)
}

/// Names made unique in order of use: the second `a` is `a (2)`, the third `a (3)`.
#[derive(Default)]
struct UniqueNames(HashMap<String, u32>);

impl UniqueNames {
    /// `name`, or `name (k)` for its k-th use.
    fn take(&mut self, name: String) -> String {
        let count = self.0.entry(name.clone()).or_insert(0);
        *count += 1;
        if *count == 1 {
            name
        } else {
            format!("{name} ({count})")
        }
    }
}

/// Where the series of a file went: the dataset of each of its series.
type Placed = HashMap<SeriesMeta, usize>;

/// Adds the tasks of another run to a series: a task id seen before gets the run's samples
/// added ([`Task::absorb`]), a new one (or one without id) is appended.
fn absorb_run(into: &mut Dataset, tasks: Vec<Task>, file: &str, rejected: &mut Vec<Rejected>) {
    let mut at: HashMap<Box<str>, usize> = into
        .tasks
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((t.id.clone()?, i)))
        .collect();
    for t in tasks {
        match t.id.as_ref().and_then(|id| at.get(id)) {
            Some(&i) => {
                if let Err(e) = into.tasks[i].absorb(t) {
                    rejected.push(Rejected {
                        file: file.to_string(),
                        line: 0,
                        reason: format!(
                            "task '{}': {e}",
                            into.tasks[i].id.as_deref().unwrap_or("")
                        ),
                    });
                }
            }
            None => {
                if let Some(id) = &t.id {
                    at.insert(id.clone(), into.tasks.len());
                }
                into.tasks.push(t);
            }
        }
    }
}

/// [`assemble`], also returning for each series the index of the file it came from.
///
/// Files whose format combines runs ([`Format::runs_combine`](super::Format::runs_combine))
/// and that are runs of the same series (SWE-bench reports of one model, NeMo-Skills seeds)
/// form one series: per task, the samples of every run.
pub fn assemble_with_sources(
    files: Vec<FileRead>,
) -> (Vec<Dataset>, Vec<Vec<Rejected>>, Vec<usize>) {
    let mut sources = Vec::new();
    let mut datasets: Vec<Dataset> = Vec::new();
    let mut rejected: Vec<Vec<Rejected>> = Vec::new();
    let mut names = UniqueNames::default();
    let mut runs: HashMap<(Option<super::Format>, String), (usize, Placed)> = HashMap::new();
    for (source, f) in files.into_iter().enumerate() {
        let run = f.runs_of.clone().map(|key| (f.format, key));
        let earlier = run.as_ref().and_then(|r| runs.get(r)).cloned();
        let (first, by_meta) = match earlier {
            Some((first, mut by_meta)) => {
                for (meta, tasks) in f.series {
                    match by_meta.get(&meta) {
                        Some(&i) => absorb_run(
                            &mut datasets[i],
                            tasks.into_vec(),
                            &f.file,
                            &mut rejected[i],
                        ),
                        None => {
                            let name = names.take(meta.name(&f.default_name));
                            by_meta.insert(meta.clone(), datasets.len());
                            datasets.push(Dataset { name, tasks, meta });
                            rejected.push(Vec::new());
                        }
                    }
                }
                (first, by_meta)
            }
            None => {
                let first = datasets.len();
                let mut by_meta: Placed = HashMap::new();
                for (meta, tasks) in f.series {
                    let name = names.take(meta.name(&f.default_name));
                    by_meta.insert(meta.clone(), datasets.len());
                    datasets.push(Dataset { name, tasks, meta });
                    rejected.push(Vec::new());
                }
                if datasets.len() == first && (!f.rejected.is_empty() || f.rejected_more > 0) {
                    datasets.push(Dataset {
                        name: names.take(f.default_name.clone()),
                        tasks: Tasks::default(),
                        meta: SeriesMeta::default(),
                    });
                    rejected.push(Vec::new());
                }
                (first, by_meta)
            }
        };
        for r in f.rejected {
            let i = r
                .series
                .as_ref()
                .and_then(|m| by_meta.get(m))
                .copied()
                .unwrap_or(first);
            if let Some(list) = rejected.get_mut(i) {
                list.push(Rejected {
                    file: f.file.clone(),
                    line: r.line,
                    reason: r.reason,
                });
            }
        }
        if f.rejected_more > 0 {
            if let Some(list) = rejected.get_mut(first) {
                list.push(Rejected {
                    file: f.file.clone(),
                    line: 0,
                    reason: format!("… and {} more rejected rows, not listed", f.rejected_more),
                });
            }
        }
        if let Some(run) = run {
            runs.entry(run).or_insert((first, HashMap::new())).1 = by_meta;
        }
        sources.resize(datasets.len(), source);
    }
    // Runs keep their answers' texts until combined (a reader drops them from any other
    // file's votes): drop them now, from the series runs went into only.
    for &i in runs.values().flat_map(|(_, by_meta)| by_meta.values()) {
        for t in datasets.get_mut(i).map_or(&mut [][..], |d| &mut d.tasks) {
            let votes = t.take_votes();
            t.set_votes(votes.map(Votes::without_answers));
        }
    }
    debug_assert!(datasets
        .iter()
        .flat_map(|d| &d.tasks)
        .all(|t| t.votes().is_none_or(|v| *v == v.clone().without_answers())));
    by_step(datasets, rejected, sources)
}

/// The series of training steps in step order (`0.jsonl`, `100.jsonl`, `50.jsonl` given in
/// that order read as steps 0, 50, 100), each run (model and temperature) where its first
/// series was; series without a step stay where they are relative to the runs.
fn by_step(
    datasets: Vec<Dataset>,
    rejected: Vec<Vec<Rejected>>,
    sources: Vec<usize>,
) -> (Vec<Dataset>, Vec<Vec<Rejected>>, Vec<usize>) {
    if datasets.iter().all(|d| d.meta.step.is_none()) {
        return (datasets, rejected, sources);
    }
    let run = |d: &Dataset| {
        (
            d.meta.model.clone(),
            d.meta.temperature.clone(),
            d.meta.step.is_some(),
        )
    };
    let mut first: Vec<(Option<String>, Option<String>, bool)> = Vec::new();
    // Each series' place: its run's first appearance (a series without a step is a run of
    // its own), its step, its place now.
    let place: Vec<(usize, Option<u64>, usize)> = datasets
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let key = run(d);
            let at = match first.iter().position(|k| *k == key && key.2) {
                Some(at) => at,
                None => {
                    first.push(key);
                    first.len() - 1
                }
            };
            (at, d.meta.step, i)
        })
        .collect();
    let mut order: Vec<usize> = (0..datasets.len()).collect();
    order.sort_unstable_by_key(|&i| place[i]);
    let mut slots: Vec<Option<(Dataset, Vec<Rejected>, usize)>> = datasets
        .into_iter()
        .zip(rejected)
        .zip(sources)
        .map(|((d, r), s)| Some((d, r, s)))
        .collect();
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for (d, r, s) in order.into_iter().filter_map(|i| slots[i].take()) {
        out.0.push(d);
        out.1.push(r);
        out.2.push(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read_text, Format};

    #[test]
    fn names_from_paths() {
        assert_eq!(
            series_name_for("../data/deepscaler_base.jsonl"),
            "deepscaler_base"
        );
        assert_eq!(series_name_for("-"), "stdin");
        assert_eq!(series_name_for("counts"), "counts");
        assert_eq!(series_name_for(".hidden"), ".hidden");
    }

    #[test]
    fn assembling_names_and_duplicates() {
        let a = read_text("x/a.txt", "a", "10 3\n", None);
        let b = read_text("y/a.txt", "a", "10 4\n10 12\n", None);
        let (ds, rej) = assemble(vec![a, b]);
        assert_eq!(
            ds.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
            vec!["a", "a (2)"]
        );
        assert_eq!(rej[1].len(), 1);
        assert_eq!(rej[1][0].file, "y/a.txt");
        let bad = read_text("bad.txt", "bad", "x y z\n", Some(Format::CountsText));
        let (ds, rej) = assemble(vec![bad]);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].tasks.is_empty());
        assert_eq!(rej[0].len(), 1);
    }
}
