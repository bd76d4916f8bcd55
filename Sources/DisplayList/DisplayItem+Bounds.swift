import Geometry

extension DisplayItem {
    /// The device-space box outside which `items`, drawn through `transform`, paint nothing; nil when that is
    /// not known from the list alone.
    ///
    /// A layer (a group with opacity below 1, a mask or a filter, or a colour effect) needs a surface only
    /// this large, so a small translucent view costs its own pixels rather than the whole frame's. The box
    /// is conservative: shapes count their control points and the farthest a stroke reaches (a miter join
    /// up to `miterLimit` half widths past its corner, a square cap √2 half widths), images their rectangle,
    /// a colour effect its children, a blur or shadow adds `filterReach` around its content (a shadow also
    /// where its offset moves it), and a group's clip bounds whatever it holds. Text is measured by `text`
    /// (its glyphs are only known once laid out); projections and drawing groups are not measured: without
    /// a clip around them the answer is nil. Items that draw nothing (no paint, opacity 0, a singular transform) add
    /// nothing.
    /// `text` gives a text item's ink box in its own coordinates, when the caller can lay it out.
    public static func paintedBounds(of items: [DisplayItem], transform: Transform,
                                     text: (TextItem) -> Rect? = { _ in nil }) -> Rect? {
        var result: Rect?
        for item in items {
            let box: Rect?
            switch item {
            case .shape(let shape):
                guard shape.fill != nil || shape.stroke != nil else { continue }
                guard let points = finiteControlBounds(of: shape.path) else {
                    if shape.path.elements.isEmpty { continue }
                    return nil
                }
                var reach = 0.0
                if let stroke = shape.stroke {
                    let miters = stroke.lineJoin == .miter ? (stroke.miterLimit.isFinite ? max(1, stroke.miterLimit) : 10) : 1
                    reach = abs(stroke.lineWidth) / 2 * max(miters, 2.0.squareRoot())
                }
                box = deviceBox(points.insetBy(dx: -reach, dy: -reach), transform)
            case .image(let image):
                box = deviceBox(image.rect, transform)
            case .text(let item):
                guard let ink = text(item) else { return nil }
                box = deviceBox(ink, transform)
            case .group(let group):
                guard group.opacity > 0, group.transform.inverted != nil else { continue }
                guard let bounds = paintedBounds(of: group, transform: group.transform.concatenating(transform), text: text) else {
                    return nil
                }
                box = bounds
            case .colorEffect(let effect):
                // Its matrix leaves transparent pixels transparent and its blend modes leave what lies under
                // transparent pixels as it is: it paints where its children do.
                guard let bounds = paintedBounds(of: effect.children, transform: transform, text: text) else { return nil }
                box = bounds
            }
            guard let box else { continue }
            guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
            result = result.map { $0.union(box) } ?? box
        }
        return result
    }

    /// What `group` paints through `inner` (its own transform and its parents'): its children's box grown by
    /// its filter, within its clip's box.
    private static func paintedBounds(of group: GroupItem, transform inner: Transform, text: (TextItem) -> Rect?) -> Rect? {
        let clip = group.clip.flatMap(finiteControlBounds).map { deviceBox($0, inner) }
        var content: Rect?
        if group.projection == nil, group.flattened == nil {
            content = paintedBounds(of: group.children, transform: inner, text: text)
            if let filter = group.filter, let inside = content { content = filtered(inside, by: filter, inner) }
        }
        switch (content, clip) {
        case let (content?, clip?):
            return content.intersection(clip) ?? Rect(x: clip.minX, y: clip.minY, width: 0, height: 0)
        case let (content?, nil): return content
        case let (nil, clip?): return clip
        case (nil, nil): return nil
        }
    }

    /// How far a filter's blur reaches past its content, in device pixels: 3 sigmas and 3 pixels (the
    /// three box blurs that make the Gaussian reach about 3 sigmas together, each rounded up to whole
    /// pixels).
    public static func filterReach(sigma: Double) -> Double {
        sigma.isFinite && sigma > 0 ? 3 * sigma + 3 : 0
    }

    /// `content` (device pixels) grown by what `filter`, applied through `transform`, paints around it.
    private static func filtered(_ content: Rect, by filter: Filter, _ transform: Transform) -> Rect? {
        let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        switch filter {
        case .blur(let sigma):
            let reach = filterReach(sigma: sigma * scale)
            return content.insetBy(dx: -reach, dy: -reach)
        case .shadow(_, let sigma, let x, let y):
            // The shadow is the content's blurred alpha, moved by (x, y) in the group's space.
            let dx = x.isFinite ? x : 0, dy = y.isFinite ? y : 0
            let reach = filterReach(sigma: sigma * scale)
            let shadow = content.insetBy(dx: -reach, dy: -reach)
                .offsetBy(dx: transform.a * dx + transform.c * dy, dy: transform.b * dx + transform.d * dy)
            return content.union(shadow)
        case .backdrop:
            // The blurred backdrop shows only within the children.
            return content
        }
    }

    /// The box of a path's points and control points; nil when it is empty or any of them is not finite.
    private static func finiteControlBounds(of path: Path) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        var finite = true
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): add(p); finite = finite && p.x.isFinite && p.y.isFinite
            case .quad(let c, let p):
                add(c); add(p)
                finite = finite && c.x.isFinite && c.y.isFinite && p.x.isFinite && p.y.isFinite
            case .cubic(let c1, let c2, let p):
                add(c1); add(c2); add(p)
                finite = finite && c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite && p.x.isFinite && p.y.isFinite
            case .close: break
            }
        }
        guard finite, x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The axis-aligned box holding `rect`'s corners through `transform`.
    public static func deviceBox(_ rect: Rect, _ transform: Transform) -> Rect {
        let corners = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.minX, rect.maxY),
                       Point(rect.maxX, rect.maxY)].map(transform.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}
