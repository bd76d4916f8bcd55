import ArgumentParser
import Foundation
import SwiftSource

/// The options that stand in for a sidecar when a scene argument is a `.swift` file.
struct SwiftSourceFlags: ParsableArguments {
    @Option(name: .customLong("view"), help: "For a .swift scene: the View struct to render (default: the one #Preview shows).")
    var view: String?

    @Option(name: .customLong("duration"), help: "For a .swift scene: the length in seconds (overrides the sidecar's).")
    var duration: Double?

    @Option(name: .customLong("tap"), help: ArgumentHelp("For a .swift scene: a scripted tap, ID@SECONDS (repeatable).", valueName: "id@seconds"))
    var taps: [String] = []

    @Option(name: .customLong("canvas"), help: ArgumentHelp("For a .swift scene: the canvas size in points.", valueName: "WxH"))
    var canvas: String?

    func validate() throws { _ = try options() }

    /// The options, or a usage error naming the bad flag.
    func options(fps: Double? = nil) throws -> SwiftSourceOptions {
        var options = SwiftSourceOptions(view: view, duration: duration, fps: fps)
        for tap in taps {
            let parts = tap.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let at = Double(parts[1]), at >= 0 else {
                throw ValidationError("--tap takes ID@SECONDS, like --tap plus@0.4; got '\(tap)'")
            }
            options.taps.append((String(parts[0]), at))
        }
        if let canvas {
            let parts = canvas.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
                throw ValidationError("--canvas takes WIDTHxHEIGHT in points, like --canvas 320x200; got '\(canvas)'")
            }
            options.canvas = (width, height)
        }
        return options
    }
}

/// `render convert`: the scene JSON a SwiftUI .swift file lowers to.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Print the scene JSON that a SwiftUI .swift file converts to.",
        discussion: """
            The view comes from the file (#Preview or --view); the canvas, duration, fps and script from the \
            sidecar MyView.flipbook.json beside it, or from the flags. See docs/swift-source.md.
            Example: render convert examples/swift/Counter.swift > counter.json
            """)

    @Argument(help: "A SwiftUI source file (.swift).", completion: .file(extensions: ["swift"]))
    var file: String

    @OptionGroup var swift: SwiftSourceFlags

    @Option(help: "Frames per second (overrides the sidecar's).")
    var fps: Double?

    @Option(name: .shortAndLong, help: "Write the JSON to this file instead of standard output.",
            completion: .file(extensions: ["json"]))
    var output: String?

    func validate() throws {
        if !file.hasSuffix(".swift") { throw ValidationError("render convert reads a SwiftUI .swift file; got '\(file)'") }
    }

    func run() throws {
        do {
            let json = try SwiftSource.convert(path: file, options: try swift.options(fps: fps)).pretty()
            if let output {
                try Data(json.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } else {
                print(json, terminator: "")
            }
        } catch {
            ExitStatus.report(error)
            throw ExitStatus.failure
        }
    }
}
