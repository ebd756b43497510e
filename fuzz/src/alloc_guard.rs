//! A global allocator that aborts, with a backtrace, on any single
//! allocation over [`LIMIT`].
//!
//! libFuzzer's `-malloc_limit_mb` only works under a sanitizer (it needs the
//! sanitizer's malloc hooks); the targets are built without one for speed,
//! so this guard enforces "no allocation over 1 GiB" itself. The abort is a
//! crash to libFuzzer, which saves the input as `crash-<sha1>`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::backtrace::Backtrace;

/// The largest single allocation a target may make: 1 GiB.
pub const LIMIT: usize = 1 << 30;

/// Forwards to the system allocator after checking the size.
pub struct Guard;

#[cold]
fn too_big(size: usize) -> ! {
    // Capturing and printing allocate, but only small blocks.
    eprintln!(
        "==alloc_guard== allocation of {size} bytes ({} MiB) is over the {} MiB limit\n{}",
        size >> 20,
        LIMIT >> 20,
        Backtrace::force_capture()
    );
    std::process::abort()
}

// SAFETY: every method forwards to `System` with the caller's arguments
// unchanged; the size check only adds an abort before the call.
unsafe impl GlobalAlloc for Guard {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LIMIT {
            too_big(layout.size());
        }
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LIMIT {
            too_big(layout.size());
        }
        // SAFETY: same contract as ours.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > LIMIT {
            too_big(new_size);
        }
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
