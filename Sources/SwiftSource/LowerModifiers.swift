import SceneFormat
import SwiftSyntax
import Foundation

/// How a SwiftUI modifier lands on a scene view.
struct ModifierRule {
    enum Placement {
        /// A key of the format's fixed modifier order (docs/scene-format.md#the-fixed-modifier-order), at
        /// this rank, its place in `ModifierRegistry.fixedOrder` (`ModifierRule.positional`); `listable` when
        /// a `modifiers` entry may hold it.
        case positional(rank: Int, listable: Bool)
        /// Inherited by the content (foregroundColor, font): its place in the chain does not matter.
        case environment
        /// Not a place in the chain: id, handlers, zIndex, transition; always on the outermost object.
        case outer
        /// Kept on the view, as the format takes it only there (not as a `modifiers` entry), but with a
        /// place in the chain, at this rank: `matchedGeometryEffect` places the view with its fixed keys,
        /// under its `modifiers` entries (docs/scene-format.md#matchedgeometryeffect). Positional modifiers
        /// written after it follow the rule of `ViewNode.place`: one whose rank is not above it becomes an
        /// entry after it (`.matchedGeometryEffect(...).frame(...)`); written after a key ranked above it
        /// or after an entry, it wraps the view so far (`ViewNode.placeOnView`).
        case onView(rank: Int)
        /// An option of the view's kind (a shape's fill, a text's lineLimit): written right on it.
        case option(kinds: Set<String>)
        /// Read and checked, with nothing to write: only hit testing, which scripted taps by id do not use.
        case noEffect
    }

    /// The scene key it writes.
    let key: String
    let placement: Placement

    /// The rank of a scene key in the registry's fixed order (`ModifierRegistry.fixedOrder`, innermost first).
    static func rank(_ key: String) -> Int {
        guard let rank = fixedRanks[key] else { preconditionFailure("\"\(key)\" has no place in ModifierRegistry.fixedOrder") }
        return rank
    }

    private static let fixedRanks: [String: Int] = Dictionary(uniqueKeysWithValues: ModifierRegistry.entries.compactMap { entry in
        entry.fixedRank.map { (entry.key, $0) }
    })

    /// A key of the fixed order, at its rank there, which a `modifiers` entry may hold.
    static func positional(_ key: String) -> ModifierRule {
        ModifierRule(key: key, placement: .positional(rank: rank(key), listable: true))
    }

    /// Above every fixed key: `animation`, which covers the modifiers before it and none after.
    static let lastRank = rank("animation")
    /// `matchedGeometryEffect`: above every fixed key the front end writes but `animation`, which covers the
    /// effect too.
    static let matchedGeometryRank = rank("matchedGeometryEffect")
}

/// SwiftUI modifier name -> scene key and placement. The one table of the front end's modifiers.
let modifierRules: [String: ModifierRule] = [
    "frame": .positional("frame"),
    "padding": .positional("padding"),
    "background": .positional("background"),
    "overlay": .positional("overlay"),
    "clipShape": .positional("clipShape"),
    "cornerRadius": .positional("clipShape"),
    "clipped": .positional("clipped"),
    "mask": .positional("mask"),
    "drawingGroup": .positional("drawingGroup"),
    "blur": .positional("blur"),
    "shadow": .positional("shadow"),
    "scaleEffect": .positional("scale"),
    "rotationEffect": .positional("rotation"),
    "rotation3DEffect": .positional("rotation3D"),
    "offset": .positional("offset"),
    "opacity": .positional("opacity"),
    "colorMultiply": .positional("colorMultiply"),
    "hueRotation": .positional("hueRotation"),
    "saturation": .positional("saturation"),
    "grayscale": .positional("grayscale"),
    "brightness": .positional("brightness"),
    "contrast": .positional("contrast"),
    "blendMode": .positional("blendMode"),
    "animation": .positional("animation"),
    "foregroundColor": .init(key: "foregroundColor", placement: .environment),
    "foregroundStyle": .init(key: "foregroundColor", placement: .environment),
    "font": .init(key: "font", placement: .environment),
    "fontWeight": .init(key: "font", placement: .environment),
    "bold": .init(key: "font", placement: .environment),
    "italic": .init(key: "font", placement: .environment),
    "accessibilityIdentifier": .init(key: "id", placement: .outer),
    "contentShape": .init(key: "", placement: .noEffect),
    "ignoresSafeArea": .positional("ignoresSafeArea"),
    "edgesIgnoringSafeArea": .positional("ignoresSafeArea"),
    "preferredColorScheme": .init(key: "", placement: .noEffect),
    "onTapGesture": .init(key: "onTap", placement: .outer),
    "onAppear": .init(key: "onAppear", placement: .outer),
    "onDisappear": .init(key: "onDisappear", placement: .outer),
    "task": .init(key: "onAppear", placement: .outer),
    "onReceive": .init(key: "onAppear", placement: .outer),
    "zIndex": .init(key: "zIndex", placement: .outer),
    "layoutPriority": .init(key: "layoutPriority", placement: .outer),
    "alignmentGuide": .init(key: "alignmentGuide", placement: .outer),
    // After the colour effects and blendMode, on all the view's other keys (docs/scene-format.md, the fixed order).
    "scrollTransition": .positional("scrollTransition"),
    "transition": .init(key: "transition", placement: .outer),
    "phaseAnimator": .init(key: "phaseAnimator", placement: .outer),
    "keyframeAnimator": .init(key: "keyframeAnimator", placement: .outer),
    "matchedGeometryEffect": .init(key: "matchedGeometryEffect", placement: .onView(rank: ModifierRule.matchedGeometryRank)),
    "gesture": .init(key: "onDrag", placement: .outer),
    "onChange": .init(key: "onTap", placement: .outer),
    "fill": .init(key: "fill", placement: .option(kinds: ["shape", "path", "use"])),
    "stroke": .init(key: "stroke", placement: .option(kinds: ["shape", "path", "use"])),
    "strokeBorder": .init(key: "stroke", placement: .option(kinds: ["shape"])),
    "trim": .init(key: "trim", placement: .option(kinds: ["shape", "path"])),
    "multilineTextAlignment": .init(key: "multilineTextAlignment", placement: .option(kinds: ["text"])),
    "lineLimit": .init(key: "lineLimit", placement: .option(kinds: ["text"])),
    "minimumScaleFactor": .init(key: "minimumScaleFactor", placement: .option(kinds: ["text"])),
    "contentTransition": .init(key: "contentTransition", placement: .option(kinds: ["text", "systemImage"])),
    "symbolEffect": .init(key: "symbolEffect", placement: .option(kinds: ["systemImage"])),
    "buttonStyle": .init(key: "buttonStyle", placement: .option(kinds: ["button"])),
    "textFieldStyle": .init(key: "textFieldStyle", placement: .option(kinds: ["textField"])),
    "pickerStyle": .init(key: "pickerStyle", placement: .option(kinds: ["picker"])),
    "focused": .init(key: "focused", placement: .option(kinds: ["textField"])),
    "resizable": .init(key: "resizable", placement: .option(kinds: ["image"])),
    "aspectRatio": .init(key: "contentMode", placement: .option(kinds: ["image"])),
    "scaledToFit": .init(key: "contentMode", placement: .option(kinds: ["image"])),
    "scaledToFill": .init(key: "contentMode", placement: .option(kinds: ["image"])),
    "controlSize": .init(key: "controlSize", placement: .option(kinds: ["button"])),
    "tint": .init(key: "tint", placement: .option(kinds: ["button", "toggle", "slider", "progressView"])),
    // `.disabled(_:)` is SwiftUI's `isEnabled` environment value: any true one on the view or above disables it.
    "disabled": .init(key: "disabled", placement: .environment),
]

extension Lowerer {
    func applyModifier(_ name: String, _ call: FunctionCallExprSyntax, to node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        if name == "modifier" { return try applyViewModifier(call, to: &node, scope) }  // LowerViewModifiers.swift
        guard let rule = modifierRules[name] else {
            let at = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
            // The format's own hint for a SwiftUI modifier it spells differently or does not have: the one
            // for a Swift author where the registry has one.
            if let hint = ModifierRegistry.swiftSourceHints[name] {
                throw diagnostics.unsupported(at, "the modifier .\(name)", hint)
            }
            if let hint = ModifierRegistry.swiftUINames[name] {
                throw diagnostics.unsupported(at, "the modifier .\(name)", "in a JSON scene: \(hint)")
            }
            throw diagnostics.unsupported(at, "the modifier .\(name)",
                                          "these are: \(modifierRules.keys.sorted().map { "." + $0 }.joined(separator: ", "))")
        }
        if node.kind == "forEach" {
            throw diagnostics.unsupported(call, "a modifier on ForEach", "put modifiers on the view inside its closure")
        }
        let arguments = Arguments(call: call, diagnostics: diagnostics, name: name)
        switch rule.placement {
        case .positional(let rank, let listable):
            let pairs = try positionalPairs(name, rule.key, arguments, scope)
            // A background, overlay or mask view would see a foregroundColor or font set before it; a
            // plain colour would not.
            let isView = pairs.contains { $0.0 == rule.key && $0.1.objectPairs != nil }
            let seesEnvironment = !(["background", "overlay", "mask"].contains(rule.key) && isView)
            node.place(pairs, rank: rank, listable: listable, seesEnvironment: seesEnvironment)
        case .environment:
            try environment(name, arguments, &node, scope)
        case .noEffect:
            try arguments.allow(["_", "edges"])
            if name == "preferredColorScheme" { try colorScheme(arguments) }
        case .outer:
            try outer(name, rule.key, arguments, &node, scope)
        case .onView(let rank):
            node.placeOnView(rule.key, try matchedGeometryEffect(arguments, scope), rank: rank)
        case .option(let kinds):
            let kind = node.kind ?? ""
            if name == "multilineTextAlignment" && kind != "text" {
                try pushTextAlignment(arguments, &node, scope)
                return
            }
            guard kinds.contains(kind), kind != "use" || name == "fill" || name == "stroke" else {
                throw diagnostics.unsupported(call, ".\(name) on this view", ".\(name) applies to \(kinds.sorted().joined(separator: ", ")) views, right after them")
            }
            if kind == "use" {
                try shapeUseStyle(name, arguments, &node, scope)
                return
            }
            let onlyOptions = !node.hasModifiers
            guard onlyOptions || !["fill", "stroke", "strokeBorder", "trim"].contains(name) else {
                throw diagnostics.unsupported(call, ".\(name) after other modifiers", "fill, stroke, strokeBorder and trim come right after the shape")
            }
            if name == "strokeBorder" {
                try strokeBorder(arguments, &node, scope)
                return
            }
            // The title's foreground colour wins over a tint; a bordered style cannot take it.
            if name == "tint" && node.titleFromForeground { return }
            if name == "buttonStyle" && node.titleFromForeground, let style = arguments.positional.first?.as(MemberAccessExprSyntax.self) {
                try checkTitleColourStyle(.string(style.declName.baseName.text), at: arguments.at)
            }
            // Circle().stroke(style: ...).fill(paint): a stroke without a paint is a Shape, "a stroked copy
            // of self" (Apple, Shape.stroke(lineWidth:) -> some Shape), which the fill paints: the stroke's colour.
            if name == "fill", node.object["fill"] == nil, case .object(var stroke)? = node.object["stroke"],
               !stroke.contains(where: { $0.0 == "color" }) {
                stroke.insert(("color", try optionValue(name, arguments, scope)), at: 0)
                node.object["stroke"] = .object(stroke)
                return
            }
            node.object[rule.key] = try optionValue(name, arguments, scope)
            if name == "focused", case .string(let focus)? = node.object[rule.key] {
                // A tap on the field focuses it, as SwiftUI does: the tap sets the variable first.
                var actions: [JSON] = [.object([("set", .object([(focus, .bool(true))]))])]
                if case .array(let later)? = node.outer["onTap"] { actions += later }
                node.outer["onTap"] = .array(actions)
            }
        }
    }

    // MARK: Positional modifiers

    private func positionalPairs(_ name: String, _ key: String, _ a: Arguments, _ scope: Scope) throws(SwiftSourceError) -> [(String, JSON)] {
        switch name {
        case "frame":
            try a.allow(["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment", "idealWidth", "idealHeight"].filter { !$0.hasPrefix("ideal") })
            var frame = JSONObject()
            for label in ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight"] {
                guard let expr = a[label] else { continue }
                if expr.trimmedDescription == ".infinity" || expr.trimmedDescription == "CGFloat.infinity" {
                    frame[label] = .string("infinity")
                } else {
                    frame[label] = try value(expr, scope)
                }
            }
            if let alignment = a["alignment"] { frame["alignment"] = try alignmentValue(alignment, scope) }
            return [(key, frame.json)]
        case "padding":
            // .padding(), .padding(8), .padding(.horizontal), .padding(.horizontal, 8), .padding([.top, .leading], 8)
            try a.allow(["_"])
            let all = a.positional
            var amount: JSON = .number(16)
            var edges: [String]?
            for expr in all {
                if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil {
                    edges = [member.declName.baseName.text]
                } else if let array = expr.as(ArrayExprSyntax.self) {
                    edges = array.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
                } else {
                    amount = try value(expr, scope)
                }
            }
            guard let edges else { return [(key, amount)] }
            var padding = JSONObject()
            for edge in edges {
                guard ["top", "leading", "bottom", "trailing", "horizontal", "vertical", "all"].contains(edge) else {
                    throw diagnostics.unsupported(a.at, "the edge .\(edge)", ".top, .leading, .bottom, .trailing, .horizontal, .vertical and .all are")
                }
                if edge == "all" { return [(key, amount)] }
                padding[edge] = amount
            }
            return [(key, padding.json)]
        case "background", "overlay":
            try a.allow(["_", "alignment", "content", "in"])
            var content: JSON
            if let closure = a.call.trailingClosure {
                content = try singleView(closure.statements, scope, at: closure)
            } else if let expr = a.positional.first {
                if let material = expr.as(MemberAccessExprSyntax.self), name == "background",
                   material.base == nil || material.base?.trimmedDescription == "Material",
                   material.declName.baseName.text.hasSuffix("Material") {
                    // `.background(.regularMaterial)`: the material's name.
                    if let shape = a["in"] {
                        throw diagnostics.unsupported(shape, ".background(_:in:) with a material", "a material behind the whole view, .background(.regularMaterial), is")
                    }
                    content = .string(material.declName.baseName.text)
                } else if let paint = try colorGradient(expr, scope) {
                    content = .object([("shape", .string("rectangle")), ("fill", paint)])
                } else if let paint = try gradient(expr, scope) {
                    content = paint
                } else if isColourExpression(expr) {
                    content = .string(try expression(expr, scope))
                } else {
                    content = try view(expr, scope)
                }
            } else {
                throw diagnostics.error(a.at, ".\(name) needs a view or a colour")
            }
            if let alignment = a["alignment"] {
                guard name == "overlay" else {
                    throw diagnostics.unsupported(alignment, "background(alignment:)", "an overlay's alignment is; a background fills the view")
                }
                content = .object([("content", content), ("alignment", try alignmentValue(alignment, scope))])
            }
            return [(key, content)]
        case "clipShape":
            try a.allow(["_"])
            guard let shape = a.positional.first else { throw diagnostics.error(a.at, ".clipShape needs a shape") }
            return [(key, try clipShapeValue(shape, scope))]
        case "cornerRadius":
            try a.allow(["_"])
            guard let radius = a.positional.first else { throw diagnostics.error(a.at, ".cornerRadius needs a radius") }
            return [(key, .object([("shape", .string("roundedRectangle")), ("cornerRadius", try value(radius, scope))]))]
        case "clipped", "drawingGroup":
            try a.allow([])
            return [(key, .bool(true))]
        case "mask":
            try a.allow(["_", "alignment"])
            if let closure = a.call.trailingClosure { return [(key, try singleView(closure.statements, scope, at: closure))] }
            guard let expr = a.positional.first else { throw diagnostics.error(a.at, ".mask needs a view") }
            return [(key, try view(expr, scope))]
        case "blur":
            try a.allow(["radius", "opaque"])
            guard let radius = a["radius"] else { throw diagnostics.error(a.at, ".blur needs radius:") }
            // opaque: false is SwiftUI's default (transparent edges); an opaque blur has no key.
            if let opaque = a["opaque"], opaque.trimmedDescription != "false" {
                throw diagnostics.unsupported(opaque, ".blur(opaque: \(opaque.shortText))", ".blur(radius:) with transparent edges (opaque: false) is")
            }
            return [(key, try value(radius, scope))]
        case "shadow":
            try a.allow(["color", "radius", "x", "y"])
            var shadow = JSONObject()
            if let color = a["color"] { shadow["color"] = .string(try expression(color, scope)) }
            guard let radius = a["radius"] else { throw diagnostics.error(a.at, ".shadow needs radius:") }
            shadow["radius"] = try value(radius, scope)
            if let x = a["x"] { shadow["x"] = try value(x, scope) }
            if let y = a["y"] { shadow["y"] = try value(y, scope) }
            return [(key, shadow.json)]
        case "scaleEffect":
            try a.allow(["_", "x", "y", "anchor"])
            var pairs: [(String, JSON)]
            if let amount = a.positional.first {
                pairs = [(key, try value(amount, scope))]
            } else {
                var scale = JSONObject()
                if let x = a["x"] { scale["x"] = try value(x, scope) }
                if let y = a["y"] { scale["y"] = try value(y, scope) }
                pairs = [(key, scale.json)]
            }
            if let anchor = a["anchor"] { pairs.append(("anchor", try anchorValue(anchor))) }
            return pairs
        case "rotationEffect":
            try a.allow(["_", "anchor"])
            guard let angle = a.positional.first else { throw diagnostics.error(a.at, ".rotationEffect needs an angle") }
            var pairs: [(String, JSON)] = [(key, try angleValue(angle, scope))]
            if let anchor = a["anchor"] { pairs.append(("anchor", try anchorValue(anchor))) }
            return pairs
        case "rotation3DEffect":
            try a.allow(["_", "axis", "anchor", "anchorZ", "perspective"])
            guard let angle = a.positional.first, let axis = a["axis"]?.as(TupleExprSyntax.self) else {
                throw diagnostics.error(a.at, ".rotation3DEffect needs an angle and axis: (x:, y:, z:)")
            }
            var object = JSONObject([("angle", try angleValue(angle, scope))])
            var components: [JSON] = []
            for element in axis.elements { components.append(try value(element.expression, scope)) }
            object["axis"] = .array(components)
            if let anchor = a["anchor"] { object["anchor"] = try anchorValue(anchor) }
            if let z = a["anchorZ"] { object["anchorZ"] = try value(z, scope) }
            if let p = a["perspective"] { object["perspective"] = try value(p, scope) }
            return [(key, object.json)]
        case "offset":
            try a.allow(["_", "x", "y"])
            var offset = JSONObject()
            // .offset(dragAmount), .offset(CGSize(width: 4, height: 0)): the size's width and height.
            if let size = a.positional.first {
                if let call = size.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "CGSize",
                   call.arguments.map({ $0.label?.text ?? "_" }) == ["width", "height"] {
                    let arguments = Array(call.arguments)
                    offset["x"] = try value(arguments[0].expression, scope)
                    offset["y"] = try value(arguments[1].expression, scope)
                } else {
                    let size = try expression(size, scope)
                    let simple = size.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                    let base = simple ? size : "(" + size + ")"
                    offset["x"] = .string(base + ".width")
                    offset["y"] = .string(base + ".height")
                }
                return [(key, offset.json)]
            }
            if let x = a["x"] { offset["x"] = try value(x, scope) }
            if let y = a["y"] { offset["y"] = try value(y, scope) }
            return [(key, offset.json)]
        case "opacity", "saturation", "grayscale", "brightness", "contrast":
            try a.allow(["_"])
            guard let amount = a.positional.first else { throw diagnostics.error(a.at, ".\(name) needs a value") }
            return [(key, try value(amount, scope))]
        case "hueRotation":
            try a.allow(["_"])
            guard let angle = a.positional.first else { throw diagnostics.error(a.at, ".hueRotation needs an angle") }
            return [(key, try angleValue(angle, scope))]
        case "colorMultiply":
            try a.allow(["_"])
            guard let colour = a.positional.first else { throw diagnostics.error(a.at, ".colorMultiply needs a colour") }
            return [(key, .string(try expression(colour, scope)))]
        case "blendMode":
            try a.allow(["_"])
            guard let mode = a.positional.first?.as(MemberAccessExprSyntax.self) else {
                throw diagnostics.error(a.at, ".blendMode needs a mode such as .multiply")
            }
            return [(key, .string(mode.declName.baseName.text))]
        case "ignoresSafeArea", "edgesIgnoringSafeArea":
            // .ignoresSafeArea(), .ignoresSafeArea(edges: .top), .ignoresSafeArea(.container, edges: [.top, .bottom]),
            // .edgesIgnoringSafeArea(.all)
            try a.allow(name == "ignoresSafeArea" ? ["_", "edges"] : ["_"])
            let edgesExpr = name == "ignoresSafeArea" ? a["edges"] : a.positional.first
            if name == "ignoresSafeArea", let region = a.positional.first?.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
               region == "keyboard" {
                throw diagnostics.unsupported(a.at, ".ignoresSafeArea(.keyboard)", "the canvas has no keyboard; .ignoresSafeArea() and .ignoresSafeArea(edges:) are")
            }
            guard let edgesExpr else { return [(key, .bool(true))] }
            var names: [String] = []
            if let member = edgesExpr.as(MemberAccessExprSyntax.self) { names = [member.declName.baseName.text] }
            if let array = edgesExpr.as(ArrayExprSyntax.self) {
                names = array.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
            }
            guard !names.isEmpty, names.allSatisfy({ ["top", "bottom", "leading", "trailing", "horizontal", "vertical", "all"].contains($0) }) else {
                throw diagnostics.unsupported(edgesExpr, "the edges '\(edgesExpr.shortText)'", ".top, .bottom, .leading, .trailing, .horizontal, .vertical, .all and lists of them are")
            }
            return [(key, names == ["all"] ? .bool(true) : names.count == 1 ? .string(names[0]) : .array(names.map { .string($0) }))]
        case "scrollTransition":
            return [(key, try scrollTransition(a, scope))]
        case "animation":
            try a.allow(["_", "value"])
            guard let curve = a.positional.first else {
                throw diagnostics.unsupported(a.at, ".animation without an animation", ".animation(_:value:) and .animation(_:) are")
            }
            let curveValue: JSON = curve.is(NilLiteralExprSyntax.self) ? .null : .string(try animationCode(curve, scope))
            // `.animation(_:)` without `value:` (deprecated in iOS 15) animates every change the view's body
            // sees: it watches every state variable and parameter in scope.
            var value = Self.everyName(in: scope)
            if let watched = a["value"] { value = try expression(watched, scope) }
            return [(key, .object([("curve", curveValue), ("value", .string(value))]))]
        default:
            throw diagnostics.unsupported(a.at, "the modifier .\(name)", "see docs/swift-source.md")
        }
    }

    /// `.blue.gradient`, `Color.red.gradient`, `tint.gradient` (SwiftUI's `Color.gradient`): the paint
    /// `{"gradient": colour}`, or nil when `expr` is not one.
    func colorGradient(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "gradient",
              let base = member.base else { return nil }
        return .object([("gradient", .string(try expression(base, scope)))])
    }

    /// A `Color.gradient` or a gradient type's paint, or nil.
    func anyGradient(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON? {
        if let paint = try colorGradient(expr, scope) { return paint }
        return try gradient(expr, scope)
    }

    /// A background or overlay argument that is a colour rather than a view.
    func isColourExpression(_ expr: ExprSyntax) -> Bool {
        if let member = expr.as(MemberAccessExprSyntax.self) {
            if member.base == nil || member.base?.trimmedDescription == "Color" { return colourName(member.declName.baseName.text) != nil }
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            if call.calledExpression.trimmedDescription == "Color" { return true }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "opacity",
               let base = member.base { return isColourExpression(base) }
        }
        // enabled ? Color.blue : Color.red
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            if let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
                return isColourExpression(ternary.thenExpression) && isColourExpression(elements[2])
            }
        }
        return false
    }

    /// `.degrees(x)`, `.radians(x)`, `Angle(degrees: x)`: degrees.
    func angleValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first {
            let callee = call.calledExpression.trimmedDescription
            if callee == ".degrees" || callee == "Angle.degrees" || callee == "Angle" && only.label?.text == "degrees" {
                return try value(only.expression, scope)
            }
            if callee == ".radians" || callee == "Angle.radians" || callee == "Angle" && only.label?.text == "radians" {
                return .string("deg(" + (try expression(only.expression, scope)) + ")")
            }
        }
        if expr.trimmedDescription == ".zero" { return .number(0) }
        // flipped ? Angle(degrees: 180) : .zero: a choice of angles.
        if let sequence = expr.as(SequenceExprSyntax.self), let index = sequence.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let ternary = sequence.elements[index].as(UnresolvedTernaryExprSyntax.self), sequence.elements.index(after: index) != sequence.elements.endIndex {
            let elements = Array(sequence.elements)
            let position = sequence.elements.distance(from: sequence.elements.startIndex, to: index)
            guard position + 2 == elements.count else {
                throw diagnostics.unsupported(expr, "the angle '\(expr.shortText)'", ".degrees(x), .radians(x), Angle(degrees: x) and c ? a : b of these are")
            }
            func text(_ angle: JSON) -> String {
                if case .number(let n) = angle { return JSON.format(n) }
                if case .string(let e) = angle { return "(\(e))" }
                return "0"
            }
            let condition = try sequenceText(Array(elements[..<position]), scope)
            let whenTrue = text(try angleValue(ternary.thenExpression, scope))
            let whenFalse = text(try angleValue(elements[position + 1], scope))
            return .string("\(condition) ? \(whenTrue) : \(whenFalse)")
        }
        var name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let member = expr.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" { name = member.declName.baseName.text }
        if let name, scope.angles.contains(name) { return .string(name) }
        throw diagnostics.unsupported(expr, "the angle '\(expr.shortText)'", ".degrees(x), .radians(x) and Angle(degrees: x) are")
    }

    /// `.topLeading` or `UnitPoint(x: 0.5, y: 1)`: a constant anchor.
    func anchorValue(_ expr: ExprSyntax) throws(SwiftSourceError) -> JSON {
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "UnitPoint" {
            return .string(member.declName.baseName.text)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "UnitPoint",
           call.arguments.count == 2, let x = numberLiteral(Array(call.arguments)[0].expression),
           let y = numberLiteral(Array(call.arguments)[1].expression) {
            return .array([.number(x), .number(y)])
        }
        throw diagnostics.unsupported(expr, "the anchor '\(expr.shortText)'", "a constant unit point (.center, .topLeading, UnitPoint(x: 0.5, y: 1)) is")
    }

    /// `Circle()`, `RoundedRectangle(cornerRadius: 12)`, `Capsule()`.
    private func clipShapeValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let call = expr.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            switch name {
            case "Circle", "Ellipse", "Rectangle", "Capsule":
                return .string(name.prefix(1).lowercased() + name.dropFirst())
            case "RoundedRectangle":
                if let radius = call.arguments.first(where: { $0.label?.text == "cornerRadius" }) {
                    return .object([("shape", .string("roundedRectangle")), ("cornerRadius", try value(radius.expression, scope))])
                }
            default: break
            }
        }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil,
           ["circle", "capsule", "rect", "ellipse"].contains(member.declName.baseName.text) {
            let name = member.declName.baseName.text
            return .string(name == "rect" ? "rectangle" : name)
        }
        throw diagnostics.unsupported(expr, "the clip shape '\(expr.shortText)'", "Circle(), Ellipse(), Rectangle(), Capsule() and RoundedRectangle(cornerRadius:) are")
    }

    // MARK: Environment, outer and option modifiers

    /// `DragGesture(minimumDistance: 10).onChanged { value in ... }.onEnded { _ in ... }`: `onDrag`.
    private func dragGesture(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        var handlers: [(String, ClosureExprSyntax)] = []
        var current = expr
        while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            let name = member.declName.baseName.text
            guard name == "onChanged" || name == "onEnded",
                  let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) else {
                throw diagnostics.unsupported(member.declName, "DragGesture's .\(name)", ".onChanged { value in ... } and .onEnded { value in ... } are")
            }
            handlers.insert((name, closure), at: 0)
            current = base
        }
        guard let gesture = current.as(FunctionCallExprSyntax.self), gesture.calledExpression.trimmedDescription == "DragGesture" else {
            throw diagnostics.unsupported(expr, "the gesture '\(expr.shortText)'", "DragGesture(minimumDistance:) with .onChanged and .onEnded is")
        }
        var drag = JSONObject()
        for argument in gesture.arguments {
            guard argument.label?.text == "minimumDistance" else {
                throw diagnostics.unsupported(argument, "DragGesture's '\(argument.label?.text ?? "_")'", "minimumDistance: is")
            }
            drag["minimumDistance"] = try value(argument.expression, scope)
        }
        for (name, closure) in handlers {
            var inner = scope
            switch closure.signature?.parameterClause {
            case .simpleInput(let names)? where names.count == 1:
                if let parameter = names.first?.name.text, parameter != "_" { inner.dragValue = parameter }
            case nil: inner.dragValue = "$0"  // .onChanged { dragAmount = $0.translation }
            default:
                throw diagnostics.unsupported(closure, "this gesture closure", "{ value in ... } is")
            }
            drag[name] = .array(try actions(closure.statements, inner))
        }
        guard !handlers.isEmpty else { throw diagnostics.error(expr, "a DragGesture needs .onChanged or .onEnded") }
        return drag.json
    }

    private func environment(_ name: String, _ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        switch name {
        case "foregroundColor", "foregroundStyle":
            try a.allow(["_"])
            if name == "foregroundStyle", (2...3).contains(a.positional.count) {
                // Palette levels: primary, secondary (and tertiary) colours.
                var levels: [JSON] = []
                for level in a.positional { levels.append(.string(try expression(level, scope))) }
                node.environment("foregroundStyle", .array(levels))
                return
            }
            guard let colour = a.positional.first, a.positional.count == 1 else {
                throw diagnostics.unsupported(a.at, "this .\(name)", "one colour or gradient, or two or three colours (a palette), are")
            }
            if name == "foregroundStyle", let paint = try anyGradient(colour, scope) {
                // A gradient fills the glyphs of a text or symbol (docs/scene-format.md, foregroundStyle).
                node.environment("foregroundStyle", paint)
                return
            }
            let value = try reading(Self.colourValue) { () throws(SwiftSourceError) in try expression(colour, scope) }
            // Button("Title") draws its title in the foreground colour when one is set: it wins over the
            // tint in the automatic, borderless and plain styles, whose title the format colours with `tint`.
            let colorsTitle = node.kind == "button" && node.object["foregroundColor"] == nil
            if colorsTitle { try checkTitleColourStyle(node.object["buttonStyle"], at: a.at) }
            node.environment("foregroundColor", .string(value))
            if colorsTitle {
                node.object["tint"] = .string(value)
                node.titleFromForeground = true
            }
        case "disabled":
            // A second `.disabled` wraps the view, so both apply (either true disables it), as in SwiftUI.
            try a.allow(["_"])
            node.environment("disabled", try value(try a.only(), scope))
        case "font":
            try a.allow(["_"])
            guard let font = a.positional.first else { throw diagnostics.error(a.at, ".font needs a font") }
            node.environment("font", try fontValue(font, scope))
        case "fontWeight", "bold", "italic":
            var font = JSONObject()
            if name == "fontWeight" {
                try a.allow(["_"])
                guard let weight = a.positional.first else { throw diagnostics.error(a.at, ".fontWeight needs a weight such as .bold") }
                if let member = weight.as(MemberAccessExprSyntax.self), member.base == nil {
                    font["weight"] = .string(member.declName.baseName.text)
                } else {
                    // A parameter holding a weight's name, in parentheses so the format reads it as an expression.
                    font["weight"] = .string("(" + (try expression(weight, scope)) + ")")
                }
            } else {
                try a.allow([])
                if name == "bold" { font["weight"] = .string("bold") } else { font["italic"] = .bool(true) }
            }
            // Merged into a font this view already sets (inner keys win), else a font of its own.
            if case .object(let existing)? = node.object["font"] {
                var merged = JSONObject(existing)
                for (key, value) in font.pairs where merged[key] == nil { merged[key] = value }
                node.object["font"] = merged.json
            } else {
                node.environment("font", font.json)
            }
        default:
            throw diagnostics.unsupported(a.at, "the modifier .\(name)", "see docs/swift-source.md")
        }
    }

    /// `.system(size: 17, weight: .bold, design: .rounded)`, `.headline`, `.title.bold()`.
    func fontValue(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        var font = JSONObject()
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "Font" {
            font["style"] = .string(member.declName.baseName.text)
            return font.json
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if let base = member.base, name == "bold" || name == "weight" || name == "italic" {
                guard case .object(let inner) = try fontValue(base, scope) else { return font.json }
                font = JSONObject(inner)
                if name == "bold" { font["weight"] = .string("bold") }
                if name == "italic" { font["italic"] = .bool(true) }
                if name == "weight", let weight = call.arguments.first?.expression.as(MemberAccessExprSyntax.self) {
                    font["weight"] = .string(weight.declName.baseName.text)
                }
                return font.json
            }
            if name == "system" {
                for argument in call.arguments {
                    switch argument.label?.text {
                    case "size": font["size"] = try value(argument.expression, scope)
                    case "weight", "design", nil:
                        guard let member = argument.expression.as(MemberAccessExprSyntax.self) else {
                            throw diagnostics.unsupported(argument, "this font argument", "a constant such as .bold or .rounded is")
                        }
                        font[argument.label?.text ?? "style"] = .string(member.declName.baseName.text)
                    default:
                        throw diagnostics.unsupported(argument, "the font argument '\(argument.label!.text)'", "size:, weight: and design: are")
                    }
                }
                return font.json
            }
            if name == "custom", let family = call.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
                font["family"] = .string(try template(family, scope))
                if let size = call.arguments.first(where: { $0.label?.text == "size" }) { font["size"] = try value(size.expression, scope) }
                return font.json
            }
        }
        throw diagnostics.unsupported(expr, "the font '\(expr.shortText)'", ".system(size:weight:design:), .custom(_:size:) and text styles (.headline) are")
    }

    private func outer(_ name: String, _ key: String, _ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        let value: JSON
        switch name {
        case "accessibilityIdentifier":
            guard let id = a.positional.first?.as(StringLiteralExprSyntax.self), id.segments.count == 1,
                  case .stringSegment(let text)? = id.segments.first else {
                if let template = try itemIdentifier(a.positional.first, scope) {  // LowerItemIDs.swift
                    node.outer["id"] = .string(template)
                    node.idIsGenerated = false
                    return
                }
                throw diagnostics.unsupported(a.at, "a computed accessibilityIdentifier", "a string literal (interpolated inside a ForEach) is")
            }
            // It names the view (replacing an id made up for a component instance).
            if case .string(let existing)? = node.outer["id"], !node.idIsGenerated {
                throw diagnostics.unsupported(a.at, "a second accessibilityIdentifier on the view '\(existing)'",
                                              "one id per view is (put the other on a view around it)")
            }
            node.outer["id"] = .string(text.content.text)
            node.idIsGenerated = false
            return
        case "phaseAnimator":
            try phaseAnimator(a, &node, scope)
            return
        case "keyframeAnimator":
            try keyframeAnimator(a, &node, scope)
            return
        case "onTapGesture", "onAppear", "onDisappear":
            try a.allow(["perform", "count"])
            if a["count"] != nil { throw diagnostics.unsupported(a.at, "onTapGesture(count:)", "single taps are") }
            guard let action = a["perform"] ?? a.call.trailingClosure.map(ExprSyntax.init) else {
                throw diagnostics.error(a.at, ".\(name) needs a closure")
            }
            var actions = try actionsOf(action, scope)
            if case .array(let earlier)? = node.outer[key] { actions = earlier + actions }
            value = .array(actions)
        case "onChange":
            try onChange(a, &node, scope)
            return
        case "task":
            // .task { ... }: the closure runs when the view appears (its sleeps become afters).
            try a.allow(["priority"])
            guard let closure = a.call.trailingClosure else { throw diagnostics.error(a.at, ".task needs a closure") }
            var actions = try self.actions(closure.statements, scope)
            if case .array(let earlier)? = node.outer[key] { actions = earlier + actions }
            value = .array(actions)
        case "onReceive":
            try onReceive(a, &node, scope)
            return
        case "gesture":
            try a.allow(["_"])
            value = try dragGesture(try a.only(), scope)
        case "alignmentGuide":
            try alignmentGuide(a, &node, scope)
            return
        case "zIndex", "layoutPriority":
            // Traits the enclosing stack reads through the modifiers after them.
            try a.allow(["_"])
            value = try self.value(try a.only(), scope)
        case "transition":
            try a.allow(["_"])
            value = try transitionValue(try a.only(), scope)
        default:
            throw diagnostics.unsupported(a.at, "the modifier .\(name)", "see docs/swift-source.md")
        }
        node.outer[key] = value
    }

    /// `.matchedGeometryEffect(id:in:properties:anchor:isSource:)`: `{id, in, properties, anchor, isSource}`.
    private func matchedGeometryEffect(_ a: Arguments, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        try a.allow(["id", "in", "properties", "anchor", "isSource"])
        guard let id = a["id"], let namespace = a["in"]?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              scope.namespaces.contains(namespace) else {
            throw diagnostics.unsupported(a.at, "this matchedGeometryEffect", "id: and in: an @Namespace of this view are")
        }
        var effect = JSONObject([("id", try freeValue(id, scope)), ("in", .string(namespace))])
        if let properties = a["properties"]?.as(MemberAccessExprSyntax.self) { effect["properties"] = .string(properties.declName.baseName.text) }
        if let anchor = a["anchor"] { effect["anchor"] = try anchorValue(anchor) }
        if let source = a["isSource"] { effect["isSource"] = try self.value(source, scope) }
        return effect.json
    }

    /// `.onReceive(timer) { _ in ... }` with `let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()`
    /// (or the publisher written in place): a repeating `timer` started when the view appears, as
    /// `autoconnect()` connects on the first subscriber; tick k comes k × interval later.
    private func onReceive(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        try a.allow(["_", "perform"])
        guard let publisher = a.positional.first,
              let closure = a.call.trailingClosure ?? a["perform"]?.as(ClosureExprSyntax.self) else {
            throw diagnostics.unsupported(a.at, "this .onReceive", ".onReceive(timer) { _ in ... } with a Timer.publish(every:on:in:).autoconnect() is")
        }
        var source = publisher
        if let ref = publisher.as(DeclReferenceExprSyntax.self) ?? publisher.as(MemberAccessExprSyntax.self).flatMap({ $0.base?.trimmedDescription == "self" ? DeclReferenceExprSyntax(baseName: $0.declName.baseName) : nil }),
           let property = scope.owner?.properties.first(where: { $0.name == ref.baseName.text && $0.kind == .timerPublisher }),
           let initializer = property.initializer {
            source = initializer
        }
        // Timer.publish(every: 1, on: .main, in: .common).autoconnect()
        guard let autoconnect = source.as(FunctionCallExprSyntax.self), autoconnect.arguments.isEmpty,
              let member = autoconnect.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "autoconnect",
              let publish = member.base?.as(FunctionCallExprSyntax.self), publish.calledExpression.trimmedDescription == "Timer.publish",
              let every = publish.arguments.first(where: { $0.label?.text == "every" })?.expression else {
            throw diagnostics.unsupported(publisher, "the publisher '\(publisher.shortText)'",
                                          "Timer.publish(every:on:in:).autoconnect(), in place or in a property of the view, is")
        }
        for argument in publish.arguments where !["every", "tolerance", "on", "in"].contains(argument.label?.text ?? "_") {
            throw diagnostics.unsupported(argument, "Timer.publish's '\(argument.label?.text ?? "_")'", "every:, on: and in: are")
        }
        var inner = scope
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)? where names.count == 1: inner.names[names.first!.name.text] = nil
        case .parameterClause(let clause)? where clause.parameters.count == 1: break
        case nil: break
        default: throw diagnostics.unsupported(closure, "this onReceive closure", "{ _ in ... } is")
        }
        let tick = JSONObject([("timer", try self.value(every, scope)), ("do", .array(try actions(closure.statements, inner)))])
        var actions: [JSON] = []
        if case .array(let earlier)? = node.outer["onAppear"] { actions = earlier }
        node.outer["onAppear"] = .array(actions + [tick.json])
    }

    /// `.alignmentGuide(.leading) { d in d[.trailing] }`, `{ d in d.width / 2 }`, `{ _ in 10 }`: the trait
    /// `"alignmentGuide": {"leading": "width"}`; the closure's dimensions are the guide's `width` and `height`.
    private func alignmentGuide(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        try a.allow(["_", "computeValue"])
        let alignment = a.positional.first?.trimmedDescription ?? ""
        let guides = [".leading": "leading", "HorizontalAlignment.leading": "leading", ".trailing": "trailing",
                      "HorizontalAlignment.trailing": "trailing", "HorizontalAlignment.center": "horizontalCenter",
                      ".top": "top", "VerticalAlignment.top": "top", ".bottom": "bottom", "VerticalAlignment.bottom": "bottom",
                      "VerticalAlignment.center": "verticalCenter"]
        guard let guide = guides[alignment] else {
            throw diagnostics.unsupported(a.at, ".alignmentGuide(\(alignment))",
                                          ".leading, .trailing, .top, .bottom, HorizontalAlignment.center and VerticalAlignment.center are")
        }
        guard let closure = a.call.trailingClosure ?? a["computeValue"]?.as(ClosureExprSyntax.self),
              closure.statements.count == 1, let body = closure.statements.first?.item.as(ExprSyntax.self) else {
            throw diagnostics.error(a.at, ".alignmentGuide needs a closure of one expression, { d in d.width / 2 }")
        }
        var parameter = "_"
        if case .simpleInput(let names)? = closure.signature?.parameterClause, let first = names.first { parameter = first.name.text }
        let value: String
        let edges = [".leading": "0", ".top": "0", ".trailing": "width", ".bottom": "height",
                     "HorizontalAlignment.center": "(width / 2)", "VerticalAlignment.center": "(height / 2)"]
        if let subscriptCall = body.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.trimmedDescription == parameter,
           let index = subscriptCall.arguments.first?.expression.trimmedDescription, let edge = edges[index] {
            value = edge
        } else {
            // The closure's dimensions read as a rectangle's (d.width -> w), then named as the guide's.
            var inner = scope
            if parameter != "_" { inner.rect = parameter }
            let text = try expression(body, inner)
            value = parameter == "_" ? text : text.replacingOccurrences(of: #"\bw\b"#, with: "width", options: .regularExpression)
                .replacingOccurrences(of: #"\bh\b"#, with: "height", options: .regularExpression)
        }
        var object = JSONObject()
        if case .object(let earlier)? = node.outer["alignmentGuide"] { object = JSONObject(earlier) }
        object[guide] = .string(value)
        node.outer["alignmentGuide"] = object.json
    }

    /// `.scrollTransition(.interactive(timingCurve: .linear).threshold(.visible(0.9))) { content, phase in
    /// content.opacity(phase.isIdentity ? 1 : 0).scaleEffect(1 - abs(phase.value) / 4) }`: `"scrollTransition"`
    /// with each effect of the chain on `content` as an expression of `phase`.
    private func scrollTransition(_ a: Arguments, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        try a.allow(["_", "transition"])
        var object = JSONObject()
        if let configuration = a.positional.first {
            // .interactive, .identity, .interactive(timingCurve:), each optionally .threshold(_:).
            var current = configuration
            if let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               member.declName.baseName.text == "threshold", let base = member.base, let threshold = call.arguments.first?.expression {
                switch threshold.trimmedDescription {
                case ".visible": object["threshold"] = .string("visible")
                case ".hidden": object["threshold"] = .string("hidden")
                case ".centered": object["threshold"] = .string("centered")
                default:
                    guard let visible = threshold.as(FunctionCallExprSyntax.self), visible.calledExpression.trimmedDescription == ".visible",
                          let amount = visible.arguments.first?.expression else {
                        throw diagnostics.unsupported(threshold, "the threshold '\(threshold.shortText)'",
                                                      ".visible, .visible(amount), .hidden and .centered are")
                    }
                    object["threshold"] = try value(amount, scope)
                }
                current = base
            }
            switch current.trimmedDescription {
            case ".interactive": break
            case ".identity": object["configuration"] = .string("identity")
            default:
                guard let call = current.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == ".interactive",
                      let curve = call.arguments.first(where: { $0.label?.text == "timingCurve" })?.expression,
                      let name = [".linear": "linear", ".easeIn": "easeIn", ".easeOut": "easeOut", ".easeInOut": "easeInOut"][curve.trimmedDescription] else {
                    throw diagnostics.unsupported(current, "the configuration '\(current.shortText)'",
                                                  ".interactive, .interactive(timingCurve:) with .linear, .easeIn, .easeOut or .easeInOut, and .identity are (.animated is not: see docs/scene-format.md, scrollTransition)")
                }
                object["timingCurve"] = .string(name)
            }
        }
        guard let closure = a.call.trailingClosure ?? a["transition"]?.as(ClosureExprSyntax.self),
              case .simpleInput(let names)? = closure.signature?.parameterClause, names.count == 2,
              closure.statements.count == 1, var chain = closure.statements.first?.item.as(ExprSyntax.self) else {
            throw diagnostics.error(a.at, ".scrollTransition needs a closure { content, phase in content.opacity(...) }")
        }
        let content = names.first!.name.text, phase = names.last!.name.text
        var inner = scope.adding(phase, .local)
        if phase != "phase" { inner.inlined[phase] = "phase" }
        while let call = chain.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            let effect = member.declName.baseName.text
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            func only(_ label: String) throws(SwiftSourceError) -> ExprSyntax {
                guard labels == [label], let expression = call.arguments.first?.expression else {
                    throw diagnostics.unsupported(call, "this .\(effect)", ".\(effect)(\(label == "_" ? "_" : label + ":")) is")
                }
                return expression
            }
            switch effect {
            case "opacity": object["opacity"] = .string(try expression(try only("_"), inner))
            case "scaleEffect": object["scale"] = .string(try expression(try only("_"), inner))
            case "blur": object["blur"] = .string(try expression(try only("radius"), inner))
            case "rotationEffect":
                let angle = try only("_")
                guard let turn = angle.as(FunctionCallExprSyntax.self), let amount = turn.arguments.first?.expression,
                      [".degrees", "Angle.degrees", ".radians", "Angle.radians"].contains(turn.calledExpression.trimmedDescription) else {
                    throw diagnostics.unsupported(angle, "the angle '\(angle.shortText)'", ".degrees(_:) and .radians(_:) are")
                }
                let text = try expression(amount, inner)
                object["rotation"] = .string(turn.calledExpression.trimmedDescription.hasSuffix("radians") ? "(\(text)) * 180 / pi" : text)
            case "offset":
                var offset = JSONObject()
                for argument in call.arguments {
                    guard let label = argument.label?.text, label == "x" || label == "y" else {
                        throw diagnostics.unsupported(argument, "this .offset", ".offset(x:y:), .offset(x:) and .offset(y:) are")
                    }
                    offset[label] = .string(try expression(argument.expression, inner))
                }
                object["offset"] = offset.json
            default:
                throw diagnostics.unsupported(member.declName, "the effect .\(effect) in a scroll transition",
                                              ".opacity, .scaleEffect, .rotationEffect, .offset and .blur(radius:) are")
            }
            chain = base
        }
        guard chain.trimmedDescription == content else {
            throw diagnostics.unsupported(chain, "'\(chain.shortText)' in a scroll transition", "a chain of effects on '\(content)' is")
        }
        return object.json
    }

    /// `.onChange(of: wifi) { _, on in ... }` on `Toggle(isOn: $wifi)`: the toggle's `onTap`, which runs
    /// after a tap flips the variable (docs/scene-format.md, Controls). A tap on the toggle is the one
    /// change the format can watch, so the variable must be the toggle's own; the closure's new value
    /// reads the variable, its old value the variable's negation.
    private func onChange(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        try a.allow(["of"])
        guard let watched = a["of"]?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              case .string(let bound)? = node.object["toggle"], bound == watched else {
            throw diagnostics.unsupported(a.at, "this .onChange(of:)",
                                          ".onChange(of: x) on the Toggle bound to x (Toggle(isOn: $x)), whose taps change x, is")
        }
        guard let closure = a.call.trailingClosure ?? a.call.arguments.first(where: { $0.label == nil })?.expression.as(ClosureExprSyntax.self) else {
            throw diagnostics.error(a.at, ".onChange needs a closure")
        }
        var inner = scope
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: names = list.map(\.name.text)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        // { new in }, { old, new in }
        let values = names.count == 1 ? [watched] : ["!" + watched, watched]
        guard names.count <= 2 else {
            throw diagnostics.unsupported(closure, "this onChange closure", "{ ... }, { newValue in ... } and { oldValue, newValue in ... } are")
        }
        for (name, value) in zip(names, values) where name != "_" { inner.inlined[name] = value }
        var earlier: [JSON] = []
        if case .array(let list)? = node.outer["onTap"] { earlier = list }
        node.outer["onTap"] = .array(earlier + (try actions(closure.statements, inner)))
    }

    /// A `Button("Title")` whose title takes the foreground colour (as `tint`): only in the styles whose
    /// title is the tint; a bordered style draws the tint behind the title too.
    private func checkTitleColourStyle(_ style: JSON?, at node: some SyntaxProtocol) throws(SwiftSourceError) {
        guard case .string(let name)? = style, name == "bordered" || name == "borderedProminent" else { return }
        throw diagnostics.unsupported(node, ".foregroundColor on a Button(\"Title\") in the .\(name) style",
                                      "it in the automatic, borderless and plain styles is; for a bordered button write the label, Button { ... } label: { Text(\"Title\").foregroundColor(c) }")
    }

    /// `.preferredColorScheme(.light)` or `(nil)`: the scene format draws the light appearance, so these
    /// change nothing. `.dark` would change SwiftUI's adaptive colours (the default foreground of text
    /// and shapes, `.red` and the other system colours, the white background), which the format has no
    /// dark variants of: refused.
    private func colorScheme(_ a: Arguments) throws(SwiftSourceError) {
        let scheme = try a.only()
        if scheme.is(NilLiteralExprSyntax.self) { return }
        guard let member = scheme.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "ColorScheme",
              ["light", "dark"].contains(member.declName.baseName.text) else {
            throw diagnostics.unsupported(scheme, "the colour scheme '\(scheme.shortText)'", ".light, .dark and nil are")
        }
        if member.declName.baseName.text == "dark" {
            throw diagnostics.unsupported(scheme, ".preferredColorScheme(.dark)",
                                          "the light appearance is: the scene format has no dark variants of SwiftUI's adaptive colours (.primary text and shapes, .red and the system colours, the white background); remove the modifier to render the light appearance, or write the dark colours explicitly")
        }
    }

    /// `.multilineTextAlignment(.center)` on a stack (or any view holding text): an environment value,
    /// which SwiftUI passes down to every text inside; each `text` view the modifier covers gets it,
    /// unless it sets its own (the inner one wins). A component's body is shared by its uses, so a
    /// component inside is refused.
    private func pushTextAlignment(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        let value = try optionValue("multilineTextAlignment", a, scope)
        var holdsComponent = false
        func push(_ json: JSON) -> JSON {
            switch json {
            case .object(var pairs):
                let kind = pairs.first { $0.0 != "id" && $0.0 != "if" }?.0
                if kind == "text" {
                    if !pairs.contains(where: { $0.0 == "multilineTextAlignment" }) {
                        let at = (pairs.firstIndex { $0.0 == "text" } ?? 0) + 1
                        pairs.insert(("multilineTextAlignment", value), at: at)
                    }
                    return .object(pairs)
                }
                if kind == "use" { holdsComponent = true }
                if kind == "canvas" { return json }
                return .object(pairs.map { ($0.0, push($0.1)) })
            case .array(let items):
                return .array(items.map(push))
            default:
                return json
            }
        }
        node.object = JSONObject(node.object.pairs.map { ($0.0, push($0.1)) })
        node.list = node.list.map(push)
        if holdsComponent {
            throw diagnostics.unsupported(a.at, ".multilineTextAlignment on a view holding one of the file's views",
                                          ".multilineTextAlignment on the Text views themselves, or on a stack of them, is")
        }
    }

    /// `Circle().strokeBorder(c, lineWidth: w)`: the shape inset by half the line width, stroked; Apple's
    /// `InsettableShape.strokeBorder(_:lineWidth:antialiased:)`: "equivalent to insetting self by
    /// lineWidth / 2 and stroking the resulting shape with lineWidth as the line-width"; the inset is a padding of
    /// w / 2 around the shape (the view keeps its size), and a rounded rectangle's corner radius
    /// shrinks by the same amount, never below 0, as `RoundedRectangle`'s inset path does.
    private func strokeBorder(_ a: Arguments, _ node: inout ViewNode, _ scope: Scope) throws(SwiftSourceError) {
        guard node.object["fill"] == nil, node.object["stroke"] == nil else {
            throw diagnostics.unsupported(a.at, ".strokeBorder after .fill or .stroke", "one of .fill, .stroke and .strokeBorder on a shape is")
        }
        guard case .object(let pairs) = try optionValue("stroke", a, scope) else { return }
        let stroke = JSONObject(pairs)
        func half(_ width: JSON) -> JSON {
            if case .number(let n) = width { return .number(n / 2) }
            if case .string(let e) = width { return .string("(\(e)) / 2") }
            return width
        }
        let inset = half(stroke["lineWidth"] ?? .number(1))
        if let radius = node.object["cornerRadius"] {
            if case .number(let r) = radius, case .number(let d) = inset {
                node.object["cornerRadius"] = .number(max(0, r - d))
            } else {
                let r: String = if case .number(let n) = radius { JSON.format(n) } else if case .string(let e) = radius { "(\(e))" } else { "0" }
                let d: String = if case .number(let n) = inset { JSON.format(n) } else if case .string(let e) = inset { e } else { "0" }
                node.object["cornerRadius"] = .string("max(0, \(r) - \(d))")
            }
        }
        node.object["stroke"] = stroke.json
        node.place([("padding", inset)], rank: ModifierRule.rank("padding"), listable: true)
    }

    private func optionValue(_ name: String, _ a: Arguments, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        switch name {
        case "focused":
            // .focused($editing) with @FocusState private var editing: Bool
            try a.allow(["_"])
            guard let ref = try a.only().as(DeclReferenceExprSyntax.self), ref.baseName.text.hasPrefix("$"),
                  scope.names[String(ref.baseName.text.dropFirst())] == .state else {
                throw diagnostics.unsupported(a.at, "this .focused", ".focused($name) with a @FocusState var name: Bool is")
            }
            return .string(sceneStateName(String(ref.baseName.text.dropFirst()), scope))
        case "fill":
            try a.allow(["_", "style"])
            guard let paint = a.positional.first else { return .bool(true) }
            if let gradient = try anyGradient(paint, scope) { return gradient }
            return .string(try reading(Self.paintValue) { () throws(SwiftSourceError) in try expression(paint, scope) })
        case "stroke":
            try a.allow(["_", "lineWidth", "style"])
            var stroke = JSONObject()
            if let paint = a.positional.first {
                if let gradient = try anyGradient(paint, scope) {
                    stroke["color"] = gradient
                } else {
                    stroke["color"] = .string(try reading(Self.paintValue) { () throws(SwiftSourceError) in try expression(paint, scope) })
                }
            }
            if let width = a["lineWidth"] { stroke["lineWidth"] = try value(width, scope) }
            if let style = a["style"] {
                guard let call = style.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "StrokeStyle" else {
                    throw diagnostics.unsupported(style, "this stroke style", "StrokeStyle(lineWidth:lineCap:lineJoin:) is")
                }
                for argument in call.arguments {
                    switch argument.label?.text {
                    case "lineWidth": stroke["lineWidth"] = try value(argument.expression, scope)
                    case "lineCap", "lineJoin":
                        guard let member = argument.expression.as(MemberAccessExprSyntax.self) else {
                            throw diagnostics.error(argument, "a constant such as .round is expected")
                        }
                        stroke[argument.label!.text] = .string(member.declName.baseName.text)
                    default:
                        throw diagnostics.unsupported(argument, "StrokeStyle's '\(argument.label?.text ?? "_")'", "lineWidth, lineCap and lineJoin are")
                    }
                }
            }
            return stroke.json
        case "trim":
            try a.allow(["from", "to"])
            var trim = JSONObject()
            if let from = a["from"] { trim["from"] = try value(from, scope) }
            if let to = a["to"] { trim["to"] = try value(to, scope) }
            return trim.json
        case "resizable":
            try a.allow([])
            return .bool(true)
        case "aspectRatio", "scaledToFit", "scaledToFill":
            try a.allow(name == "aspectRatio" ? ["contentMode"] : [])
            if name != "aspectRatio" { return .string(name == "scaledToFit" ? "fit" : "fill") }
            guard let mode = a["contentMode"]?.as(MemberAccessExprSyntax.self) else {
                throw diagnostics.unsupported(a.at, "this aspectRatio", ".aspectRatio(contentMode: .fit or .fill) is")
            }
            return .string(mode.declName.baseName.text)
        case "multilineTextAlignment", "buttonStyle", "controlSize", "textFieldStyle", "pickerStyle":
            try a.allow(["_"])
            guard let member = a.positional.first?.as(MemberAccessExprSyntax.self) else {
                throw diagnostics.error(a.at, ".\(name) needs a constant such as .center")
            }
            return .string(member.declName.baseName.text)
        case "lineLimit", "minimumScaleFactor":
            try a.allow(["_"])
            return try value(try a.only(), scope)
        case "tint":
            try a.allow(["_"])
            let tint = try a.only()
            return .string(try reading(Self.colourValue) { () throws(SwiftSourceError) in try expression(tint, scope) })
        case "symbolEffect":
            // .symbolEffect(.pulse), .symbolEffect(.bounce, value: n), .symbolEffect(.variableColor.iterative, isActive: on)
            try a.allow(["_", "value", "isActive"])
            let effect = JSON.string(try swiftCode(try a.only(), scope))
            if let value = a["value"] { return .object([("effect", effect), ("value", .string(try expression(value, scope)))]) }
            if let active = a["isActive"] { return .object([("effect", effect), ("isActive", try self.value(active, scope))]) }
            return effect
        case "contentTransition":
            try a.allow(["_"])
            return .string(try swiftCode(try a.only(), scope))
        default:
            throw diagnostics.unsupported(a.at, "the modifier .\(name)", "see docs/swift-source.md")
        }
    }
}

/// A modifier call's arguments by label.
extension Lowerer {
    static let paintValue = "a paint is read here: a colour (.red, Color(red:green:blue:)) or a gradient "
        + "(LinearGradient(...), .linearGradient(colors:startPoint:endPoint:), .radialGradient(...), .angularGradient(...))"

    /// Every state variable and parameter `scope` sees, as a list expression: what the deprecated
    /// `.animation(_:)` watches (any change the view's body sees); `0` when there is none.
    static func everyName(in scope: Scope) -> String {
        let names = scope.names.filter { $0.value == .state || $0.value == .parameter }.keys
            .map { scope.names[$0] == .state ? scope.inlined[$0] ?? $0 : $0 }.sorted()
        return names.isEmpty ? "0" : "[" + names.joined(separator: ", ") + "]"
    }
}

struct Arguments {
    let call: FunctionCallExprSyntax
    let diagnostics: Diagnostics
    let name: String

    /// Where errors about the modifier point: its name.
    var at: Syntax {
        call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
    }

    subscript(label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The unlabelled arguments, as nodes of the call's own tree (a syntax collection's `filter` would make
    /// a new tree, whose positions `Diagnostics` cannot move back from a rewritten closure).
    var positional: [ExprSyntax] { call.arguments.compactMap { $0.label == nil ? $0.expression : nil } }

    /// The one unlabelled argument.
    func only() throws(SwiftSourceError) -> ExprSyntax {
        guard let first = positional.first, positional.count == 1 else {
            throw diagnostics.error(at, ".\(name) takes one value")
        }
        return first
    }

    /// Refuses labels outside `allowed` ("_" allows unlabelled arguments).
    func allow(_ allowed: [String]) throws(SwiftSourceError) {
        for argument in call.arguments where !allowed.contains(argument.label?.text ?? "_") {
            let label = argument.label.map { $0.text + ":" } ?? "an unlabelled argument"
            let list = allowed.map { $0 == "_" ? "an unlabelled value" : $0 + ":" }
            throw diagnostics.unsupported(argument, ".\(name)(\(label))", list.isEmpty ? ".\(name)() takes no arguments" : ".\(name) takes \(list.joined(separator: ", "))")
        }
        if call.trailingClosure != nil && !["background", "overlay", "mask", "onTapGesture", "onAppear", "onDisappear", "onChange", "phaseAnimator", "keyframeAnimator", "task", "onReceive", "alignmentGuide", "scrollTransition"].contains(name) {
            throw diagnostics.unsupported(call.trailingClosure!, "a trailing closure on .\(name)", "no closure here")
        }
    }
}
