import ArgumentParser
import Flipbook
import Foundation
import GIF
import SceneFormat

/// The `render` command: scene files in, GIFs or PNG sequences out; `render inspect` for the state as JSON.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render SwiftUI/Core Animation-style scene files to animated GIFs or PNG frames.",
        discussion: """
            Examples:
              render scenes/seek.json               -> out/seek.gif
              render scenes/*.json                  -> out/<name>.gif each
              render scenes/seek.json --format png  -> out/seek/frame-0001.png ...
              render scenes/seek.json --from 1 --to 2 -o /tmp/part.gif
              render inspect scenes/seek.json --at 0.35
                  the state at 0.35 s as JSON (see `render inspect --help`)
            The scene format: docs/scene-format.md.
            """)

    @Argument(help: "Scene files (JSON).", completion: .file(extensions: ["json"]))
    var scenes: [String]

    @Option(name: .shortAndLong, help: "Output file (GIF) or folder (PNG). Default: out/<scene name>.gif or out/<scene name>/.")
    var output: String?

    @Option(help: "Output format: gif, png (a folder of frames), apng or webp.")
    var format: RenderOptions.Format = .gif

    @Flag(help: "WebP: lossless (exact colours) instead of lossy.")
    var lossless = false

    @Option(help: "WebP quality, 0 to 100 (lossy default 72; with --lossless, the effort, default 75).")
    var quality: Double?

    @Option(help: "Frames per second (default: the scene's; GIFs play at most 50).")
    var fps: Double?

    @Option(help: "Pixels per point (default: the scene's, usually 2).")
    var scale: Double?

    @Option(help: "Output width in pixels: rendered at the scale that fits, keeping the aspect ratio.")
    var width: Int?

    @Option(help: "Output height in pixels: rendered at the scale that fits, keeping the aspect ratio.")
    var height: Int?

    @Option(help: "How many times the animation plays; 0 loops forever (default: the scene's).")
    var loop: Int?

    @Option(name: .customLong("motion-blur"),
            help: "Motion blur: sub-frames averaged per frame (1: none; default: the scene's motionBlur).")
    var motionBlur: Int?

    @Option(name: .customLong("from"), help: "Render from this time, in seconds.")
    var start: Double = 0

    @Option(name: .customLong("to"), help: "Render up to this time, in seconds (default: the end).")
    var end: Double?

    @Option(name: .shortAndLong, help: "Worker threads (default: all cores).")
    var jobs: Int = FramePipeline.defaultJobs

    @Option(help: "GIF dithering: none, ordered or floydSteinberg.")
    var dither: Dither = .none

    @Flag(name: .customLong("create-dirs"), help: "Create the output folder if it does not exist.")
    var createDirectories = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print the time spent in each stage to stderr (CPU seconds summed over workers; total is wall time).")
    var timings = false

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 120) { throw ValidationError("--fps must be between 0 and 120") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
        if !(start >= 0) { throw ValidationError("--from must be 0 or more") }
        if let end, !(end > start) { throw ValidationError("--to must be after --from") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if output != nil && scenes.count > 1 { throw ValidationError("--output needs a single scene") }
        if let width, !(1...16_384).contains(width) { throw ValidationError("--width must be between 1 and 16384") }
        if let height, !(1...16_384).contains(height) { throw ValidationError("--height must be between 1 and 16384") }
        if scale != nil && (width != nil || height != nil) { throw ValidationError("give --scale or --width/--height, not both") }
        if let motionBlur, !(1...64).contains(motionBlur) { throw ValidationError("--motion-blur must be between 1 and 64") }
        if let loop, !(0...65_535).contains(loop) { throw ValidationError("--loop must be between 0 and 65535") }
        if let quality, !(0...100).contains(quality) { throw ValidationError("--quality must be between 0 and 100") }
    }

    func run() throws {
        var failed = false
        for path in scenes {
            do {
                let scene = try SceneFile.load(path: path)
                var options = RenderOptions()
                options.format = format
                options.output = output
                options.fps = fps
                options.scale = scale
                options.start = start
                options.end = end
                options.jobs = jobs
                options.dither = dither
                options.lossless = lossless
                options.width = width
                options.height = height
                options.loopCount = loop
                options.motionBlurSamples = motionBlur
                options.quality = quality
                options.createDirectories = createDirectories
                let bar = ProgressBar(label: scene.name, enabled: !quiet && isatty(STDERR_FILENO) == 1)
                let summary = try Renderer.render(scene, options: options, progress: bar.update)
                bar.clear()
                if timings { printError(describe(summary.timings, scene: scene.name, jobs: jobs)) }
                if !quiet {
                    for note in summary.notes { printError("note: \(note)") }
                    let kb = Double(summary.bytes) / 1024
                    print("\(summary.output): \(summary.frameCount) frames at \(trim(summary.fps)) fps, "
                          + "\(String(format: "%.1f", kb)) KiB, \(String(format: "%.2f", summary.seconds)) s")
                }
            } catch let interrupted as Interrupted {
                printError("\n\(path): \(interrupted)")
                throw ExitCode(128 + interrupted.signal)
            } catch {
                printError("error: \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render inspect",
        abstract: "Print a scene's evaluated state as JSON.",
        discussion: "One object per time: {\"time\", \"frame\", \"state\": {name: value}}. Component state is named <id>.<name>.")

    @Argument(help: "A scene file (JSON).", completion: .file(extensions: ["json"]))
    var scene: String

    @Option(help: "A time in seconds (repeatable).")
    var at: [Double] = []

    @Flag(help: "Every frame's time.")
    var allFrames = false

    @Option(help: "Frames per second for --all-frames (default: the scene's).")
    var fps: Double?

    func validate() throws {
        if at.isEmpty && !allFrames { throw ValidationError("give --at SECONDS or --all-frames") }
        if at.contains(where: { !($0 >= 0 && $0.isFinite) }) { throw ValidationError("--at needs a time of 0 or more") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000") }
    }

    func run() throws {
        do {
            var loaded = try SceneFile.load(path: scene)
            if let fps { loaded.fps = fps }
            let player = try Player(scene: loaded)
            let times = allFrames ? (0..<loaded.frameCount).map(loaded.time(ofFrame:)) : at
            print(Inspector.json(player, times: times), terminator: "")
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}

extension RenderOptions.Format: ExpressibleByArgument {}
extension Dither: ExpressibleByArgument {}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// One line for `--timings`: `timings seek: simulate 0.001 s, compose 0.310 s, ... total 0.970 s (-j 2)`.
func describe(_ t: StageTimings, scene: String, jobs: Int) -> String {
    let stages = [("simulate", t.simulate), ("compose", t.compose), ("rasterize", t.rasterize),
                  ("encode", t.encode), ("palette", t.palette), ("write", t.write), ("total", t.total)]
    return "timings \(scene): " + stages.map { "\($0.0) \(String(format: "%.3f", $0.1)) s" }.joined(separator: ", ")
        + " (-j \(jobs); CPU seconds summed over threads, total is wall-clock)"
}

func trim(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(format: "%.2f", x)
}

// `render inspect ...` is a subcommand; anything else is a list of scenes to render.
Interruption.shared.install()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "inspect" {
    Inspect.main(Array(arguments.dropFirst()))
} else {
    Render.main(arguments)
}
