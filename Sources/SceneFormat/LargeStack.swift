import Foundation

/// Runs deeply recursive work (decoding, validation, simulation, composition) on a thread with a large
/// stack.
///
/// Scenes may nest views, components and actions dozens of levels deep (the limits are checked, never a
/// crash), and a debug build spends up to 150 KB of stack per level of the validator's recursion, more
/// than a default 8 MB thread has for 64 levels. The stack is virtual memory: only the pages used are
/// ever committed. Threads Flipbook starts for rendering are created with this size and run work in place.
public enum LargeStack {
    /// The stack size of the threads this starts: 512 MiB of address space.
    public static let size = 512 << 20

    private static let marker = "flipbook.large-stack"

    /// Whether the current thread already has a large stack.
    public static var isCurrentThreadLarge: Bool {
        Thread.current.threadDictionary[marker] != nil
    }

    /// Marks the current thread (created with `size`) as having a large stack.
    public static func markCurrentThread() {
        Thread.current.threadDictionary[marker] = true
    }

    /// Runs `body` on a large stack: in place when this thread has one, else on a new thread, waiting for it.
    public static func run<T, E: Error>(_ body: @escaping () throws(E) -> T) throws(E) -> T {
        if isCurrentThreadLarge { return try body() }
        // The caller waits until the thread is done, so the closure and its result are never shared.
        let job = Job(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            markCurrentThread()
            job.run()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return try job.result!.get()
    }
}

/// A closure and its result, handed to another thread while the caller waits for it.
private final class Job<T, E: Error>: @unchecked Sendable {
    let body: () throws(E) -> T
    var result: Result<T, E>?

    init(_ body: @escaping () throws(E) -> T) {
        self.body = body
    }

    func run() {
        do throws(E) {
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
    }
}
