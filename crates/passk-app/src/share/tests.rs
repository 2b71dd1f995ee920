use crate::page::series_edits::SeriesEdits;
use proptest::prelude::*;

use super::*;
use crate::page::state::PageState;
use passk_core::data::Counts;
use passk_core::data::SeriesMeta;
use passk_core::estimators::Estimator;
use passk_core::settings::BandKind;
use passk_io::read::Format;
use passk_io::settings::SettingsText;

use passk_core::data::Task;
use passk_core::estimators::SeKind;

/// An input of one unnamed series (named after the input).
fn dataset(name: &str, tasks: &[(Option<&str>, u64, u64)]) -> FileRead {
    input(name, vec![(SeriesMeta::default(), tasks_of(tasks))])
}

fn tasks_of(tasks: &[(Option<&str>, u64, u64)]) -> Vec<Task> {
    tasks
        .iter()
        .map(|&(id, n, c)| Task::new(id.map(str::to_string), Counts::new(n, c).unwrap()))
        .collect()
}

fn input(name: &str, series: Vec<(SeriesMeta, Vec<Task>)>) -> FileRead {
    FileRead {
        file: format!("{name}.jsonl"),
        default_name: name.into(),
        format: Some(Format::JsonLines),
        series: series.into_iter().map(|(m, t)| (m, t.into())).collect(),
        rejected: Vec::new(),
        rejected_more: 0,
        ignored_columns: Vec::new(),
        notes: Vec::new(),
        bytes: 0,
        runs_of: None,
        id: 0,
    }
}

fn shared(inputs: Vec<FileRead>) -> Shared {
    Shared {
        inputs,
        settings: SettingsText::default(),
        enabled: passk_core::estimators::DEFAULT_ENABLED.to_vec(),
        band: BandKind::Credible,
        view: PageState::default(),
        example: None,
    }
}

/// A fragment whose data part is these bytes, deflated and encoded as a link encodes them.
fn data_fragment(bytes: &[u8]) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(bytes, 6);
    format!("v=1&d={}", URL_SAFE_NO_PAD.encode(deflated))
}

#[test]
fn the_calculator_reads_as_typed_by_hand() {
    let d = decode("#n=10&c=3&k=5");
    assert_eq!(d.calc, Some(["10".into(), "3".into(), "5".into()]));
    assert!(d.data.is_none() && d.messages.is_empty(), "{d:?}");
    assert_eq!(
        encode(Some(&["10".into(), "3".into(), "5".into()]), None).unwrap(),
        "v=1&n=10&c=3&k=5"
    );
    // Spaces and separators the browser escapes.
    assert_eq!(decode("n=%2010&c=3&k=1%2C000").calc, None);
    assert_eq!(
        decode("n=%2010&c=3&k=1000").calc,
        Some(["10".into(), "3".into(), "1000".into()])
    );
}

#[test]
fn a_dataset_round_trips_with_ids_order_and_everything_shown() {
    let mut s = shared(vec![
        dataset(
            "base <b>",
            &[(Some("t2"), 128, 5), (None, 128, 0), (Some("t1"), 64, 64)],
        ),
        dataset("rl", &[(None, 10, 3)]),
        input(
            "pythia",
            vec![
                (
                    SeriesMeta {
                        model: Some("pythia-70m".into()),
                        temperature: Some("0.6".into()),
                        step: Some(150),
                    },
                    tasks_of(&[(Some("p1"), 10_000, 7)]),
                ),
                (
                    SeriesMeta::model("pythia-1b"),
                    tasks_of(&[(Some("p1"), 10_000, 70)]),
                ),
            ],
        ),
    ]);
    s.inputs[2].format = Some(Format::Delimited { delimiter: ';' });
    // A task's group travels with it (cluster-robust standard errors).
    s.inputs[0].series[0].1[0].set_group(Some("algebra".into()));
    // Graded rewards and errored samples too (Bayes@N, the error policy).
    let graded = &mut s.inputs[2].series[0].1[0];
    graded.set_rewards(Some(
        passk_core::data::Rewards::tally(vec![(0.0, 3), (0.5, 9_990), (1.0, 5)]).unwrap(),
    ));
    graded.set_errored(2);
    s.settings.k_list = "1, 3, 1000000".into();
    s.settings.seed = "42".into();
    s.settings.g_tau_list = "0.6, 0.9".into();
    s.enabled = vec![Estimator::Zoibb, Estimator::Auto];
    s.band = BandKind::Se(SeKind::Sampling);
    s.view = PageState {
        fit: Some("rl".into()),
        compare_a: Some("base <b>".into()),
        compare_b: Some("rl".into()),
        rank_k: Some(3),
        compare_k: Some(8),
        rank_tau: Some(1),
        backtest: Some("rl".into()),
        advanced: true,
        se: Some("sampling".into()),
        plan_series: Some("rl".into()),
        plan_k: Some("8".into()),
        plan_half_width: Some("0.5%".into()),
        cover_log: Some(true),
        by_group: true,
        reach: Some("99%".into()),
        power_range: Some("4–64".into()),
        forecast_fit: Some("kumaraswamy".into()),
        steps_k: Some("1, 64".into()),
        errors: Some("exclude".into()),
        hidden: vec!["1:base <b>".into()],
        colours: vec![None, Some("2:rl".into()), Some("1:base <b>".into())],
        zoom: Some((3.5, 1e6)),
        columns: Some(vec!["pass_at_k".into(), "bb".into(), "auto".into()]),
        series: SeriesEdits {
            renamed: vec![("2:rl".into(), "RL & co".into())],
            order: vec!["2:rl".into(), "1:base <b>".into()],
        },
    };
    // The inputs' ids travel: the keys above name them.
    s.inputs[0].id = 1;
    s.inputs[1].id = 2;
    let calc: CalcFields = ["1000000000000".into(), "1".into(), "999999999999".into()];
    let frag = encode(Some(&calc), Some(&s)).unwrap();
    assert!(
        frag.starts_with("v=1&n=1000000000000&c=1&k=999999999999&d="),
        "{frag}"
    );
    assert!(frag
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"=&-_".contains(&b)));
    let d = decode(&format!("#{frag}"));
    assert!(d.messages.is_empty(), "{:?}", d.messages);
    assert_eq!(d.calc, Some(calc));
    assert_eq!(d.data, Some(s));
}

#[test]
fn answers_and_scores_travel_so_maj_and_bon_are_restored() {
    use passk_core::data::{AnswerGroup, Scored, Votes};
    let mut tasks = tasks_of(&[(Some("a"), 3, 2), (Some("b"), 2, 0)]);
    tasks[0].set_votes(Some(
        Votes::new(vec![AnswerGroup::new(2, true)], 1).unwrap(),
    ));
    tasks[1].set_scored(Some(Scored::new(vec![(0.9, 0.0), (0.2, 0.0)]).unwrap()));
    tasks[1].set_graded(Some(Scored::new(vec![(0.9, 0.4), (0.2, 0.8)]).unwrap()));
    let s = shared(vec![input("runs", vec![(SeriesMeta::default(), tasks)])]);
    let d = decode(&format!("#{}", encode(None, Some(&s)).unwrap()));
    assert!(d.messages.is_empty(), "{:?}", d.messages);
    assert_eq!(d.data, Some(s.clone()));
    // Votes of another number of samples than the task's are refused.
    let mut bad = s;
    bad.inputs[0].series[0].1[0].counts = Counts::new(4, 2).unwrap();
    let d = decode(&format!("#{}", encode(None, Some(&bad)).unwrap()));
    assert!(d.data.is_none());
    assert!(
        d.messages
            .iter()
            .any(|m| m.contains("votes or scores not of its 4 samples")),
        "{:?}",
        d.messages
    );
}

#[test]
fn hostile_links_give_messages_and_apply_nothing_wrong() {
    let cases: Vec<(String, &str)> = vec![
        ("v=1&d=%%%%".into(), "not base64url"),
        ("v=1&d=A".into(), "not base64url"),
        (format!("v=1&d={}", URL_SAFE_NO_PAD.encode([0xff; 40])), "deflate"),
        (data_fragment(&vec![b' '; MAX_DECODED + 1]), "more than 4 MB"),
        (data_fragment(b"{\"inputs\": 3}"), "not the data of a passk link"),
        (data_fragment(b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["), "not the data"),
        (
            data_fragment(br#"{"inputs":[{"file":"f","name":"x","series":[{"n":[1000000000000000000000000000000],"c":[1]}]}]}"#),
            "not the data",
        ),
        (
            data_fragment(br#"{"inputs":[{"file":"f","name":"x","series":[{"n":[2000000000000],"c":[1]}]}]}"#),
            "above the limit of 10^12",
        ),
        (data_fragment(br#"{"inputs":[{"file":"f","name":"x","series":[{"n":[5],"c":[6]}]}]}"#), "series 'x', task 1"),
        (data_fragment(br#"{"inputs":[{"file":"f","name":"x","series":[{"n":[5,5],"c":[1]}]}]}"#), "2 n, 1 c"),
        ("n=1000000000000000000000000000000&c=1&k=1".into(), "at most 10^12"),
        ("n=2000000000000&c=1&k=5".into(), "at most 10^12"),
        ("n=10&c=3".into(), "k is missing"),
        ("n=10&c=-3&k=5".into(), "not be negative"),
        ("n=<script>alert(1)</script>&c=1&k=1".into(), "not a number"),
    ];
    for (frag, want) in cases {
        let d = decode(&frag);
        assert!(!d.carries(), "{frag}: {d:?}");
        let all = d.messages.join(" ");
        assert!(all.contains(want), "{frag}: {all}");
    }
    // An unknown version applies nothing, even valid parts.
    let d = decode("v=2&n=10&c=3&k=5");
    assert!(!d.carries() && d.messages[0].contains("version 2"), "{d:?}");
    // Unknown keys are named; valid parts still apply.
    let d = decode("n=10&c=3&k=5&zz=1");
    assert!(d.calc.is_some() && d.messages[0].contains("zz"), "{d:?}");
    // A bad setting falls back to its default, with a note; an unknown estimator is dropped.
    let d = decode(&data_fragment(
        br#"{"inputs":[],"settings":{"k_list":"0","seed":"7"},"enabled":["bb","nope"],"band":"x"}"#,
    ));
    let s = d.data.as_ref().unwrap();
    assert_eq!(s.settings.k_list, SettingsText::default().k_list);
    assert_eq!(s.settings.seed, "7");
    assert_eq!(s.enabled, vec![Estimator::Bb]);
    assert_eq!(d.messages.len(), 3, "{:?}", d.messages);
    // A zoom that is no range of k shows the whole chart, with a note.
    for zoom in ["[10, 2]", "[5, 5]"] {
        let json = format!(r#"{{"inputs":[],"view":{{"zoom":{zoom},"fit":"a"}}}}"#);
        let d = decode(&data_fragment(json.as_bytes()));
        let s = d.data.as_ref().unwrap();
        assert_eq!((s.view.zoom, s.view.fit.as_deref()), (None, Some("a")));
        assert!(d.messages[0].contains("zoom"), "{:?}", d.messages);
    }
}

#[test]
fn an_oversized_dataset_is_refused_when_encoding() {
    let tasks: Vec<(Option<&str>, u64, u64)> =
        vec![(None, 1_000_000_000_000, 999_999_999_999); 300_000];
    let e = encode(None, Some(&shared(vec![dataset("big", &tasks)]))).unwrap_err();
    assert!(e.contains("more than a link carries"), "{e}");
}

fn arb_input() -> impl Strategy<Value = FileRead> {
    (
        "\\PC{0,12}",
        prop::option::of("\\PC{0,8}"),
        prop::collection::vec(
            (
                prop::option::of("[a-z0-9/_ <>\"'&]{0,10}"),
                1u64..=1_000_000_000_000,
                0.0f64..=1.0,
            ),
            0..30,
        ),
    )
        .prop_map(|(name, model, tasks)| {
            let tasks = tasks
                .into_iter()
                .map(|(id, n, f)| {
                    Task::new(id, Counts::new(n, ((n as f64) * f).floor() as u64).unwrap())
                })
                .collect();
            let meta = SeriesMeta {
                model,
                ..SeriesMeta::default()
            };
            input(&name, vec![(meta, tasks)])
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn state_to_link_to_state_is_the_identity(
        series in prop::collection::vec(arb_input(), 0..4),
        calc in prop::option::of((0u64..=1_000_000_000_000, 0u64..2000, 1u64..=1_000_000_000_000)),
        enabled in prop::sample::subsequence(Estimator::ALL.to_vec(), 0..=7),
        band in prop::sample::select(BandKind::ALL.to_vec()),
        ks in prop::collection::vec(1u64..=1_000_000_000_000, 1..6),
        seed in any::<u64>(),
        fit in prop::option::of("\\PC{0,12}"),
        rank in prop::option::of(1u64..1000),
        advanced in any::<bool>(),
    ) {
        let mut s = shared(series);
        s.settings.k_list = ks.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        s.settings.seed = seed.to_string();
        s.enabled = enabled;
        s.band = band;
        s.view = PageState { fit, rank_k: rank, advanced, ..PageState::default() };
        let calc = calc.map(|(n, c, k)| [n.to_string(), c.to_string(), k.to_string()]);
        let frag = encode(calc.as_ref(), Some(&s)).unwrap();
        let d = decode(&frag);
        prop_assert!(d.messages.is_empty(), "{:?}", d.messages);
        prop_assert_eq!(d.calc, calc);
        prop_assert_eq!(d.data, Some(s));
    }

    #[test]
    fn no_fragment_makes_the_decoder_panic(frag in "\\PC{0,200}") {
        let _ = decode(&frag);
    }

    #[test]
    fn no_data_part_makes_the_decoder_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        // Random bytes as base64url, as a deflate stream and as the inflated JSON.
        let _ = decode(&format!("d={}", URL_SAFE_NO_PAD.encode(&bytes)));
        let d = decode(&data_fragment(&bytes));
        prop_assert!(d.data.is_none() || d.messages.iter().all(|m| !m.is_empty()));
    }

    #[test]
    fn a_damaged_link_never_panics(cut in 0usize..400, flip in 0usize..400, with in any::<u8>()) {
        let s = shared(vec![dataset("a", &[(Some("x"), 10, 3), (None, 20, 20)])]);
        let frag = encode(None, Some(&s)).unwrap().into_bytes();
        let mut damaged = frag[..cut.min(frag.len())].to_vec();
        if let Some(b) = damaged.get_mut(flip) {
            *b = b"AZaz09-_=&%"[with as usize % 11];
        }
        let _ = decode(&String::from_utf8_lossy(&damaged));
    }
}

/// Issue 16: a built-in example travels by name — a few dozen characters — and the settings
/// and view only when they differ from a fresh page's.
#[test]
fn examples_travel_by_name() {
    let plain = Shared::of_example("deepscaler");
    let link = encode(None, Some(&plain)).unwrap();
    assert_eq!(link, "v=1&ex=deepscaler");
    let back = decode(&format!("#{link}"));
    assert_eq!(back.data, Some(plain.clone()));
    assert!(back.messages.is_empty(), "{:?}", back.messages);
    // With the calculator, as typed by hand.
    let d = decode("#n=10&c=3&k=5&ex=pythia");
    assert_eq!(d.data.unwrap().example.as_deref(), Some("pythia"));
    assert_eq!(d.calc.unwrap()[0], "10");
    // A changed setting follows in `d`, without the example's counts.
    let mut changed = plain.clone();
    changed.settings.k_list = "1, 7".into();
    changed.view.hidden = vec!["deepscaler_rl".into()];
    let link = encode(None, Some(&changed)).unwrap();
    assert!(link.starts_with("v=1&ex=deepscaler&d="), "{link}");
    assert!(link.len() < 400, "{} characters: {link}", link.len());
    assert_eq!(decode(&link).data, Some(changed));
    // A name that cannot be one is refused with a message, not applied.
    for bad in ["", "a%20b", "x<y>", &"e".repeat(MAX_EXAMPLE_KEY + 1)] {
        let d = decode(&format!("ex={bad}"));
        assert!(d.data.is_none(), "{bad}: {d:?}");
        assert!(d.messages[0].contains("example name"), "{:?}", d.messages);
    }
}

#[test]
fn the_comparisons_budget_keeps_its_key_in_links_and_storage() {
    // `PageState::compare_k` was `decide_k`: links and reloads made before still carry that key.
    let view = PageState {
        compare_k: Some(8),
        ..PageState::default()
    };
    let json = serde_json::to_string(&view).unwrap();
    assert!(json.contains("\"decide_k\":8"), "{json}");
    let old: PageState = serde_json::from_str(r#"{"decide_k":16}"#).unwrap();
    assert_eq!(old.compare_k, Some(16));
}
