import Expressions

/// `"background": "red"` or `{view}` (SwiftUI `.background(Color)`, `.background { view }`): drawn behind
/// the view, sized to it. `"background": "regularMaterial"` (`.background(.regularMaterial)`, and the
/// other materials) is a rectangle of `Material`: what lies behind it, blurred, under a tint.
public enum BackgroundModifier: ModifierUnit, ModifierValueKey {
    /// The view drawn behind.
    public typealias Value = Node
    static let key = "background"

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        guard let reader = object[key] else { return }
        if case .string(let text) = reader.value.kind {
            if let material = Material(rawValue: text) {
                // The rectangle gives the material's region; Compose draws the material there.
                var backdrop = Node.empty(.shape(ShapeSpec(geometry: .rectangle, fill: .color(material.region(reader)), stroke: nil)),
                                          path: reader.path)
                backdrop.modifierValues[Material.self] = material
                node.modifierValues[Self.self] = backdrop
                return
            }
            if text.hasSuffix("Material") {
                throw reader.error("unknown material \"\(text)\"; the materials are \(Material.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            // `.background(Color)`: a rectangle filled with the colour.
            let fill = PaintSpec.color(try BindingDecoder.color(reader))
            node.modifierValues[Self.self] = Node.empty(.shape(ShapeSpec(geometry: .rectangle, fill: fill, stroke: nil)), path: reader.path)
        } else {
            node.modifierValues[Self.self] = try NodeDecoder.decode(reader, depth: depth + 1)
        }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(views: node.background) }
}

extension Node {
    /// The view drawn behind this one, sized to it (`.background`), if it has one.
    public var background: [Node] { modifierValues[BackgroundModifier.self].map { [$0] } ?? [] }
}

/// SwiftUI's materials (`Material`, iOS 15) in light mode: "a mix of blur and transparency"; what lies
/// behind is blurred by a Gaussian of `blurRadius` points and a white tint of `tintOpacity` is drawn over
/// it. Apple publishes neither number: these follow a third-party reconstruction of the materials for CSS
/// (`backdrop-filter: blur(10px)` ... `blur(40px)` under white at 0.7 ... 0.85, with `saturate(180%)`,
/// which Flipbook does not apply), extended by one step for `ultraThickMaterial`. docs/scene-format.md
/// (background) states the uncertainty.
public enum Material: String, CaseIterable, Sendable, ModifierValueKey {
    public typealias Value = Material
    case ultraThinMaterial, thinMaterial, regularMaterial, thickMaterial, ultraThickMaterial

    /// The Gaussian's standard deviation, in points.
    public var blurRadius: Double {
        switch self {
        case .ultraThinMaterial: return 10
        case .thinMaterial: return 20
        case .regularMaterial: return 30
        case .thickMaterial: return 40
        case .ultraThickMaterial: return 50
        }
    }

    /// The opacity of the white tint over the blurred backdrop.
    public var tintOpacity: Double {
        switch self {
        case .ultraThinMaterial: return 0.7
        case .thinMaterial: return 0.75
        case .regularMaterial: return 0.8
        case .thickMaterial: return 0.85
        case .ultraThickMaterial: return 0.9
        }
    }

    /// The opaque fill of the rectangle that gives the material's region.
    func region(_ reader: JSONReader) -> Binding {
        Binding(.constant(.color(ColorValue(red: 1, green: 1, blue: 1))), path: reader.path, location: reader.value.location)
    }
}
