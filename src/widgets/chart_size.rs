//! When and how large a chart is drawn: the widths of the charts mounted together are read
//! at one frame, and each chart's size follows from its width.

use leptos::prelude::*;

use crate::engine::task_queue;

/// A chart's width read, and what takes it (drawing the chart).
pub type Measured = Option<(f64, Box<dyn FnOnce(f64)>)>;

thread_local! {
    static TO_MEASURE: std::cell::RefCell<Vec<Box<dyn FnOnce() -> Measured>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Measures with `read` at the next frame, together with every chart that asks before then,
/// and gives each width to its chart in a task of its own: the widths are all read before
/// any chart draws, so the page is laid out once for all of them (a width read after a
/// drawing lays the whole page out again), and the drawings do not share one task (five
/// charts drawn in the frame's task made it 40–73 ms at the page's load).
pub fn measure_soon(read: impl FnOnce() -> Measured + 'static) {
    let first = TO_MEASURE.with_borrow_mut(|q| {
        q.push(Box::new(read));
        q.len() == 1
    });
    // At the next frame, when the page is laid out anyway (read sooner, in the task that
    // mounted the charts, the widths forced that layout into it: 31 ms of the page's first).
    if first {
        request_animation_frame(|| {
            let measured: Vec<_> = TO_MEASURE.take().into_iter().filter_map(|m| m()).collect();
            leptos::task::spawn_local(async move {
                for (w, take) in measured {
                    task_queue::yield_to_browser().await;
                    take(w);
                }
            });
        });
    }
}

/// Height over width of a chart.
const ASPECT: f64 = 0.6;

/// The CSS size of a chart `width` pixels wide.
pub fn css_size(width: f64) -> (f64, f64) {
    let w = width.max(280.0);
    (w, (w * ASPECT).clamp(280.0, 560.0))
}
