/// The methods of strings, as Swift's `String` has them; a string is a collection of characters, each a
/// one-character string here (`'abc'.map { $0 + '!' }`, `Array('abc')`).
enum StringMethods {
    /// The characters of `string`, one string each.
    static func characters(_ string: String) -> [Value] {
        string.map { .string(String($0)) }
    }

    /// The method's value, or nil if strings have no method by that name.
    static func call(_ string: String, _ call: MethodArguments) throws(ExpressionError) -> Value? {
        let offset = call.range.offset
        switch (call.method, call.labels) {
        case ("map", _), ("allSatisfy", _), ("count", _), ("first", _), ("last", _), ("firstIndex", _),
             ("lastIndex", _), ("sorted", _), ("enumerated", _), ("min", _), ("max", _), ("reduce", _),
             ("contains", ["where"]):
            try call.spend(string.count)
            return try ListMethods.call(characters(string), call)
        case ("contains", _) where call.closures[0] != nil:
            try call.spend(string.count)
            return try ListMethods.call(characters(string), call)
        case ("filter", _):
            // Swift's String.filter gives a String.
            let f = try call.closure(0)
            try call.spend(string.count)
            var result = ""
            for character in string where try f.test(.string(String(character))) { result.append(character) }
            return .string(result)
        case ("reversed", _):
            try call.spend(string.count)
            return .string(String(string.reversed()))
        case ("contains", _):
            // Foundation's StringProtocol.contains(_:), which Swift picks with SwiftUI imported: "" is not contained.
            let part = try call.string(0)
            return .bool(!part.isEmpty && string.contains(part))
        case ("hasPrefix", _): return .bool(string.hasPrefix(try call.string(0)))
        case ("hasSuffix", _): return .bool(string.hasSuffix(try call.string(0)))
        case ("prefix", _): return .string(String(string.prefix(try call.count(0))))
        case ("suffix", _): return .string(String(string.suffix(try call.count(0))))
        case ("dropFirst", _): return .string(String(string.dropFirst(call.count == 0 ? 1 : try call.count(0))))
        case ("dropLast", _): return .string(String(string.dropLast(call.count == 0 ? 1 : try call.count(0))))
        case ("uppercased", _): return .string(try ValueLimits.checked(string.uppercased(), offset: offset))
        case ("lowercased", _): return .string(try ValueLimits.checked(string.lowercased(), offset: offset))
        case ("split", _):
            let separator = try call.string(0)
            guard !separator.isEmpty else { throw call.error("the separator of 'split' must not be empty", argument: 0) }
            try call.spend(string.count)
            // Swift's split(separator:) leaves out empty pieces (omittingEmptySubsequences: true).
            let pieces = string.split(separator: separator).map { Value.string(String($0)) }
            try ValueLimits.checkList(pieces, offset: offset)
            return .list(pieces)
        case ("replacingOccurrences", _), ("replacing", _):
            let (target, replacement) = (try call.string(0), try call.string(1))
            // Foundation's replacingOccurrences(of:with:) leaves the string as it is for an empty target.
            if target.isEmpty && call.method == "replacingOccurrences" { return .string(string) }
            try call.spend(string.count)
            let matches = target.isEmpty ? string.count + 1 : string.ranges(of: target).count
            let bytes = string.utf8.count + matches * (replacement.utf8.count - target.utf8.count)
            try ValueLimits.checkJoin(bytes, 0, offset: offset)
            return .string(string.replacing(target, with: replacement))
        default:
            return nil
        }
    }
}
