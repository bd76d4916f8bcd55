/// `{"timelineView": ".animation", "content": {view}}`: SwiftUI's `TimelineView(.animation) { timeline in
/// view }`. It decodes into a z-stack around its content, which `ZStackKind` checks; its schedule and
/// context name are the view's `timelineView`, checked with the view's names.
enum TimelineViewKind: ViewKindUnit, ModifierValueKey {
    typealias Value = TimelineViewSpec
    static let key = "timelineView"
    static let companionKeys = ["content", "as"]
    static let swiftUINames = [
        "TimelineView": "TimelineView(.animation) { timeline in ... }; write \"timelineView\": \".animation\", \"content\": {view}",
    ]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let (kind, spec) = try NodeDecoder.decodeTimelineView(object, at: reader, depth: depth)
        var node = try view(kind, object, at: reader, depth: depth)
        node.modifierValues[Self.self] = spec
        return node
    }
}

extension Node {
    /// `TimelineView(schedule) { timeline in content }`: the view is a one-child ZStack around the content, whose
    /// bindings read the schedule's latest date (see `TimelineViewSpec`).
    public var timelineView: TimelineViewSpec? { modifierValues[TimelineViewKind.self] }
}
