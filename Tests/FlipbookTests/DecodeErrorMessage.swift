import SceneFormat

/// The error a small scene of `root` (10 x 10, 1 s, with `state`) is refused with, as "path: message";
/// empty when it decodes.
func decodeErrorMessage(root: String, state: String = #"{"n": 1}"#) -> String {
    let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": \#(state), "root": \#(root)}"#
    do {
        _ = try SceneDecoder.decode(Array(json.utf8))
        return ""
    } catch {
        return "\(error.path): \(error.message)"
    }
}
