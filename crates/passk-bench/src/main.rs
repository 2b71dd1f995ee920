//! The bench worker's entry point: built for wasm32 by `./dev bench` (the engine's profile and
//! wasm-opt -O3, as Trunk builds the engine) into dist/bench/, never by Trunk into the page.
//! It answers each [`BenchRequest`](passk_bench::messages::BenchRequest) with the timings of
//! [`bench_text`](passk_bench::steps::bench_text) on `performance.now()`.

#[cfg(target_arch = "wasm32")]
fn main() {
    use passk_bench::messages::{BenchAnswer, BenchAsk, BenchReply, BenchRequest};
    use passk_bench::steps::bench_text;
    use passk_protocol::codec::{from_js, to_js};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |reply: BenchReply| {
            if let Ok(p) = to_js(&reply) {
                let _ = scope.post_message_with_transfer(&p.value, &p.transfer);
            }
        }
    };
    let answer = {
        let (scope, post) = (scope.clone(), post.clone());
        move |e: web_sys::MessageEvent| match from_js::<BenchRequest>(e.data()) {
            Ok(BenchRequest {
                job,
                ask: BenchAsk::Bench { file, text, runs },
            }) => {
                let performance = scope.performance();
                let now = || {
                    performance
                        .as_ref()
                        .map_or_else(js_sys::Date::now, |p| p.now())
                };
                let result = bench_text(&file, &text, runs as usize, &now);
                post(BenchReply {
                    job,
                    answer: BenchAnswer::Bench { result },
                });
            }
            Err(e) => post(BenchReply {
                job: 0,
                answer: BenchAnswer::Failed {
                    message: format!("the bench worker could not read a request: {e}"),
                },
            }),
        }
    };
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(answer);
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(BenchReply {
        job: 0,
        answer: BenchAnswer::Ready,
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("passk-bench-worker is the benchmark's Web Worker: `./dev bench` builds it.");
    std::process::exit(2);
}
