import ArgumentParser
import Flipbook
import Foundation
import GIF
import SceneFormat

/// `render [render] SCENE...`: scene files in, animated GIFs, APNGs, WebPs or PNG sequences out (the default subcommand).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scenes to animated GIFs, APNGs, WebPs or PNG frames (the default subcommand).",
        discussion: """
            Examples:
              render scenes/seek.json               -> out/seek.gif
              render scenes/*.json                  -> out/<file name>.gif each
              render scenes/seek.json --format png  -> out/seek/frame-0001.png ...
              render scenes/seek.json --from 1 --to 2 -o /tmp/part.gif
              render scenes/seek.json --frames 10..40 -o /tmp/part.gif
              render - -o scene.gif < scene.json    (from standard input; without -o: out/<scene name>.gif)
            The scene format: docs/scene-format.md.
            """)

    @Argument(help: "Scene files (JSON or SwiftUI .swift); - reads one from standard input.", completion: .file(extensions: ["json", "swift"]))
    var scenes: [String]

    @OptionGroup var swift: SwiftSourceFlags

    @Option(name: .shortAndLong, help: "Output file (GIF, APNG, WebP) or folder (PNG). Default: out/<scene file name>.<format> or out/<scene file name>/.",
            completion: .file())
    var output: String?

    @Option(help: "Output format: gif, png (a folder of frames), apng or webp (default: from -o's extension, .gif .png .apng .webp, else gif).")
    var format: RenderOptions.Format?

    /// The format asked for, or the one `-o` names by its extension (`-o x.webp` is WebP, `-o x.png` an
    /// animated PNG, as gifski and ffmpeg read it), else GIF.
    var resolvedFormat: RenderOptions.Format {
        if let format { return format }
        switch output.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "webp": return .webp
        case "png", "apng": return .apng
        default: return .gif
        }
    }

    @Option(help: ArgumentHelp("APNG and WebP: fast, default or max (the smallest file, whatever the time); GIF and PNG frames are the same at every effort.",
                               valueName: "effort"))
    var effort: RenderOptions.Effort = .default

    @Flag(help: "WebP: lossless (exact colours) instead of lossy.")
    var lossless = false

    @Option(help: "WebP quality, 0 to 100 (lossy default 72; with --lossless, the effort, default 90, 50 at --effort fast).")
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
    var start: Double?

    @Option(name: .customLong("to"), help: "Render up to this time, in seconds (default: the end).")
    var end: Double?

    @Option(help: ArgumentHelp("Render only these frames, by index from 0: 12, 10..40 (both included) or 10..<40.",
                               valueName: "range"))
    var frames: FrameRange?

    @Option(name: .shortAndLong, help: "Worker threads (default: all cores).")
    var jobs: Int?

    /// The worker threads: `--jobs`, else one per core (given as a word, not a number, in the help, where
    /// the number would be this machine's).
    var workers: Int { jobs ?? FramePipeline.defaultJobs }

    @Option(help: "GIF dithering: none, ordered or floydSteinberg.")
    var dither: Dither = .none

    @Flag(name: .customLong("create-dirs"), help: "Create the output folder if it does not exist.")
    var createDirectories = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Option(name: .customLong("work-budget"),
            help: ArgumentHelp("Refuse a render whose work is estimated at more than this many seconds of CPU (default 1800).",
                               valueName: "seconds"))
    var workBudget: Double?

    @Flag(help: "Print the time spent in each stage to stderr (CPU seconds summed over workers; total is wall time).")
    var timings = false

    func validate() throws {
        if let width, !(1...16_384).contains(width) { throw ValidationError("--width must be between 1 and 16384") }
        if let height, !(1...16_384).contains(height) { throw ValidationError("--height must be between 1 and 16384") }
        if scale != nil && (width != nil || height != nil) { throw ValidationError("give --scale or --width/--height, not both") }
        if let motionBlur, !(1...64).contains(motionBlur) { throw ValidationError("--motion-blur must be between 1 and 64") }
        if let loop, !(0...65_535).contains(loop) { throw ValidationError("--loop must be between 0 and 65535") }
        if let quality, !(0...100).contains(quality) { throw ValidationError("--quality must be between 0 and 100") }
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
        if let fps, !(fps > 0 && fps <= 120) { throw ValidationError("--fps must be between 0 and 120") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
        if let start, !(start >= 0) { throw ValidationError("--from must be 0 or more") }
        if let end, !(end > (start ?? 0)) { throw ValidationError("--to must be after --from") }
        if frames != nil && (start != nil || end != nil) { throw ValidationError("--frames cannot be combined with --from or --to") }
        if let workBudget, !(workBudget > 0 && workBudget <= WorkEstimate.maxBudget) {
            throw ValidationError("--work-budget must be more than 0 and at most \(Int(WorkEstimate.maxBudget)) seconds")
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if output != nil && scenes.count > 1 { throw ValidationError("--output needs a single scene") }
        if scenes.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given only once") }
        if output == nil {
            var seen: [String: String] = [:]
            for path in scenes where path != "-" {
                let name = SceneFile.outputName(forPath: path)
                if let other = seen[name] {
                    throw ValidationError("\(other) and \(path) would both write out/\(name); render them one at a time with -o")
                }
                seen[name] = path
            }
        }
    }

    func run() throws {
        var failed = false
        // One work budget for the whole call: each scene's estimate is taken from it.
        var spent = 0.0
        for path in scenes {
            do {
                let input = SceneInput(argument: path, swift: try swift.options(fps: fps))
                let scene = try input.load()
                var options = RenderOptions()
                options.format = resolvedFormat
                options.output = output
                options.outputName = input.outputName(of: scene)
                options.fps = fps
                options.scale = scale
                options.start = start ?? 0
                options.end = end
                options.frames = frames?.range
                options.jobs = workers
                options.dither = dither
                options.createDirectories = createDirectories
                options.lossless = lossless
                options.effort = effort
                options.width = width
                options.height = height
                options.loopCount = loop
                options.motionBlurSamples = motionBlur
                options.quality = quality
                if let workBudget { options.workBudget = workBudget }
                options.workSpent = spent
                let bar = ProgressBar(label: scene.name, enabled: !quiet && isatty(STDERR_FILENO) == 1)
                let summary = try Renderer.render(scene, options: options, progress: bar.update)
                bar.clear()
                spent += summary.timings.estimatedWork
                if timings { printError(describe(summary.timings, scene: scene.name, jobs: workers)) }
                if !quiet {
                    for note in summary.notes { printError("note: \(note)") }
                    let kb = Double(summary.bytes) / 1024
                    print("\(summary.output): \(summary.frameCount) frames at \(formatSeconds(summary.fps)) fps, "
                          + "\(String(format: "%.1f", kb)) KiB, \(String(format: "%.2f", summary.seconds)) s")
                }
            } catch let interrupted as Interrupted {
                printError("\n\(path): \(interrupted)")
                throw ExitStatus.interrupted(interrupted.signal)
            } catch {
                ExitStatus.report(error)
                failed = true
            }
        }
        if failed { throw ExitStatus.failure }
    }
}

extension RenderOptions.Format: ExpressibleByArgument {}
extension Dither: ExpressibleByArgument {}
extension RenderOptions.Effort: ExpressibleByArgument {}

/// One line for `--timings`: `timings seek: simulate 0.001 s, estimate 0.004 s, compose 0.310 s, ... total 0.970 s (-j 2)`.
func describe(_ t: StageTimings, scene: String, jobs: Int) -> String {
    let stages = [("simulate", t.simulate), ("estimate", t.estimate), ("compose", t.compose), ("rasterize", t.rasterize),
                  ("encode", t.encode), ("palette", t.palette), ("write", t.write), ("total", t.total)]
    return "timings \(scene): " + stages.map { "\($0.0) \(String(format: "%.3f", $0.1)) s" }.joined(separator: ", ")
        + " (-j \(jobs); work estimated at \(String(format: "%.3f", t.estimatedWork)) s of CPU before drawing; "
        + "CPU seconds summed over threads, estimate and total are wall-clock)"
}

/// A number as the command prints it: whole numbers without a fraction, others with up to 3 decimals.
func formatSeconds(_ x: Double) -> String {
    if x == x.rounded() { return String(Int(x)) }
    var text = String(format: "%.3f", x)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
