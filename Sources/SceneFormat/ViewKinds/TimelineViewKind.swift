/// `{"timelineView": ".animation", "content": {view}}`: SwiftUI's `TimelineView(.animation) { timeline in
/// view }`. It decodes into a z-stack around its content, which `ZStackKind` checks; its schedule and
/// context name are the view's `timelineView`, checked with the view's names.
enum TimelineViewKind: ViewKindUnit {
    static let key = "timelineView"
    static let companionKeys = ["content", "as"]
    static let swiftUINames = [
        "TimelineView": "TimelineView(.animation) { timeline in ... }; write \"timelineView\": \".animation\", \"content\": {view}",
    ]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let (kind, spec) = try NodeDecoder.decodeTimelineView(object, at: reader, depth: depth)
        var node = try view(kind, object, at: reader, depth: depth)
        node.timelineView = spec
        return node
    }
}
