import Expressions

/// Decodes the node tree: one kind key per node (`zstack`, `vstack`, `hstack`, `shape`, `path`, `text`,
/// `use`, `spacer`) plus modifiers.
enum NodeDecoder {
    static let kindKeys = ["zstack", "vstack", "hstack", "shape", "path", "text", "use", "spacer", "image", "scrollView",
                           "toggle", "progressView", "systemImage", "slider", "stepper",
                           "button", "textField", "timelineView", "canvas", "group", "slot"] + gradientKinds
    /// The keys any view may hold besides its kind's: the registry's modifiers, a `comment`, and `modifiers`,
    /// the list of modifiers applied in written order.
    static let modifierKeys = ModifierRegistry.keys + ["comment", "modifiers"]
    static let kindOptions: [String: [String]] = [
        "zstack": ["alignment"], "vstack": ["alignment", "spacing"], "hstack": ["alignment", "spacing"],
        "shape": ["fill", "stroke", "cornerRadius", "trim"] + unevenRadiusKeys, "path": ["fill", "stroke", "trim"],
        "text": ["multilineTextAlignment", "lineLimit", "minimumScaleFactor", "contentTransition"], "use": ["args", "actions", "views"],
        "spacer": ["minLength"], "image": imageOptions, "scrollView": ["alignment", "spacing"], "systemImage": symbolOptions,
        "toggle": ["label", "tint", "bindingAnimation"], "progressView": ["total", "tint"],
        "slider": ["in", "step", "tint", "label", "bindingAnimation"], "stepper": ["in", "step", "label", "bindingAnimation"],
        "button": ["buttonStyle", "controlSize", "tint", "role"], "textField": ["prompt", "textFieldStyle", "focused"],
        "timelineView": timelineViewOptions, "canvas": [], "group": [], "slot": [],
    ]
    static let maxDepth = 64

    static func decode(_ reader: JSONReader, depth: Int = 0) throws(SceneError) -> Node {
        guard depth < maxDepth else { throw reader.error("views are nested deeper than \(maxDepth) levels") }
        guard case .object(let members) = reader.value.kind else {
            throw reader.error("expected a view object such as {\"shape\": \"circle\"}, got \(reader.value.kindName)")
        }
        let kinds = members.map(\.key).filter { kindKeys.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                if let name = members.first(where: { $0.key == "systemName" }) {
                    throw SceneError(path: reader.path.appending("systemName"), location: name.value.location,
                                     message: "\"systemName\" is SwiftUI's Image(systemName:); write \"systemImage\": \"heart.fill\"")
                }
                throw reader.error("a view needs exactly one of \(kindKeys.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            throw reader.error("a view can be only one thing, but has \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        let allowed = [kind] + (kindOptions[kind] ?? []) + modifierKeys
        try checkSwiftUIModifiers(reader, allowed: allowed)
        let object = try reader.object(allowing: allowed)
        if kind == "timelineView" {
            let (groupKind, spec) = try decodeTimelineView(object, at: reader, depth: depth)
            var view = try node(groupKind, modifiers: object, at: reader, depth: depth)
            view.timelineView = spec
            return try applyOrderedModifiers(view, object, depth: depth)
        }
        if let control = try decodeControl(kind, object, at: reader, depth: depth) {
            return try applyOrderedModifiers(control, object, depth: depth)
        }
        let nodeKind = try decodeKind(kind, object, depth: depth)
        return try applyOrderedModifiers(try node(nodeKind, modifiers: object, at: reader, depth: depth), object, depth: depth)
    }

    /// A node of `kind` with the modifiers in `object`.
    static func node(_ nodeKind: NodeKind, modifiers object: ObjectReader, at reader: JSONReader,
                     depth: Int) throws(SceneError) -> Node {
        var node = Node.empty(nodeKind, path: reader.path)
        _ = try object["comment"]?.string()
        try ModifierRegistry.decode(object, into: &node, depth: depth)
        return node
    }

    static func decodeKind(_ kind: String, _ object: ObjectReader, depth: Int) throws(SceneError) -> NodeKind {
        let value = try object.required(kind)
        switch kind {
        case "zstack", "vstack", "hstack":
            let children = try decodeChildren(value, depth: depth)
            let axis: StackSpec.Axis = kind == "zstack" ? .z : kind == "vstack" ? .vertical : .horizontal
            let alignments: [String]
            switch axis {
            case .z: alignments = Array(unitPointNames)
            case .vertical: alignments = ["leading", "center", "trailing"]
            case .horizontal: alignments = ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]
            }
            let alignment = try object["alignment"].map { r throws(SceneError) in try decodeAlignment(r, among: alignments) }
            return .stack(StackSpec(axis: axis, spacing: try object["spacing"].map(BindingDecoder.number),
                                    alignment: alignment, children: children))
        case "group":
            // Outside a stack's children (where its members are spliced in), a group is a ZStack.
            return .stack(StackSpec(axis: .z, spacing: nil, alignment: nil, children: try decodeChildren(value, depth: depth)))
        case "shape":
            let name = try value.choice(["circle", "ellipse", "rectangle", "roundedRectangle", "capsule", "unevenRoundedRectangle"])
            let geometry: ShapeSpec.Geometry
            switch name {
            case "circle": geometry = .circle
            case "ellipse": geometry = .ellipse
            case "capsule": geometry = .capsule
            case "roundedRectangle":
                geometry = .roundedRectangle(cornerRadius: try BindingDecoder.number(object.required("cornerRadius")))
            case "unevenRoundedRectangle": geometry = try decodeUnevenRadii(object)
            default: geometry = .rectangle
            }
            if name != "roundedRectangle", let extra = object["cornerRadius"] {
                throw extra.error(name == "unevenRoundedRectangle"
                    ? "an unevenRoundedRectangle takes \(unevenRadiusKeys.map { "\"\($0)\"" }.joined(separator: ", "))"
                    : "\"cornerRadius\" applies only to \"roundedRectangle\"")
            }
            if name != "unevenRoundedRectangle", let extra = unevenRadiusKeys.compactMap({ object[$0] }).first {
                throw extra.error("the corner radii apply only to \"unevenRoundedRectangle\"")
            }
            var shape = try decodePaint(geometry, object)
            shape.trim = try object["trim"].map(decodeTrim)
            return .shape(shape)
        case "path":
            var commands: [PathCommand] = []
            for item in try value.array() { commands.append(try decodePathCommand(item)) }
            guard !commands.isEmpty else { throw value.error("a path needs at least one command") }
            guard commands.count <= SceneLimits.maxPathCommands else {
                throw value.error("a path of \(commands.count) commands is over the limit of \(SceneLimits.maxPathCommands)")
            }
            var shape = try decodePaint(.path(commands), object)
            shape.trim = try object["trim"].map(decodeTrim)
            return .shape(shape)
        case "text":
            let runs: [TextSpec.Run]
            if case .array = value.value.kind {
                var list: [TextSpec.Run] = []
                for item in try value.array() {
                    let run = try item.object(allowing: ["text", "foregroundColor", "font", "baselineOffset"])
                    list.append(TextSpec.Run(text: try BindingDecoder.template(run.required("text")),
                                             color: try run["foregroundColor"].map(BindingDecoder.color),
                                             font: try run["font"].map(decodeFont),
                                             baselineOffset: try run["baselineOffset"].map(BindingDecoder.number)))
                }
                guard !list.isEmpty else { throw value.error("text needs at least one run") }
                runs = list
            } else {
                runs = [TextSpec.Run(text: try BindingDecoder.template(value), color: nil, font: nil, baselineOffset: nil)]
            }
            return .text(TextSpec(runs: runs,
                                  alignment: try object["multilineTextAlignment"].map { r throws(SceneError) in
                                      MultilineAlignment(rawValue: try r.choice(MultilineAlignment.allCases.map(\.rawValue))) ?? .leading
                                  } ?? .leading,
                                  lineLimit: try object["lineLimit"]?.integer(in: 1...1_000),
                                  minimumScaleFactor: try object["minimumScaleFactor"].map(decodeScaleFactor),
                                  contentTransition: try object["contentTransition"].map(decodeContentTransition)))
        case "use":
            let name = try value.string()
            var arguments: [(name: String, value: Binding)] = []
            if let args = object["args"] {
                for (key, arg) in try args.members() { arguments.append((key, try BindingDecoder.any(arg))) }
            }
            var actions: [String: [Action]] = [:]
            if let slots = object["actions"] {
                for (key, list) in try slots.members() { actions[key] = try ActionDecoder.list(list) }
            }
            var instance = InstanceSpec(component: name, arguments: arguments, actions: actions)
            instance.views = try object["views"].map { r throws(SceneError) in try decodeSlotViews(r, depth: depth) } ?? [:]
            instance.location = value.value.location
            return .instance(instance)
        case "slot":
            let name = try value.string()
            guard SceneDecoder.isIdentifier(name) else { throw value.error("a slot's name must be an identifier, as \"content\"") }
            return .slot(name: name, location: value.value.location)
        case "image":
            return .image(try decodeImage(value, object))
        case "canvas":
            return .canvas(try decodeCanvas(value, depth: depth + 1))
        case "scrollView":
            return .scrollView(try decodeScrollView(value, object, depth: depth))
        case let gradient where gradientKinds.contains(gradient):
            // A gradient as a view (`LinearGradient(...)` in a stack) fills its frame, as a rectangle
            // filled with it: it takes all the space proposed.
            return .shape(ShapeSpec(geometry: .rectangle, fill: .gradient(try decodeGradient(gradient, value)), stroke: nil))
        case "systemImage":
            var symbol = try decodeSymbol(value)
            symbol.effect = try object["symbolEffect"].map(decodeSymbolEffect)
            symbol.replace = try object["contentTransition"].map(decodeSymbolReplace)
            symbol.variableValue = try object["variableValue"].map(BindingDecoder.number)
            return .symbol(symbol)
        default:
            return .spacer(minLength: try object["minLength"].map(BindingDecoder.number))
        }
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

