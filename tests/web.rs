//! Tier 2: the app mounted in headless Chromium by wasm-bindgen-test (`./dev test`).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Lets the reactive system run its scheduled effects.
async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn by_testid(root: &HtmlElement, id: &str) -> web_sys::Element {
    root.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid={id}"))
}

async fn set(root: &HtmlElement, id: &str, value: &str) {
    let input: HtmlInputElement = by_testid(root, id).dyn_into().unwrap();
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    tick().await;
}

fn text(root: &HtmlElement, id: &str) -> String {
    by_testid(root, id).text_content().unwrap_or_default()
}

fn mount() -> HtmlElement {
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
    let doc = window.document().unwrap();
    let root: HtmlElement = doc.create_element("div").unwrap().dyn_into().unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), passk_web::App);
    std::mem::forget(handle);
    root
}

#[wasm_bindgen_test]
async fn calculator_computes_and_recovers() {
    let root = mount();
    tick().await;
    assert_eq!(text(&root, "pass-at-k"), "91.67%");

    set(&root, "k", "100").await;
    assert_eq!(
        text(&root, "pass-at-k"),
        "undefined for k > n (only 10 samples)"
    );
    assert!(text(&root, "pass-at-k-reason").contains("only 10 samples"));

    set(&root, "k", "5").await;
    set(&root, "c", "11").await;
    assert!(text(&root, "c-error").contains("cannot exceed n"));
    assert_eq!(text(&root, "pass-at-k"), "—");

    set(&root, "c", "-1").await;
    assert!(text(&root, "c-error").contains("negative"));

    set(&root, "c", "3").await;
    assert_eq!(text(&root, "pass-at-k"), "91.67%");
    assert_eq!(text(&root, "c-error"), "");

    set(&root, "n", "1000000000").await;
    set(&root, "c", "1").await;
    set(&root, "k", "1").await;
    assert_eq!(text(&root, "pass-at-k"), "< 0.0001%");
    assert_eq!(
        by_testid(&root, "pass-at-k")
            .get_attribute("title")
            .as_deref(),
        Some("1e-9")
    );
    assert!(text(&root, "pass-at-k-check").contains("lnΓ"));
    root.remove();
}

#[wasm_bindgen_test]
async fn k_table_lists_budgets_up_to_n() {
    let root = mount();
    tick().await;
    set(&root, "n", "200").await;
    set(&root, "c", "5").await;
    set(&root, "k", "10").await;
    assert_eq!(text(&root, "pass-at-k"), "22.83%");
    let rows = by_testid(&root, "k-table")
        .query_selector_all("tbody tr")
        .unwrap()
        .length();
    assert_eq!(rows, 8); // 1, 2, 5, 10, 20, 50, 100, 200 (= n, listed once)
    root.remove();
}

/// Pixels of a canvas that differ from its top-left pixel (the background).
fn inked(canvas: &web_sys::HtmlCanvasElement) -> usize {
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let (w, h) = (canvas.width() as f64, canvas.height() as f64);
    let data = ctx.get_image_data(0.0, 0.0, w, h).unwrap().data().0;
    let bg = &data[0..4];
    data.chunks(4).filter(|p| p != &bg).count()
}

#[wasm_bindgen_test]
fn each_chart_draws_on_a_canvas() {
    use passk_core::analysis::{cover_curves, k_grid, series_curves};
    use passk_core::estimators::Estimator;
    use passk_core::estimators::Tau;
    use passk_core::eval::SeriesFit;
    use passk_core::settings::BandKind;
    use passk_io::read::{assemble, read_text};
    use passk_plot::cover::CoverChart;
    use passk_plot::pass_at_k::PassAtKChart;
    use passk_plot::{Chart, Style};
    use plotters::prelude::IntoDrawingArea;

    let (ds, _) = assemble(vec![read_text(
        "p",
        "p",
        "10 3\n10 0\n10 10\n10 6\n10 9\n",
        None,
    )]);
    let fit = SeriesFit::new(&ds[0]);
    let ks = k_grid(1000, 60, &[10]);
    let curves = series_curves(&ds[0], &fit, &ks, &Default::default(), BandKind::Credible);
    let cover = cover_curves(&fit, &[Tau::parse("0.5").unwrap()], 40);
    let charts = [
        Chart::PassAtK(PassAtKChart {
            series: vec![curves],
            enabled: Estimator::ALL.to_vec(),
            k_max: 1000,
            band: true,
            slots: vec![],
        }),
        Chart::Cover(CoverChart {
            series: vec![cover],
            posterior: true,
            slots: vec![],
            log_tau: true,
            tailpass: vec![],
            tailpass_k: 0,
        }),
        Chart::Steps(passk_plot::steps::StepsChart {
            lines: (0..3)
                .map(|slot| passk_plot::steps::StepLine {
                    k: [1, 8, 64][slot],
                    slot,
                    points: (0..6u64)
                        .map(|s| {
                            let v = 0.2 + 0.1 * slot as f64 + 0.03 * s as f64;
                            (50 * s, v, (v - 0.04, v + 0.04))
                        })
                        .collect(),
                })
                .collect(),
        }),
    ];
    let doc = web_sys::window().unwrap().document().unwrap();
    for chart in charts {
        let canvas: web_sys::HtmlCanvasElement =
            doc.create_element("canvas").unwrap().dyn_into().unwrap();
        canvas.set_width(600);
        canvas.set_height(360);
        doc.body().unwrap().append_child(&canvas).unwrap();
        let area = plotters_canvas::CanvasBackend::with_canvas_object(canvas.clone())
            .unwrap()
            .into_drawing_area();
        let mapping = chart.draw(&area, &Style::default()).unwrap();
        area.present().unwrap();
        assert!(mapping.x.1 > mapping.x.0 + 100);
        // Axes, labels and curves: well over a few thousand pixels are not background.
        let ink = inked(&canvas);
        assert!(ink > 5_000, "only {ink} pixels drawn");
        canvas.remove();
    }
}

#[wasm_bindgen_test]
async fn the_page_draws_its_charts_for_the_example() {
    let root = mount();
    for _ in 0..20 {
        tick().await;
    }
    for id in ["chart-pass-at-k", "chart-cover"] {
        let canvas: web_sys::HtmlCanvasElement = by_testid(&root, id).dyn_into().unwrap();
        assert!(canvas.width() > 0);
        let ink = inked(&canvas);
        assert!(ink > 5_000, "{id}: only {ink} pixels drawn");
    }
    assert!(text(&root, "results-table").contains("deepscaler_rl"));
    // A chart's data table is built once opened (closed, it is hidden from everyone).
    let details: web_sys::HtmlDetailsElement =
        by_testid(&root, "chart-pass-at-k-data").dyn_into().unwrap();
    let rows = |d: &web_sys::HtmlDetailsElement| d.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows(&details).length(), 0);
    details.set_open(true);
    for _ in 0..5 {
        tick().await;
    }
    assert!(
        rows(&details).length() > 10,
        "{} rows",
        rows(&details).length()
    );
    root.remove();
}

/// An engine host that collects the replies and never waits.
struct Collect(std::cell::RefCell<Vec<passk_protocol::Reply>>);

impl passk_engine::job::Host for Collect {
    fn pause(&self) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
        Box::pin(std::future::ready(()))
    }
    fn now_ms(&self) -> f64 {
        0.0
    }
    fn send(&self, r: passk_protocol::Reply) {
        self.0.borrow_mut().push(r);
    }
}

/// Every message between page and engine (`passk_protocol::samples`, the list the engine's
/// native test uses too; the replies this page's own engine's) survives the worker boundary's
/// encoding bit for bit, as the browser posts it (one buffer, the files beside it).
#[wasm_bindgen_test]
async fn every_engine_message_round_trips_across_the_worker_boundary() {
    use passk_engine::job::Host;
    use passk_engine::runner::Engine;
    use passk_protocol::codec::{from_js, to_js};
    use passk_protocol::source::Source;
    use passk_protocol::{samples, Answer, Ask, Reply, Request};
    use std::cell::RefCell;
    use std::rc::Rc;

    // A file to read is the user's `File`, which crosses as itself.
    let file = |bytes: &[u8]| {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        Source(web_sys::File::new_with_u8_array_sequence(&parts, "s.csv").unwrap())
    };
    let requests = samples::requests(file);
    let engine = Engine::new();
    let host = Rc::new(Collect(RefCell::new(Vec::new())));
    for r in &requests {
        let back: Request = from_js(cross(to_js(r).unwrap()).await).unwrap();
        assert_eq!(
            format!("{:?}", opened_request(back.clone()).await),
            format!("{r:?}")
        );
        engine.accept(r);
        engine.clone().run(back, host.clone() as Rc<dyn Host>).await;
    }
    let mut replies = samples::made_replies();
    replies.extend(host.0.borrow().iter().filter(|r| !r.is_progress()).cloned());
    // Every kind of request and answer, and every job kind.
    assert_eq!(samples::ask_kinds(&requests), samples::sorted(Ask::KINDS));
    let kinds = samples::sorted(Answer::KINDS);
    assert_eq!(samples::answer_kinds(&replies), kinds, "{replies:?}");
    assert!(samples::families_missing(&requests, &replies).is_empty());
    for r in &replies {
        let mut back: Reply = from_js(cross(to_js(r).unwrap()).await).unwrap();
        if let Answer::Rows { rows, .. } = &mut back.answer {
            *rows = rows.clone().opened().await;
        }
        // As printed: a backtest's absent errors are NaN, which `==` never equals.
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
    }
    // Not a message, or bytes of another type: an error, not a panic.
    assert!(from_js::<Request>(wasm_bindgen::JsValue::from_str("Fit")).is_err());
    assert!(from_js::<Request>(to_js(&replies[0]).unwrap().value).is_err());
}

/// A request as it was sent: the rows of a part, which cross as a file, read back.
async fn opened_request(mut r: passk_protocol::Request) -> passk_protocol::Request {
    if let passk_protocol::Ask::Rows {
        rows: Some(rows), ..
    } = &mut r.ask
    {
        *rows = rows.clone().opened().await;
    }
    r
}

/// A part's rows (a band's resamples: tens of megabytes at k_max = 10⁶) cross as a file
/// beside the message, which the page hands on by reference (never copying them on its own
/// thread), and read back as they were on the worker running the job.
#[wasm_bindgen_test]
async fn a_parts_rows_cross_as_a_file_not_in_the_message() {
    use passk_core::analysis::{BandRows, Part};
    use passk_protocol::codec::{from_js, to_js};
    use passk_protocol::{Answer, Ask, InRows, Pooled, Reply, Request, Rows};

    let band: Vec<BandRows> = vec![vec![vec![[0.25, 0.5, 0.75, 1.0, f64::NAN]; 2_000]; 40]];
    let part = Part { index: 1, of: 2 };
    let reply = Reply {
        job: 7,
        answer: Answer::Rows {
            part,
            rows: Rows::band(band.clone()),
        },
    };
    // The helper's answer: a small message, the rows a file beside it.
    // The bytes of a posted message's buffer, and the files beside it.
    let sizes = |posted: &passk_protocol::codec::Posted| {
        let buffer: js_sys::ArrayBuffer = posted.transfer.get(0).unchecked_into();
        let files: js_sys::Array = js_sys::Reflect::get(&posted.value, &"files".into())
            .unwrap()
            .unchecked_into();
        (buffer.byte_length(), files.length())
    };
    let posted = to_js(&reply).unwrap();
    let (bytes, files) = sizes(&posted);
    assert!(bytes < 200, "{bytes}");
    assert_eq!(files, 1);
    // The page: the rows as they came, handed on to the home worker as the same file.
    let Reply {
        answer: Answer::Rows { rows, .. },
        ..
    } = from_js::<Reply>(cross(posted).await).unwrap()
    else {
        panic!("not rows");
    };
    assert!(
        BandRows::from_rows(rows.clone()).is_none(),
        "not read on the page"
    );
    let on = Request {
        job: 7,
        ask: Ask::Rows {
            kind: Pooled::Band,
            part,
            rows: Some(rows),
        },
    };
    let posted = to_js(&on).unwrap();
    let (bytes, sent) = sizes(&posted);
    assert!(bytes < 200, "{bytes}");
    assert_eq!(sent, 1);
    // The home worker: read back, the rows bit for bit.
    let back: Request = from_js(cross(posted).await).unwrap();
    let Ask::Rows {
        rows: Some(rows), ..
    } = back.ask
    else {
        panic!("not rows");
    };
    let got = BandRows::from_rows(rows.opened().await).expect("rows");
    assert_eq!(format!("{got:?}"), format!("{band:?}"));
}

/// What `postMessage` delivers of a posted message: a structured clone across a message
/// channel, its transfer list handed over.
async fn cross(p: passk_protocol::codec::Posted) -> wasm_bindgen::JsValue {
    let channel = web_sys::MessageChannel::new().unwrap();
    let (port1, port2) = (channel.port1(), channel.port2());
    let got = js_sys::Promise::new(&mut |resolve, _| {
        let on = wasm_bindgen::closure::Closure::once_into_js(move |e: web_sys::MessageEvent| {
            let _ = resolve.call1(&wasm_bindgen::JsValue::NULL, &e.data());
        });
        port2.set_onmessage(Some(on.unchecked_ref()));
    });
    port1
        .post_message_with_transferable(&p.value, &p.transfer)
        .unwrap();
    wasm_bindgen_futures::JsFuture::from(got).await.unwrap()
}

/// A message is one buffer, handed over with it (not copied: the sender's is emptied), and
/// reads back whole on the other side; a task list is columns in it (16 bytes of counts a task).
#[wasm_bindgen_test]
async fn a_message_is_one_buffer_handed_over() {
    use passk_core::data::Counts;
    use passk_core::data::{Dataset, SeriesMeta};

    use passk_core::data::Task;
    use passk_protocol::codec::{encode, from_js, to_js};
    use passk_protocol::{Ask, Request};

    let dataset = |tasks: u64, id: bool| Dataset {
        name: format!("{tasks}"),
        tasks: (0..tasks)
            .map(|i| Task::new(id.then(|| format!("t{i}")), Counts::new(9, i % 10).unwrap()))
            .collect(),
        meta: SeriesMeta::default(),
    };
    let big = Request {
        job: 1,
        ask: Ask::Fit {
            datasets: vec![
                dataset(3, false),
                dataset(20_000, true),
                dataset(5_000, false),
            ],
        },
    };
    let posted = to_js(&big).unwrap();
    let bytes = encode(&big).unwrap().len() as u32;
    // Counts (400 KB), ids (108,890 bytes of UTF-8) and their lengths (80 KB), and the rest.
    assert!((588_890..600_000).contains(&bytes), "{bytes}");
    assert_eq!(posted.transfer.length(), 1);
    let buffer: js_sys::ArrayBuffer = posted.transfer.get(0).unchecked_into();
    assert_eq!(buffer.byte_length(), bytes);
    let back = cross(posted).await;
    assert_eq!(buffer.byte_length(), 0, "handed over, not copied");
    assert_eq!(from_js::<Request>(back).unwrap(), big);
}

/// The user's `File` crosses to the engine as itself (beside the message's buffer),
/// and the engine's read of it in slices equals the reader's of its bytes at once.
#[wasm_bindgen_test]
async fn a_file_crosses_to_the_engine_and_reads_as_its_bytes() {
    use passk_engine::runner::Engine;
    use passk_protocol::codec::{from_js, to_js};
    use passk_protocol::{Answer, Ask, ReadFile, Reply, Request};

    use passk_engine::job::Host;
    use passk_io::read::read_bytes;
    use passk_protocol::source::Source;
    use std::cell::RefCell;
    use std::rc::Rc;

    let mut text = String::from("task_id,n,c\n");
    for i in 0..120_000u32 {
        text.push_str(&format!("t{i},10,{}\n", i % 11));
    }
    let bytes = text.into_bytes();
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(&bytes[..]));
    let file = web_sys::File::new_with_u8_array_sequence(&parts, "runs.csv").unwrap();
    let req = Request {
        job: 1,
        ask: Ask::Read(ReadFile {
            source: Source(file),
            name: "runs.csv".into(),
            format: None,
            options: Default::default(),
        }),
    };
    let back: Request = from_js(cross(to_js(&req).unwrap()).await).unwrap();
    // A clone of the file (another JavaScript object), its size and, below, its bytes the same.
    assert_eq!(format!("{back:?}"), format!("{req:?}"));
    let size = |r: &Request| match &r.ask {
        Ask::Read(f) => f.source.size(),
        _ => 0,
    };
    assert_eq!(size(&back), bytes.len() as u64);
    let engine = Engine::new();
    let host = Rc::new(Collect(RefCell::new(Vec::new())));
    engine.accept(&back);
    engine.run(back, host.clone() as Rc<dyn Host>).await;
    let replies = host.0.borrow();
    let progress = replies.iter().filter(|r| r.is_progress()).count();
    assert_eq!(progress, bytes.len().div_ceil(1 << 20));
    let want = read_bytes("runs.csv", "runs", &bytes, None);
    assert_eq!(want.series[0].1.len(), 120_000);
    assert_eq!(
        replies.last(),
        Some(&Reply {
            job: 1,
            answer: Answer::Read {
                read: Box::new(want),
            }
        })
    );
}

/// A pointer that comes to rest over a chart before its first drawing gets the values under
/// it once the chart is drawn (it does not have to move again).
#[wasm_bindgen_test]
async fn a_still_pointer_reads_the_chart_once_it_is_drawn() {
    use leptos::prelude::*;
    use passk_core::analysis::{k_grid, series_curves};
    use passk_core::estimators::Estimator;
    use passk_core::eval::SeriesFit;
    use passk_core::settings::BandKind;
    use passk_io::read::{assemble, read_text};
    use passk_plot::pass_at_k::PassAtKChart;
    use passk_plot::Chart;
    use passk_web::widgets::chart_canvas::ChartCanvas;

    let (ds, _) = assemble(vec![read_text("p", "p", "10 3\n10 0\n10 10\n10 6\n", None)]);
    let fit = SeriesFit::new(&ds[0]);
    let ks = k_grid(1000, 60, &[10]);
    let curves = series_curves(&ds[0], &fit, &ks, &Default::default(), BandKind::Credible);
    let chart = Chart::PassAtK(PassAtKChart {
        series: vec![curves],
        // (BB: defined at every k, so that the read-out has a value to show.)
        enabled: vec![Estimator::Bb],
        k_max: 1000,
        band: false,
        slots: vec![],
    });
    let doc = web_sys::window().unwrap().document().unwrap();
    let root: HtmlElement = doc.create_element("div").unwrap().dyn_into().unwrap();
    root.set_attribute("style", "width:600px").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let (dark, _) = signal(false);
        let chart = chart.clone();
        view! {
            <ChartCanvas testid="still" label="" file="still" chart=Signal::derive(move || chart.clone())
                dark=dark table=Signal::derive(Vec::new) />
        }
    });
    // Before any drawing (measured and drawn at a later frame), the pointer arrives at the
    // middle of the canvas and stays.
    let canvas = by_testid(&root, "still");
    let r = canvas.get_bounding_client_rect();
    let init = web_sys::PointerEventInit::new();
    init.set_client_x((r.left() + 300.0) as i32);
    init.set_client_y((r.top() + r.height() / 2.0) as i32);
    init.set_pointer_type("mouse");
    // (It bubbles, as the browser's does: Leptos listens for it at the document.)
    init.set_bubbles(true);
    let ev = web_sys::PointerEvent::new_with_event_init_dict("pointermove", &init).unwrap();
    canvas.dispatch_event(&ev).unwrap();
    assert!(root
        .query_selector("[data-testid=still-hover]")
        .unwrap()
        .is_none());
    for _ in 0..20 {
        tick().await;
    }
    let hover = root.query_selector("[data-testid=still-hover]").unwrap();
    let caption = hover.map(|h| h.text_content().unwrap_or_default());
    assert!(
        caption.as_deref().is_some_and(|c| c.starts_with("k = ")),
        "{caption:?}"
    );
    drop(handle);
    root.remove();
}
