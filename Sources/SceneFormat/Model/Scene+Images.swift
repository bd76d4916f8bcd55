extension Scene {
    /// Every image view in the scene (root, components, backgrounds, overlays, masks, transitions), in tree order.
    public var imageSpecs: [ImageSpec] {
        var specs: [ImageSpec] = []
        Self.collectImages(root, into: &specs)
        for name in components.keys.sorted() {
            if let body = components[name]?.body { Self.collectImages(body, into: &specs) }
        }
        return specs
    }

    private static func collectImages(_ node: Node, into specs: inout [ImageSpec]) {
        var children = node.subviews
        for effect in (node.presence?.transition.insertion ?? []) + (node.presence?.transition.removal ?? []) {
            if case .modifier(let modifier) = effect { children.append(modifier.wrapper) }
        }
        if case .image(let image) = node.kind { specs.append(image) }
        for child in children { collectImages(child, into: &specs) }
    }
}
