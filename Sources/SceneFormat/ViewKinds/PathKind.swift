/// `{"path": [["move", 0, 0], ["line", "w", "h"]], "stroke": {...}}`: a custom SwiftUI `Shape` whose
/// `path(in:)` draws these commands. It decodes into a shape, which `ShapeKind` checks.
enum PathKind: ViewKindUnit {
    static let key = "path"
    static let companionKeys = ["fill", "stroke", "trim"]
    static let swiftUINames = ["Path": "Path { ... }; write \"path\": [[\"move\", 0, 0], [\"line\", \"w\", \"h\"]]"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required(key)
        var commands: [PathCommand] = []
        for item in try value.array() { commands.append(try NodeDecoder.decodePathCommand(item)) }
        guard !commands.isEmpty else { throw value.error("a path needs at least one command") }
        guard commands.count <= SceneLimits.maxPathCommands else {
            throw value.error("a path of \(commands.count) commands is over the limit of \(SceneLimits.maxPathCommands)")
        }
        var shape = try NodeDecoder.decodePaint(.path(commands), object)
        shape.trim = try object["trim"].map(NodeDecoder.decodeTrim)
        return try view(.shape(shape), object, at: reader, depth: depth)
    }
}
