import Expressions

/// `"drawingGroup": true` (SwiftUI `.drawingGroup()`, or a layer with `shouldRasterize`): the view, with
/// its background, overlay, clip and mask, is drawn into a bitmap of its frame, and that bitmap is what
/// its blur, shadow, scale, rotation, 3D rotation, offset and opacity act on.
extension NodeDecoder {
    static func decodeDrawingGroup(_ o: ObjectReader, into effects: inout EffectSpec) throws(SceneError) {
        effects.drawingGroup = try o["drawingGroup"]?.bool() ?? false
    }
}
