import Expressions

/// `"rotation3D": {"angle": 45, "axis": [0, 1, 0], "anchor": "leading", "anchorZ": 0, "perspective": 1}`
/// (SwiftUI `.rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0), anchor: .leading, ...)`).
extension NodeDecoder {
    static func decodeRotation3D(_ reader: JSONReader) throws(SceneError) -> Rotation3DSpec {
        let o = try reader.object(allowing: ["angle", "axis", "anchor", "anchorZ", "perspective"])
        let axisReader = try o.required("axis")
        let axis = try axisReader.array()
        guard axis.count == 3 else {
            throw axisReader.error("an axis is [x, y, z], as SwiftUI's axis: (x: 0, y: 1, z: 0); got \(axis.count) numbers")
        }
        var components: [Binding] = []
        for component in axis { components.append(try BindingDecoder.number(component)) }
        return Rotation3DSpec(angle: try BindingDecoder.number(o.required("angle")), axis: components,
                              anchor: try o["anchor"].map(unitPoint) ?? (0.5, 0.5),
                              anchorZ: try o["anchorZ"].map(BindingDecoder.number),
                              perspective: try o["perspective"].map(BindingDecoder.number))
    }
}
