import Expressions
import Symbols

/// `symbolEffect` and `contentTransition` on a `systemImage` view (iOS 17's symbol effects).
extension NodeDecoder {
    /// `".bounce"` effects and their names, as SwiftUI writes them (`.byLayer` and `.wholeSymbol` draw the
    /// same: Flipbook moves the whole symbol, even a layered one). `.variableColor` and its options are
    /// decoded by `decodeVariableColorOptions`.
    static let symbolEffectNames: [String: (SymbolEffectSpec.Kind, up: Bool)] = {
        var names: [String: (SymbolEffectSpec.Kind, up: Bool)] = [:]
        for (base, kind, directions) in [("bounce", SymbolEffectSpec.Kind.bounce, true), ("pulse", .pulse, false),
                                         ("scale", .scale, true)] {
            var spellings = [(".\(base)", true)]
            if directions { spellings += [(".\(base).up", true), (".\(base).down", false)] }
            for (spelling, up) in spellings {
                for suffix in ["", ".byLayer", ".wholeSymbol"] { names[spelling + suffix] = (kind, up) }
            }
        }
        return names
    }()

    /// `"symbolEffect": {"effect": ".bounce", "value": "count"}`, `{"effect": ".scale.up", "isActive": "isOn"}`,
    /// `".pulse"` (indefinite, always active), or `".variableColor.iterative"` (Apple:
    /// https://developer.apple.com/documentation/symbols/variablecoloreffect).
    static func decodeSymbolEffect(_ reader: JSONReader) throws(SceneError) -> SymbolEffectSpec {
        var effectReader = reader
        var object: ObjectReader?
        if case .object = reader.value.kind {
            let o = try reader.object(allowing: ["effect", "value", "isActive", "comment"])
            _ = try o["comment"]?.string()
            effectReader = try o.required("effect")
            object = o
        }
        let name = try effectReader.string()
        if name == ".variableColor" || name.hasPrefix(".variableColor.") {
            let options = try decodeVariableColorOptions(name, effectReader)
            let value = try object?["value"].map(BindingDecoder.any)
            let isActive = try object?["isActive"].map(BindingDecoder.bool)
            if value != nil, isActive != nil {
                throw reader.error("a symbol effect takes \"value\" (discrete) or \"isActive\" (indefinite), not both")
            }
            return SymbolEffectSpec(kind: .variableColor, up: true, trigger: value.map { .value($0) } ?? .isActive(isActive),
                                    path: reader.path, variableColor: options)
        }
        if name.hasPrefix(".appear") || name.hasPrefix(".disappear") {
            throw effectReader.error("\(name) is not drawn; show or hide the symbol with \"if\" and a \"transition\"")
        }
        guard let (kind, up) = symbolEffectNames[name] else {
            let known = [".bounce", ".bounce.up", ".bounce.down", ".pulse", ".scale", ".scale.up", ".scale.down",
                         ".variableColor"]
            if let near = Suggestion.closest(to: name, in: known) {
                throw effectReader.error("unknown symbol effect \"\(name)\"; did you mean \"\(near)\"?")
            }
            throw effectReader.error("unknown symbol effect \"\(name)\": expected one of " + known.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        let value = try object?["value"].map(BindingDecoder.any)
        let isActive = try object?["isActive"].map(BindingDecoder.bool)
        if value != nil, isActive != nil {
            throw reader.error("a symbol effect takes \"value\" (discrete) or \"isActive\" (indefinite), not both")
        }
        switch kind {
        case .bounce:
            guard let value else {
                throw reader.error("\"\(name)\" is a discrete effect: give it a \"value\" whose changes play it, "
                                   + "as .symbolEffect(.bounce, value: count)")
            }
            return SymbolEffectSpec(kind: kind, up: up, trigger: .value(value), path: reader.path)
        case .scale:
            if value != nil {
                throw reader.error("\"\(name)\" is an indefinite effect: give it \"isActive\", as .symbolEffect(.scale.up, isActive: flag)")
            }
            return SymbolEffectSpec(kind: kind, up: up, trigger: .isActive(isActive), path: reader.path)
        case .pulse, .variableColor:
            return SymbolEffectSpec(kind: kind, up: up, trigger: value.map { .value($0) } ?? .isActive(isActive), path: reader.path)
        }
    }

    /// The options chained on `.variableColor`: `.iterative` or `.cumulative`, `.reversing` or
    /// `.nonReversing`, `.hideInactiveLayers` or `.dimInactiveLayers`, in any order. As in SwiftUI, where
    /// each returns the effect with that option set, a later option replaces an earlier one of its pair.
    static func decodeVariableColorOptions(_ name: String, _ reader: JSONReader) throws(SceneError) -> VariableColor.Options {
        var options = VariableColor.Options()
        let known = ["iterative", "cumulative", "reversing", "nonReversing", "hideInactiveLayers", "dimInactiveLayers"]
        for option in name.split(separator: ".", omittingEmptySubsequences: false).dropFirst(2) {
            switch option {
            case "iterative": options.iterative = true
            case "cumulative": options.iterative = false
            case "reversing": options.reversing = true
            case "nonReversing": options.reversing = false
            case "hideInactiveLayers": options.hideInactiveLayers = true
            case "dimInactiveLayers": options.hideInactiveLayers = false
            default:
                var message = "unknown variable colour option \".\(option)\" in \"\(name)\""
                if let near = Suggestion.closest(to: String(option), in: known) { message += "; did you mean \".\(near)\"?" }
                throw reader.error(message + " (options: " + known.map { ".\($0)" }.joined(separator: ", ") + ")")
            }
        }
        return options
    }

    /// `"contentTransition": ".symbolEffect(.replace)"` (also `.replace.downUp`, `.replace.upUp`, `.replace.offUp`).
    static func decodeSymbolReplace(_ reader: JSONReader) throws(SceneError) -> SymbolReplaceSpec {
        let text = try reader.string()
        var styles: [String: SymbolReplaceSpec.Style] = [:]
        for style in SymbolReplaceSpec.Style.allCases { styles[".symbolEffect(.replace.\(style.rawValue))"] = style }
        styles[".symbolEffect(.replace)"] = .downUp
        styles[".symbolEffect(.automatic)"] = .downUp
        guard let style = styles[text] else {
            throw reader.error("unknown content transition \"\(text)\" for a symbol: expected \".symbolEffect(.replace)\", "
                               + "\".symbolEffect(.replace.downUp)\", \".symbolEffect(.replace.upUp)\" or \".symbolEffect(.replace.offUp)\"")
        }
        return SymbolReplaceSpec(style: style)
    }
}
