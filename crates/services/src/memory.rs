//! Handing freed heap memory back to the system.
//!
//! glibc's allocator keeps what a burst of work freed (the matching worker's batches, an index
//! caught up after thousands of writes) in its arenas, so the process's resident size stays at
//! its peak long after the burst. `malloc_trim` returns the free pages at the top of each arena
//! and the whole free pages inside them. It is cheap next to a burst (a walk over the free
//! lists) and is only called after one, never per request.
//!
//! Large blocks are kept out of the arenas altogether ([`keep_large_blocks_apart`]): glibc
//! raises its mmap threshold to the size of every large block freed (up to 32 MB), so after
//! the model's first batch its tensors of several megabytes came from the arenas, where the
//! small allocations made meanwhile pinned them. With the site's vectors written at 100k
//! members, that left about 45 MB more resident than a fresh start on the same data.

/// Returns the allocator's free pages to the system; a no-op where the allocator is not glibc's.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks and trims the allocator's own free lists; it takes no
    // pointers of ours and is safe to call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Blocks of at least this size are mapped on their own and unmapped when freed.
const LARGE_BLOCK: i32 = 256 * 1024;

/// Fixes glibc's mmap threshold at [`LARGE_BLOCK`] (setting it also stops glibc from moving
/// it and the trim threshold by itself); a no-op where the allocator is not glibc's. Called
/// once at start, before the model loads.
pub fn keep_large_blocks_apart() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's parameters; it takes no pointers.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LARGE_BLOCK);
    }
}
