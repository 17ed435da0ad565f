//! Handing freed heap memory back to the system.
//!
//! glibc's allocator keeps what a burst of work freed (the matching worker's batches, an index
//! caught up after thousands of writes) in its arenas, so the process's resident size stays at
//! its peak long after the burst. `malloc_trim` returns the free pages at the top of each arena
//! and the whole free pages inside them. It is cheap next to a burst (a walk over the free
//! lists) and is only called after one, never per request.

/// Returns the allocator's free pages to the system; a no-op where the allocator is not glibc's.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks and trims the allocator's own free lists; it takes no
    // pointers of ours and is safe to call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
