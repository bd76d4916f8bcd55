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
    /// component uses it sits in, then its own; inside a `forEach` item, then `#` and the item's id
    /// (`itemKey(_:id:)`).
    ///
    /// The composer lays each item out at a path of its own, the `forEach`'s path with `id=<item id>`
    /// after it (a step no scene key can be), and counts that path among the uses of the views inside:
    /// those steps are taken out here and the id put at the end, so that the simulator, which walks the
    /// `forEach` content once, finds each item's value by the key it knows and the item's id.
    public static func key(uses: [JSONPath], path: JSONPath) -> String {
        var item: String?
        var steps: [JSONPath] = []
        for step in uses + [path] {
            if case .key(let last)? = step.components.last, last.hasPrefix(itemStep) {
                item = String(last.dropFirst(itemStep.count))
                let forEach = JSONPath(Array(step.components.dropLast()))
                // The item's own view is the `forEach` view, which the simulator knows by its path.
                if step == path { steps.append(forEach) }
            } else {
                steps.append(step)
            }
        }
        let key = steps.map(\.description).joined(separator: "/")
        return item.map { itemKey(key, id: $0) } ?? key
    }

    /// The key of the view with key `key` (its `key(uses:path:)` outside any item) in the `forEach` item
    /// with id `id`.
    public static func itemKey(_ key: String, id: String) -> String {
        key + "#" + id
    }

    /// How a `forEach` item's path step begins (`Composer`'s items, `InstanceContext.itemKey`).
    static let itemStep = "id="
}
