import CSystem

/// The process's malloc arenas, limited so that worker threads share freed memory.
public enum MallocArenas {
    /// At most two arenas: glibc otherwise gives each worker thread an arena of its own and keeps what is
    /// freed in it (wave-mask at -j 8: 224 MB peak with an arena a thread, 182 MB with two).
    public static func limit() {
        _ = flipbook_limit_malloc_arenas(2)
    }
}
