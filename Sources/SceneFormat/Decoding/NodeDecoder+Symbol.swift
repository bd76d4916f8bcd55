import Expressions
import Symbols

/// Decodes the `systemImage` view kind (SwiftUI `Image(systemName:)`).
extension NodeDecoder {
    /// `{"systemImage": "heart.fill"}` or `{"systemImage": "isLiked ? 'heart.fill' : 'heart'"}`.
    ///
    /// A string of letters, digits and dots is a name and must be one Flipbook draws (`"Heart"` gets a
    /// suggestion); anything else is an expression, whose quoted names must be known too (its value is
    /// checked when drawn).
    static func decodeSymbol(_ value: JSONReader) throws(SceneError) -> SymbolSpec {
        let source = try value.string()
        if isSymbolName(source) {
            try checkSymbolName(source, at: value)
            return SymbolSpec(name: Binding(.constant(.string(source)), path: value.path, location: value.value.location))
        }
        let binding = try BindingDecoder.expression(source, value)
        if case .expression(let expression) = binding.source {
            for name in stringLiterals(expression.root) { try checkSymbolName(name, at: value) }
        }
        return SymbolSpec(name: binding)
    }

    /// Whether `source` is written as a symbol name (`heart.fill`, `person.2`), not an expression.
    static func isSymbolName(_ source: String) -> Bool {
        !source.isEmpty && source.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "."
        }
    }

    /// Throws unless `name` is a symbol Flipbook draws, with the closest names as suggestions.
    static func checkSymbolName(_ name: String, at reader: JSONReader) throws(SceneError) {
        guard !Symbols.contains(name) else { return }
        throw reader.error(SymbolName.unknownMessage(name))
    }

    /// The string literals an expression can give as its value: a literal, the branches of a ternary, the
    /// items of a list it indexes (`['bell', 'bell.fill'][i]`). Literals it only compares or joins are not names.
    static func stringLiterals(_ expr: Expr) -> [String] {
        switch expr {
        case .literal(.string(let s), _): return [s]
        case .conditional(_, let a, let b, _): return stringLiterals(a) + stringLiterals(b)
        case .index(let list, _, _): return stringLiterals(list)
        case .list(let items, _): return items.flatMap(stringLiterals)
        default: return []
        }
    }
}

/// Messages about SF Symbol names, shared by the decoder and by drawing (a name an expression gives).
public enum SymbolName {
    /// "unknown SF Symbol \"hart.fill\"; did you mean \"heart.fill\"? ..." for a name the table lacks.
    public static func unknownMessage(_ name: String) -> String {
        var message = "unknown SF Symbol \"\(name)\""
        let near = suggestions(for: name)
        if !near.isEmpty { message += "; did you mean " + near.map { "\"\($0)\"" }.joined(separator: " or ") + "?" }
        return message + " (docs/symbols.md lists the \(Symbols.names.count) names Flipbook draws)"
    }

    /// Up to three known names close to `name`: by edit distance, then names sharing its first part
    /// (`"heart.circle"` -> `"heart"`, `"heart.fill"`).
    static func suggestions(for name: String) -> [String] {
        var found: [String] = []
        var candidates = Symbols.names
        while found.count < 3, let near = Suggestion.closest(to: name, in: candidates) {
            found.append(near)
            candidates.removeAll { $0 == near }
        }
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        for candidate in Symbols.names where found.count < 3 && !found.contains(candidate) {
            if candidate == stem || candidate.hasPrefix(stem + ".") { found.append(candidate) }
        }
        return found
    }
}
