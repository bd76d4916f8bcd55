import Expressions

/// `{"shape": "roundedRectangle", "cornerRadius": 12, "fill": "blue"}`: SwiftUI's `Circle()`, `Ellipse()`,
/// `Rectangle()`, `RoundedRectangle(cornerRadius:)`, `Capsule()` and `UnevenRoundedRectangle(...)`.
enum ShapeKind: ViewKindUnit {
    static let key = "shape"
    static let companionKeys = ["fill", "stroke", "cornerRadius", "trim"] + NodeDecoder.unevenRadiusKeys
    static let swiftUINames = [
        "Circle": "Circle(); write \"shape\": \"circle\"",
        "Ellipse": "Ellipse(); write \"shape\": \"ellipse\"",
        "Rectangle": "Rectangle(); write \"shape\": \"rectangle\"",
        "RoundedRectangle": "RoundedRectangle(cornerRadius:); write \"shape\": \"roundedRectangle\", \"cornerRadius\": 12",
        "Capsule": "Capsule(); write \"shape\": \"capsule\"",
        "UnevenRoundedRectangle": "UnevenRoundedRectangle(...); write \"shape\": \"unevenRoundedRectangle\", \"topLeadingRadius\": 12",
    ]
    static let swiftSourceHints = [
        "UnevenRoundedRectangle": "RoundedRectangle(cornerRadius:) is, for equal corners; uneven ones are a JSON scene's "
            + "\"shape\": \"unevenRoundedRectangle\", \"topLeadingRadius\": 12",
    ]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required(key)
        let name = try value.choice(["circle", "ellipse", "rectangle", "roundedRectangle", "capsule", "unevenRoundedRectangle"])
        let geometry: ShapeSpec.Geometry
        switch name {
        case "circle": geometry = .circle
        case "ellipse": geometry = .ellipse
        case "capsule": geometry = .capsule
        case "roundedRectangle":
            geometry = .roundedRectangle(cornerRadius: try BindingDecoder.number(object.required("cornerRadius")))
        case "unevenRoundedRectangle": geometry = try NodeDecoder.decodeUnevenRadii(object)
        default: geometry = .rectangle
        }
        let radiusKeys = NodeDecoder.unevenRadiusKeys
        if name != "roundedRectangle", let extra = object["cornerRadius"] {
            throw extra.error(name == "unevenRoundedRectangle"
                ? "an unevenRoundedRectangle takes \(radiusKeys.map { "\"\($0)\"" }.joined(separator: ", "))"
                : "\"cornerRadius\" applies only to \"roundedRectangle\"")
        }
        if name != "unevenRoundedRectangle", let extra = radiusKeys.compactMap({ object[$0] }).first {
            throw extra.error("the corner radii apply only to \"unevenRoundedRectangle\"")
        }
        var shape = try NodeDecoder.decodePaint(geometry, object)
        shape.trim = try object["trim"].map(NodeDecoder.decodeTrim)
        return try view(.shape(shape), object, at: reader, depth: depth)
    }

    /// Every shape view: a `path`'s and a gradient view's too, which decode into one.
    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .shape(let shape) = node.kind else { return nil }
        let geometry = ModifierUses.geometry(shape.geometry)
        var uses = geometry.bindings.map { ViewKindUse.reads($0) }
        uses += geometry.scopedBindings.map { ViewKindUse.reads($0.binding, names: $0.names) }
        uses += ViewKindUse.reads(shape.fill) + [.reads(shape.trim?.from), .reads(shape.trim?.to)]
        if let stroke = shape.stroke {
            uses += ViewKindUse.reads(stroke.paint) + [.reads(stroke.lineWidth)] + ViewKindUse.reads(all: stroke.dash)
        }
        return uses
    }
}
