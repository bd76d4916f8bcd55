// Linux system calls that Glibc's Swift module does not import.
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Exchanges two paths atomically (renameat2 with RENAME_EXCHANGE): both must exist; afterwards each
/// name refers to what the other did. Returns 0, or -1 with errno set (ENOSYS or EINVAL where the kernel
/// or the file system cannot exchange).
static inline int flipbook_rename_exchange(const char *from, const char *to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#include <malloc.h>

/// Limits glibc to `count` malloc arenas (by default each thread may get one, and memory freed in an arena
/// stays with it). Returns 1 on success.
static inline int flipbook_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
