import Expressions

/// Decodes the node tree: one kind key per node (the units of `ViewKindRegistry`: `zstack`, `vstack`,
/// `shape`, `text`, `use`, ...) plus modifiers.
enum NodeDecoder {
    /// The keys any view may hold besides its kind's: the registry's modifiers, a `comment`, and `modifiers`,
    /// the list of modifiers applied in written order.
    static let modifierKeys = ModifierRegistry.keys + ["comment", "modifiers"]
    static let maxDepth = 64

    static func decode(_ reader: JSONReader, depth: Int = 0) throws(SceneError) -> Node {
        guard depth < maxDepth else { throw reader.error("views are nested deeper than \(maxDepth) levels") }
        guard case .object(let members) = reader.value.kind else {
            throw reader.error("expected a view object such as {\"shape\": \"circle\"}, got \(reader.value.kindName)")
        }
        let units = members.compactMap { ViewKindRegistry.unit(forKey: $0.key) }
        guard units.count == 1, let unit = units.first else {
            if units.isEmpty {
                // A SwiftUI spelling of a kind (`VStack`, `systemName`): what to write instead.
                if let member = members.first(where: { ViewKindRegistry.swiftUINames[$0.key] != nil }),
                   let hint = ViewKindRegistry.swiftUINames[member.key] {
                    throw SceneError(path: reader.path.appending(member.key), location: member.value.location,
                                     message: "\"\(member.key)\" is SwiftUI's \(hint)")
                }
                // A near miss of a kind key (`"vstak"`, `"Vstack"`), among the keys that are not a modifier's.
                for member in members where !modifierKeys.contains(member.key) {
                    guard let near = Suggestion.closest(to: member.key, in: ViewKindRegistry.keys) else { continue }
                    throw SceneError(path: reader.path.appending(member.key), location: member.value.location,
                                     message: "unknown view kind \"\(member.key)\", did you mean \"\(near)\"?")
                }
                throw reader.error("a view needs exactly one of \(ViewKindRegistry.keys.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            throw reader.error("a view can be only one thing, but has \(units.map { "\"\($0.key)\"" }.joined(separator: " and "))")
        }
        let allowed = [unit.key] + unit.companionKeys + modifierKeys
        try checkSwiftUIModifiers(reader, allowed: allowed)
        let object = try reader.object(allowing: allowed)
        return try applyOrderedModifiers(try unit.decode(object, at: reader, depth: depth), object, depth: depth)
    }

    /// A node of `kind` with the modifiers in `object`.
    static func node(_ nodeKind: NodeKind, modifiers object: ObjectReader, at reader: JSONReader,
                     depth: Int) throws(SceneError) -> Node {
        var node = Node.empty(nodeKind, path: reader.path)
        _ = try object["comment"]?.string()
        try ModifierRegistry.decode(object, into: &node, depth: depth)
        return node
    }

    static let unitPointNames = ["center", "topLeading", "top", "topTrailing", "leading", "trailing",
                                 "bottomLeading", "bottom", "bottomTrailing"]
    static let unitPoints: [String: (Double, Double)] = [
        "center": (0.5, 0.5), "topLeading": (0, 0), "top": (0.5, 0), "topTrailing": (1, 0), "leading": (0, 0.5),
        "trailing": (1, 0.5), "bottomLeading": (0, 1), "bottom": (0.5, 1), "bottomTrailing": (1, 1),
    ]

    static func decodePaint(_ geometry: ShapeSpec.Geometry, _ object: ObjectReader) throws(SceneError) -> ShapeSpec {
        let fill = try object["fill"].map(decodePaintSpec)
        var stroke: StrokeSpec?
        if let s = object["stroke"] {
            let so = try s.object(allowing: ["color", "lineWidth", "lineCap", "lineJoin", "dash"])
            var dash: [Binding] = []
            if let d = so["dash"] { for item in try d.array() { dash.append(try BindingDecoder.number(item)) } }
            let (cap, join) = try so.strokeCapAndJoin()
            stroke = StrokeSpec(paint: try so["color"].map(decodePaintSpec) ?? .foreground,
                                lineWidth: try so["lineWidth"].map(BindingDecoder.number)
                                    ?? Binding(.constant(.number(1)), path: s.path, location: s.value.location),
                                lineCap: cap, lineJoin: join, dash: dash)
        }
        if fill == nil && stroke == nil {
            // SwiftUI draws a bare shape filled with the foreground colour.
            return ShapeSpec(geometry: geometry, fill: .foreground, stroke: nil)
        }
        return ShapeSpec(geometry: geometry, fill: fill, stroke: stroke)
    }

    static func decodePaintSpec(_ reader: JSONReader) throws(SceneError) -> PaintSpec {
        if case .bool(true) = reader.value.kind { return .foreground }
        if case .string("foreground") = reader.value.kind { return .foreground }
        if case .object = reader.value.kind { return .gradient(try decodeGradient(reader)) }
        return .color(try BindingDecoder.color(reader))
    }

    static func decodePathCommand(_ reader: JSONReader) throws(SceneError) -> PathCommand {
        let items = try reader.array()
        guard let head = items.first else { throw reader.error("an empty path command; expected e.g. [\"move\", 0, 0]") }
        let name = try head.choice(PathCommand.Kind.allCases.map(\.rawValue))
        let kind = PathCommand.Kind(rawValue: name) ?? .close
        let args = Array(items.dropFirst())
        let expected = kind.argumentCount
        guard args.count == expected else {
            throw reader.error("\"\(name)\" takes \(expected) value\(expected == 1 ? "" : "s"), got \(args.count)")
        }
        var bindings: [Binding] = []
        for (i, arg) in args.enumerated() {
            bindings.append(kind == .arc && i == 5 ? try BindingDecoder.bool(arg) : try BindingDecoder.number(arg))
        }
        if kind == .plot, case .number(let step)? = bindings[2].constant {
            guard step > 0 else { throw args[2].error("a plot's step must be more than 0, got \(format(step))") }
        }
        return PathCommand(kind: kind, arguments: bindings, path: reader.path)
    }

    static func decodeFrame(_ reader: JSONReader) throws(SceneError) -> FrameSpec {
        let o = try reader.object(allowing: ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment"])
        func n(_ key: String) throws(SceneError) -> Binding? {
            guard let r = o[key] else { return nil }
            if case .string("infinity") = r.value.kind {
                return Binding(.constant(.number(.greatestFiniteMagnitude)), path: r.path, location: r.value.location)
            }
            return try BindingDecoder.number(r)
        }
        return FrameSpec(width: try n("width"), height: try n("height"), minWidth: try n("minWidth"),
                         maxWidth: try n("maxWidth"), minHeight: try n("minHeight"), maxHeight: try n("maxHeight"),
                         alignment: try o["alignment"].map { r throws(SceneError) in try decodeAlignment(r, among: Array(unitPointNames)) })
    }

    /// A frame's or a stack's alignment: a name (`"topLeading"`), or an expression giving one
    /// (`"isOn ? 'trailing' : 'leading'"`); a bare word must be one of `names`.
    static func decodeAlignment(_ reader: JSONReader, among names: [String]) throws(SceneError) -> Binding {
        let source = try reader.string()
        if source.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            let name = try reader.choice(names.sorted())
            return Binding(.constant(.string(name)), path: reader.path, location: reader.value.location)
        }
        return try BindingDecoder.expression(source, reader)
    }

    static func decodePadding(_ reader: JSONReader) throws(SceneError) -> EdgeBindings {
        if case .object = reader.value.kind {
            let o = try reader.object(allowing: ["top", "leading", "bottom", "trailing", "horizontal", "vertical"])
            let h = try o["horizontal"].map(BindingDecoder.number)
            let v = try o["vertical"].map(BindingDecoder.number)
            return EdgeBindings(top: try o["top"].map(BindingDecoder.number) ?? v,
                                leading: try o["leading"].map(BindingDecoder.number) ?? h,
                                bottom: try o["bottom"].map(BindingDecoder.number) ?? v,
                                trailing: try o["trailing"].map(BindingDecoder.number) ?? h)
        }
        let all = try BindingDecoder.number(reader)
        return EdgeBindings(top: all, leading: all, bottom: all, trailing: all)
    }

    static func decodeFont(_ reader: JSONReader) throws(SceneError) -> FontSpec {
        let o = try reader.object(allowing: ["style", "design", "family", "size", "weight", "italic"])
        var weight: Binding?
        if let w = o["weight"] {
            let name = try w.string()
            if FontWeights.names.contains(name) {
                weight = Binding(.constant(.string(name)), path: w.path, location: w.value.location)
            } else if name.allSatisfy({ $0.isLetter }) {
                _ = try w.choice(FontWeights.names)
            } else {
                weight = try BindingDecoder.expression(name, w)
            }
        }
        let style = try o["style"].map { r throws(SceneError) in TextStyle(rawValue: try r.choice(TextStyle.allCases.map(\.rawValue))) }
        let design = try o["design"].map { r throws(SceneError) in FontDesign(rawValue: try r.choice(FontDesign.allCases.map(\.rawValue))) }
        return FontSpec(style: style ?? nil, design: design ?? nil,
                        family: try o["family"].map(BindingDecoder.template),
                        size: try o["size"].map(BindingDecoder.number),
                        weight: weight,
                        italic: try o["italic"].map(BindingDecoder.bool))
    }

    /// `"animation": {"curve": ".spring()", "value": "isOn"}`; `"curve": null` is `.animation(nil, value:)`.
    static func decodeImplicitAnimation(_ reader: JSONReader) throws(SceneError) -> ImplicitAnimationSpec {
        let object = try reader.object(allowing: ["curve", "value", "comment"])
        _ = try object["comment"]?.string()
        let curveReader = try object.required("curve")
        let curve = curveReader.isNull ? nil : try ActionDecoder.animation(curveReader)
        return ImplicitAnimationSpec(curve: curve, value: try BindingDecoder.any(object.required("value")), path: reader.path)
    }
}

extension EffectSpec {
    /// No effects.
    static let none = EffectSpec(offsetX: nil, offsetY: nil, rotation: nil, scaleX: nil, scaleY: nil,
                                 anchor: (0.5, 0.5), opacity: nil)
}


/// SwiftUI's font weight names.
public enum FontWeights {
    public static let names = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
}

