/// Gradient paints: `{"linearGradient": {...}}` and `{"radialGradient": {...}}` in `fill` or a stroke's `color`.
extension NodeDecoder {
    static let gradientKinds = ["linearGradient", "radialGradient", "ellipticalGradient"]
    static let linearGradientKeys = ["colors", "stops", "startPoint", "endPoint"]
    static let radialGradientKeys = ["colors", "stops", "center", "startRadius", "endRadius"]

    /// A paint object: exactly one gradient key.
    static func decodeGradient(_ reader: JSONReader) throws(SceneError) -> GradientSpec {
        let outer = try reader.object(allowing: gradientKinds)
        guard outer.keys.count == 1, let kind = outer.keys.first, let body = outer[kind] else {
            throw reader.error("a gradient paint has exactly one of \"linearGradient\", \"radialGradient\", \"ellipticalGradient\"")
        }
        if kind == "linearGradient" {
            let o = try body.object(allowing: linearGradientKeys)
            return GradientSpec(kind: .linear(start: try unitPoint(o.required("startPoint")),
                                              end: try unitPoint(o.required("endPoint"))),
                                stops: try gradientStops(o, body), path: body.path)
        }
        if kind == "ellipticalGradient" { return try decodeEllipticalGradient(body) }
        let o = try body.object(allowing: radialGradientKeys)
        let center = try o["center"].map(unitPoint) ?? (0.5, 0.5)
        let startRadius = try o["startRadius"].map(BindingDecoder.number)
            ?? Binding(.constant(.number(0)), path: body.path, location: body.value.location)
        return GradientSpec(kind: .radial(center: center, startRadius: startRadius,
                                          endRadius: try BindingDecoder.number(o.required("endRadius"))),
                            stops: try gradientStops(o, body), path: body.path)
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
}
