import Foundation
import GIF
import Pixels
import Raster
import SceneFormat

/// Renders a whole scene, streaming its frames in order to the frame sink of the output format.
public enum Renderer {
    public static func render(_ scene: Scene, options: RenderOptions,
                              progress: ((RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        try render(scene, options: options, sink: options.format.sinkType, progress: progress)
    }

    static func render<Sink: FrameSink>(_ scene: Scene, options: RenderOptions, sink: Sink.Type,
                                        progress: ((RenderProgress) -> Void)?) throws -> RenderSummary {
        let clock = ContinuousClock.now
        var scene = scene
        var notes: [String] = []
        if let scale = options.scale { scene.canvas.scale = scale }
        if options.width != nil || options.height != nil {
            let scales = [options.width.map { Double($0) / scene.canvas.width },
                          options.height.map { Double($0) / scene.canvas.height }].compactMap { $0 }
            scene.canvas.scale = scales.min() ?? scene.canvas.scale
        }
        if let loopCount = options.loopCount { scene.loopCount = loopCount }
        if let fps = options.fps { scene.fps = fps }
        if let maxFPS = Sink.maxFPS, scene.fps > maxFPS {
            notes.append("\(options.format.rawValue.uppercased()) frames last at least \(format(1 / maxFPS)) s, "
                         + "so \(format(scene.fps)) fps is rendered at \(format(maxFPS)) fps")
            scene.fps = maxFPS
        }
        let player: Player
        var timings = StageTimings()
        let estimated: (total: Double, encoding: Double) // the work estimate's CPU seconds, for the progress
        do {
            try SceneLimits.check(scene)
            switch options.format {
            case .gif: try SceneLimits.checkAnimated(scene, format: "GIF", article: "a")
            case .apng: try SceneLimits.checkAnimated(scene, format: "APNG", article: "an")
            case .webp: try SceneLimits.checkAnimated(scene, format: "WebP", article: "a")
            case .png: break
            }
            // The simulation and the animation planning run on a large-stack thread while this one waits.
            let start = processCPUSeconds()
            player = try Player(scene: scene, workBudget: options.workBudget - options.workSpent,
                                isCancelled: { Interruption.shared.receivedSignal != nil })
            timings.simulate = processCPUSeconds() - start
        } catch {
            // Stopped by a signal while simulating or planning: the signal is the reason.
            if let signal = Interruption.shared.receivedSignal { throw Interrupted(signal: signal) }
            throw RenderError.scene(error)
        }
        let times: [Double]
        if let frames = options.frames {
            guard frames.upperBound < scene.frameCount else {
                throw RenderError.output("frames \(frames.lowerBound)..\(frames.upperBound): the scene has frames "
                                         + "0..\(scene.frameCount - 1) at \(format(scene.fps)) fps")
            }
            times = frames.map(scene.time(ofFrame:))
        } else {
            times = frameTimes(scene, start: options.start, end: options.end ?? scene.duration)
        }
        guard !times.isEmpty else {
            throw RenderError.output("the range \(format(options.start))...\(format(options.end ?? scene.duration)) s holds no frame"
                                     + " (for one frame use `render still`)")
        }
        if let samples = options.motionBlurSamples {
            scene.motionBlur = MotionBlur(samples: samples, shutter: scene.motionBlur?.shutter ?? 0.5)
        }
        var pipeline = FramePipeline(player: player, jobs: options.jobs, motionBlur: scene.motionBlur, fps: scene.fps)
        // The work the render asks for, before any frame is drawn or any output made.
        do {
            let start = ContinuousClock.now
            let estimate = try WorkEstimate(player: player, times: times, subframes: pipeline.subframes,
                                            format: options.format, effort: options.effort)
            try estimate.check(file: scene.file, budget: options.workBudget, spent: options.workSpent)
            // While drawing, the frames' own work is added up against what encoding leaves of the budget.
            pipeline.workBudget = options.workBudget - options.workSpent - estimate.encodingSeconds
            estimated = (estimate.seconds, estimate.encodingSeconds)
            timings.estimate = seconds(since: start)
            timings.estimatedWork = estimate.seconds
            // A family that is not installed is drawn with fontconfig's fallback: say which.
            for family in estimate.fontFamilies.sorted() {
                if let font = FontResolution.resolve(family: family),
                   let warning = FontResolution.fallbackWarning(family: family, resolved: font) {
                    notes.append(warning)
                }
            }
        } catch {
            throw RenderError.scene(error)
        }
        let isFolder = Sink.fileExtensions.isEmpty
        let output = options.output ?? "out/\(options.outputName ?? scene.name)"
            + (isFolder ? "" : "." + Sink.fileExtensions[0])
        let file = try OutputFile.prepare(output, kind: options.format.outputKind,
                                          createDirectories: options.createDirectories || options.output == nil)
        do {
            let target = SinkTarget(path: file.temporary, shownPath: output,
                                    width: Int((scene.canvas.width * scene.canvas.scale).rounded()),
                                    height: Int((scene.canvas.height * scene.canvas.scale).rounded()),
                                    times: times, fps: scene.fps, loopCount: scene.loopCount,
                                    loopHold: options.end == nil ? scene.loopHold : 0,
                                    backgroundAlpha: scene.canvas.background?.alpha ?? 0,
                                    jobs: pipeline.workerCount, options: options)
            let sink = try Sink(target: target)
            // Samples first, kept run-length encoded and taken again by the full pass instead of being
            // drawn twice.
            let sampleIndices = sink.sampleIndices()
            var prepared: PreparedFrames?
            if !sampleIndices.isEmpty {
                var samples: [Int: RunLengthImage] = [:]
                timings = timings + (try pipeline.run(times: sampleIndices.map { times[$0] },
                                                      process: { ($0, RunLengthImage($0)) },
                                                      deliver: { k, sample in
                    samples[sampleIndices[k]] = sample.1
                    try sink.addSample(sample.0, index: sampleIndices[k])
                }))
                prepared = PreparedFrames(samples)
                try sink.begin()
                samples = [:]
            }
            timings = timings + (try pipeline.run(times: times, prepared: prepared, process: sink.process,
                                                  deliver: { index, frame in
                try sink.write(frame, index: index)
                guard let progress else { return }
                // The sample frames were drawn before the first frame; what the sink leaves for `finish`
                // comes after the last.
                let total = max(estimated.total, 1e-9), drawing = estimated.total - estimated.encoding
                progress(RenderProgress(framesDone: index + 1, frameCount: times.count,
                                        elapsedSeconds: seconds(since: clock),
                                        shareBefore: drawing * Double(sampleIndices.count) / Double(times.count) / total,
                                        shareAfter: estimated.encoding * sink.encodingShareAtFinish / total))
            }))
            let finished = try sink.finish()
            timings.write = finished.write
            timings.palette = finished.palette
            // A signal that came while the sink finished (the end of an APNG's compression) still stops it.
            try Interruption.shared.check()
            try file.commit()
        } catch {
            file.discard()
            // A sink called off by a signal fails with its own error; the signal is the reason.
            if let signal = Interruption.shared.receivedSignal { throw Interrupted(signal: signal) }
            throw error
        }
        timings.total = seconds(since: clock)
        return RenderSummary(output: output, frameCount: times.count, fps: scene.fps,
                             bytes: byteCount(output), seconds: timings.total, notes: notes, timings: timings)
    }

    /// The times of the frames in start..<end on the scene's frame grid.
    static func frameTimes(_ scene: Scene, start: Double, end: Double) -> [Double] {
        (0..<scene.frameCount).map(scene.time(ofFrame:)).filter { $0 >= start - 1e-9 && $0 < end - 1e-9 }
    }

    /// The size of a file, or of the files in a folder.
    static func byteCount(_ path: String) -> Int {
        let fm = FileManager.default
        let size = { (path: String) in (try? fm.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return size(path) }
        return ((try? fm.contentsOfDirectory(atPath: path)) ?? []).reduce(0) { $0 + size(path + "/" + $1) }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }
}

/// A value made on one thread and awaited on others.
final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var made: Value?

    /// Stores the value and wakes every thread waiting for it; only the first call counts.
    func set(_ value: Value) {
        condition.lock()
        if made == nil { made = value }
        condition.broadcast()
        condition.unlock()
    }

    /// The value, waiting until it is set.
    var value: Value {
        condition.lock()
        defer { condition.unlock() }
        while made == nil { condition.wait() }
        return made!
    }

    /// The value, waiting until it is set, which is then no longer held here (for `value` to wait again).
    func take() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while made == nil { condition.wait() }
        defer { made = nil }
        return made!
    }
}
