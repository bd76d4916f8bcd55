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
    private var queue: [(indices: [UInt8], job: LZWJob)] = []
    private var head = 0
    private var isStopped = false
    private var seconds = 0.0
    private let threadCount: Int
    /// The encoder of the calling thread, when there are no threads.
    private var inlineEncoders: [Int: LZWEncoder] = [:]

    /// A pool of `threads` compressing threads (0: compress on the calling thread).
    init(threads: Int) {
        threadCount = max(0, threads)
        for _ in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.start()
        }
    }

    /// Starts compressing `indices` (every one below `1 << minCodeSize`) and returns the job to await.
    func compress(_ indices: [UInt8], minCodeSize: Int) -> LZWJob {
        let job = LZWJob(minCodeSize: minCodeSize)
        guard threadCount > 0 else {
            var encoder = inlineEncoders[job.minCodeSize] ?? LZWEncoder(minCodeSize: job.minCodeSize)
            job.set(indices.withUnsafeBufferPointer { encoder.encode($0) })
            inlineEncoders[job.minCodeSize] = encoder
            return job
        }
        condition.lock()
        queue.append((indices, job))
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
        while let (indices, job) = next() {
            let start = Self.threadCPUSeconds()
            var encoder = encoders[job.minCodeSize] ?? LZWEncoder(minCodeSize: job.minCodeSize)
            job.set(indices.withUnsafeBufferPointer { encoder.encode($0) })
            encoders[job.minCodeSize] = encoder
            let spent = Self.threadCPUSeconds() - start
            condition.lock()
            seconds += spent
            condition.unlock()
        }
    }

    /// The next queued job, waiting for one; nil once stopped and empty.
    private func next() -> (indices: [UInt8], job: LZWJob)? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !isStopped { condition.wait() }
        guard head < queue.count else { return nil }
        let item = queue[head]
        queue[head].indices = [] // the job holds the only reference to its indices until it is done
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
    /// The LZW minimum code size of the job (clamped to 2...8).
    let minCodeSize: Int
    private let condition = NSCondition()
    private var made: LZWData?

    init(minCodeSize: Int) {
        self.minCodeSize = min(max(minCodeSize, 2), 8)
    }

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
