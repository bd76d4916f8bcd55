import Foundation
import GIF
import Pixels
import Raster
import SceneFormat

/// Renders a whole scene to a GIF or a PNG sequence.
public enum Renderer {
    /// How many frames, at most, are sampled to build a GIF's global palette.
    static let paletteSamples = 16

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
        do {
            try SceneLimits.check(scene)
            player = try Player(scene: scene)
        } catch {
            throw RenderError.scene(error)
        }
        let times = frameTimes(scene, start: options.start, end: options.end ?? scene.duration)
        guard !times.isEmpty else {
            throw RenderError.output("the range \(format(options.start))...\(format(options.end ?? scene.duration)) s holds no frame")
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
            output = options.output ?? "out/\(scene.name).gif"
            bytes = try writeGIF(scene, pipeline: pipeline, times: times, to: output, options: options, report: report)
        case .png:
            output = options.output ?? "out/\(scene.name)"
            bytes = try writePNGs(pipeline: pipeline, times: times, to: output, options: options, report: report)
        }
        return RenderSummary(output: output, frameCount: times.count, fps: scene.fps, bytes: bytes,
                             seconds: seconds(since: clock), notes: notes)
    }

    /// The times of the frames in start..<end on the scene's frame grid.
    static func frameTimes(_ scene: Scene, start: Double, end: Double) -> [Double] {
        (0..<scene.frameCount).map(scene.time(ofFrame:)).filter { $0 >= start - 1e-9 && $0 < end - 1e-9 }
    }

    static func writeGIF(_ scene: Scene, pipeline: FramePipeline, times: [Double], to path: String,
                         options: RenderOptions, report: (Int) -> Void) throws -> Int {
        let file = try OutputFile.prepare(path, allowedExtensions: ["gif"], isDirectory: false,
                                          createDirectories: options.createDirectories || options.output == nil)
        // One global palette from a sample of frames spread over the animation.
        let step = max(1, times.count / paletteSamples)
        var sampleTimes = stride(from: 0, to: times.count, by: step).map { times[$0] }
        if let last = times.last, sampleTimes.last != last { sampleTimes.append(last) }
        var samples: [PixelImage] = []
        try pipeline.run(times: sampleTimes, process: { $0 }, deliver: { _, image in samples.append(image) })
        let palette = Palette.build(from: samples, maxColors: Palette.maxColors)
        samples = []
        let quantizer = Quantizer(palette: palette, dither: options.dither)
        let delays = FrameTiming.delays(frameCount: times.count, fps: scene.fps)
        let width = Int((scene.canvas.width * scene.canvas.scale).rounded())
        let height = Int((scene.canvas.height * scene.canvas.scale).rounded())
        do {
            let writer = try GIFWriter(path: file.temporary, width: width, height: height, palette: palette,
                                       options: GIFOptions(loopCount: scene.loopCount))
            try pipeline.run(times: times, process: { quantizer.quantize($0) }, deliver: { index, frame in
                try writer.append(frame, delayCentiseconds: delays[index])
                report(index + 1)
            })
            try writer.finish()
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    static func writePNGs(pipeline: FramePipeline, times: [Double], to folder: String, options: RenderOptions,
                          report: (Int) -> Void) throws -> Int {
        let file = try OutputFile.prepare(folder, allowedExtensions: [], isDirectory: true,
                                          createDirectories: options.createDirectories || options.output == nil)
        var bytes = 0
        do {
            try FileManager.default.createDirectory(atPath: file.temporary, withIntermediateDirectories: false)
            let digits = max(4, String(times.count).count)
            try pipeline.run(times: times, process: { try PNGFile.encode($0) }, deliver: { index, png in
                let number = String(index + 1)
                let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
                guard FileManager.default.createFile(atPath: file.temporary + "/" + name, contents: Data(png)) else {
                    throw RenderError.output("cannot write \(folder)/\(name)")
                }
                bytes += png.count
                report(index + 1)
            })
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
