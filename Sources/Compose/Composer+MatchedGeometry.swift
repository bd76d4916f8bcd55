import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// `.matchedGeometryEffect(id:in:properties:anchor:isSource:)`: the views of a group (one namespace, one
/// id) share the frame of the group's source view.
///
/// As in SwiftUI (its documentation of `matchedGeometryEffect`, and OpenSwiftUI's reimplementation,
/// `Sources/OpenSwiftUICore/Render/GeometryEffect/MatchedGeometryEffect.swift`):
/// - the source is the view with `isSource` true that is not being removed (the first one drawn, if
///   several claim it; SwiftUI calls that undefined);
/// - the shared frame is the source's frame in canvas coordinates, kept as the position of its anchor
///   and its size;
/// - every view of the group is drawn at the shared frame: its size (`size`, `frame`) and the position
///   of its own anchor (`position`, `frame`); a shape is drawn in that rectangle, other content keeps
///   its layout and moves with it;
/// - when the source changes in an animated transaction (one view with the id leaves as another
///   arrives), the shared frame animates from the old source's frame to the new one's, with the new
///   source's animation; the leaving view follows it while its removal transition plays.
///
/// The shared frame of a frame is found by composing the frame once first (the sources' places), then
/// drawing with it; scenes without the modifier compose once.
extension Composer {
    /// The attribute key of a group's shared-frame animation.
    static func matchedGroupKey(_ group: String) -> AttributeKey {
        AttributeKey(uses: [], path: JSONPath([.key("matchedGeometryEffect")]), name: group)
    }

    /// Where a view with `matchedGeometryEffect` is drawn (its frame and its content's), given where its
    /// own layout and animations put them; notes the view as its group's source when it is one.
    func matchedRects(_ node: Node, drawn: Rect, content: Rect, insets: Insets,
                      _ scope: ComposeScope) throws(SceneError) -> (Rect, Rect) {
        guard let spec = node.matchedGeometry else { return (drawn, content) }
        let group = spec.namespace + "\u{1F}" + (try scope.evaluate(spec.id)).description
        let isSource = try spec.isSource.map { b throws(SceneError) in try scope.bool(b) } ?? true
        if isSource, !scope.beingRemoved {
            let anchor = [drawn.minX + spec.anchor.x * drawn.width, drawn.minY + spec.anchor.y * drawn.height,
                          drawn.width, drawn.height]
            scope.attributes.noteMatchedSource(group, key: scope.key(node, "matchedGeometryEffect"), frame: anchor,
                                               animation: scope.effectiveAnimation)
        }
        guard let shared = scope.attributes.sharedFrame(group) else { return (drawn, content) }
        var size = drawn.size
        if spec.properties != .position { size = Size(max(0, shared[2]), max(0, shared[3])) }
        var origin = drawn.origin
        if spec.properties != .size {
            origin = Point(shared[0] - spec.anchor.x * size.width, shared[1] - spec.anchor.y * size.height)
        }
        let placed = Rect(origin: origin, size: size)
        if size == drawn.size {
            return (placed, Rect(x: content.minX + origin.x - drawn.minX, y: content.minY + origin.y - drawn.minY,
                                 width: content.width, height: content.height))
        }
        // A new size: the content fills the frame inside its padding, as it would laid out at that size.
        return (placed, Rect(x: placed.minX + insets.leading, y: placed.minY + insets.top,
                             width: max(0, placed.width - insets.leading - insets.trailing),
                             height: max(0, placed.height - insets.top - insets.bottom)))
    }

    /// Whether any view of the scene (or of its components) has `matchedGeometryEffect`.
    static func usesMatchedGeometry(_ scene: Scene) -> Bool {
        scene.containsView { $0.matchedGeometry != nil }
    }
}
