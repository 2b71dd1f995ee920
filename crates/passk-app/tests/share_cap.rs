//! A decompression bomb in a share link: the decoder refuses it without allocating much more
//! than the cap. A counting allocator records the peak of live bytes during the decode.
#![cfg(not(target_arch = "wasm32"))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use passk_app::share::{decode, MAX_DECODED};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), SeqCst) + l.size();
        PEAK.fetch_max(now, SeqCst);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), SeqCst);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        if new > l.size() {
            let now = LIVE.fetch_add(new - l.size(), SeqCst) + new - l.size();
            PEAK.fetch_max(now, SeqCst);
        } else {
            LIVE.fetch_sub(l.size() - new, SeqCst);
        }
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static A: Counting = Counting;

#[test]
fn a_decompression_bomb_stops_at_the_cap() {
    // 256 MB of zeros deflate to a few hundred kilobytes.
    let mut stream = Vec::new();
    let chunk = vec![0u8; 64 << 20];
    let mut c = miniz_oxide::deflate::core::CompressorOxide::new(
        miniz_oxide::deflate::core::create_comp_flags_from_zip_params(9, -15, 0),
    );
    let mut buf = vec![0u8; 1 << 20];
    for i in 0..4 {
        let flush = if i == 3 {
            miniz_oxide::deflate::core::TDEFLFlush::Finish
        } else {
            miniz_oxide::deflate::core::TDEFLFlush::None
        };
        let mut input = &chunk[..];
        loop {
            let (status, used, out) =
                miniz_oxide::deflate::core::compress(&mut c, input, &mut buf, flush);
            stream.extend_from_slice(&buf[..out]);
            input = &input[used..];
            if input.is_empty()
                && (out < buf.len() || status == miniz_oxide::deflate::core::TDEFLStatus::Done)
            {
                break;
            }
        }
    }
    let fragment = format!("v=1&d={}", URL_SAFE_NO_PAD.encode(&stream));
    drop((stream, chunk, buf, c));
    let before = LIVE.load(SeqCst);
    PEAK.store(before, SeqCst);
    let d = decode(&fragment);
    let peak = PEAK.load(SeqCst) - before;
    assert!(d.data.is_none());
    assert!(d.messages[0].contains("more than 4 MB"), "{:?}", d.messages);
    // The inflated bytes stop at the cap (while the buffer grows, its old and new copies are
    // briefly both alive); the rest is the base64-decoded stream and the messages.
    assert!(
        peak < MAX_DECODED + MAX_DECODED / 2 + fragment.len() * 2,
        "peak {peak} bytes for a cap of {MAX_DECODED}"
    );
}
