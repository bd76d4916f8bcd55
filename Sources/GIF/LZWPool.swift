import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Compresses images with `LZWEncoder` on threads of its own, each job's result awaited through an `LZWJob`.
///
/// Jobs are taken first in, first out. With no threads, `compress` does the work on the calling thread
/// before returning. `stop()` lets the threads finish the queued jobs and exit; the pool must be stopped
/// for its threads (which hold it) to end.
final class LZWPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(image: LZWImage, job: LZWJob)] = []
    private var head = 0
    private var isStopped = false
    private var seconds = 0.0
    private let threadCount: Int
    /// The encoders of the calling thread, by minimum code size, when there are no threads.
    private var inlineEncoders: [Int: LZWEncoder] = [:]

    /// A pool of `threads` compressing threads (0: compress on the calling thread).
    init(threads: Int) {
        threadCount = max(0, threads)
        for _ in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.start()
        }
    }

    /// Starts compressing `image` and returns the job to await.
    func compress(_ image: LZWImage) -> LZWJob {
        let job = LZWJob()
        guard threadCount > 0 else {
            job.set(image.encode(with: &inlineEncoders))
            return job
        }
        condition.lock()
        queue.append((image, job))
        condition.signal()
        condition.unlock()
        return job
    }

    /// The CPU seconds the pool's threads spent compressing so far.
    var threadSeconds: Double {
        condition.lock()
        defer { condition.unlock() }
        return seconds
    }

    /// Lets the threads finish the queued jobs and exit.
    func stop() {
        condition.lock()
        isStopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        var encoders: [Int: LZWEncoder] = [:]
        while let (image, job) = next() {
            let start = Self.threadCPUSeconds()
            job.set(image.encode(with: &encoders))
            let spent = Self.threadCPUSeconds() - start
            condition.lock()
            seconds += spent
            condition.unlock()
        }
    }

    /// The next queued job, waiting for one; nil once stopped and empty.
    private func next() -> (image: LZWImage, job: LZWJob)? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !isStopped { condition.wait() }
        guard head < queue.count else { return nil }
        let item = queue[head]
        queue[head].image = LZWImage(indices: [], codes: LZWImage.identity) // the worker holds the only reference
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// One compression handed to an `LZWPool`: its result, once made.
final class LZWJob: @unchecked Sendable {
    private let condition = NSCondition()
    private var made: LZWData?

    /// Stores the result and wakes the thread waiting for it.
    func set(_ data: LZWData) {
        condition.lock()
        made = data
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the result is ready.
    var isDone: Bool {
        condition.lock()
        defer { condition.unlock() }
        return made != nil
    }

    /// The result, waiting until it is made.
    var data: LZWData {
        condition.lock()
        defer { condition.unlock() }
        while made == nil { condition.wait() }
        return made!
    }
}
