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
/// - every view of the group is drawn by the shared frame: with `size` (`frame`) the shared size is
///   *proposed* to the view, which takes the size it takes for that proposal, and with `position`
///   (`frame`) the view's own anchor point, at that size, is put on the shared position (OpenSwiftUI's
///   `MatchedFrame`: `childLayoutComputer.sizeThatFits(_ProposedSize(sharedFrame.size))`, then the origin
///   `sharedPosition - anchor.in(matchedSize)`); Apple's `MatchedGeometryProperties`: `position` is "the
///   view's position, in window coordinates", `size` "the view's size, in local coordinates". So a
///   flexible view (a shape) takes the source's size, and a view that ignores proposals (a fixed
///   `frame(width:height:)`) keeps its own size and only moves, its anchor on the source's (objc.io's
///   Swift Talk 257: the view "is proposed the size of the source view"; Chris Eidhof, "When Matched
///   Geometry Effect Doesn't Work", 2023: the effect is "essentially ... a `frame` and an `offset`", so a
///   fixed inner frame "will *always* render at" its own size);
/// - a view drawn at a new size is laid out in it: a stack's children, a frame's content, its
///   background and overlay; a view only moved takes its layout along;
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
    ///
    /// With `size` the view takes the size it measures for the shared size proposed (`laidOut` is where its
    /// parent laid it out, `parent` and `env` what it is measured with); a view whose size does not depend
    /// on the proposal (it measures its laid-out size) keeps the size it is drawn at, its own animations
    /// of it included.
    func matchedFrame(_ node: Node, drawn: Rect, laidOut: Rect, _ scope: ComposeScope, _ parent: ComposeScope,
                      _ env: LayoutEnvironment) throws(SceneError) -> (frame: Rect, proposal: Proposal)? {
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
        var proposal = Proposal(drawn.size)
        if spec.properties != .position {
            proposal = Proposal(Size(max(0, shared[2]), max(0, shared[3])))
            let fits = try measure(node, proposal, parent, env)
            if fits != laidOut.size { size = fits }
        }
        var origin = drawn.origin
        if spec.properties != .size {
            origin = Point(shared[0] - spec.anchor.x * size.width, shared[1] - spec.anchor.y * size.height)
        }
        return (Rect(origin: origin, size: size), proposal)
    }

    /// Where a view placed at `placed` by its matched geometry lays its content out, its padding and the
    /// size proposed to that content: laid out as its parent would lay it out for the shared size proposed
    /// (`proposal`, which `placed`'s size was measured for), inside the padding, and in a `frame`, at the
    /// size the content takes for what the frame offers it, placed by the frame's alignment.
    func matchedContent(_ node: Node, in placed: Rect, proposal: Proposal, _ parent: ComposeScope,
                        _ outerEnv: LayoutEnvironment) throws(SceneError) -> (content: Rect, insets: Insets, proposal: Proposal) {
        let outer = parent.sized(proposal.width ?? 0, proposal.height ?? 0)
        let insets = try paddingInsets(node, outer)
        let padded = Rect(x: placed.minX + insets.leading, y: placed.minY + insets.top,
                          width: max(0, placed.width - insets.leading - insets.trailing),
                          height: max(0, placed.height - insets.top - insets.bottom))
        let inner = try contentProposal(node, proposal, outer, insets)
        guard node.frame != nil else { return (padded, insets, inner) }
        let size = try measureContent(node, inner, parent, outerEnv)
        let unit = try frameAlignment(node, outer)
        return (Rect(x: padded.minX + (padded.width - size.width) * unit.x, y: padded.minY + (padded.height - size.height) * unit.y,
                     width: size.width, height: size.height), insets, inner)
    }

    /// Whether any view of the scene (or of its components) has `matchedGeometryEffect`.
    static func usesMatchedGeometry(_ scene: Scene) -> Bool {
        scene.containsView { $0.matchedGeometry != nil }
    }
}
