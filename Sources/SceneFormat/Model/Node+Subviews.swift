extension Node {
    /// The views drawn as part of this one: its backgrounds, overlay and mask, then a stack's or scroll
    /// view's children, or the views a component's use passes for its view slots (a component instance's
    /// body is the component's, not listed here).
    public var subviews: [Node] {
        var views = background + (overlay?.views ?? []) + clipping.mask
        switch kind {
        case .stack(let stack): views += stack.children
        case .scrollView(let scroll): views += scroll.content.children
        case .instance(let instance): views += instance.views.keys.sorted().compactMap { instance.views[$0] }
        default: break
        }
        return views
    }

    /// Whether this view or any view inside it satisfies `predicate`.
    public func contains(where predicate: (Node) -> Bool) -> Bool {
        predicate(self) || subviews.contains { $0.contains(where: predicate) }
    }
}

extension Scene {
    /// Whether any view of the scene or of its components satisfies `predicate`.
    public func containsView(where predicate: (Node) -> Bool) -> Bool {
        root.contains(where: predicate) || components.values.contains { $0.body.contains(where: predicate) }
    }
}
