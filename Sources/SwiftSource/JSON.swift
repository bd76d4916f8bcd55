import Foundation
import SceneFormat

/// A JSON value whose objects keep their keys in the order they were added, so the scene JSON the
/// front end prints has a stable, readable key order.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    var objectPairs: [(String, JSON)]? {
        if case .object(let pairs) = self { return pairs }
        return nil
    }

    /// The text: two-space indents, one key a line; arrays and objects holding only scalars stay on one
    /// line when short.
    public func pretty() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func compact() -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSON.format(n)
        case .string(let s): return JSON.quote(s)
        case .array(let items): return "[" + items.map { $0.compact() }.joined(separator: ", ") + "]"
        case .object(let pairs):
            return "{" + pairs.map { JSON.quote($0.0) + ": " + $0.1.compact() }.joined(separator: ", ") + "}"
        }
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let end = String(repeating: "  ", count: indent)
        switch self {
        case .array(let items):
            let oneLine = compact()
            if items.isEmpty || oneLine.count + indent * 2 <= 96 {
                out += oneLine
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 1)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += end + "]"
        case .object(let pairs):
            let oneLine = compact()
            if pairs.isEmpty || oneLine.count + indent * 2 <= 96 {
                out += oneLine
                return
            }
            out += "{\n"
            for (i, (key, value)) in pairs.enumerated() {
                out += pad + JSON.quote(key) + ": "
                value.write(to: &out, indent: indent + 1)
                out += i < pairs.count - 1 ? ",\n" : "\n"
            }
            out += end + "}"
        default:
            out += compact()
        }
    }

    static func format(_ n: Double) -> String {
        if n.rounded() == n && abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func quote(_ s: String) -> String { JSONString.quoted(s) }
}

/// An object under construction: keys in insertion order, a later set of a key replacing its value in place.
struct JSONObject {
    private(set) var pairs: [(String, JSON)] = []

    init(_ pairs: [(String, JSON)] = []) { self.pairs = pairs }

    subscript(key: String) -> JSON? {
        get { pairs.first { $0.0 == key }?.1 }
        set {
            if let i = pairs.firstIndex(where: { $0.0 == key }) {
                if let newValue { pairs[i].1 = newValue } else { pairs.remove(at: i) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
        }
    }

    var keys: [String] { pairs.map(\.0) }
    var isEmpty: Bool { pairs.isEmpty }
    var json: JSON { .object(pairs) }
}
