import Flipbook
import Foundation
import SceneFormat
import SwiftSource

/// A scene argument: a file path, `-` for standard input, or a SwiftUI `.swift` file, which is converted
/// to scene JSON first (`render convert` prints that JSON).
struct SceneInput {
    let argument: String
    var swift = SwiftSourceOptions()

    var isStandardInput: Bool { argument == "-" }
    var isSwift: Bool { argument.hasSuffix(".swift") }

    /// Reads and validates the scene (from standard input, its images resolve from the current folder).
    func load() throws -> Scene {
        if !isSwift && swift.setsSwiftOnlyKeys {
            throw SwiftSourceError(file: argument, message: "--view, --duration, --tap and --canvas apply to .swift files; a JSON scene gives these keys itself")
        }
        if isStandardInput { return try SceneFile.loadStandardInput() }
        if isSwift {
            let json = try SwiftSource.convert(path: argument, options: swift)
            let directory = (argument as NSString).deletingLastPathComponent
            return try SceneFile.load(json: json.pretty(), file: "\(argument) (converted; see render convert)",
                                      directory: directory.isEmpty ? "." : directory)
        }
        return try SceneFile.load(path: argument)
    }

    /// The name of the default output: the file's name without `.json` (or `.swift`); from standard
    /// input, the scene's `name`.
    func outputName(of scene: Scene) -> String {
        if isStandardInput { return scene.name }
        if isSwift { return SceneFile.outputName(forPath: String(argument.dropLast(6)) + ".json") }
        return SceneFile.outputName(forPath: argument)
    }
}
