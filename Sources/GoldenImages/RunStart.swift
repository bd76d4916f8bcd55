import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// When this process started: failure images older than that were written by an earlier run, and only
/// those are removed when a golden matches again. A failure image this run wrote stays, even when
/// another check of the same golden (a parallel test, another assertion) matches afterwards.
enum RunStart {
    /// The process's start, from the kernel (`/proc/self/stat`, in clock ticks after boot, set against
    /// `CLOCK_BOOTTIME`); where that cannot be read, the first golden check of this process.
    static let date: Date = processStart() ?? Date()

    /// Whether the file at `path` was last written before this process started.
    static func isFromAnEarlierRun(_ path: String) -> Bool {
        guard let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return false
        }
        return written < date
    }

    /// Removes the file at `path` when an earlier run wrote it.
    static func removeIfFromAnEarlierRun(_ path: String) {
        if isFromAnEarlierRun(path) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The start of this process, or nil where the kernel does not say.
    ///
    /// The start time (field 22 of `/proc/<pid>/stat`, `proc(5)`) is rounded down to a clock tick, so the
    /// date is at most a tick early: a file this process wrote is never taken for an earlier run's.
    static func processStart() -> Date? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces) in parentheses: field 3 (state) onwards.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        guard fields.count > 19, let startTicks = Double(fields[19]), ticksPerSecond > 0 else { return nil }
        // The wall clock first, then the boot clock: the age is measured a little long, never short.
        let wallNow = Date()
        var now = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let age = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - startTicks / Double(ticksPerSecond)
        guard age >= 0 else { return nil }
        return wallNow.addingTimeInterval(-age)
        #else
        return nil
        #endif
    }
}
