import SceneFormat

/// Where each view of a converted scene came from in the Swift file: JSON path -> line and column. A
/// problem the scene decoder finds in the converted JSON is reported at the Swift position of the
/// innermost view that holds it (`MyView.swift:12:9: root.vstack[1].frame.width: ...`), not at the JSON's.
public struct SwiftSourceMap: Sendable {
    /// The Swift file the positions are in.
    public var file: String = ""
    var positions: [[JSONPath.Component]: (line: Int, column: Int)] = [:]

    public init() {}

    /// The Swift position of the innermost view on `path` (or holding it), if the map has one.
    public func position(of path: JSONPath) -> (line: Int, column: Int)? {
        var components = path.components
        while true {
            if let position = positions[components] { return position }
            if components.isEmpty { return nil }
            components.removeLast()
        }
    }

    /// A decoder error on the converted JSON, moved to the Swift file's line and column; the JSON path
    /// stays in the message, which `render convert` shows.
    public func translate(_ error: SceneError) -> SceneError {
        guard !file.isEmpty, let position = position(of: error.path) else { return error }
        var moved = error
        moved.file = file
        moved.location = SceneFormat.SourceLocation(line: position.line, column: position.column)
        return moved
    }

    /// The key a lowered view carries its Swift position under, until `strip` moves it into the map.
    static let key = "\u{1}swift"

    /// Removes the position keys from `json`, recording them by JSON path.
    mutating func strip(_ json: JSON, at path: [JSONPath.Component] = []) -> JSON {
        switch json {
        case .object(let pairs):
            var kept: [(String, JSON)] = []
            for (key, value) in pairs {
                if key == Self.key, case .array(let numbers) = value, numbers.count == 2,
                   case .number(let line) = numbers[0], case .number(let column) = numbers[1] {
                    positions[path] = (Int(line), Int(column))
                    continue
                }
                kept.append((key, strip(value, at: path + [.key(key)])))
            }
            return .object(kept)
        case .array(let items):
            return .array(items.enumerated().map { strip($0.element, at: path + [.index($0.offset)]) })
        default:
            return json
        }
    }
}
