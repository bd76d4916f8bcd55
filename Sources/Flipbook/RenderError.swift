import SceneFormat

/// Why a render failed: the scene, or writing the output (drawing errors arrive as `RasterError`).
public enum RenderError: Error, CustomStringConvertible {
    case scene(SceneError)
    case output(String)

    public var description: String {
        switch self {
        case .scene(let e): return e.description
        case .output(let message): return message
        }
    }
}
