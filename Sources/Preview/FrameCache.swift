import Dispatch
import Flipbook
import Foundation
import Raster

/// PNG frames of one scene version, drawn on demand on worker threads and kept by frame index.
///
/// Each frame is drawn once however many requests ask for it at the same time; a new scene version
/// empties the cache. At most `budget` bytes of PNG are kept (the oldest frames go first). Frames are
/// drawn on at most one thread per core, in the order asked for; a frame whose every request has gone
/// (the page cancelled a prefetch that playback left behind, so its connection closed) before a thread
/// takes it up is not drawn at all.
actor FrameCache {
    private let budget: Int
    private var version = 0
    private var frames: [Int: Entry] = [:]
    /// Frame indices, oldest first.
    private var order: [Int] = []
    /// The size of each finished frame, and their sum.
    private var sizes: [Int: Int] = [:]
    private var total = 0
    /// The threads frames are drawn on.
    nonisolated let pool: WorkerPool
    /// How many frames were drawn, and how many were dropped because no request wanted them any more.
    private(set) var drawn = 0
    private(set) var abandoned = 0

    /// A frame being drawn or drawn, and the requests waiting for it.
    private struct Entry {
        let task: Task<[UInt8], any Error>
        let demand: Demand
    }

    /// Why a frame was not drawn: every request for it had gone.
    struct Abandoned: Error {}

    /// A cache keeping at most `budget` bytes of PNG frames (256 MiB by default), drawn on `workers`
    /// threads at most (default: one per core).
    init(budget: Int = 256 << 20, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.budget = budget
        pool = WorkerPool(limit: workers)
    }

    /// The PNG bytes of frame `index` of `player`, which is scene version `version`. `wanted` says
    /// whether the request still waits for the answer (its connection is open); it is asked from a worker
    /// thread just before the frame would be drawn.
    func png(frame index: Int, of player: Player, version: Int,
             wanted: @escaping @Sendable () -> Bool = { true }) async throws -> [UInt8] {
        while true {
            do {
                return try await attempt(frame: index, of: player, version: version, wanted: wanted)
            } catch is Abandoned where wanted() {
                // Dropped for other requests that had gone just as this one asked: draw it for this one.
                continue
            }
        }
    }

    private func attempt(frame index: Int, of player: Player, version: Int,
                         wanted: @escaping @Sendable () -> Bool) async throws -> [UInt8] {
        if version != self.version {
            self.version = version
            frames = [:]
            order = []
            sizes = [:]
            total = 0
        }
        if let entry = frames[index] {
            entry.demand.add(wanted)
            do {
                return try await entry.task.value
            } catch let error as Abandoned {
                forget(index, entry.task, of: version)
                throw error
            }
        }
        let time = player.scene.time(ofFrame: index)
        let demand = Demand(wanted)
        let task = Task { try await Self.draw(player, at: time, on: pool, if: demand) }
        frames[index] = Entry(task: task, demand: demand)
        order.append(index)
        do {
            let png = try await task.value
            drawn += 1
            // Counted once, if the frame is still this version's.
            if version == self.version, frames[index] != nil, sizes[index] == nil {
                sizes[index] = png.count
                total += png.count
                evict()
            }
            return png
        } catch {
            if error is Abandoned { abandoned += 1 }
            forget(index, task, of: version)
            throw error
        }
    }

    /// Forgets frame `index` if `task` (of scene version `version`), which failed, is still its entry.
    private func forget(_ index: Int, _ task: Task<[UInt8], any Error>, of version: Int) {
        guard version == self.version, frames[index]?.task == task else { return }
        frames[index] = nil
        order.removeAll { $0 == index }
    }

    /// Drops the oldest frames until the cache fits its budget (the newest frame always stays).
    private func evict() {
        while total > budget, order.count > 1 {
            let oldest = order.removeFirst()
            frames[oldest] = nil
            total -= sizes.removeValue(forKey: oldest) ?? 0
        }
    }

    /// Draws and encodes one frame on a worker thread, leaving Swift's cooperative threads free to serve;
    /// throws `Abandoned` without drawing when no request wants it by the time a thread is free.
    private static func draw(_ player: Player, at time: Double, on pool: WorkerPool, if demand: Demand) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            pool.submit {
                guard demand.claim() else { return continuation.resume(throwing: Abandoned()) }
                continuation.resume(with: Result { try PNGFile.encode(player.budgetedFrame(at: time)) })
            }
        }
    }
}

/// The requests waiting for one frame: it is wanted while any of them is.
final class Demand: @unchecked Sendable {
    private let lock = NSLock()
    private var checks: [@Sendable () -> Bool]
    private var claimed = false

    init(_ check: @escaping @Sendable () -> Bool) { checks = [check] }

    /// One more request for the frame (nothing to keep once the frame is being drawn).
    func add(_ check: @escaping @Sendable () -> Bool) {
        lock.lock()
        if !claimed { checks.append(check) }
        lock.unlock()
    }

    /// Whether any request still wants the frame, asked once, when a thread is free to draw it.
    func claim() -> Bool {
        lock.lock()
        claimed = true
        let current = checks
        checks = []
        lock.unlock()
        return current.contains { $0() }
    }
}

/// Runs jobs on at most `limit` threads at once, first come first served.
final class WorkerPool: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var waiting: [() -> Void] = []
    private var running = 0
    private static let threads = DispatchQueue(label: "flipbook.preview.frames", qos: .userInitiated, attributes: .concurrent)

    init(limit: Int) { self.limit = max(1, limit) }

    /// How many jobs wait for a thread.
    var queued: Int {
        lock.lock(); defer { lock.unlock() }
        return waiting.count
    }

    func submit(_ job: @escaping () -> Void) {
        lock.lock()
        waiting.append(job)
        let start = running < limit
        if start { running += 1 }
        lock.unlock()
        if start { Self.threads.async { self.drain() } }
    }

    /// Runs waiting jobs until there are none.
    private func drain() {
        while true {
            lock.lock()
            guard !waiting.isEmpty else {
                running -= 1
                lock.unlock()
                return
            }
            let job = waiting.removeFirst()
            lock.unlock()
            job()
        }
    }
}
