import Expressions

/// SwiftUI's `.onGeometryChange(for:of:action:)`: an action run when a value made from the view's
/// geometry changes, with the value (`newValue`, and `oldValue`) named in its actions.
///
/// `of` reads the view's laid-out frame on the canvas, in points: `width`, `height`, `minX`, `minY`,
/// `maxX`, `maxY` (the frame with its padding, before effects such as `offset` or `scale`, as a
/// `GeometryProxy` around the view would see it).
public struct GeometryChangeSpec: Sendable {
    /// The value watched: an expression over the geometry names (and the view's other names).
    public var of: Binding
    /// Run after layout, at the time of the change, with `newValue` and `oldValue`.
    public var action: [Action]
    public var path: JSONPath

    /// The names `of` reads the geometry by.
    public static let geometryNames = ["width", "height", "minX", "minY", "maxX", "maxY"]
    /// The names the action reads the values by.
    public static let valueNames = ["newValue", "oldValue"]

    public init(of: Binding, action: [Action], path: JSONPath) {
        self.of = of
        self.action = action
        self.path = path
    }

    /// The key a watched view is known by, the same in the simulator and the composer: the paths of the
    /// component uses it sits in, then its own.
    public static func key(uses: [JSONPath], path: JSONPath) -> String {
        (uses + [path]).map(\.description).joined(separator: "/")
    }
}
