import DisplayList
import Expressions
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
///
/// Each worker draws with a `Rasterizer` of its own, kept by the pipeline between runs, so fonts, Pango
/// contexts and the frame surface are made once per worker, not once per run or per frame.
public struct FramePipeline: Sendable {
    public let player: Player
    /// Worker threads.
    public let jobs: Int
    /// The workers' rasterizers, lent out for a run and given back after it.
    let rasterizers = RasterizerPool()

    /// Motion blur, and the frame rate its shutter is a fraction of.
    let motionBlur: MotionBlur?
    let fps: Double

    public init(player: Player, jobs: Int, motionBlur: MotionBlur? = nil, fps: Double = 50) {
        self.player = player
        self.jobs = max(1, jobs)
        self.motionBlur = motionBlur.flatMap { $0.samples > 1 && $0.shutter > 0 ? $0 : nil }
        self.fps = fps
    }

    /// The most estimated CPU seconds a run's drawings may add up to (`WorkEstimate`); over it, the run
    /// stops with an error.
    public var workBudget = WorkEstimate.defaultBudget

    /// Drawings a frame: the motion blur's samples, or 1.
    public var subframes: Int { motionBlur?.samples ?? 1 }

    /// The most bytes of frames the workers and the window may hold at once: 24 MiB, or two frames a worker
    /// for one worker when a frame is larger than that.
    static let inFlightBytes = 16 << 20

    /// The bytes of one frame's pixels.
    var frameBytes: Int {
        max(1, Int(player.scene.canvas.width * player.scene.canvas.scale)
               * Int(player.scene.canvas.height * player.scene.canvas.scale) * 4)
    }

    /// The workers a run uses: `jobs`, fewer when frames are so large that two per worker would take
    /// more than `inFlightBytes`.
    ///
    /// Never more than the cores: a worker beyond them draws nothing sooner and only holds more memory (its
    /// rasterizer, its surface, its frames in the window).
    public var workerCount: Int {
        max(1, min(jobs, Self.defaultJobs, Self.inFlightBytes / (2 * frameBytes)))
    }

    /// How many frames workers may run ahead of the one being written: `2 * workers + 2`, fewer when that
    /// many frames would take more than `inFlightBytes`, and never fewer than the workers.
    public var window: Int {
        max(workerCount, min(workerCount * 2 + 2, Self.inFlightBytes / frameBytes))
    }

    /// The number of cores, the default for `jobs`.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Renders the frames at `times`; `process` runs on worker threads, `deliver` on the caller's, in order.
    ///
    /// Returns the CPU time spent composing, rasterizing, processing (`encode`) and delivering (`write`).
    @discardableResult
    public func run<Output: Sendable>(times: [Double],
                                      process: @escaping @Sendable (PixelImage) throws -> Output,
                                      deliver: (Int, Output) throws -> Void) throws -> StageTimings {
        try run(times: times, prepared: nil, process: process, deliver: deliver)
    }

    /// `run(times:process:deliver:)`, taking the frames `prepared` holds (by index into `times`) from it
    /// instead of drawing them again.
    func run<Output: Sendable>(times: [Double], prepared: PreparedFrames?,
                               process: @escaping @Sendable (PixelImage) throws -> Output,
                               deliver: (Int, Output) throws -> Void) throws -> StageTimings {
        guard !times.isEmpty else { return StageTimings() }
        // Large frames take fewer workers and a smaller window, so the frames in flight stay within
        // `inFlightBytes` (each worker holds its surface and a frame; the window holds finished frames).
        let jobs = workerCount
        let state = PipelineState<Output>(count: times.count, window: window, workBudget: workBudget)
        let player = self.player
        let rasterizers = self.rasterizers
        let motionBlur = self.motionBlur
        let fps = self.fps
        var threads: [Thread] = []
        for _ in 0..<min(jobs, times.count) {
            let thread = Thread {
                LargeStack.markCurrentThread()
                let rasterizer = rasterizers.take()
                var timings = StageTimings()
                while let index = state.claim() {
                    do {
                        var clock = threadCPUSeconds()
                        let image: PixelImage
                        if let ready = prepared?.take(index) {
                            image = ready
                        } else {
                            // The sub-frames' mean in linear light; the last drawing, and how many sub-frames in a
                            // row drew the same list (added to the mean once a different one comes).
                            var average: LinearAverage?
                            var last: (list: DisplayList, image: PixelImage, repeats: Int)?
                            func addLast() {
                                guard let last else { return }
                                if average == nil { average = LinearAverage(width: last.image.width, height: last.image.height) }
                                for _ in 0..<last.repeats { average?.add(last.image) }
                            }
                            for time in motionBlur?.subframeTimes(at: times[index], fps: fps) ?? [times[index]] {
                                let list = try player.displayList(at: time)
                                let composed = threadCPUSeconds()
                                if let previous = last, previous.list == list {
                                    // Nothing moved since the last sub-frame (a wheel at rest): that drawing again.
                                    last?.repeats += 1
                                } else {
                                    let points = Self.pathPoints(in: list.items)
                                    let characters = Self.textCharacters(in: list.items)
                                    try state.addPathPoints(points, scene: player.scene)
                                    try state.addTextCharacters(characters, scene: player.scene)
                                    try state.addWork(WorkEstimate.seconds(of: list, points: points, characters: characters),
                                                      scene: player.scene)
                                    let subframe = try Self.rasterize(list, with: rasterizer, at: time, scene: player.scene)
                                    try state.addCrossings(rasterizer.coverage.crossings, scene: player.scene)
                                    addLast()
                                    last = (list, subframe, 1)
                                }
                                let drawn = threadCPUSeconds()
                                timings.compose += composed - clock
                                timings.rasterize += drawn - composed
                                clock = drawn
                            }
                            // Sub-frames that all drew the same list are that drawing: their mean, without the
                            // rounding of a round trip through linear light.
                            if average != nil { addLast() }
                            image = average?.image() ?? last?.image ?? PixelImage(width: 0, height: 0)
                        }
                        let output = try process(image)
                        timings.encode += threadCPUSeconds() - clock
                        state.finish(index, .success(output))
                    } catch {
                        state.finish(index, .failure(error))
                    }
                }
                rasterizers.give(rasterizer)
                state.workerExited(timings)
            }
            thread.stackSize = LargeStack.size
            threads.append(thread)
        }
        for thread in threads {
            state.workerStarted()
            thread.start()
        }
        defer { state.cancelAndWait() }
        var writeSeconds = 0.0
        for index in 0..<times.count {
            try Interruption.shared.check()
            let result = state.take(index)
            switch result {
            case .success(let output):
                let start = threadCPUSeconds()
                try deliver(index, output)
                writeSeconds += threadCPUSeconds() - start
            case .failure(let error): throw error
            }
        }
        var timings = state.cancelAndWait()
        timings.write = writeSeconds
        return timings
    }
}

extension FramePipeline {
    /// The characters of every text in `items`, groups included.
    static func textCharacters(in items: [DisplayItem]) -> Int {
        sum(over: items) { item in
            guard case .text(let text) = item else { return 0 }
            return text.runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
        }
    }

    /// The points of every shape in `items`, groups included.
    static func pathPoints(in items: [DisplayItem]) -> Int {
        sum(over: items) { item in
            guard case .shape(let shape) = item else { return 0 }
            return shape.path.elements.count
        }
    }

    /// `count` summed over `items` and the children of their groups and colour effects, without
    /// recursion (any nesting).
    private static func sum(over items: [DisplayItem], _ count: (DisplayItem) -> Int) -> Int {
        var total = 0
        var pending = [items]
        while let items = pending.popLast() {
            for item in items {
                total += count(item)
                switch item {
                case .group(let group): pending.append(group.children)
                case .colorEffect(let effect): pending.append(effect.children)
                case .shape, .text, .image: break
                }
            }
        }
        return total
    }

    /// Rasterizes one frame; a frame whose shapes are over the drawing budget is a scene error naming
    /// the shape that adds the most.
    static func rasterize(_ list: DisplayList, with rasterizer: Rasterizer, at time: Double,
                          scene: Scene) throws -> PixelImage {
        do {
            return try rasterizer.render(list)
        } catch let failure as RasterError {
            guard let source = failure.source else {
                throw SceneError(file: scene.file, path: .document, message: "at t = \(NumberFormat.shortest(time)) s: \(failure)")
            }
            // A text too large to draw: at the text view's own place.
            throw SceneError(file: scene.file, path: .document,
                             location: source.line > 0 ? SourceLocation(line: source.line, column: source.column) : nil,
                             message: source.path + ": at t = \(NumberFormat.shortest(time)) s: \(failure)")
        } catch let over as CoverageError {
            let place = over.largest.isEmpty ? "" : over.largest + ": "
            throw SceneError(file: scene.file, path: .document, message: place
                + "at t = \(NumberFormat.shortest(time)) s: the frame's shapes would cross more than "
                + "\(Int(CoverageMeter.maxFrameCrossings)) pixel rows with their edges, the drawing limit of one frame "
                + "(this shape alone \(Int(over.largestCrossings))); use fewer points or a smaller shape")
        }
    }
}

/// Rasterizers kept between pipeline runs; one is lent to each worker for the length of a run.
final class RasterizerPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Rasterizer] = []

    /// An idle rasterizer, or a new one.
    func take() -> Rasterizer {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast() ?? Rasterizer()
    }

    /// Returns a rasterizer for a later run; only the thread that took it may give it back.
    func give(_ rasterizer: Rasterizer) {
        lock.lock()
        idle.append(rasterizer)
        lock.unlock()
    }
}

/// Frames already drawn (the GIF palette's samples, run-length encoded), each handed out once, by frame index.
final class PreparedFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Int: RunLengthImage]

    init(_ frames: [Int: RunLengthImage]) {
        self.frames = frames
    }

    /// The frame at `index`, removed so its memory is freed once it is used; nil if there is none.
    func take(_ index: Int) -> PixelImage? {
        lock.lock()
        let frame = frames.removeValue(forKey: index)
        lock.unlock()
        return frame?.image()
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
    private var timings = StageTimings()
    private var totalCrossings = 0.0
    private var totalPathPoints = 0.0
    private var totalTextCharacters = 0.0
    private var totalWork = 0.0
    /// The most estimated CPU seconds the run's drawings may add up to (`FramePipeline.workBudget`).
    let workBudget: Double

    init(count: Int, window: Int, workBudget: Double = WorkEstimate.defaultBudget) {
        self.count = count
        self.window = window
        self.workBudget = workBudget
    }

    /// Adds one frame's path points to the render's; throws once the render is over
    /// `SceneLimits.maxRenderPathPoints`.
    func addPathPoints(_ points: Int, scene: Scene) throws {
        try add(Double(points), to: \.totalPathPoints, limit: Double(SceneLimits.maxRenderPathPoints), scene: scene,
                message: "the render's frames draw more than \(SceneLimits.maxRenderPathPoints) path points in all, "
                    + "the limit of one render; draw fewer frames or fewer points")
    }

    /// Adds one frame's characters of text to the render's; throws once the render is over
    /// `SceneLimits.maxRenderTextCharacters`.
    func addTextCharacters(_ characters: Int, scene: Scene) throws {
        try add(Double(characters), to: \.totalTextCharacters, limit: Double(SceneLimits.maxRenderTextCharacters),
                scene: scene, message: "the render's frames draw more than \(SceneLimits.maxRenderTextCharacters) "
                    + "characters of text in all, the limit of one render; draw fewer frames or less text")
    }

    /// Adds one frame's row crossings to the render's; throws once the render is over
    /// `CoverageMeter.maxRenderCrossings`.
    func addCrossings(_ crossings: Double, scene: Scene) throws {
        try add(crossings, to: \.totalCrossings, limit: CoverageMeter.maxRenderCrossings, scene: scene,
                message: "the render's shapes cross more than \(Int(CoverageMeter.maxRenderCrossings)) pixel rows "
                    + "with their edges in all, the drawing limit of one render; draw fewer frames, fewer points "
                    + "or smaller shapes")
    }

    /// Adds one drawing's estimated CPU seconds (`WorkEstimate.seconds(of:points:characters:)`) to the
    /// render's; throws once the render is over its work budget (the backstop for frames that cost more
    /// than the ones the estimate sampled).
    func addWork(_ seconds: Double, scene: Scene) throws {
        try add(seconds, to: \.totalWork, limit: workBudget, scene: scene,
                message: "the render's frames are estimated at more than \(Int(workBudget)) s of CPU in all, "
                    + "its work budget (--work-budget); draw fewer frames, fewer points, smaller blurs or a smaller canvas")
    }

    /// Adds `amount` to one of the render's totals under the lock; throws `message` once it is over `limit`.
    private func add(_ amount: Double, to total: ReferenceWritableKeyPath<PipelineState, Double>, limit: Double,
                     scene: Scene, message: @autoclosure () -> String) throws {
        condition.lock()
        self[keyPath: total] += amount
        let sum = self[keyPath: total]
        condition.unlock()
        guard sum <= limit else { throw SceneError(file: scene.file, path: .document, message: message()) }
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

    /// A worker leaves, adding the time it spent in each stage.
    func workerExited(_ workerTimings: StageTimings) {
        condition.lock()
        runningWorkers -= 1
        timings = timings + workerTimings
        condition.broadcast()
        condition.unlock()
    }

    /// Stops handing out work, waits until every worker has left, and returns their summed stage times.
    @discardableResult
    func cancelAndWait() -> StageTimings {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        return timings
    }

    func workerStarted() {
        condition.lock()
        runningWorkers += 1
        condition.unlock()
    }
}
