extension Scene {
    /// Every image view in the scene (root, components, backgrounds, masks, transitions), in tree order.
    public var imageSpecs: [ImageSpec] {
        var specs: [ImageSpec] = []
        Self.collectImages(root, into: &specs)
        for name in components.keys.sorted() {
            if let body = components[name]?.body { Self.collectImages(body, into: &specs) }
        }
        return specs
    }

    private static func collectImages(_ node: Node, into specs: inout [ImageSpec]) {
        var children = node.background + node.clipping.mask
        for effect in (node.presence?.transition.insertion ?? []) + (node.presence?.transition.removal ?? []) {
            if case .modifier(let modifier) = effect { children.append(modifier.wrapper) }
        }
        switch node.kind {
        case .image(let image): specs.append(image)
        case .stack(let stack): children += stack.children
        case .scrollView(let scroll): children += scroll.content.children
        case .shape, .text, .instance, .spacer, .symbol, .canvas: break
        }
        for child in children { collectImages(child, into: &specs) }
    }
}
