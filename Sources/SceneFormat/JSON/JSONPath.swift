/// Where a value sits in a scene file, written as `root.children[2].rotation`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or an array index.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document itself.
    public static let document = JSONPath()

    /// Hashes the depth, every array index and the last two steps, leaving out the other keys' text: paths
    /// are dictionary keys on every frame (view attributes, measured sizes), hashing every key's text was a
    /// large part of composing, and paths that agree on all of this are rare (`==` tells them apart).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components.count)
        for case .index(let index) in components.dropLast(2) { hasher.combine(index) }
        for component in components.suffix(2) { hasher.combine(component) }
    }

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let full):
                // A key can be any string: a long one is shown by its start and end.
                let key = Abbreviation.literal(full)
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
                if plain {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[\"\(key)\"]"
                }
            case .index(let i):
                text += "[\(i)]"
            }
        }
        return text.isEmpty ? "(document)" : text
    }
}
