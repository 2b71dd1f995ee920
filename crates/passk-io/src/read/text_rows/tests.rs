//! Counts lines, delimited rows and 0/1 matrices, read line by line.

use crate::read::{read_text, FileRead, Format};

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// The shortcut for two plain counts reads every row as the cell-by-cell path does:
    /// the same tasks, the same rejections (any header of n and c, any delimiter).
    #[test]
    fn shortcut_reads_as_the_cells_do(
        header in proptest::sample::select(vec!["n,c", "c,n", "samples,passed", "n,c,model", "task,n,c", "n"]),
        tab in proptest::bool::ANY,
        rows in proptest::collection::vec(
            proptest::string::string_regex("[0-9]{0,15}([,\t ]|, |,,)[0-9 +.e-]{0,15}").unwrap(), 1..40),
    ) {
        let d = if tab { '\t' } else { ',' };
        use super::{Collector, Header};
        let h = Header::parse(1, &header.replace(',', &d.to_string()), d);
        let (mut fast, mut cells) = (Collector::default(), Collector::default());
        for (i, r) in rows.iter().enumerate() {
            let r = r.replace(',', &d.to_string());
            if !h.plain_row(i as u64 + 2, &r, d, &mut fast) {
                h.row(i as u64 + 2, &r, d, &mut fast);
            }
            h.row(i as u64 + 2, &r, d, &mut cells);
        }
        proptest::prop_assert_eq!(&fast.rejected, &cells.rejected);
        proptest::prop_assert_eq!(fast.take_series(), cells.take_series());
    }
}

#[test]
fn two_columns_either_way_round() {
    let r = read("c,n\n3,10\n 4,10\n10,5\n");
    let counts: Vec<(u64, u64)> = r.series[0]
        .1
        .iter()
        .map(|t| (t.counts.n(), t.counts.c()))
        .collect();
    assert_eq!(counts, vec![(10, 3), (10, 4)]);
    assert_eq!(r.rejected.len(), 1, "{:?}", r.rejected);
    assert_eq!(r.rejected[0].line, 4);
}

fn read(text: &str) -> FileRead {
    read_text("p", "p", text, None)
}

#[test]
fn counts_text_in_every_spelling() {
    let r = read("# comment\n10 3\n10,4\n10\t5\n6/10\n10;7\n\n");
    assert_eq!(r.format, Some(Format::CountsText));
    let cs: Vec<u64> = r.series[0].1.iter().map(|t| t.counts.c()).collect();
    assert_eq!(cs, vec![3, 4, 5, 6, 7]);
    assert!(r.rejected.is_empty());
}

#[test]
fn bad_rows_have_line_and_reason() {
    let r = read("10 3\n10 11\n1e3 5\n-1 0\n3.5 1\n0 0\n1 2 3\n");
    let reasons: Vec<(u64, &str)> = r
        .rejected
        .iter()
        .map(|e| (e.line, e.reason.as_str()))
        .collect();
    assert_eq!(reasons.len(), 6);
    assert!(reasons[0].1.starts_with("c > n"));
    assert_eq!(reasons[0].0, 2);
    assert!(reasons[1].1.contains("exponent"));
    assert!(reasons[2].1.contains("negative"));
    assert!(reasons[3].1.contains("whole"));
    assert!(reasons[4].1.starts_with("n = 0"));
    assert!(reasons[5].1.contains("found 3 fields"));
    // One field alone is one field, not "1 fields".
    let r = read("10 3\n12\n");
    assert_eq!(
        r.rejected[0].reason,
        "expected 2 numbers (n c), found 1 field"
    );
}

#[test]
fn csv_with_model_and_temperature_columns_splits_series() {
    let text = "\u{feff}Model,Task,N,C,Temp,extra\r\nA,1,10,3,0.6,x\r\nB,1,10,4,0.6,y\r\nA,2,10,5,0.6,z\r\nA,2,10,6,0.6,z\r\nA,1,10,2,1.0,w\r\n";
    let r = read_text("f.csv", "f", text, None);
    assert_eq!(r.format, Some(Format::Delimited { delimiter: ',' }));
    let names: Vec<String> = r.series.iter().map(|s| s.0.name("f")).collect();
    assert_eq!(names, vec!["A T=0.6", "B T=0.6", "A T=1.0"]);
    assert_eq!(r.series[0].1.len(), 2);
    assert_eq!(r.series[2].0.temperature_value(), Some(1.0));
    assert_eq!(r.ignored_columns, vec!["extra".to_string()]);
    assert_eq!(r.rejected.len(), 1);
    assert!(r.rejected[0].reason.contains("duplicate task id '2'"));
}

#[test]
fn a_quoted_field_may_span_lines_as_rfc_4180_allows() {
    let text = "task,n,c,notes\na,10,3,\"line one\nline two, with a comma\n\n# not a comment\"\n\"b\nb\",10,4,\"x\"\"y\"\n\"d\",10,11,\"two\nlines\"\ne,10,5,\"never closed\n10,1\n";
    let whole = read_text("f.csv", "f", text, None);
    let ids: Vec<(&str, u64)> = whole.series[0]
        .1
        .iter()
        .map(|t| (t.id.as_deref().unwrap(), t.counts.c()))
        .collect();
    assert_eq!(ids, vec![("a", 3), ("b\nb", 4)]);
    let rejected: Vec<(u64, &str)> = whole
        .rejected
        .iter()
        .map(|e| (e.line, e.reason.as_str()))
        .collect();
    assert_eq!(rejected.len(), 2, "{rejected:?}");
    // Each named by the line its record starts on.
    assert_eq!(rejected[0].0, 8);
    assert!(rejected[0].1.starts_with("c > n"), "{}", rejected[0].1);
    assert_eq!(rejected[1].0, 10);
    assert!(rejected[1].1.contains("never closed"), "{}", rejected[1].1);
    // Fed a byte at a time: the same.
    let mut r = crate::read::Reader::new("f.csv", "f", None);
    for b in text.as_bytes() {
        r.feed(std::slice::from_ref(b));
    }
    assert!(r.finish().same_data(&whole));
}

#[test]
fn a_quoted_field_cut_by_an_overlong_line_is_reported_not_lost() {
    let mut r = crate::read::Reader::new("f.csv", "f", None);
    r.feed(b"task,n,c\na,10,3\n\"b,10,4\n");
    let block = vec![b'x'; 1 << 20];
    for _ in 0..=(crate::read::MAX_LINE >> 20) {
        r.feed(&block);
    }
    r.feed(b"\nc,10,5\n");
    let read = r.finish();
    let ids: Vec<&str> = read.series[0]
        .1
        .iter()
        .filter_map(|t| t.id.as_deref())
        .collect();
    assert_eq!(ids, ["a", "c"]);
    let lines: Vec<u64> = read.rejected.iter().map(|e| e.line).collect();
    assert_eq!(lines, [3, 4]);
    assert!(read.rejected[0].reason.contains("goes on into line 4"));
    assert!(read.rejected[1].reason.contains("longer than the limit"));
}

#[test]
fn header_without_counts_is_reported() {
    let r = read("task,label\na,1\n");
    assert_eq!(r.rejected.len(), 2);
    assert!(r.rejected[0].reason.contains("names no n"));
    // A task and a score with no n is a row per sample, not a header without counts.
    let r = read("task,score\na,1\n");
    assert!(r.rejected.is_empty());
    assert_eq!(r.series[0].1[0].counts.n(), 1);
}

#[test]
fn matrix_needs_three_columns_unless_chosen() {
    let r = read("1 0 1\n0 0 0\n1 1 2\n");
    assert_eq!(r.format, Some(Format::Matrix));
    let got: Vec<(u64, u64)> = r.series[0]
        .1
        .iter()
        .map(|t| (t.counts.n(), t.counts.c()))
        .collect();
    assert_eq!(got, vec![(3, 2), (3, 0)]);
    assert!(r.rejected[0].reason.contains("'2' is not 0 or 1"));
    // Two 0/1 columns read as n c…
    let r = read("1 0\n1 1\n");
    assert_eq!(r.format, Some(Format::CountsText));
    // …unless the user picks the matrix.
    let r = read_text("p", "p", "1 0\n1 1\n", Some(Format::Matrix));
    assert_eq!(r.series[0].1[1].counts.c(), 2);
}

#[test]
fn a_row_per_sample_is_counted_per_task() {
    // model, task and an outcome column, no n: each row one sample of its task.
    let r = read(
        "model,task,passed\nA,t1,1\nA,t1,0\nA,t2,true\nB,t1,False\nA,t1,1.0\nA,,1\nA,t3,0.5\n",
    );
    assert_eq!(r.format, Some(Format::Delimited { delimiter: ',' }));
    type Read = Vec<(String, Vec<(String, u64, u64)>)>;
    let series: Read = r
        .series
        .iter()
        .map(|(m, tasks)| {
            let tasks = tasks
                .iter()
                .map(|t| {
                    (
                        t.id.as_deref().unwrap().to_string(),
                        t.counts.n(),
                        t.counts.c(),
                    )
                })
                .collect();
            (m.model.clone().unwrap(), tasks)
        })
        .collect();
    assert_eq!(
        series,
        [
            (
                "A".to_string(),
                vec![("t1".to_string(), 3, 2), ("t2".to_string(), 1, 1)]
            ),
            ("B".to_string(), vec![("t1".to_string(), 1, 0)]),
        ]
    );
    let why: Vec<(u64, &str)> = r
        .rejected
        .iter()
        .map(|e| (e.line, e.reason.as_str()))
        .collect();
    assert_eq!(
        why,
        [
            (7, "task is empty: a row per sample names its task"),
            (
                8,
                "passed = 0.5 is not true/false or 0/1 (a graded score: one sample passes or fails here)"
            ),
        ]
    );
    // `score` and `correct` name the outcome too; with an n column a row is a task's counts.
    let r = read("task,score\nx,1\nx,0\n");
    assert_eq!(r.series[0].1[0].counts.n(), 2);
    let r = read("task,n,correct\nx,10,3\n");
    assert_eq!(r.series[0].1[0].counts.c(), 3);
}
