//! Two parts of a report computed side by side: on two threads natively (the `passk`
//! command line), one after the other in WebAssembly (the engine's worker has one thread).

/// Runs `a` and `b` and returns both results: `b` on a second thread natively, after `a` on
/// this thread in WebAssembly. The results do not depend on which: each part is computed on
/// its own, in the same order of operations. A panic in `b` goes on in the caller's thread.
pub fn join<A, B: Send>(a: impl FnOnce() -> A, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::scope(|s| {
            let other = s.spawn(b);
            let ra = a();
            let rb = other
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            (ra, rb)
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        (a(), b())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
