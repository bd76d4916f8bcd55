import Foundation
import Pixels
import Raster
import SceneFormat

/// Renders many frames on several threads and hands them over in order, holding only a small window of
/// frames in memory at once.
///
/// Workers take frame indices in order from a shared counter, compose and rasterize them (and run
/// `process`, e.g. GIF quantization, on the same thread), and park the result; the calling thread
/// receives results strictly in index order. A worker that gets more than `window` frames ahead of
/// delivery waits, so memory stays flat however long the animation is.
public struct FramePipeline: Sendable {
    public let player: Player
    /// Worker threads.
    public let jobs: Int

    public init(player: Player, jobs: Int) {
        self.player = player
        self.jobs = max(1, jobs)
    }

    /// The number of cores, the default for `jobs`.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Renders the frames at `times`; `process` runs on worker threads, `deliver` on the caller's, in order.
    public func run<Output: Sendable>(times: [Double],
                                      process: @escaping @Sendable (PixelImage) throws -> Output,
                                      deliver: (Int, Output) throws -> Void) throws {
        guard !times.isEmpty else { return }
        let state = PipelineState<Output>(count: times.count, window: jobs * 2 + 2)
        let player = self.player
        var threads: [Thread] = []
        for _ in 0..<min(jobs, times.count) {
            let thread = Thread {
                let rasterizer = Rasterizer()
                while let index = state.claim() {
                    do {
                        let list = try player.displayList(at: times[index])
                        let image = try rasterizer.render(list)
                        state.finish(index, .success(try process(image)))
                    } catch {
                        state.finish(index, .failure(error))
                    }
                }
                state.workerExited()
            }
            thread.stackSize = 8 << 20
            threads.append(thread)
        }
        for thread in threads {
            state.workerStarted()
            thread.start()
        }
        defer { state.cancelAndWait() }
        for index in 0..<times.count {
            try Interruption.shared.check()
            let result = state.take(index)
            switch result {
            case .success(let output): try deliver(index, output)
            case .failure(let error): throw error
            }
        }
    }
}

/// The shared, lock-protected state of one pipeline run.
final class PipelineState<Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var nextToClaim = 0
    private var nextToDeliver = 0
    private var results: [Int: Result<Output, Error>] = [:]
    private var cancelled = false
    private var runningWorkers = 0

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// The next index to render, waiting while the workers are a full window ahead; nil when done.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && nextToClaim < count && nextToClaim >= nextToDeliver + window {
            condition.wait()
        }
        guard !cancelled, nextToClaim < count else { return nil }
        defer { nextToClaim += 1 }
        return nextToClaim
    }

    func finish(_ index: Int, _ result: Result<Output, Error>) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the result of `index` and removes it.
    func take(_ index: Int) -> Result<Output, Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        let result = results.removeValue(forKey: index)!
        nextToDeliver = index + 1
        condition.broadcast()
        return result
    }

    func workerExited() {
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Stops handing out work and waits until every worker has left.
    func cancelAndWait() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    func workerStarted() {
        condition.lock()
        runningWorkers += 1
        condition.unlock()
    }
}
