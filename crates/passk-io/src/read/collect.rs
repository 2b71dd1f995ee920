//! Gathering what a file's rows say into series: counts rows as they come (duplicate task
//! ids reported, never merged), or per-sample results added up per task.

use passk_core::data::Counts;
use passk_core::data::SeriesMeta;

use passk_core::data::Rewards;
use passk_core::data::Task;
use passk_core::data::{Scored, Tally, Votes};

use super::fast_hash::FxMap;
use super::options::ReadOptions;
use super::repeats::{Ids, Seen};
use super::rollout_keys::{THRESHOLD_NOTE, THRESHOLD_SLACK};
use super::row_error::RowError;

/// Rejected rows kept in full; beyond this they are only counted.
pub const MAX_KEPT: usize = 100_000;

/// The series a file yielded and its rejected rows.
#[derive(Debug, Default)]
pub struct Collector {
    /// Series in order of first appearance.
    pub series: Vec<(SeriesMeta, Vec<Task>)>,
    index: FxMap<SeriesMeta, usize>,
    /// The task ids seen per series (repeated ids are reported, see [`Ids`]).
    ids: Ids,
    /// Rejected rows, the first [`MAX_KEPT`].
    pub rejected: Vec<RowError>,
    /// Rejected rows beyond [`MAX_KEPT`].
    pub rejected_more: u64,
    /// What per-sample rows said beyond pass or fail, by (series, task position).
    said: FxMap<(usize, usize), Answers>,
    /// Whether the votes keep their answers' texts (to be combined with other files').
    pub keep_answers: bool,
    /// How the reader was asked to read.
    pub options: ReadOptions,
    /// Room for this many tasks in the next series made (see [`make_room`](Self::make_room)).
    room: usize,
    /// What the reader chose that the user should know (the threshold a reward passes at).
    pub notes: Vec<String>,
}

/// What a task's samples said beyond pass or fail: answers (and the target) and scores.
#[derive(Debug, Default)]
pub struct Answers {
    /// The answers tallied.
    pub tally: Tally,
    /// Samples tallied (answered or not).
    pub tallied: u64,
    /// (score, 1 or 0) of each scored sample.
    pub scores: Vec<(f64, f64)>,
    /// (score, graded reward) of each sample given both.
    pub graded: Vec<(f64, f64)>,
    /// Each rollout's graded reward, and whether its pass is decided by the threshold (it
    /// came without a verdict).
    pub rewards: Vec<(f64, bool)>,
    /// Samples marked as errors (counted as failures, without a reward).
    pub errored: u64,
}

impl Collector {
    /// Records a rejected row.
    pub fn reject(&mut self, line: u64, reason: impl Into<String>, series: Option<SeriesMeta>) {
        if self.rejected.len() < MAX_KEPT {
            self.rejected.push(RowError {
                line,
                reason: reason.into(),
                series,
            });
        } else {
            self.rejected_more += 1;
        }
    }

    /// An empty collector reading as this one does, for rows further on in the same input.
    pub(super) fn fork(&self) -> Collector {
        Collector {
            keep_answers: self.keep_answers,
            options: self.options.clone(),
            ..Collector::default()
        }
    }

    /// Room for `tasks` more tasks in the series rows are going into (the last one made, or
    /// the next one): a large chunk's tasks then go where they will stay, and
    /// [`touch_room`](Self::touch_room) can make that memory ready beforehand.
    /// Only while there is at most one series: rows of several go into each of them, in
    /// shares no one knows beforehand.
    pub(super) fn make_room(&mut self, tasks: usize) {
        match self.series.as_mut_slice() {
            [] => self.room = tasks,
            [(_, into)] => into.reserve(tasks),
            _ => {}
        }
    }

    /// Writes once to every memory page of the room for the next `tasks` tasks of the only
    /// series, so that the operating system maps those pages now, on this thread, rather
    /// than when [`absorb`](Self::absorb) copies tasks into them. Room not made is not made
    /// here: the length and the tasks are unchanged.
    pub(super) fn touch_room(&mut self, tasks: usize) {
        const PER_PAGE: usize = 4096 / std::mem::size_of::<Task>();
        if let [(_, into)] = self.series.as_mut_slice() {
            for slot in into
                .spare_capacity_mut()
                .iter_mut()
                .take(tasks)
                .step_by(PER_PAGE)
            {
                slot.write(Task::new(None, Counts::ZERO_RATE));
            }
        }
    }

    /// Takes in the rows `later` collected from the lines after this one's (counts rows
    /// only: no per-sample row): as if this collector had read them itself, in order.
    pub(super) fn absorb(&mut self, later: Collector) {
        debug_assert!(
            later.said.is_empty(),
            "per-sample rows are read in one part"
        );
        let mut rejected = later.rejected.into_iter();
        self.rejected.extend(
            rejected
                .by_ref()
                .take(MAX_KEPT.saturating_sub(self.rejected.len())),
        );
        self.rejected_more += later.rejected_more + rejected.len() as u64;
        let mut to = Vec::with_capacity(later.series.len());
        for (meta, tasks) in later.series {
            let s = self.series_index(&meta);
            let into = &mut self.series[s].1;
            to.push((s, into.len()));
            if into.is_empty() {
                *into = tasks;
            } else {
                into.extend(tasks);
            }
        }
        self.ids.absorb(later.ids, &to, &self.series);
    }

    fn series_index(&mut self, meta: &SeriesMeta) -> usize {
        // Rows of one series usually come together: the last one's, without hashing.
        if let Some(last) = self.series.len().checked_sub(1) {
            if self.series[last].0 == *meta {
                return last;
            }
        }
        if let Some(&i) = self.index.get(meta) {
            return i;
        }
        self.series.push((
            meta.clone(),
            Vec::with_capacity(std::mem::take(&mut self.room)),
        ));
        self.index.insert(meta.clone(), self.series.len() - 1);
        self.series.len() - 1
    }

    /// A counts row: one task with n samples, c of them passed.
    pub fn push_counts(&mut self, line: u64, meta: SeriesMeta, id: Option<String>, n: u64, c: u64) {
        self.push_grouped(line, meta, (id, None), n, c);
    }

    /// A counts row that may name the task's group: `(id, group)`.
    pub fn push_grouped(
        &mut self,
        line: u64,
        meta: SeriesMeta,
        (id, group): (Option<String>, Option<String>),
        n: u64,
        c: u64,
    ) {
        match Counts::new(n, c) {
            Ok(counts) => self.push_task(line, meta, Task::grouped(id, counts, group)),
            Err(e) => self.reject(line, e.to_string(), Some(meta)),
        }
    }

    /// A counts row of which `errored` failed samples were errors (BigCodeBench timeouts,
    /// SWE-bench `error_ids`: failures unless the error policy takes them out).
    pub fn push_errored(&mut self, meta: SeriesMeta, id: String, (n, c): (u64, u64), errored: u64) {
        match Counts::new(n, c) {
            Ok(counts) => {
                let mut task = Task::new(Some(id), counts);
                task.set_errored(errored.min(n - c));
                self.push_task(0, meta, task);
            }
            Err(e) => self.reject(0, e.to_string(), Some(meta)),
        }
    }

    /// A whole task (a repeated task id is reported, never merged, once the rows are all
    /// in: see [`settle`](Self::settle)).
    pub fn push_task(&mut self, line: u64, meta: SeriesMeta, task: Task) {
        let s = self.series_index(&meta);
        if let Some(id) = task.id.as_deref() {
            self.ids.note(s, self.series[s].1.len(), line, id);
        }
        self.series[s].1.push(task);
    }

    /// Checks the counts rows pushed since the last call for repeated ids ([`Ids::settle`])
    /// and files their rejections in line order among those already made.
    fn settle(&mut self, remember: bool) {
        let repeats = self.ids.settle(&mut self.series, remember);
        if repeats.is_empty() {
            return;
        }
        let before = std::mem::take(&mut self.rejected);
        let mut news = repeats.into_iter().peekable();
        for r in before {
            while let Some(n) = news.next_if(|n| n.line < r.line) {
                self.rejected.push(n);
            }
            self.rejected.push(r);
        }
        self.rejected.extend(news);
        if self.rejected.len() > MAX_KEPT {
            self.rejected_more += (self.rejected.len() - MAX_KEPT) as u64;
            self.rejected.truncate(MAX_KEPT);
        }
    }

    /// Per-sample results for one task: `n` more samples, `c` of them passed (a line may
    /// carry one sample or a list of them); `(id, group)`: the task and the group its first
    /// line names, if any.
    ///
    /// Returns where the task is, for [`said`](Self::said), unless the row was rejected.
    pub fn push_samples(
        &mut self,
        line: u64,
        meta: SeriesMeta,
        (id, group): (String, Option<String>),
        n: u64,
        c: u64,
    ) -> Option<(usize, usize)> {
        self.settle(true);
        let s = self.series_index(&meta);
        match self.ids.find(&self.series, s, &id) {
            Some(Seen { pos, .. }) => {
                let t = &mut self.series[s].1[pos];
                match Counts::new(t.counts.n() + n, t.counts.c() + c) {
                    Ok(c) => {
                        t.counts = c;
                        Some((s, pos))
                    }
                    Err(e) => {
                        self.reject(line, e.to_string(), Some(meta));
                        None
                    }
                }
            }
            None => match Counts::new(n, c) {
                Ok(counts) => {
                    let pos = self.series[s].1.len();
                    self.ids.remember(s, pos, line, &id);
                    self.series[s]
                        .1
                        .push(Task::grouped(Some(id), counts, group));
                    Some((s, pos))
                }
                Err(e) => {
                    self.reject(line, e.to_string(), Some(meta));
                    None
                }
            },
        }
    }

    /// What the samples of the task at `at` (from [`push_samples`](Self::push_samples))
    /// said beyond pass or fail.
    pub fn said(&mut self, at: (usize, usize)) -> &mut Answers {
        let fold_case = self.options.fold_case;
        self.said.entry(at).or_insert_with(|| Answers {
            tally: Tally::new(fold_case),
            ..Answers::default()
        })
    }

    /// The reward at or above which a rollout without a verdict passes: the user's, else
    /// the largest such reward, but at least 1 (full credit: a file where nothing succeeded,
    /// all 0, or where only a format reward of 0.1 was earned, passes nothing), less
    /// [`THRESHOLD_SLACK`] (None when no rollout needs one); noted.
    fn threshold(&mut self) -> Option<f64> {
        let deferred = self.said.values().flat_map(|a| &a.rewards).filter(|r| r.1);
        let largest = deferred.map(|r| r.0).max_by(f64::total_cmp)?;
        Some(self.pass_threshold(largest, "a sample passes when its reward"))
    }

    /// The threshold a reward passes at, given the largest in the file: the user's, else
    /// that largest but at least 1, less [`THRESHOLD_SLACK`]; noted as "`what` ≥ t (why)".
    pub fn pass_threshold(&mut self, largest: f64, what: &str) -> f64 {
        let (t, why) = match self.options.threshold_value() {
            Some(t) => (t, "as asked".to_string()),
            None if largest >= 1.0 => (
                largest - THRESHOLD_SLACK,
                format!("the largest reward in the file, {largest}, within {THRESHOLD_SLACK}"),
            ),
            None => (
                1.0 - THRESHOLD_SLACK,
                format!("full credit 1, within {THRESHOLD_SLACK}: the largest reward in the file is {largest}"),
            ),
        };
        self.notes
            .push(format!("{what}{THRESHOLD_NOTE}{t} ({why})"));
        t
    }

    /// The series read, each task with its votes (when any of its samples gave an answer;
    /// samples without one abstain) and its scores (when every sample was scored).
    pub fn take_series(&mut self) -> Vec<(SeriesMeta, Vec<Task>)> {
        self.settle(false);
        let threshold = self.threshold();
        for ((s, pos), said) in self.said.drain() {
            let Some(task) = self.series.get_mut(s).and_then(|x| x.1.get_mut(pos)) else {
                continue;
            };
            let n = task.counts.n();
            if said.tally.has_answers() {
                task.set_votes(said.tally.votes().ok().and_then(|v| {
                    let unsaid = n.saturating_sub(said.tallied);
                    let v = Votes::new(v.groups().to_vec(), v.abstain() + unsaid).ok()?;
                    Some(if self.keep_answers {
                        v
                    } else {
                        v.without_answers()
                    })
                }));
            }
            if said.scores.len() as u64 == n {
                task.set_scored(Scored::new(said.scores).ok());
            }
            if said.graded.len() as u64 == n {
                task.set_graded(Scored::new(said.graded).ok());
            }
            if let Some(t) = threshold {
                let passed = said.rewards.iter().filter(|r| r.1 && r.0 >= t).count() as u64;
                if let Ok(c) = Counts::new(n, task.counts.c() + passed) {
                    task.counts = c;
                }
            }
            if !said.rewards.is_empty() && said.rewards.len() as u64 + said.errored == n {
                let rewards: Vec<f64> = said.rewards.iter().map(|r| r.0).collect();
                task.set_rewards(Rewards::of_samples(&rewards).ok());
            }
            task.set_errored(said.errored);
        }
        self.ids.clear();
        for (_, tasks) in &mut self.series {
            // Room made for a series that other series' rows then shared.
            if tasks.capacity() - tasks.len() > tasks.len() {
                tasks.shrink_to_fit();
            }
        }
        std::mem::take(&mut self.series)
    }
}

#[cfg(test)]
mod tests {
    use crate::read::read_text;

    #[test]
    fn every_repeated_id_is_found_with_its_first_line_among_many() {
        // 20,000 ids in two series, then each tenth id of series A again, and series B's
        // ids under A's name only where B has them (not repeats: another series).
        let mut text = String::from("model,task,n,c\n");
        for i in 0..20_000 {
            text.push_str(&format!("A,t{i},10,3\nB,t{i},10,4\n"));
        }
        for i in (0..20_000).step_by(10) {
            text.push_str(&format!("A,t{i},10,5\n"));
        }
        let r = read_text("f.csv", "f", &text, None);
        assert_eq!(r.series.len(), 2);
        assert!(r.series.iter().all(|s| s.1.len() == 20_000));
        assert!(r.series[0].1.iter().all(|t| t.counts.c() == 3));
        assert_eq!(r.rejected.len(), 2_000);
        for (j, e) in r.rejected.iter().enumerate() {
            let i = j * 10;
            let first = 2 + 2 * i;
            assert_eq!(e.line, 40_002 + j as u64);
            assert_eq!(
                e.reason,
                format!("duplicate task id 't{i}' (first on line {first}); not merged")
            );
        }
    }

    #[test]
    fn repeated_ids_are_rejected_in_line_order_among_other_rejections() {
        let text = "task,n,c\na,10,3\nb,10,x\na,10,4\nc,5,6\nb,10,1\nb,10,2\n";
        let r = read_text("f.csv", "f", text, None);
        let tasks: Vec<(&str, u64)> = r.series[0]
            .1
            .iter()
            .map(|t| (t.id.as_deref().unwrap_or_default(), t.counts.c()))
            .collect();
        assert_eq!(tasks, vec![("a", 3), ("b", 1)]);
        let lines: Vec<u64> = r.rejected.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 4, 5, 7]);
        assert!(r.rejected[1].reason.contains("'a' (first on line 2)"));
        assert!(r.rejected[3].reason.contains("'b' (first on line 6)"));
    }

    #[test]
    fn samples_after_counts_rows_add_to_their_task_and_later_repeats_are_rejected() {
        let text = r#"[{"task_id":"a","n":10,"c":3},{"task_id":"b","n":4,"c":1},
            {"task_id":"a","passed":true},{"task_id":"b","n":4,"c":2},{"task_id":"a","n":1,"c":1}]"#;
        let r = read_text("f.json", "f", text, None);
        let tasks: Vec<(&str, u64, u64)> = r.series[0]
            .1
            .iter()
            .map(|t| {
                (
                    t.id.as_deref().unwrap_or_default(),
                    t.counts.n(),
                    t.counts.c(),
                )
            })
            .collect();
        assert_eq!(tasks, vec![("a", 11, 4), ("b", 4, 1)]);
        let reasons: Vec<&str> = r.rejected.iter().map(|e| e.reason.as_str()).collect();
        assert_eq!(
            reasons,
            vec![
                "element 4: duplicate task id 'b' (first on line 2); not merged",
                "element 5: duplicate task id 'a' (first on line 1); not merged"
            ]
        );
    }

    #[test]
    fn samples_find_their_task_after_repeats_are_taken_out_of_another_series() {
        let text = r#"[{"model":"A","task_id":"x","n":2,"c":1},{"model":"A","task_id":"x","n":2,"c":2},
            {"model":"B","task_id":"y","n":2,"c":0},{"model":"B","task_id":"z","n":2,"c":0},
            {"model":"B","task_id":"z","passed":true}]"#;
        let r = read_text("f.json", "f", text, None);
        let of = |s: usize| crate::read::id_counts(&r.series[s].1);
        assert_eq!(of(0), vec![("x".to_string(), 2, 1)]);
        assert_eq!(
            of(1),
            vec![("y".to_string(), 2, 0), ("z".to_string(), 3, 1)]
        );
        assert_eq!(r.rejected.len(), 1);
    }

    #[test]
    fn per_sample_lines_add_up_per_task_among_many() {
        let mut text = String::new();
        for round in 0..3 {
            for i in 0..5_000 {
                let passed = (i + round) % 3 == 0;
                text.push_str(&format!("{{\"task_id\":\"T/{i}\",\"passed\":{passed}}}\n"));
            }
        }
        let r = read_text("s.jsonl", "s", &text, None);
        let tasks = &r.series[0].1;
        assert_eq!(tasks.len(), 5_000);
        for (i, t) in tasks.iter().enumerate() {
            assert_eq!(t.id.as_deref(), Some(format!("T/{i}").as_str()));
            let want = (0..3).filter(|round| (i + round) % 3 == 0).count() as u64;
            assert_eq!((t.counts.n(), t.counts.c()), (3, want), "task {i}");
        }
    }
}
