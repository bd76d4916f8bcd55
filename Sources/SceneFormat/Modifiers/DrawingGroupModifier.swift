/// `"drawingGroup": true` (SwiftUI `.drawingGroup()`, or a layer with `shouldRasterize`): the view, with its
/// background, overlay, clip and mask, is drawn into a bitmap of its frame, and that bitmap is what its
/// blur, shadow, scale, rotation, 3D rotation, offset and opacity act on.
enum DrawingGroupModifier: ModifierUnit {
    static let key = "drawingGroup"
    static let swiftUINames = [
        "compositingGroup": "not needed: \"opacity\" already composites the view as one group; \"drawingGroup\": true "
            + "flattens it into one bitmap",
    ]
    static let swiftSourceHints = [
        "compositingGroup": "not needed: .opacity already composites the view as one group; .drawingGroup() flattens it "
            + "into one bitmap",
    ]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] { node.effects.drawingGroup = try reader.bool() }
    }
}
