import Foundation
import GIF
import Pixels
import Raster
import SceneFormat

/// Renders a whole scene to a GIF or a PNG sequence.
public enum Renderer {
    /// Bytes of sample frames kept for the GIF's global palette: as many frames as fit, from 16 to 48.
    ///
    /// More samples catch more of the colours anti-aliased edges make: on the seek scene 48 samples give
    /// 80.7 dB against 79.3 dB for 16 (bench/gif-vs-ffmpeg). The budget keeps large canvases lean:
    /// at 750 x 1624 px only the minimum of 16 frames (78 MB) is kept.
    static let paletteSampleBudget = 64 << 20

    /// Frames larger than this (20 MiB, a 3x phone screen of 1500 x 3248 px is 19.5 MB) get fewer than
    /// 16 palette samples: as many as fit in `largeFrameSampleBudget`.
    static let largeFrameBytes = 20 << 20
    /// The most bytes the palette's samples of large frames may take: 128 MiB.
    static let largeFrameSampleBudget = 128 << 20

    /// How many frames of `frameBytes` each are sampled for the palette: 16 to 48; for frames over
    /// `largeFrameBytes`, as many as fit in `largeFrameSampleBudget` (at least 1, and the last frame is
    /// always added), so that the samples of a large canvas do not take gigabytes.
    static func paletteSampleCount(frameBytes: Int) -> Int {
        let bytes = max(1, frameBytes)
        guard bytes > largeFrameBytes else { return min(48, max(16, paletteSampleBudget / bytes)) }
        return max(1, largeFrameSampleBudget / bytes)
    }

    public static func render(_ scene: Scene, options: RenderOptions,
                              progress: ((RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        let clock = ContinuousClock.now
        var scene = scene
        var notes: [String] = []
        if let scale = options.scale { scene.canvas.scale = scale }
        if let fps = options.fps { scene.fps = fps }
        if options.format == .gif && scene.fps > FrameTiming.maxFPS {
            notes.append("GIF frames last at least 2 cs, so \(format(scene.fps)) fps is rendered at \(format(FrameTiming.maxFPS)) fps")
            scene.fps = FrameTiming.maxFPS
        }
        let player: Player
        var timings = StageTimings()
        do {
            try SceneLimits.check(scene)
            if options.format == .gif { try SceneLimits.checkGIF(scene) }
            let start = threadCPUSeconds()
            player = try Player(scene: scene)
            timings.simulate = threadCPUSeconds() - start
        } catch {
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
        let pipeline = FramePipeline(player: player, jobs: options.jobs)
        let report: (Int) -> Void = { done in
            progress?(RenderProgress(framesDone: done, frameCount: times.count,
                                     elapsedSeconds: seconds(since: clock)))
        }
        let output: String
        let bytes: Int
        switch options.format {
        case .gif:
            output = options.output ?? "out/\(options.outputName ?? scene.name).gif"
            bytes = try writeGIF(scene, pipeline: pipeline, times: times, to: output, options: options,
                                 timings: &timings, report: report)
        case .png:
            output = options.output ?? "out/\(options.outputName ?? scene.name)"
            bytes = try writePNGs(pipeline: pipeline, times: times, to: output, options: options,
                                  timings: &timings, report: report)
        }
        timings.total = seconds(since: clock)
        return RenderSummary(output: output, frameCount: times.count, fps: scene.fps, bytes: bytes,
                             seconds: timings.total, notes: notes, timings: timings)
    }

    /// The times of the frames in start..<end on the scene's frame grid.
    static func frameTimes(_ scene: Scene, start: Double, end: Double) -> [Double] {
        (0..<scene.frameCount).map(scene.time(ofFrame:)).filter { $0 >= start - 1e-9 && $0 < end - 1e-9 }
    }

    /// The indices of the frames the global palette is built from: about `samples` spread evenly
    /// over `count` frames, always with the last one.
    static func paletteSampleIndices(count: Int, samples: Int) -> [Int] {
        let step = max(1, count / max(1, samples))
        var indices = Array(stride(from: 0, to: count, by: step))
        if let last = indices.last, last != count - 1 { indices.append(count - 1) }
        return indices
    }

    /// Writes the GIF in two passes over one pipeline, never holding more than the samples and a window.
    ///
    /// 1. The palette's sample frames are drawn (in parallel) and kept.
    /// 2. The palette is built from them on a thread of its own while the workers already draw the first
    ///    frames of the full pass; they wait for the palette only to quantize. The first frame may get a
    ///    palette of its own (`Palette.opening`) or, if not, the second one a palette that refines what the
    ///    first drew imperfectly and keeps (`Palette.refinement`); both go to the writer as local palettes.
    /// 3. The full pass draws every frame except the samples, which it takes from step 1, quantizes it
    ///    on the workers and hands it, in order, to the GIF writer on this thread.
    static func writeGIF(_ scene: Scene, pipeline: FramePipeline, times: [Double], to path: String,
                         options: RenderOptions, timings: inout StageTimings,
                         report: (Int) -> Void) throws -> Int {
        let file = try OutputFile.prepare(path, kind: .gif,
                                          createDirectories: options.createDirectories || options.output == nil)
        // The temporary file exists from the start (the writer, made once the palette is ready, truncates it),
        // so a killed render always leaves a stale temporary that the next render of this target removes.
        guard FileManager.default.createFile(atPath: file.temporary, contents: nil) else {
            throw RenderError.output("cannot write \(file.temporary)")
        }
        do {
            let width = Int((scene.canvas.width * scene.canvas.scale).rounded())
            let height = Int((scene.canvas.height * scene.canvas.scale).rounded())
            let sampleIndices = paletteSampleIndices(count: times.count,
                                                     samples: paletteSampleCount(frameBytes: width * height * 4))
            var samples: [Int: PixelImage] = [:]
            timings = timings + (try pipeline.run(times: sampleIndices.map { times[$0] }, process: { $0 },
                                                  deliver: { k, image in samples[sampleIndices[k]] = image }))
            // The palette thread takes the samples and lets go of them once the palette is built, so that
            // each sample lives on only until the full pass takes it from `prepared`.
            let sampleImages = Deferred<[PixelImage]>()
            sampleImages.set(sampleIndices.compactMap { samples[$0] })
            let prepared = PreparedFrames(samples)
            samples = [:]
            let palettes = Deferred<(GIFPalettes, seconds: Double)>()
            let dither = options.dither
            let background = scene.canvas.background?.alpha ?? 0
            Thread {
                let start = threadCPUSeconds()
                let images = sampleImages.take()
                let opaque = background >= 1 && images.allSatisfy(\.isOpaque)
                let made = GIFPalettes(samples: images, opaque: opaque, dither: dither)
                palettes.set((made, threadCPUSeconds() - start))
            }.start()
            // Every exit waits for the palette thread, so it never outlives the render.
            defer { timings.palette = palettes.value.seconds }

            let delays = FrameTiming.delays(frameCount: times.count, fps: scene.fps)
            var writer: GIFWriter?
            var firstSource: PixelImage?
            timings = timings + (try pipeline.run(
                times: times, prepared: prepared, process: { (palettes.value.0.global.quantize($0), $0) },
                deliver: { index, output in
                    let (quantized, source) = output
                    let frame = palettes.value.0.frame(quantized, index: index, source: source, first: firstSource)
                    firstSource = index == 0 ? source : nil
                    let gif = try writer ?? GIFWriter(path: file.temporary, width: width, height: height,
                                                      palette: palettes.value.0.global.palette,
                                                      options: GIFOptions(loopCount: scene.loopCount),
                                                      compressionThreads: pipeline.workerCount)
                    writer = gif
                    try gif.append(frame, source: source, delayCentiseconds: delays[index])
                    report(index + 1)
                }))
            let start = threadCPUSeconds()
            try writer?.finish()
            timings.write += threadCPUSeconds() - start + (writer?.compressionSeconds ?? 0)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    static func writePNGs(pipeline: FramePipeline, times: [Double], to folder: String, options: RenderOptions,
                          timings: inout StageTimings, report: (Int) -> Void) throws -> Int {
        let file = try OutputFile.prepare(folder, kind: .frameFolder,
                                          createDirectories: options.createDirectories || options.output == nil)
        var bytes = 0
        do {
            try FileManager.default.createDirectory(atPath: file.temporary, withIntermediateDirectories: false)
            let digits = max(4, String(times.count).count)
            timings = timings + (try pipeline.run(times: times, process: { try PNGFile.encode($0) }, deliver: { index, png in
                let number = String(index + 1)
                let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
                guard FileManager.default.createFile(atPath: file.temporary + "/" + name, contents: Data(png)) else {
                    throw RenderError.output("cannot write \(folder)/\(name)")
                }
                bytes += png.count
                report(index + 1)
            }))
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        return bytes
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
