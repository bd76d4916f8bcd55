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
///   of its own anchor (`position`, `frame`); Apple's `MatchedGeometryProperties`: `position` is "the
///   view's position, in window coordinates", `size` "the view's size, in local coordinates";
/// - a view drawn at a new size is laid out in it (OpenSwiftUI's `MatchedFrame` proposes the shared
///   size to the view and lays its children out in the size it takes): a stack's children, a frame's
///   content, its background and overlay; a view only moved takes its layout along;
/// - when the source changes in an animated transaction (one view with the id leaves as another
///   arrives), the shared frame animates from the old source's frame to the new one's, with the new
///   source's animation; the leaving view follows it while its removal transition plays;
/// - a follower (`isSource` false) whose id changes in an animated transaction moves from the old
///   group's frame to the new one's with that transaction's animation.
///
/// The shared frame of a frame is found by composing the frame once first (the sources' places), then
/// drawing with it; scenes without the modifier compose once.
extension Composer {
    /// The attribute key of a group's shared-frame animation.
    static func matchedGroupKey(_ group: String) -> AttributeKey {
        AttributeKey(uses: [], path: JSONPath([.key("matchedGeometryEffect")]), name: group)
    }

    /// Where a view with `matchedGeometryEffect` drawn at `drawn` (where its own layout and animations put
    /// it) is placed by its group's shared frame: its size (`size`, `frame`) and the position of its own
    /// anchor (`position`, `frame`); nil when the group has no source. Notes the view as its group's source
    /// when it is one, and, while recording, as a follower of its group.
    ///
    /// A follower (`isSource` false) whose id changes in an animated transaction moves from the old
    /// group's frame to the new one's with that transaction's animation (its `matchedFrame` attribute):
    /// the id is part of the view's state, and its geometry changes in that transaction, as any other.
    func matchedFrame(_ node: Node, drawn: Rect, _ scope: ComposeScope) throws(SceneError) -> Rect? {
        guard let spec = node.matchedGeometry else { return nil }
        let group = spec.namespace + "\u{1F}" + (try scope.evaluate(spec.id)).description
        let isSource = try spec.isSource.map { b throws(SceneError) in try scope.bool(b) } ?? true
        let own = [drawn.minX + spec.anchor.x * drawn.width, drawn.minY + spec.anchor.y * drawn.height,
                   drawn.width, drawn.height]
        let followKey = scope.key(node, "matchedFrame")
        if !scope.beingRemoved {
            if isSource {
                scope.attributes.noteMatchedSource(group, key: scope.key(node, "matchedGeometryEffect"), frame: own,
                                                   animation: scope.effectiveAnimation)
            } else if scope.attributes.recording {
                scope.attributes.noteMatchedFollower(followKey, group: group, own: own, animation: scope.effectiveAnimation)
            }
        }
        var shared = scope.attributes.sharedFrame(group)
        if !isSource, let moving = scope.attributes.followerOffset(followKey) {
            // Still moving from the frame of the group it followed before its id changed.
            shared = ViewAttributes.adding(moving, to: shared ?? own)
        }
        guard let shared else { return nil }
        var size = drawn.size
        if spec.properties != .position { size = Size(max(0, shared[2]), max(0, shared[3])) }
        var origin = drawn.origin
        if spec.properties != .size {
            origin = Point(shared[0] - spec.anchor.x * size.width, shared[1] - spec.anchor.y * size.height)
        }
        return Rect(origin: origin, size: size)
    }

    /// Where a view placed at `placed` by its matched geometry lays its content out, and the size proposed
    /// to that content. As SwiftUI's `MatchedFrame` (OpenSwiftUI) proposes the shared size to the view and
    /// lays the view's children out in the size it then takes, the content here is laid out again in the
    /// placed frame: inside the padding, and in a `frame`, at the size it takes for that proposal, placed by
    /// the frame's alignment (the frame takes the shared size, its own width and height give way).
    func matchedContent(_ node: Node, in placed: Rect, insets: Insets, _ outer: ComposeScope, _ parent: ComposeScope,
                        _ outerEnv: LayoutEnvironment) throws(SceneError) -> (content: Rect, proposal: Proposal) {
        let padded = Rect(x: placed.minX + insets.leading, y: placed.minY + insets.top,
                          width: max(0, placed.width - insets.leading - insets.trailing),
                          height: max(0, placed.height - insets.top - insets.bottom))
        let proposal = Proposal(padded.size)
        guard node.frame != nil else { return (padded, proposal) }
        let size = try measureContent(node, proposal, parent, outerEnv)
        let unit = try frameAlignment(node, outer)
        return (Rect(x: padded.minX + (padded.width - size.width) * unit.x, y: padded.minY + (padded.height - size.height) * unit.y,
                     width: size.width, height: size.height), proposal)
    }

    /// Whether any view of the scene (or of its components) has `matchedGeometryEffect`.
    static func usesMatchedGeometry(_ scene: Scene) -> Bool {
        scene.containsView { $0.matchedGeometry != nil }
    }
}
