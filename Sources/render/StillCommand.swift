import ArgumentParser
import Flipbook
import Foundation

/// `render still`: one frame of a scene, at any time, as a PNG file.
struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Render the frame at one time as a PNG file.",
        discussion: """
            Example: render still scenes/seek.json --at 0.35 -o frame.png
            The time may fall between the frames of the scene's fps.
            """)

    @Argument(help: "A scene file (JSON or SwiftUI .swift), or - to read it from standard input.",
              completion: .file(extensions: ["json", "swift"]))
    var scene: String

    @OptionGroup var swift: SwiftSourceFlags

    @Option(help: "The time in seconds, from 0 to the scene's duration.")
    var at: Double

    @Option(name: .shortAndLong, help: "The PNG file to write. Default: out/<scene file name>-<time>s.png.",
            completion: .file(extensions: ["png"]))
    var output: String?

    @Option(help: "Pixels per point (default: the scene's, usually 2).")
    var scale: Double?

    @Flag(name: .customLong("create-dirs"), help: "Create the output folder if it does not exist.")
    var createDirectories = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if !(at >= 0 && at.isFinite) { throw ValidationError("--at needs a time of 0 or more") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
    }

    func run() throws {
        do {
            let input = SceneInput(argument: scene, swift: try swift.options())
            let loaded = try input.load()
            let path = output ?? "out/\(input.outputName(of: loaded))-\(formatSeconds(at))s.png"
            let bytes = try Renderer.still(loaded, at: at, to: path, scale: scale,
                                           createDirectories: createDirectories || output == nil)
            if !quiet {
                print("\(path): the frame at \(formatSeconds(at)) s, \(String(format: "%.1f", Double(bytes) / 1024)) KiB")
            }
        } catch {
            ExitStatus.report(error)
            throw ExitStatus.failure
        }
    }
}
