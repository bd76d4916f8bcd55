import Flipbook
import SceneFormat

/// A scene argument: a file path, or `-` for standard input.
struct SceneInput {
    let argument: String

    var isStandardInput: Bool { argument == "-" }

    /// Reads and validates the scene (from standard input, its images resolve from the current folder).
    func load() throws -> Scene {
        isStandardInput ? try SceneFile.loadStandardInput() : try SceneFile.load(path: argument)
    }

    /// The name of the default output: the file's name without `.json`; from standard input, the scene's `name`.
    func outputName(of scene: Scene) -> String {
        isStandardInput ? scene.name : SceneFile.outputName(forPath: argument)
    }
}
