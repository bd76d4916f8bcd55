import DisplayList
import Expressions
import Geometry
import SceneFormat

/// Vertical scroll views: the content stacked top to bottom, moved up by the content offset, clipped.
extension Composer {
    /// A scroll view takes the whole offer (SwiftUI's ScrollView is flexible); where nothing is offered,
    /// its content's size.
    func scrollViewSize(_ scroll: ScrollViewSpec, _ proposal: Proposal, _ scope: ComposeScope,
                        _ env: LayoutEnvironment) throws(SceneError) -> Size {
        if let width = proposal.width, let height = proposal.height { return Size(width, height) }
        let content = try StackLayout(composer: self, stack: scroll.content, scope: scope, env: env)
            .size(for: Proposal(width: proposal.width, height: nil))
        return Size(proposal.width ?? content.width, proposal.height ?? content.height)
    }

    /// The content, offered the scroll view's width and any height, placed at the top (centred across)
    /// and moved up by the content offset, which stays between 0 and the content's overflow (no bounce).
    /// The offset is the scroll view's as UIScrollView moves it (animated scrolls and flings included,
    /// see `Timeline.viewValue`); the content's own frames are relative to it.
    func renderScrollView(_ node: Node, _ scroll: ScrollViewSpec, in rect: Rect, drawn: Rect, _ scope: ComposeScope,
                          _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        let layout = try StackLayout(composer: self, stack: scroll.content, scope: scope, env: env)
        let proposal = Proposal(width: rect.width, height: nil)
        let size = try layout.size(for: proposal)
        let range = max(0, size.height - rect.height)
        let offset = min(max(0, contentOffset(node, scope)), range)
        let content = Rect(x: rect.minX + (rect.width - size.width) / 2, y: rect.minY - offset,
                           width: size.width, height: size.height)
        var inner = scope
        inner.space = CoordinateSpace(model: content.origin,
                                      drawn: Point(drawn.minX + (drawn.width - size.width) / 2, drawn.minY - offset))
        inner.scrollViewport = drawn
        var items: [DisplayItem] = []
        for placed in try layout.place(in: content, proposal: proposal) {
            items += try render(placed, inner, env)
        }
        return items.isEmpty ? [] : [.group(GroupItem(clip: .rect(drawn), children: items))]
    }

    /// The scroll view's `<id>.contentOffset` as views read it; 0 without an id.
    func contentOffset(_ node: Node, _ scope: ComposeScope) -> Double {
        guard let id = node.id,
              case .number(let offset)? = scope.snapshot.values[scope.context.prefix + id + ScrollViewSpec.offsetSuffix]
        else { return 0 }
        return offset
    }
}
