import ArgumentParser
import Flipbook

/// `render inspect`: a scene's evaluated state as JSON, at chosen times or every frame.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a scene's evaluated state as JSON.",
        discussion: """
            One object per time: {"time", "frame", "state": {name: value}}. Component state is named <id>.<name>.
            Example: render inspect scenes/seek.json --at 0.35 --at 0.5
            """)

    @Argument(help: "A scene file (JSON or SwiftUI .swift), or - to read it from standard input.",
              completion: .file(extensions: ["json", "swift"]))
    var scene: String

    @OptionGroup var swift: SwiftSourceFlags

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
            var loaded = try SceneInput(argument: scene, swift: try swift.options()).load()
            if let fps { loaded.fps = fps }
            let player = try Player(scene: loaded)
            let times = allFrames ? (0..<loaded.frameCount).map(loaded.time(ofFrame:)) : at
            print(try Inspector.json(player, times: times), terminator: "")
        } catch {
            ExitStatus.report(error)
            throw ExitStatus.failure
        }
    }
}
