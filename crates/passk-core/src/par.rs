//! Independent parts of a computation side by side (a report's parts, CV folds, bootstrap
//! fits): on threads natively (the `passk` command line), one after the other in
//! WebAssembly (each engine worker has one thread).
//! The threads used natively are at most [`threads`] (the command line's `--threads`).

use std::sync::atomic::{AtomicUsize, Ordering};

/// The most threads to use (0: as many as the machine has).
static THREADS: AtomicUsize = AtomicUsize::new(0);

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    /// Whether this thread is one of [`map`]'s workers (whose [`join`]s then run one part
    /// after the other, so that the threads stay within [`threads`]).
    static IN_MAP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Uses at most `n` threads from now on (0: as many as the machine has). The results do not
/// depend on it.
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

/// The most threads [`join`] and [`map`] use: the limit set, else the machine's available
/// parallelism (1 in WebAssembly).
pub fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        match THREADS.load(Ordering::Relaxed) {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

/// The threads a [`map`] called here would use: [`threads`], or 1 inside another map's
/// worker (nested maps run one item after the other).
pub fn free_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    if IN_MAP.with(std::cell::Cell::get) {
        return 1;
    }
    threads()
}

/// Runs `a` and `b` and returns both results: `b` on a second thread natively, after `a` on
/// this thread in WebAssembly. The results do not depend on which: each part is computed on
/// its own, in the same order of operations. A panic in `b` goes on in the caller's thread.
pub fn join<A, B: Send>(a: impl FnOnce() -> A, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(not(target_arch = "wasm32"))]
    if threads() > 1 && !IN_MAP.with(std::cell::Cell::get) {
        return std::thread::scope(|s| {
            let other = s.spawn(b);
            let ra = a();
            let rb = other
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            (ra, rb)
        });
    }
    (a(), b())
}

/// `f` of every item, in order: natively spread over the machine's cores (each thread takes
/// the next item not yet taken, so list the longest first), one after the other in
/// WebAssembly. Each result is computed on its own,
/// so they do not depend on the number of threads. A panic goes on in the caller's thread.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = free_threads().min(items.len());
        if threads > 1 {
            let (f, next) = (&f, &AtomicUsize::new(0));
            let mut parts: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        s.spawn(move || {
                            IN_MAP.with(|w| w.set(true));
                            let mut done = Vec::new();
                            loop {
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                let Some(item) = items.get(i) else { break done };
                                done.push((i, f(item)));
                            }
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                    .collect()
            });
            let mut out: Vec<(usize, R)> = parts.iter_mut().flat_map(std::mem::take).collect();
            out.sort_by_key(|p| p.0);
            return out.into_iter().map(|p| p.1).collect();
        }
    }
    items.iter().map(f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_mapped_in_order() {
        let v: Vec<u64> = (0..37).collect();
        assert_eq!(
            map(&v, |x| x * x),
            v.iter().map(|x| x * x).collect::<Vec<_>>()
        );
        assert!(map(&Vec::<u64>::new(), |x| *x).is_empty());
    }

    #[test]
    fn both_results_come_back_in_their_places() {
        let v: Vec<u64> = (1..=1000).collect();
        let (a, b) = join(
            || v.iter().sum::<u64>(),
            || v.iter().map(|x| x * x).sum::<u64>(),
        );
        assert_eq!((a, b), (500_500, 333_833_500));
    }
}
