//! The allocator of the `passk` command line on Linux (and of the native benchmark, which
//! measures what the command line does): the system's, which also asks the kernel to back
//! each large block with huge pages (`madvise(MADV_HUGEPAGE)`, honoured when transparent
//! huge pages are enabled for advised memory, as they are by default).
//!
//! A million tasks are 40 MB: with 4 KB pages the kernel maps them one fault at a time (ten
//! thousand faults, more time than reading the file's bytes), with 2 MB pages twenty.
//! Small blocks are left as they are: they come from memory the process already has.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks of at least this many bytes are advised (several huge pages).
pub const LARGE: usize = 4 << 20;

/// The system allocator, advising huge pages for blocks of [`LARGE`] bytes or more.
#[derive(Debug, Clone, Copy, Default)]
pub struct HugePages;

/// Advises the whole pages within `size` bytes from `p` to be backed by huge pages, when
/// the block is large. Advice only: a refusal changes nothing but speed.
fn advise(p: *mut u8, size: usize) {
    const PAGE: usize = 4096;
    if p.is_null() || size < LARGE {
        return;
    }
    let start = (p as usize).next_multiple_of(PAGE);
    let end = (p as usize + size) / PAGE * PAGE;
    if end > start {
        // SAFETY: the range lies within the block just allocated (rounded inwards to whole
        // pages); MADV_HUGEPAGE changes how pages are backed, never their contents.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

// SAFETY: every call is passed to the system allocator unchanged; the advice never touches
// the memory's contents nor who owns it.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        advise(p, l.size());
        p
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(l) };
        advise(p, l.size());
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, l, size) };
        advise(q, size);
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_and_small_blocks_keep_what_is_written_in_them() {
        let a = HugePages;
        for size in [16, LARGE - 1, LARGE, 3 * LARGE + 5] {
            let l = Layout::from_size_align(size, 8).unwrap();
            // SAFETY: a non-zero layout; every byte written lies in the block; freed once.
            unsafe {
                let p = a.alloc_zeroed(l);
                assert!(!p.is_null());
                assert_eq!(*p.add(size - 1), 0);
                *p = 7;
                *p.add(size - 1) = 9;
                let q = a.realloc(p, l, 2 * size);
                assert!(!q.is_null());
                assert_eq!((*q, *q.add(size - 1)), (7, 9));
                a.dealloc(q, Layout::from_size_align(2 * size, 8).unwrap());
            }
        }
    }
}
