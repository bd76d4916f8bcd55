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

    /// An ASCII letter, digit, `_` or `$`.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"): return true
        default: return false
        }
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let full):
                // A key can be any string: a long one is shown by its start and end.
                let key = Abbreviation.literal(full)
                // ASCII keys (nearly all) are checked byte by byte: Unicode letter properties are slow to look up.
                let plain = !key.isEmpty && (key.utf8.allSatisfy(Self.isPlainASCII)
                    || key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
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
