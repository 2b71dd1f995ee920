use super::*;
use crate::Chart;

fn task(id: &str, b: f64, half: f64) -> TaskDifficulty {
    TaskDifficulty {
        id: id.into(),
        difficulty: b,
        se: half / 1.96,
        interval: (b - half, b + half),
        pass_share: 0.5,
        n: 10,
        discrimination: None,
        discrimination_interval: None,
    }
}

fn ability(name: &str, slot: usize, theta: f64) -> Ability {
    Ability {
        name: name.into(),
        slot,
        theta,
    }
}

fn small() -> DifficultyChart {
    DifficultyChart {
        tasks: vec![
            task("t/1", 1.5, 0.5),
            task("t/2", 0.25, 0.25),
            task("t/3", -1.0, 40.0),
        ],
        abilities: vec![ability("big", 2, 0.75), ability("small", 0, -0.5)],
        marked: vec![false, true, false],
    }
}

/// The fill colours of the SVG's circles, in upper case.
fn circle_fills(svg: &str) -> Vec<String> {
    svg.split("<circle")
        .skip(1)
        .filter_map(|c| {
            let end = c.find("/>")?;
            let fill = c[..end].split("fill=\"").nth(1)?;
            Some(fill.split('"').next()?.to_uppercase())
        })
        .collect()
}

fn css(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

#[test]
fn each_series_in_its_colour_and_the_separating_tasks_in_the_accent() {
    for dark in [false, true] {
        let svg = Chart::Difficulty(small())
            .svg(600, 300, dark, None)
            .unwrap();
        let style = Style {
            dark,
            ..Style::default()
        };
        for slot in [0, 2] {
            assert!(
                svg.to_uppercase()
                    .contains(&style.series_css(slot).to_uppercase()),
                "slot {slot}"
            );
        }
        let fills = circle_fills(&svg);
        let accent = css(style.ink());
        // Exactly one marked task: one accent dot (the others are muted).
        assert_eq!(
            fills.iter().filter(|f| **f == accent).count(),
            1,
            "{fills:?}"
        );
        assert_eq!(
            fills.iter().filter(|f| **f == css(style.muted())).count(),
            2
        );
        let text = |t: &str| svg.contains(&format!("\n{t}\n</text>"));
        assert!(
            text("difficulty b (logit)") && text("big") && text("small"),
            "{svg}"
        );
    }
}

#[test]
fn the_x_axis_runs_over_the_task_positions_and_wide_intervals_do_not_stretch_y() {
    let chart = small();
    let (mapped, _) = Chart::Difficulty(chart.clone()).drawing((600, 300), &Style::default());
    let m = mapped.unwrap();
    assert_eq!(m.x_range, (1.0, 3.0));
    assert!(!m.x_log);
    // b from −1 to 1.5, θ within: one logit either side, whatever t/3's interval (±40).
    assert_eq!(chart.y_extent(), (-2.0, 2.5));
    assert_eq!(m.y_range, (-2.0, 2.5));
    // t/3's whisker is clipped to the y range (plotters would clip its path to the plotting
    // area anyway: a bound on the SVG's coordinates passes without `clipped`).
    assert_eq!(clipped((-41.0, 39.0), (-2.0, 2.5)), Some((-2.0, 2.5)));
    assert_eq!(clipped((f64::NAN, 1.0), (-2.0, 2.5)), None);
    assert_eq!(clipped((3.0, 4.0), (-2.0, 2.5)), None);
    assert_eq!(position_tick(&200.0), "200");
    assert_eq!(position_tick(&0.5), "");
    assert_eq!(logit_tick(&-5.0), "-5");
    assert_eq!(logit_tick(&-0.0), "0");
    assert_eq!(logit_tick(&0.5), "0.5");
}

#[test]
fn an_empty_or_broken_chart_draws_its_frame() {
    for dark in [false, true] {
        assert!(Chart::Difficulty(DifficultyChart::default())
            .svg(300, 200, dark, None)
            .is_some());
    }
    let mut chart = small();
    chart.tasks[0].difficulty = f64::NAN;
    chart.tasks[1].difficulty = f64::INFINITY;
    chart.tasks[2].interval = (f64::NEG_INFINITY, f64::NAN);
    chart.abilities[0].theta = f64::NAN;
    chart.marked = vec![true];
    let svg = Chart::Difficulty(chart.clone())
        .svg(300, 200, false, None)
        .unwrap();
    // Only the finite task is drawn, and the finite line's name.
    assert_eq!(circle_fills(&svg).len(), 1);
    assert!(svg.contains("\nsmall\n</text>") && !svg.contains("\nbig\n</text>"));
    assert_eq!(chart.y_extent(), (-2.0, 0.5));
    chart.tasks.truncate(1);
    let (m, _) = Chart::Difficulty(chart).drawing((300, 200), &Style::default());
    assert_eq!(m.unwrap().x_range, (0.5, 1.5));
    // A 1×1 drawing neither.
    assert!(Chart::Difficulty(small())
        .svg(1, 1, false, None)
        .is_none_or(|s| !s.is_empty()));
}

#[test]
fn x_labels_keep_apart_on_a_phone() {
    // 116 tasks (Pythia's): the x labels' centres are at least 40 CSS pixels apart at any
    // width, phone-wide included (there "90 100 110" ran together).
    let chart = DifficultyChart {
        tasks: (0..116)
            .map(|k| task(&format!("t{k}"), 3.0 - 0.05 * k as f64, 0.2))
            .collect(),
        marked: vec![false; 116],
        ..small()
    };
    for w in [340, 600, 1200] {
        let svg = Chart::Difficulty(chart.clone())
            .svg(w, 280, false, None)
            .unwrap();
        let mut xs: Vec<f64> = (1..=12)
            .filter_map(|i| {
                let label = format!(">\n{}\n</text>", i * 10);
                let at = svg.find(&label)?;
                let tag = &svg[svg[..at].rfind("<text")?..at];
                let x = tag.split("x=\"").nth(1)?.split('"').next()?;
                x.parse::<f64>().ok()
            })
            .collect();
        xs.sort_by(f64::total_cmp);
        assert!(xs.len() >= 2, "{w}: {xs:?}");
        let closest = xs
            .windows(2)
            .map(|p| p[1] - p[0])
            .fold(f64::INFINITY, f64::min);
        assert!(closest >= 40.0, "{w}: labels {closest} px apart ({xs:?})");
    }
}

#[test]
fn names_that_would_overlap_step_left() {
    // Two names 40 × 12 px whose lines are 5 px apart, a third far below.
    let spots = place_names(&[(40.0, 12.0); 3], &[100.0, 105.0, 200.0], 500.0, 6.0);
    assert_eq!(spots, [(500.0, 100.0), (454.0, 105.0), (500.0, 200.0)]);
}

#[test]
fn a_name_pushed_past_the_left_edge_is_left_out() {
    // Seven series of nearly one ability on a phone-wide chart: the names that would step
    // past the plot's left edge are not drawn (the read-out names them), the others are.
    let names = [
        "Pythia 70M",
        "Pythia 160M",
        "Pythia 410M",
        "Pythia 1B",
        "Pythia 2.8B",
        "Pythia 6.9B",
        "Pythia 12B",
    ];
    let chart = DifficultyChart {
        abilities: names
            .iter()
            .enumerate()
            .map(|(i, n)| ability(n, i, -5.0 + 0.01 * i as f64))
            .collect(),
        ..small()
    };
    let drawn = |w| {
        let svg = Chart::Difficulty(chart.clone())
            .svg(w, 280, false, None)
            .unwrap();
        names.iter().filter(|n| svg.contains(*n)).count()
    };
    assert_eq!(drawn(2000), 7);
    let narrow = drawn(340);
    assert!((1..7).contains(&narrow), "{narrow} names drawn");
}

#[test]
fn the_chart_of_items_marks_the_separating_tasks() {
    let items = Items {
        tasks: small().tasks,
        abilities: vec![0.75, -0.5, 0.1],
        discrimination_error: None,
        all_pass: vec![],
        all_fail: vec![],
        pair: Some((0, 1)),
        chosen: false,
        separating: vec![("t/3".into(), 1.0), ("gone".into(), 0.5)],
    };
    let chart = DifficultyChart::new(&items, &["a".into(), "b".into()], &[4]);
    assert_eq!(chart.marked, [false, false, true]);
    assert_eq!(
        chart.abilities,
        [
            ability("a", 4, 0.75),
            ability("b", 1, -0.5),
            ability("series 3", 2, 0.1)
        ]
    );
}

/// A realistic chart (1,000 tasks, 7 series) written to /tmp/difficulty-{light,dark}.svg to
/// look at: `cargo test -p passk-plot difficulty -- --ignored`.
#[test]
#[ignore]
fn realistic_svg() {
    let t = 1000;
    let thetas = [-1.2, -0.5, 0.1, 0.15, 0.4, 1.0, 1.8];
    let names = [
        "llama-3-8b",
        "mistral-7b",
        "qwen2.5-7b",
        "gemma-2-9b",
        "phi-3",
        "gpt-4o-mini",
        "claude",
    ];
    let sigma = |x: f64| 1.0 / (1.0 + (-x).exp());
    let tasks: Vec<TaskDifficulty> = (0..t)
        .map(|k| {
            let u = 1.0 - (k as f64 + 0.5) / t as f64;
            let b = 1.7 * (u / (1.0 - u)).ln() + 0.3 * ((k * 37 % 11) as f64 / 11.0 - 0.5);
            let info: f64 = thetas
                .iter()
                .map(|th| {
                    let p = sigma(th - b);
                    10.0 * p * (1.0 - p)
                })
                .sum();
            let se = 1.0 / info.sqrt();
            TaskDifficulty {
                id: format!("HumanEval/{k}"),
                difficulty: b,
                se,
                interval: (b - 1.96 * se, b + 1.96 * se),
                pass_share: 0.5,
                n: 10,
                discrimination: None,
                discrimination_interval: None,
            }
        })
        .collect();
    let marked = tasks
        .iter()
        .map(|x| (x.difficulty - 0.12).abs() < 0.03)
        .collect();
    let chart = DifficultyChart {
        tasks,
        abilities: thetas
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (&theta, n))| ability(n, i, theta))
            .collect(),
        marked,
    };
    for (dark, name) in [(false, "light"), (true, "dark")] {
        let svg = Chart::Difficulty(chart.clone())
            .svg(900, 420, dark, None)
            .unwrap();
        std::fs::write(format!("/tmp/difficulty-{name}.svg"), svg).unwrap();
    }
}
