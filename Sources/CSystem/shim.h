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
