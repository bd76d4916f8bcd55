/// Gradient paints: `{"linearGradient": {...}}`, `{"radialGradient": {...}}`, `{"ellipticalGradient": {...}}`
/// and `{"angularGradient": {...}}` in `fill`, a stroke's `color`, or as a view.
extension NodeDecoder {
    static let gradientKinds = ["linearGradient", "radialGradient", "ellipticalGradient", "angularGradient"]
    static let linearGradientKeys = ["colors", "stops", "colorSpace", "startPoint", "endPoint"]
    static let radialGradientKeys = ["colors", "stops", "colorSpace", "center", "startRadius", "endRadius"]

    /// A gradient as a view (`LinearGradient(...)` in a stack) fills its frame, as a rectangle filled with it:
    /// it takes all the space proposed.
    static func gradientView(_ gradient: GradientSpec) -> NodeKind {
        .shape(ShapeSpec(geometry: .rectangle, fill: .gradient(gradient), stroke: nil))
    }

    /// A paint object: exactly one gradient key.
    static func decodeGradient(_ reader: JSONReader) throws(SceneError) -> GradientSpec {
        let paints = gradientKinds + ["gradient"]
        let outer = try reader.object(allowing: paints)
        guard outer.keys.count == 1, let kind = outer.keys.first, let body = outer[kind] else {
            throw reader.error("a gradient paint has exactly one of \(paints.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        if kind == "gradient" { return try colorGradient(body) }
        return try decodeGradient(kind, body)
    }

    /// `{"gradient": colour}`, SwiftUI's `Color.gradient` (iOS 16): as Apple documents `AnyGradient` as a
    /// `ShapeStyle`, "a linear gradient with start-point [0.5, 0] and end-point [0.5, 1]"; its two stops are
    /// the colour lightened by 0.15 in HSL lightness, then the colour (docs/scene-format.md, Gradients, says
    /// where that comes from).
    static func colorGradient(_ body: JSONReader) throws(SceneError) -> GradientSpec {
        let color = try BindingDecoder.color(body)
        let top = GradientSpec.Point(x: constant(0.5, body), y: constant(0, body))
        let bottom = GradientSpec.Point(x: constant(0.5, body), y: constant(1, body))
        return GradientSpec(kind: .linear(start: top, end: bottom),
                            stops: [.init(color: color, location: nil, lightened: 0.15), .init(color: color, location: nil)],
                            path: body.path)
    }

    /// The gradient `kind` ("linearGradient", ...) described by `body`.
    static func decodeGradient(_ kind: String, _ body: JSONReader) throws(SceneError) -> GradientSpec {
        if kind == "linearGradient" {
            let o = try body.object(allowing: linearGradientKeys)
            return GradientSpec(kind: .linear(start: try gradientPoint(o.required("startPoint")),
                                              end: try gradientPoint(o.required("endPoint"))),
                                stops: try gradientStops(o, body), colorSpace: try gradientColorSpace(o), path: body.path)
        }
        if kind == "ellipticalGradient" { return try decodeEllipticalGradient(body) }
        if kind == "angularGradient" { return try decodeAngularGradient(body) }
        let o = try body.object(allowing: radialGradientKeys)
        return GradientSpec(kind: .radial(center: try gradientCenter(o, body),
                                          startRadius: try o["startRadius"].map(BindingDecoder.number) ?? constant(0, body),
                                          endRadius: try BindingDecoder.number(o.required("endRadius"))),
                            stops: try gradientStops(o, body), colorSpace: try gradientColorSpace(o), path: body.path)
    }

    /// `"colorSpace"`: "perceptual" (the default, as SwiftUI's) or "device", SwiftUI's `Gradient.colorSpace(_:)`.
    static func gradientColorSpace(_ o: ObjectReader) throws(SceneError) -> GradientSpec.ColorSpace {
        guard let reader = o["colorSpace"] else { return .perceptual }
        return try choice(reader, GradientSpec.ColorSpace.self)
    }

    /// `colors` (evenly spaced) or `stops` (each with its `color` and `location`), not both, at least one.
    static func gradientStops(_ o: ObjectReader, _ body: JSONReader) throws(SceneError) -> [GradientSpec.Stop] {
        var stops: [GradientSpec.Stop] = []
        switch (o["colors"], o["stops"]) {
        case (let colors?, nil):
            for item in try colors.array() { stops.append(.init(color: try BindingDecoder.color(item), location: nil)) }
            guard !stops.isEmpty else { throw colors.error("a gradient needs at least one colour") }
        case (nil, let list?):
            for item in try list.array() {
                let s = try item.object(allowing: ["color", "location"])
                stops.append(.init(color: try BindingDecoder.color(s.required("color")),
                                   location: try BindingDecoder.number(s.required("location"))))
            }
            guard !stops.isEmpty else { throw list.error("a gradient needs at least one stop") }
        case (.some, .some):
            throw body.error("a gradient has \"colors\" or \"stops\", not both")
        case (nil, nil):
            throw body.error("a gradient needs \"colors\" (a list of colours) or \"stops\" ([{\"color\", \"location\"}])")
        }
        return stops
    }

    /// A unit point: a name such as "leading" or constant `[x, y]`.
    static func unitPoint(_ reader: JSONReader) throws(SceneError) -> (x: Double, y: Double) {
        if case .array = reader.value.kind {
            let xy = try reader.array()
            guard xy.count == 2 else { throw reader.error("a unit point is a name such as \"leading\" or [x, y]") }
            return (try xy[0].number(), try xy[1].number())
        }
        let name = try reader.choice(unitPointNames.sorted())
        return unitPoints[name] ?? (0.5, 0.5)
    }

    /// A gradient's unit point: a name such as "leading", or `[x, y]` whose coordinates are numbers or
    /// expressions (`["0.5 + 0.5 * sin(t)", 0.5]`), so a gradient's points can move.
    static func gradientPoint(_ reader: JSONReader) throws(SceneError) -> GradientSpec.Point {
        if case .array = reader.value.kind {
            let xy = try reader.array()
            guard xy.count == 2 else { throw reader.error("a unit point is a name such as \"leading\" or [x, y]") }
            return GradientSpec.Point(x: try BindingDecoder.number(xy[0]), y: try BindingDecoder.number(xy[1]))
        }
        let point = try unitPoint(reader)
        return GradientSpec.Point(x: constant(point.x, reader), y: constant(point.y, reader))
    }

    /// A gradient's `center`, default `.center`.
    static func gradientCenter(_ o: ObjectReader, _ body: JSONReader) throws(SceneError) -> GradientSpec.Point {
        try o["center"].map(gradientPoint) ?? GradientSpec.Point(x: constant(0.5, body), y: constant(0.5, body))
    }

    /// A constant number where `reader` is.
    static func constant(_ value: Double, _ reader: JSONReader) -> Binding {
        Binding(.constant(.number(value)), path: reader.path, location: reader.value.location)
    }
}
