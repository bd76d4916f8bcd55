import Expressions
import SceneFormat

/// The drawing one frame asks for, counted while the frame is composed: path points and text
/// characters. A frame over `SceneLimits.maxFramePathPoints` or `maxFrameTextCharacters` stops there,
/// before the rest of its paths are built, with an error naming the JSON path that contributes most.
/// One meter serves one frame on one thread.
final class FrameWork {
    private(set) var points = 0
    private(set) var characters = 0
    private(set) var items = 0
    private var pointsByPath: [JSONPath: Int] = [:]
    private var charactersByPath: [JSONPath: Int] = [:]

    /// Counts `count` path points drawn by the path command or shape at `path`.
    func addPoints(_ count: Int, at path: JSONPath, time: @autoclosure () -> String) throws(SceneError) {
        points += count
        pointsByPath[path, default: 0] += count
        guard points <= SceneLimits.maxFramePathPoints else {
            throw over(pointsByPath, what: "path points", total: points, limit: SceneLimits.maxFramePathPoints, time: time())
        }
    }

    /// Counts `count` characters of text drawn by the text view at `path`.
    func addText(_ count: Int, at path: JSONPath, time: @autoclosure () -> String) throws(SceneError) {
        characters += count
        charactersByPath[path, default: 0] += count
        guard characters <= SceneLimits.maxFrameTextCharacters else {
            throw over(charactersByPath, what: "characters of text", total: characters,
                       limit: SceneLimits.maxFrameTextCharacters, time: time())
        }
    }

    /// Counts `count` views a `forEach` at `path` expanded into, each time a layout asks for them. Nested
    /// `forEach`es multiply (100 x 1,000 items is 100,000 views a pass), and every layout pass expands them
    /// again, so the frame stops here before composing them takes seconds.
    func addItems(_ count: Int, at path: JSONPath, location: SourceLocation?,
                  time: @autoclosure () -> String) throws(SceneError) {
        items += count
        guard items <= SceneLimits.maxFrameForEachItems else {
            throw SceneError(path: path, location: location, message: "\(time()): the frame's forEach views are expanded more than "
                             + "\(SceneLimits.maxFrameForEachItems) times (nested forEach multiply); the limit is "
                             + "\(SceneLimits.maxFrameForEachItems) a frame: use fewer or smaller forEach")
        }
    }

    /// The counts so far, by JSON path.
    var counts: FrameCounts { FrameCounts(pointsByPath: pointsByPath, charactersByPath: charactersByPath) }

    private func over(_ counts: [JSONPath: Int], what: String, total: Int, limit: Int, time: String) -> SceneError {
        let top = counts.max { a, b in a.value < b.value || (a.value == b.value && "\(a.key)" > "\(b.key)") }
        let path = top?.key ?? .document
        let share = top?.value ?? 0
        return SceneError(path: path, message: "\(time): the frame draws more than \(limit) \(what) (\(total) so far, "
                          + "\(share) of them from here); the limit is \(limit) a frame")
    }
}

/// The path points and characters of text one composed frame draws, by the JSON path drawing them.
public struct FrameCounts: Sendable {
    public var pointsByPath: [JSONPath: Int]
    public var charactersByPath: [JSONPath: Int]
}
