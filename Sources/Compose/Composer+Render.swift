#if canImport(Glibc)
import Glibc
#endif
import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// Drawing: a node placed in its rectangle becomes display items.
extension Composer {
    /// The items of `node` laid out in `rect` (the size it measured for `proposal`, placed by its parent).
    ///
    /// `w` and `h` in the node's bindings are the size proposed to it, as a GeometryReader around it
    /// would report, in both measuring and drawing, so `0.4 * w` means the same in both.
    ///
    /// Layout uses model values; the node is then drawn where its animated frame puts it: its position in
    /// its parent's space and its size are attributes (`frame`), as is its content's place in its frame
    /// (`content`, which moves when the frame's alignment changes).
    func render(_ node: Node, in rect: Rect, proposal: Proposal, _ parent: ComposeScope,
                _ outerEnv: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        var parent = LeavingState.scope(node, parent)
        // A `forEach` item's attributes are its own: its path (which holds its id) joins the keys below it.
        if node.ownsAttributes, parent.attributes.isActive || parent.attributes.inspecting { parent.uses.append(node.path) }
        if let presence = node.presence {
            return try renderTransitioning(node, presence, in: rect, proposal: proposal, parent, outerEnv)
        }
        if let edges = node.modifierValues[IgnoresSafeAreaModifier.self] {
            let extended = outOfSafeArea(rect, edges)
            if extended != rect {
                // Laid out again in the rectangle reaching the canvas's edges; its parent's layout stands. The view
                // (all its other modifiers) is proposed that rectangle and centred in it at the size it takes, as
                // SwiftUI's `_SafeAreaIgnoringLayout` places its content: a flexible view fills it, a fixed frame
                // keeps its size (`.frame(height: 300).ignoresSafeArea(edges: .top)` at the top moves up by half
                // the inset, background and all).
                let wide = Proposal(width: extended.width != rect.width ? extended.width : proposal.width,
                                    height: extended.height != rect.height ? extended.height : proposal.height)
                var inner = node
                inner.modifierValues[IgnoresSafeAreaModifier.self] = nil
                let size = try measure(inner, wide, parent, outerEnv)
                let placed = Rect(x: extended.minX + (extended.width - size.width) / 2,
                                  y: extended.minY + (extended.height - size.height) / 2,
                                  width: size.width, height: size.height)
                return try render(inner, in: placed, proposal: wide, parent, outerEnv)
            }
        }
        let carried = parent.transitionFrame
        parent.transitionFrame = nil
        let outer = parent.sized(proposal.width ?? 0, proposal.height ?? 0)
        let insets = try paddingInsets(node, outer)
        let padded = Rect(x: rect.minX + insets.leading, y: rect.minY + insets.top,
                          width: max(0, rect.width - insets.leading - insets.trailing),
                          height: max(0, rect.height - insets.top - insets.bottom))
        var inner = try contentProposal(node, proposal, outer, insets)
        var content = padded
        if node.frame != nil {
            // The content keeps its own size inside the frame, placed by the frame's alignment.
            let size = try measureContent(node, inner, parent, outerEnv)
            let unit = try frameAlignment(node, outer)
            content = Rect(x: padded.minX + (padded.width - size.width) * unit.x,
                           y: padded.minY + (padded.height - size.height) * unit.y,
                           width: size.width, height: size.height)
        }
        var scope = try nodeScope(node, parent, w: inner.width ?? content.width, h: inner.height ?? content.height,
                                  origin: padded.origin)
        if let geometry = node.onGeometryChange, scope.attributes.probesGeometry {
            try noteGeometry(geometry, node, frame: rect, scope)
        }
        if let implicit = node.implicitAnimation, scope.attributes.recording {
            // `.animation(_:value:)`: when the watched value changed, the subtree animates with its animation.
            if scope.attributes.watch(scope.key(node, "animation.value"), try scope.evaluate(implicit.value)) {
                scope.implicitAnimation = ImplicitAnimation(try implicit.curve.map { spec throws(SceneError) in
                    try AnimationInterpreter.animation(spec, in: scope)
                })
            }
        }
        var env = try nodeEnvironment(node, scope, outerEnv)
        if node.style.foregroundColor != nil { env.foreground = scope.animated(node, "foregroundColor", env.foreground) }

        var (drawn, drawnContent) = drawnRects(node, rect, content, insets, parent.space, scope, carried: carried)
        var rect = rect
        if let (placed, shared) = try matchedFrame(node, drawn: drawn, laidOut: rect, scope, parent, outerEnv), placed != drawn {
            // The view is laid out where its matched geometry places it: moved, its layout moves with it;
            // resized, its content is laid out again in the new size (see `matchedContent`).
            if placed.size == drawn.size {
                content = Rect(x: drawnContent.minX + placed.minX - drawn.minX, y: drawnContent.minY + placed.minY - drawn.minY,
                               width: drawnContent.width, height: drawnContent.height)
            } else {
                let laid = try matchedContent(node, in: placed, proposal: shared, parent, outerEnv)
                (content, inner) = (laid.content, laid.proposal)
                scope = scope.sized(inner.width ?? content.width, inner.height ?? content.height)
                scope.minX = placed.minX + laid.insets.leading
                scope.minY = placed.minY + laid.insets.top
            }
            (rect, drawn, drawnContent) = (placed, placed, content)
        }
        // Backgrounds and masks are placed in the node's own space, its content's views in the content's.
        let parentSpace = scope.space
        var own = CoordinateSpace(model: rect.origin, drawn: drawn.origin)
        var contentSpace = CoordinateSpace(model: content.origin, drawn: drawnContent.origin)
        if scope.attributes.recording {
            own.id = scope.key(node, "space")
            contentSpace.id = scope.key(node, "contentSpace")
            scope.attributes.noteSpace(own)
            scope.attributes.noteSpace(contentSpace)
        }
        var items: [DisplayItem] = []
        scope.space = own
        for bg in node.background { items += try render(bg, in: rect, proposal: Proposal(rect.size), scope, env) }
        scope.space = contentSpace
        if let style = node.modifierValues[ForegroundStyleModifier.self] {
            items += try gradientFilled(style, node, in: content, drawn: drawnContent, proposal: inner, scope, env)
        } else {
            var inside = scope
            // A transition's group: its one child, the next group or the view, is drawn where it is.
            if let carried, node.path != carried.key.path { inside.transitionFrame = .taken(carried.key) }
            items += try renderContent(node, in: content, drawn: drawnContent, proposal: inner, inside, env)
        }
        scope.space = own
        if let overlay = node.overlay { items += try renderOverlay(overlay, in: rect, scope, env) }
        items = try applyClipping(node, to: items, in: rect, drawn: drawn, scope, env)
        if let material = node.modifierValues[Material.self], !items.isEmpty {
            // A material: the backdrop blurred under the tint rectangle (`Filter.backdrop`).
            let tint = Color(red: 1, green: 1, blue: 1, alpha: material.tintOpacity)
            items = [.group(GroupItem(filter: .backdrop(sigma: material.blurRadius, tint: tint), children: items, source: "\(node.path)"))]
        }
        if node.effects.drawingGroup, !items.isEmpty {
            // `.drawingGroup()`: one bitmap of the view's frame, which the effects below move and resample.
            items = [.group(GroupItem(flattened: drawn, children: items, source: "\(node.path)"))]
        }
        scope.space = parentSpace
        items = try applyColorEffects(node, to: try applyEffects(node, to: items, in: drawn, scope, env: env), scope)
        if let transition = node.modifierValues[ScrollTransitionModifier.self] {
            items = try applyScrollTransition(transition, node, to: items, in: drawn, scope)
        }
        return items
    }

    /// `rect` extended to the canvas's edge on each of `edges` where it reaches the safe area's edge
    /// (`ignoresSafeArea`); the same rectangle when the canvas has no safe area there.
    func outOfSafeArea(_ rect: Rect, _ edges: Set<SafeAreaEdge>) -> Rect {
        let inset = scene.canvas.safeArea, width = scene.canvas.width, height = scene.canvas.height
        let near = 0.5
        var (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        if edges.contains(.top), inset.top > 0, abs(minY - inset.top) < near { minY = 0 }
        if edges.contains(.bottom), inset.bottom > 0, abs(maxY - (height - inset.bottom)) < near { maxY = height }
        if edges.contains(.leading), inset.leading > 0, abs(minX - inset.leading) < near { minX = 0 }
        if edges.contains(.trailing), inset.trailing > 0, abs(maxX - (width - inset.trailing)) < near { maxX = width }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `"foregroundStyle"` with a gradient: the content's glyphs and symbol paths, drawn opaque, are the mask
    /// of a rectangle filled with the gradient placed in the content's drawn frame, as SwiftUI places a
    /// gradient `ShapeStyle` in the frame of the text or symbol it fills (its `foregroundStyle.geometry` and
    /// stops animate as a fill's do).
    func gradientFilled(_ style: GradientSpec, _ node: Node, in content: Rect, drawn: Rect, proposal: Proposal,
                        _ scope: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        var opaque = env
        opaque.foreground = .black
        let glyphs = try renderContent(node, in: content, drawn: drawn, proposal: proposal, scope, opaque)
        guard !glyphs.isEmpty else { return [] }
        let paint = try gradientPaint(style, in: drawn, scope, node: node, name: "foregroundStyle")
        return [.group(GroupItem(mask: glyphs, children: [.shape(ShapeItem(path: .rect(drawn), fill: Fill(paint: paint)))],
                                 source: "\(node.path)"))]
    }

    /// Where a node laid out in `rect` (its content in `content`) is drawn: its animated place in the
    /// parent's space and size (`frame`), and its content's place in it (`content`, for a frame).
    ///
    /// A transition's group and the view in it take the view's frame as `carried` says (`TransitionFrame`).
    func drawnRects(_ node: Node, _ rect: Rect, _ content: Rect, _ insets: Insets, _ space: CoordinateSpace,
                    _ scope: ComposeScope, carried: TransitionFrame? = nil) -> (Rect, Rect) {
        // Nothing animates in this composition: drawn where laid out.
        guard scope.attributes.isActive else { return (rect, content) }
        var place = [rect.minX - space.model.x, rect.minY - space.model.y, rect.width, rect.height]
        switch carried {
        case .taken:
            break
        case .pending(let key, leaving: let removal?):
            // Leaving: out of the layout, it keeps the frame it was last laid out at (SwiftUI keeps a removed
            // view's last geometry: OpenSwiftUI's `DynamicLayoutViewChildGeometry`), with the animations of
            // its own frame still playing; without one known, where the stack would place it.
            if scope.attributes.recording {
                scope.attributes.noteGhost(key, removal)
            } else {
                if let last = scope.attributes.leaving[key] {
                    place = [last[0] - space.drawn.x, last[1] - space.drawn.y, last[2], last[3]]
                }
                place = scope.attributes.resolve(key, place, animation: nil)
            }
        case .pending(let key, leaving: nil):
            if scope.attributes.recording {
                if let id = space.id { scope.attributes.noteParentSpace(key, id) }
                scope.attributes.noteAbsoluteFrame(key, rect)
            }
            place = scope.attributes.resolve(key, place, animation: scope.effectiveAnimation)
        case nil:
            let key = scope.key(node, "frame")
            if scope.attributes.recording {
                if let id = space.id { scope.attributes.noteParentSpace(key, id) }
                scope.attributes.noteAbsoluteFrame(key, rect)
            }
            place = scope.attributes.resolve(key, place, animation: scope.effectiveAnimation)
        }
        let drawn = Rect(x: space.drawn.x + place[0], y: space.drawn.y + place[1],
                         width: max(0, place[2]), height: max(0, place[3]))
        if node.frame != nil {
            let inFrame = scope.animated(node, "content", [content.minX - rect.minX, content.minY - rect.minY,
                                                           content.width, content.height])
            return (drawn, Rect(x: drawn.minX + inFrame[0], y: drawn.minY + inFrame[1],
                                width: max(0, inFrame[2]), height: max(0, inFrame[3])))
        }
        return (drawn, Rect(x: drawn.minX + insets.leading, y: drawn.minY + insets.top,
                            width: max(0, drawn.width - insets.leading - insets.trailing),
                            height: max(0, drawn.height - insets.top - insets.bottom)))
    }

    /// `.overlay(alignment:)`: the view proposed the node's size and placed in it by the alignment.
    func renderOverlay(_ overlay: OverlaySpec, in rect: Rect, _ scope: ComposeScope,
                       _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        let proposal = Proposal(rect.size)
        let unit = UnitPoint.named[overlay.alignment] ?? .center
        var items: [DisplayItem] = []
        for view in overlay.views {
            let size = try measure(view, proposal, scope, env)
            let placed = Rect(x: rect.minX + (rect.width - size.width) * unit.x, y: rect.minY + (rect.height - size.height) * unit.y,
                              width: size.width, height: size.height)
            items += try render(view, in: placed, proposal: proposal, scope, env)
        }
        return items
    }

    /// A stack's placed children in drawing order: by `zIndex` (evaluated in the stack's scope, default
    /// 0), ties in their written order, as SwiftUI's `.zIndex`.
    func inZOrder(_ placements: [StackLayout.Placement], _ scope: ComposeScope) throws(SceneError) -> [StackLayout.Placement] {
        guard placements.contains(where: { $0.child.zIndex != nil }) else { return placements }
        var keyed: [(z: Double, index: Int, placed: StackLayout.Placement)] = []
        for (index, placed) in placements.enumerated() {
            keyed.append((try scope.number(placed.child.zIndex, default: 0), index, placed))
        }
        return keyed.sorted { ($0.z, $0.index) < ($1.z, $1.index) }.map(\.placed)
    }

    /// The unit point a frame places its content at (its `alignment`, which may be an expression).
    func frameAlignment(_ node: Node, _ scope: ComposeScope) throws(SceneError) -> UnitPoint {
        guard let binding = node.frame?.alignment else { return .center }
        let name = try scope.string(binding)
        guard let unit = UnitPoint.named[name] else {
            throw SceneError(path: binding.path, location: binding.location,
                             message: "\(scope.timeLabel): \"\(name)\" is not an alignment; expected one of "
                                 + UnitPoint.named.keys.sorted().joined(separator: ", "))
        }
        return unit
    }

    /// A node's content, laid out in `rect` (model values) and drawn in `drawn` (its animated frame).
    func renderContent(_ node: Node, in rect: Rect, drawn: Rect, proposal: Proposal, _ scope: ComposeScope,
                       _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        switch node.kind {
        case .shape(let shape):
            var shapeScope = scope
            if drawn.size != rect.size {
                // A shape's path is computed in the rectangle it is drawn in, as SwiftUI's `path(in:)`.
                shapeScope = try nodeScope(node, scope, w: drawn.width, h: drawn.height, origin: drawn.origin)
            }
            guard case .shape(var item)? = try renderShape(node, shape, in: drawn, shapeScope, env).first else { return [] }
            // Path commands are counted as they are built; the built-in shapes here.
            if case .path = shape.geometry {} else {
                try scope.work.addPoints(item.path.elements.count, at: node.path, time: scope.timeLabel)
            }
            item.source = "\(node.path)"
            return [.shape(item)]
        case .text(let text):
            var resolved = try textRuns(node, text, scope, env)
            if scope.attributes.isActive {
                // A run's own colour is an attribute of the text view; runs without one show the foreground.
                for (index, run) in text.runs.enumerated() where run.color != nil {
                    resolved[index].color = scope.animated(node, "run\(index).color", resolved[index].color)
                }
            }
            let runs = try fittedRuns(text, resolved, width: proposal.width, scope)
            if scope.attributes.inspecting, let id = try inspectedID(node, scope) {
                inspectText(id, runs.map(\.text).joined(), scope)
            }
            if let transition = text.contentTransition, let change = try contentChange(text, transition, node: node, scope) {
                try scope.work.addText(runs.reduce(0) { $0 + $1.text.unicodeScalars.count }, at: node.path, time: scope.timeLabel)
                return Self.stamping(try contentTransitionItems(transition, change, runs: runs, node: node, text: text,
                                                                in: drawn, scope), Self.place(of: node, text))
            }
            guard !runs.allSatisfy({ $0.text.isEmpty }) else { return [] }
            try scope.work.addText(runs.reduce(0) { $0 + $1.text.unicodeScalars.count }, at: node.path, time: scope.timeLabel)
            // Text is not animatable: it keeps its laid-out width (no re-wrapping at in-between sizes)
            // and moves with its frame.
            let item = { (runs: [TextRun]) in
                DisplayItem.text(TextItem(runs: runs, origin: drawn.origin, width: rect.width + 0.02,
                                          alignment: self.alignment(text), lineLimit: text.lineLimit,
                                          source: Self.place(of: node, text)))
            }
            if case .interpolate? = text.contentTransition, scope.attributes.isActive, runs.count == 1 {
                let model = try text.runs[0].font.map { f throws(SceneError) in try resolve(f, scope, env.font) } ?? env.font
                let weight = Self.interpolatedWeight(scope.animated(node, "run0.fontWeight", Double(model.weight.value)))
                if weight.mix > 0, weight.mix < 1 {
                    // The lighter weight, with the heavier fading in over it; each stretched across to the
                    // width between theirs, so that their glyphs coincide as a morph's would.
                    var lighter = runs, heavier = runs
                    lighter[0].font.weight = weight.lower
                    heavier[0].font.weight = weight.upper
                    func width(_ runs: [TextRun]) -> Double {
                        measurer.measure(runs, width: nil, alignment: .leading, lineLimit: text.lineLimit).width
                    }
                    let (a, b) = (width(lighter), width(heavier))
                    let target = a + (b - a) * weight.mix
                    func stretched(_ runs: [TextRun], _ w: Double, opacity: Double) -> DisplayItem {
                        let sx = w > 0 ? target / w : 1
                        return .group(GroupItem(transform: Transform.scale(sx, 1).about(drawn.origin), opacity: opacity,
                                                children: [item(runs)]))
                    }
                    return [stretched(lighter, a, opacity: 1), stretched(heavier, b, opacity: weight.mix)]
                }
            }
            return [item(runs)]
        case .spacer:
            return []
        case .instance(let instance):
            let (body, inner) = try instanceScope(node, instance, scope)
            return try render(body, in: rect, proposal: proposal, inner, env)
        case .stack, .control:
            let stack: StackSpec
            switch node.kind {
            case .control(let control): stack = controlBody(node, control, env)
            case .stack(let spec): stack = spec
            default: return []
            }
            let layout = try StackLayout(composer: self, stack: stack, scope: scope, env: env)
            var items: [DisplayItem] = []
            for placed in try inZOrder(try layout.place(in: rect, proposal: proposal), scope) {
                items += try render(placed, scope, env)
            }
            return items
        case .image(let image):
            return try renderImage(image, in: drawn)
        case .symbol(let symbol):
            return try renderSymbol(node, symbol, in: drawn, scope, env)
        case .canvas(let canvas):
            return try renderCanvas(node, canvas, in: drawn, scope, env)
        case .scrollView(let scroll):
            return try renderScrollView(node, scroll, in: rect, drawn: drawn, scope, env)
        case .slot(let name, _):
            guard let (view, caller) = scope.slotScope(name) else { return [] }
            return try render(view, in: rect, proposal: proposal, caller, env)
        }
    }

    /// Scale and rotation about the anchor, then the 3D rotation, then offset, then opacity: one group
    /// when any is set. Each is an attribute of the node (`rotation`, `scale`, `rotation3D`, `offset`,
    /// `opacity`).
    func applyEffects(_ node: Node, to items: [DisplayItem], in rect: Rect, _ scope: ComposeScope,
                      env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        let effects = node.effects
        var (sx, sy) = (try scope.number(effects.scaleX, default: 1), try scope.number(effects.scaleY, default: 1))
        var degrees = try scope.number(effects.rotation, default: 0)
        var (dx, dy) = (try scope.number(effects.offsetX, default: 0), try scope.number(effects.offsetY, default: 0))
        var opacity = try scope.number(effects.opacity, default: 1)
        if scope.attributes.isActive {
            if effects.scaleX != nil || effects.scaleY != nil {
                let scale = scope.animated(node, "scale", [sx, sy])
                (sx, sy) = (scale[0], scale[1])
            }
            if effects.rotation != nil { degrees = scope.animated(node, "rotation", degrees) }
            if effects.offsetX != nil || effects.offsetY != nil {
                let offset = scope.animated(node, "offset", [dx, dy])
                (dx, dy) = (offset[0], offset[1])
            }
            if effects.opacity != nil { opacity = scope.animated(node, "opacity", opacity) }
        }
        opacity = min(1, max(0, opacity))
        let turn = try effects.rotation3D.map { spec throws(SceneError) in try rotation3DValues(node, spec, scope) }
        if scope.attributes.inspecting, let id = try inspectedID(node, scope) {
            try inspectEffects(id, node, rotation: degrees, scale: [sx, sy], offset: [dx, dy],
                               opacity: opacity, frame: rect, rotation3D: turn, env: env, scope)
        } else if scope.attributes.inspecting, node.isModifierEntry, let id = try inspectedID(wrappedView(node), scope) {
            // An entry of "modifiers" around a view with an id: the view shows what the entry does too.
            scope.attributes.amendInspected(id) { view in
                view.rotation += degrees
                view.scale = (view.scale.x * sx, view.scale.y * sy)
                view.offset = (view.offset.x + dx, view.offset.y + dy)
                view.opacity *= opacity
            }
        }
        var items = items
        if effects.blur != nil || effects.shadow != nil { items = try applyFilters(node, to: items, scope) }
        let anchor = Point(rect.minX + effects.anchor.x * rect.width, rect.minY + effects.anchor.y * rect.height)
        var transform = Transform.identity
        if sx != 1 || sy != 1 { transform = transform.concatenating(Transform.scale(sx, sy).about(anchor)) }
        if degrees != 0 { transform = transform.concatenating(Transform.rotation(degrees * .pi / 180).about(anchor)) }
        var projection: ProjectionTransform?
        if let spec = effects.rotation3D, let values = turn, let rotated = rotation3D(spec, values, in: rect) {
            projection = ProjectionTransform(transform).concatenating(rotated)
            transform = .identity
        }
        if dx != 0 || dy != 0 { transform = transform.concatenating(.translation(dx, dy)) }
        if opacity <= 0 { return [] }
        if let p = projection, p.isAffine {
            // A turn about the z axis, or no perspective: an affine transform Cairo draws directly.
            transform = p.affine.concatenating(transform)
            projection = nil
        }
        if transform.isIdentity && projection == nil && opacity >= 1 { return items }
        var group = GroupItem(transform: transform, projection: projection, opacity: opacity, children: items)
        group.source = projection != nil ? "\(node.path.appending("rotation3D"))" : "\(node.path)"
        return [.group(group)]
    }

    /// The view the wrappers of its `"modifiers"` entries hold, inside `node`.
    func wrappedView(_ node: Node) -> Node {
        var view = node
        while view.isModifierEntry, case .stack(let stack) = view.kind, let child = stack.children.first { view = child }
        return view
    }

    /// A `rotation3D`'s values, the attribute `rotation3D`: [angle, axis x, y, z, anchorZ, perspective],
    /// so an animated turn interpolates them, as SwiftUI's `animatableData` does.
    func rotation3DValues(_ node: Node, _ spec: Rotation3DSpec, _ scope: ComposeScope) throws(SceneError) -> [Double] {
        var values = [try scope.number(spec.angle)]
        for component in spec.axis { values.append(try scope.number(component)) }
        values += [try scope.number(spec.anchorZ, default: 0), try scope.number(spec.perspective, default: 1)]
        return scope.attributes.isActive ? scope.animated(node, "rotation3D", values) : values
    }

    /// `.rotation3DEffect(...)` with `values` (see `rotation3DValues`) of a view drawn in `rect`, in the
    /// parent's coordinates, or nil when it is the identity (a whole turn, anchorZ 0) or not finite.
    func rotation3D(_ spec: Rotation3DSpec, _ values: [Double], in rect: Rect) -> ProjectionTransform? {
        guard values.allSatisfy(\.isFinite) else { return nil }
        // A whole turn with the anchor in the view's plane is no effect (off the plane, the view stays
        // farther from or nearer to the eye, so it is smaller or larger).
        if values[0].truncatingRemainder(dividingBy: 360) == 0, values[4] == 0 { return nil }
        let local = ProjectionTransform.rotation3D(
            radians: values[0] * .pi / 180, axis: (values[1], values[2], values[3]),
            anchor: Point(spec.anchor.x * rect.width, spec.anchor.y * rect.height), anchorZ: values[4],
            perspective: values[5], size: rect.size)
        // The effect works in the view's own space (origin at its top-left).
        return ProjectionTransform(.translation(-rect.minX, -rect.minY)).concatenating(local)
            .concatenating(ProjectionTransform(.translation(rect.minX, rect.minY)))
    }

    /// `.blur(radius:)` then `.shadow(...)`, inside the scale, rotation, offset and opacity. Radii, the
    /// shadow's offset and its colour are attributes (`blur`, `shadow`, `shadow.color`).
    func applyFilters(_ node: Node, to items: [DisplayItem], _ scope: ComposeScope) throws(SceneError) -> [DisplayItem] {
        var items = items
        if let blur = node.effects.blur {
            let radius = max(0, scope.animated(node, "blur", [try scope.number(blur)])[0])
            if radius > 0 { items = [.group(GroupItem(filter: .blur(sigma: radius), children: items, source: "\(node.path)"))] }
        }
        if let shadow = node.effects.shadow {
            let values = scope.animated(node, "shadow", [try scope.number(shadow.radius), try scope.number(shadow.x, default: 0),
                                                         try scope.number(shadow.y, default: 0)])
            var color = Color(red: 0, green: 0, blue: 0, alpha: 0.33)
            if let binding = shadow.color { color = scope.animated(node, "shadow.color", Self.color(try scope.color(binding))) }
            items = [.group(GroupItem(filter: .shadow(color: color, sigma: max(0, values[0]), x: values[1], y: values[2]),
                                      children: items, source: "\(node.path)"))]
        }
        return items
    }

    func renderShape(_ node: Node, _ shape: ShapeSpec, in rect: Rect, _ scope: ComposeScope,
                     _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        var path = try shapePath(shape.geometry, in: rect, scope, node: node, name: "cornerRadius")
        if let trim = shape.trim {
            // `.trim(from:to:)`: the fractions are an attribute, so an animated trim sweeps along the path.
            let ends = scope.animated(node, "trim", [try scope.number(trim.from, default: 0),
                                                     try scope.number(trim.to, default: 1)])
            path = path.trimmed(from: ends[0], to: ends[1])
        }
        let fill = try shape.fill.map { p throws(SceneError) in Fill(paint: try paint(p, scope, env, in: rect, node: node, name: "fill")) }
        var stroke: Stroke?
        if let s = shape.stroke {
            var width = try scope.number(s.lineWidth)
            guard width >= 0 else {
                throw SceneError(path: s.lineWidth.path, location: s.lineWidth.location,
                                 message: "\(scope.timeLabel): a line width cannot be negative (\(NumberFormat.shortest(width)))")
            }
            width = max(0, scope.animated(node, "lineWidth", width))
            var dash: [Double] = []
            for d in s.dash { dash.append(try scope.number(d)) }
            stroke = Stroke(paint: try paint(s.paint, scope, env, in: rect, node: node, name: "stroke"), lineWidth: width,
                            lineCap: s.lineCap.drawn, lineJoin: s.lineJoin.drawn,
                            dash: dash)
        }
        return [.shape(ShapeItem(path: path, fill: fill, stroke: stroke))]
    }

    /// A paint; gradients are placed in `rect`, the rectangle the shape is drawn in. A colour is the
    /// attribute `name` of `node`; a gradient's stops are `name.stop0`, `name.stop1`...
    func paint(_ spec: PaintSpec, _ scope: ComposeScope, _ env: LayoutEnvironment, in rect: Rect,
               node: Node, name: String) throws(SceneError) -> Paint {
        switch spec {
        case .foreground: return .color(env.foreground)
        case .color(let binding): return .color(scope.animated(node, name, Self.color(try scope.color(binding))))
        case .gradient(let gradient): return try gradientPaint(gradient, in: rect, scope, node: node, name: name)
        }
    }

    /// A shape's path commands evaluated in the node's own coordinates (0, 0, w, h).
    func buildPath(_ commands: [PathCommand], _ scope: ComposeScope) throws(SceneError) -> Path {
        var path = Path()
        for command in commands {
            var v: [Double] = []
            for (i, arg) in command.arguments.enumerated()
            where !(command.kind == .arc && i == 5) && !(command.kind == .plot && i == 3) {
                v.append(try scope.number(arg))
            }
            if command.kind != .plot { try scope.work.addPoints(1, at: command.path, time: scope.timeLabel) }
            switch command.kind {
            case .move: path.move(to: Point(v[0], v[1]))
            case .line: path.addLine(to: Point(v[0], v[1]))
            case .quad: path.addQuadCurve(to: Point(v[2], v[3]), control: Point(v[0], v[1]))
            case .cubic: path.addCurve(to: Point(v[4], v[5]), control1: Point(v[0], v[1]), control2: Point(v[2], v[3]))
            case .arc:
                let clockwise = try scope.bool(command.arguments[5])
                path.addArc(center: Point(v[0], v[1]), radius: max(0, v[2]), startAngle: v[3] * .pi / 180,
                            endAngle: v[4] * .pi / 180, clockwise: clockwise)
            case .close: path.closeSubpath()
            case .plot: try plot(command, from: v[0], through: v[1], step: v[2], scope, into: &path)
            }
        }
        return path
    }

    /// The most points one plot command may sample.
    static let maxPlotSamples = 100_000

    /// Lines through (x, y(x)) for x = from, from + step, ... while x <= through (with a tolerance of a
    /// millionth of a step, so `through` is reached despite rounding), as the tutorials' for-loops do.
    func plot(_ command: PathCommand, from: Double, through: Double, step: Double, _ scope: ComposeScope,
              into path: inout Path) throws(SceneError) {
        let stepBinding = command.arguments[2], yBinding = command.arguments[3]
        guard step > 0, step.isFinite else {
            throw SceneError(path: stepBinding.path, location: stepBinding.location,
                             message: "a plot's step must be more than 0, got \(step)")
        }
        guard from.isFinite, through.isFinite else {
            throw SceneError(path: command.path, message: "a plot's x range must be finite numbers")
        }
        let count = through < from ? 0 : Int(((through - from) / step + 1e-6).rounded(.down)) + 1
        guard count <= Self.maxPlotSamples else {
            throw SceneError(path: command.path,
                             message: "a plot samples \(count) points, more than \(Self.maxPlotSamples); use a larger step")
        }
        try scope.work.addPoints(count, at: command.path, time: scope.timeLabel)
        // Only x changes from sample to sample: what does not read it is computed once (`folded`).
        var y = yBinding
        if count > 1, case .expression(let expression) = yBinding.source {
            y.source = .expression(expression.folded(in: scope, keeping: ["x"]))
        }
        var sample = PlotScope(base: scope, x: 0)
        for i in 0..<count {
            let x = from + Double(i) * step
            sample.x = x
            guard case .number(let value) = try y.evaluate(in: sample, when: scope.timeLabel) else {
                throw SceneError(path: y.path, location: y.location, message: "expected a number")
            }
            path.addLine(to: Point(x, value))
        }
    }
}

/// A plot's scope at one sample: `x`, then the names of the scope the plot is in.
struct PlotScope: Scope {
    let base: ComposeScope
    var x: Double

    func value(of name: String) -> Value? {
        name == "x" ? .number(x) : base.value(of: name)
    }

    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? {
        try base.callFunction(name, arguments)
    }

    func callFunction(_ name: String, _ arguments: [Value], labels: [String?]) throws -> Value? {
        try base.callFunction(name, arguments, labels: labels)
    }

    var knownNames: [String] { ["x"] + base.knownNames.filter { $0 != "x" } }
}

extension StrokeCap {
    /// The display list's cap that draws this one.
    var drawn: LineCap {
        switch self {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }
}

extension StrokeJoin {
    /// The display list's join that draws this one.
    var drawn: LineJoin {
        switch self {
        case .miter: return .miter
        case .round: return .round
        case .bevel: return .bevel
        }
    }
}
