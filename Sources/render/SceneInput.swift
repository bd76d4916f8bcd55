import Flipbook
import Foundation
import Preview
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
            let (json, map) = try SwiftSource.convertMapped(path: argument, options: swift)
            let directory = (argument as NSString).deletingLastPathComponent
            do {
                return try SceneFile.load(json: json.pretty(), file: "\(argument) (converted; see render convert)",
                                          directory: directory.isEmpty ? "." : directory)
            } catch {
                // At the Swift construct the JSON came from, with the JSON path render convert shows.
                throw (error as? SceneError).map(map.translate) ?? error
            }
        }
        return try SceneFile.load(path: argument)
    }

    /// `load()` with every error as a scene error (a Swift file's keeps its line and column), for the preview,
    /// which shows the error in place of the frame.
    func loadReportingSceneErrors() throws(SceneError) -> Scene {
        do {
            return try load()
        } catch let error as SceneError {
            throw error
        } catch let error as SwiftSourceError {
            throw SceneError(file: error.file, path: .document,
                             location: error.line > 0 ? SourceLocation(line: error.line, column: error.column) : nil,
                             message: error.message)
        } catch {
            throw SceneError(file: argument, path: .document, message: "\(error)")
        }
    }

    /// What the preview reads: a scene file, or a `.swift` file converted at each save of it or its sidecar.
    var previewSource: PreviewSource {
        guard isSwift else { return .scene(argument) }
        let input = self
        return PreviewSource(path: argument, alsoWatched: [SwiftSource.sidecarPath(forSwiftFile: argument)]) { () throws(SceneError) in
            try input.loadReportingSceneErrors()
        }
    }

    /// The name of the default output: the file's name without `.json` (or `.swift`); from standard
    /// input, the scene's `name`.
    func outputName(of scene: Scene) -> String {
        if isStandardInput { return scene.name }
        if isSwift { return SceneFile.outputName(forPath: String(argument.dropLast(6)) + ".json") }
        return SceneFile.outputName(forPath: argument)
    }
}
