//! What the dataset view shows about the inputs: the series assembled from the pasted text
//! and the loaded files, one summary row per series, and every rejected row.

use passk_core::analysis::{shape_warning, Context, Warning};
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::estimators::ShortTasks;
use passk_io::display::{percent, thousands};
use passk_io::read::{assemble_with_sources, FileRead};

/// Rejected rows listed on the page; the rest are counted (and all are downloadable).
pub const LISTED: usize = 100;

/// The series of all inputs, with where each came from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Loaded {
    /// Series in order: the pasted text's, then each file's.
    pub datasets: Vec<Dataset>,
    /// Rejected rows per series.
    pub rejected: Vec<Vec<Rejected>>,
    /// For each series, the input it came from.
    pub sources: Vec<usize>,
    /// The inputs: (shown name, read as, unused columns).
    pub inputs: Vec<(String, String, Vec<String>)>,
    /// For each series, its name as read (before the user's renames).
    pub origins: Vec<String>,
    /// For each series, its stable key: the id of the input it came from and the name that
    /// input gives it (`3:deepscaler_rl`; the pasted text's id is 0). Renames, order, colours
    /// and visibility are kept by it, so that neither a rename, a move, another file of the
    /// same name nor a removal before it changes which series they apply to.
    pub keys: Vec<String>,
    /// The input index of the first file (1 after pasted text, else 0).
    pub first_file: usize,
}

/// Gives each file without an id (0) or with the id of a file before it the next free id, so
/// that every file loaded has its own; ids given stay.
pub fn number_files(files: &mut [FileRead]) {
    let mut next = files.iter().map(|f| f.id).max().unwrap_or(0);
    let mut seen = std::collections::HashSet::new();
    for f in files.iter_mut() {
        if f.id == 0 || !seen.insert(f.id) {
            next = next.saturating_add(1);
            f.id = next;
            seen.insert(next);
        }
    }
}

impl Loaded {
    /// Assembles the inputs (the pasted text first).
    pub fn new(inputs: Vec<FileRead>) -> Loaded {
        // Runs of one series (read together) are shown as the first file's, naming them all.
        let mut runs: std::collections::HashMap<_, Vec<&str>> = Default::default();
        for f in &inputs {
            if let Some(key) = &f.runs_of {
                runs.entry((f.format, key))
                    .or_default()
                    .push(f.file.as_str());
            }
        }
        // Two inputs with one name (and other data: the same data is not loaded twice) are
        // named apart: "rl.jsonl", "rl.jsonl (2)". Runs of one series share theirs on purpose.
        let mut seen: std::collections::HashMap<&str, usize> = Default::default();
        let apart: Vec<Option<usize>> = inputs
            .iter()
            .map(|f| {
                let count = seen.entry(f.file.as_str()).or_default();
                *count += 1;
                (f.runs_of.is_none() && *count > 1).then_some(*count)
            })
            .collect();
        let info = inputs
            .iter()
            .zip(&apart)
            .map(|(f, apart)| {
                let mut read_as = f
                    .format
                    .map(|x| x.describe())
                    .unwrap_or("nothing to read")
                    .to_string();
                // What the reader chose (the reward threshold), said where the format is.
                for note in &f.notes {
                    read_as = format!("{read_as}; {note}");
                }
                let together = f.runs_of.as_ref().and_then(|k| runs.get(&(f.format, k)));
                let file = match together {
                    Some(files) if files.len() > 1 => {
                        format!("{} ({} runs)", files.join(", "), files.len())
                    }
                    _ => match apart {
                        Some(copy) => format!("{} ({copy})", f.file),
                        None => f.file.clone(),
                    },
                };
                (file, read_as, f.ignored_columns.clone())
            })
            .collect();
        let ids: Vec<(u32, String)> = inputs
            .iter()
            .map(|f| (f.id, f.default_name.clone()))
            .collect();
        let (datasets, rejected, sources) = assemble_with_sources(inputs);
        let mut keys: Vec<String> = Vec::with_capacity(datasets.len());
        for (d, &source) in datasets.iter().zip(&sources) {
            let (id, default) = &ids[source];
            let key = format!("{id}:{}", d.meta.name(default));
            let mut unique = key.clone();
            let mut copy = 1;
            while keys.contains(&unique) {
                copy += 1;
                unique = format!("{key} ({copy})");
            }
            keys.push(unique);
        }
        Loaded {
            keys,
            origins: datasets.iter().map(|d| d.name.clone()).collect(),
            datasets,
            rejected,
            sources,
            inputs: info,
            first_file: 0,
        }
    }

    /// Assembles the pasted text's series (if any) and then the files'.
    pub fn with_pasted(pasted: Option<FileRead>, files: Vec<FileRead>) -> Loaded {
        let first_file = usize::from(pasted.is_some());
        let mut all: Vec<FileRead> = pasted.into_iter().collect();
        all.extend(files);
        Loaded {
            first_file,
            ..Loaded::new(all)
        }
    }

    /// Each series followed by its groups' series ([`Dataset::by_group`]), from the same
    /// input; rejected rows stay with the whole series.
    pub fn broken_down(&self) -> Loaded {
        let mut out = Loaded {
            inputs: self.inputs.clone(),
            first_file: self.first_file,
            ..Loaded::default()
        };
        for (i, d) in self.datasets.iter().enumerate() {
            out.datasets.push(d.clone());
            out.rejected.push(self.rejected[i].clone());
            out.sources.push(self.sources[i]);
            out.origins.push(self.origins[i].clone());
            out.keys.push(self.keys[i].clone());
            for g in d.by_group() {
                out.keys.push(format!("{}/{}", self.keys[i], g.name));
                out.origins.push(g.name.clone());
                out.datasets.push(g);
                out.rejected.push(Vec::new());
                out.sources.push(self.sources[i]);
            }
        }
        out
    }

    /// What to know about the data before reading any number, one line per series and
    /// concern: every n = 1 (only pass@1 is meaningful), n unequal across tasks, and the
    /// smallest budget of `ks` beyond some tasks' n but not all (beyond every n the fitted
    /// estimators extrapolate, as they are meant to).
    pub fn input_warnings(&self, ks: &[u64]) -> Vec<String> {
        let mut out = Vec::new();
        // One pass per series, no sorting: this runs on the page's thread.
        for d in self.datasets.iter().filter(|d| !d.tasks.is_empty()) {
            let s = d.stats();
            let mut w: Vec<Warning> = shape_warning(s.n_min, s.n_max).into_iter().collect();
            // Some tasks have fewer than k samples but not all: n_min < k ≤ n_max.
            if let Some(k) = ks.iter().copied().find(|&k| s.n_min < k && k <= s.n_max) {
                let tasks = d.tasks.iter().filter(|t| t.counts.n() < k).count() as u64;
                w.push(Warning::Short(ShortTasks { k, tasks }));
            }
            out.extend(
                w.iter()
                    .map(|w| format!("{}: {}", d.name, w.render(Context::Report))),
            );
        }
        out
    }

    /// Whether some series' tasks name groups (so that a break-down is offered).
    pub fn has_groups(&self) -> bool {
        self.datasets
            .iter()
            .any(|d| d.tasks.iter().any(|t| t.group().is_some()))
    }

    /// Series with at least one task (those the analysis uses).
    pub fn usable(&self) -> Vec<Dataset> {
        self.datasets
            .iter()
            .filter(|d| !d.tasks.is_empty())
            .cloned()
            .collect()
    }

    /// Every rejected row, as `file:line: reason`.
    pub fn rejected_lines(&self) -> Vec<String> {
        self.rejected
            .iter()
            .flatten()
            .map(Rejected::located)
            .collect()
    }

    /// The rejected rows as the page lists them: rows of one file with one reason grouped, in
    /// order of their first line (`file:3: reason — and 1,203 more lines like it`); the
    /// download keeps every row ([`rejected_lines`](Self::rejected_lines)).
    pub fn rejected_grouped(&self) -> Vec<String> {
        let mut groups: Vec<(&Rejected, u64)> = Vec::new();
        let mut at: std::collections::HashMap<(&str, &str), usize> = Default::default();
        for r in self.rejected.iter().flatten() {
            match at.get(&(r.file.as_str(), r.reason.as_str())) {
                Some(&i) if r.line != 0 => groups[i].1 += 1,
                _ => {
                    at.insert((r.file.as_str(), r.reason.as_str()), groups.len());
                    groups.push((r, 0));
                }
            }
        }
        groups
            .into_iter()
            .map(|(r, more)| match more {
                0 => r.located(),
                1 => format!("{} — and 1 more line like it", r.located()),
                m => format!("{} — and {} more lines like it", r.located(), thousands(m)),
            })
            .collect()
    }

    /// The number of rejected rows (including those only counted).
    pub fn rejected_count(&self) -> u64 {
        self.rejected
            .iter()
            .flatten()
            .map(|r| match r.reason.strip_prefix("… and ") {
                Some(rest) if r.line == 0 => rest
                    .split(' ')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(1),
                _ => 1,
            })
            .sum()
    }

    /// One row per series for the summary table.
    pub fn summary(&self) -> Vec<SummaryRow> {
        self.datasets
            .iter()
            .zip(&self.sources)
            .map(|(d, &src)| {
                let s = d.stats();
                let empty = d.tasks.is_empty();
                let (file, read_as, ignored) = self.inputs.get(src).cloned().unwrap_or_default();
                SummaryRow {
                    name: d.name.clone(),
                    file,
                    read_as,
                    ignored,
                    tasks: s.tasks,
                    samples: s.samples,
                    n_range: if empty {
                        "—".to_string()
                    } else if s.n_min == s.n_max {
                        thousands(s.n_min)
                    } else {
                        format!("{}–{}", thousands(s.n_min), thousands(s.n_max))
                    },
                    frac_none: if empty {
                        "—".into()
                    } else {
                        percent(s.frac_none)
                    },
                    frac_all: if empty {
                        "—".into()
                    } else {
                        percent(s.frac_all)
                    },
                    pass1: if empty {
                        "—".into()
                    } else {
                        percent(s.pass1)
                    },
                }
            })
            .collect()
    }
}

/// A row of the series summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryRow {
    /// Series name.
    pub name: String,
    /// The input it came from.
    pub file: String,
    /// How that input was read.
    pub read_as: String,
    /// Columns of that input not used.
    pub ignored: Vec<String>,
    /// Tasks.
    pub tasks: u64,
    /// Total samples Σ n.
    pub samples: u64,
    /// n range, e.g. `128` or `50–1000`.
    pub n_range: String,
    /// Share of tasks with c = 0.
    pub frac_none: String,
    /// Share of tasks with c = n.
    pub frac_all: String,
    /// Mean c/n.
    pub pass1: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_rejections_are_grouped_by_file_and_reason() {
        let text = format!("10 3\n{}10 y\n10 x\n", "10 x\n".repeat(1204));
        let w = Loaded::new(vec![read_text("f.txt", "f", &text, None)]);
        assert_eq!(w.rejected_lines().len(), 1206);
        assert_eq!(w.rejected_count(), 1206);
        let grouped = w.rejected_grouped();
        assert_eq!(grouped.len(), 2, "{grouped:?}");
        assert!(
            grouped[0].starts_with("f.txt:2: c: ")
                && grouped[0].ends_with(" — and 1,204 more lines like it"),
            "{}",
            grouped[0]
        );
        assert!(
            grouped[1].starts_with("f.txt:1206: c: ") && !grouped[1].contains("more"),
            "{}",
            grouped[1]
        );
    }
    use passk_io::read::read_text;

    #[test]
    fn summary_and_rejected_rows() {
        let pasted = read_text("pasted text", "pasted", "10 3\n10 0\n10 11\n", None);
        let csv = read_text("m.csv", "m", "model,n,c\nA,4,4\nB,4,1\n", None);
        let ws = Loaded::new(vec![pasted, csv]);
        let names: Vec<&str> = ws.datasets.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, vec!["pasted", "A", "B"]);
        assert_eq!(ws.sources, vec![0, 1, 1]);
        let rows = ws.summary();
        assert_eq!(rows[0].tasks, 2);
        assert_eq!(rows[0].samples, 20);
        assert_eq!(rows[0].frac_none, "50.00%");
        assert_eq!(rows[0].pass1, "15.00%");
        assert_eq!(rows[1].frac_all, "100%");
        assert_eq!(rows[1].read_as, "CSV with a header");
        assert_eq!(
            ws.rejected_lines(),
            vec!["pasted text:3: c > n: 11 passing out of only 10 samples"]
        );
        assert_eq!(ws.rejected_count(), 1);
    }

    #[test]
    fn warnings_about_the_data_come_before_any_number() {
        let read = |name: &str, text: &str| read_text(name, name, text, None);
        let ws = Loaded::new(vec![
            read("greedy", "1 1\n1 0\n"),
            read("mixed", "10 3\n4 1\n10 0\n"),
            read("even", "10 3\n10 1\n"),
        ]);
        let w = ws.input_warnings(&[1, 5, 20]);
        assert_eq!(w.len(), 3, "{w:?}");
        assert!(w[0].starts_with("greedy: every task has n = 1"));
        assert!(w[1].starts_with("mixed: n differs across tasks (4 to 10 samples)"));
        assert!(w[2].starts_with("mixed: k = 5 > n for 1 task"));
    }
}
