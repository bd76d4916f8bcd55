import DisplayList
import Expressions
import Geometry
import SceneFormat

/// `Canvas { context, size in ... }`: the commands run in order on a graphics context, in the canvas's
/// own coordinates; each fill, stroke or text becomes a display item through the context's transform at
/// that moment, its colour's alpha multiplied by the context's opacity. The canvas clips to its frame.
extension Composer {
    /// The `GraphicsContext` state the commands change: transform (from the commands' coordinates to the
    /// canvas's), opacity, and the names `let` and `repeat` add.
    struct CanvasContext {
        var transform = Transform.identity
        var opacity = 1.0
        /// `clip(to:)` paths, in the canvas's coordinates, outermost first.
        var clips: [Path] = []
        var scope: ComposeScope
    }

    func renderCanvas(_ node: Node, _ canvas: CanvasSpec, in rect: Rect, _ scope: ComposeScope,
                      _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        // The compositions that plan a transaction's animations keep attributes, not drawings, and a
        // canvas's commands are no attributes (a Canvas closure is not Animatable): skip running them.
        guard !scope.attributes.recording else { return [] }
        var context = CanvasContext(scope: scope.sized(rect.width, rect.height))
        var operations = 0
        let items = try runCanvas(canvas.commands, &context, env, &operations, node)
        guard !items.isEmpty else { return [] }
        return [.group(GroupItem(transform: .translation(rect.minX, rect.minY),
                                 clip: .rect(Rect(x: 0, y: 0, width: rect.width, height: rect.height)),
                                 children: items, source: "\(node.path)"))]
    }

    /// Runs `commands`; the names a `let` adds end with the list, the context's other changes stay.
    func runCanvas(_ commands: [CanvasCommand], _ context: inout CanvasContext, _ env: LayoutEnvironment,
                   _ operations: inout Int, _ node: Node) throws(SceneError) -> [DisplayItem] {
        let names = context.scope.lets
        var items: [DisplayItem] = []
        for command in commands {
            operations += 1
            guard operations <= SceneLimits.maxCanvasOperations else {
                throw SceneError(path: node.path.appending("canvas"),
                                 message: "\(context.scope.timeLabel): the canvas runs more than \(SceneLimits.maxCanvasOperations) "
                                     + "drawing operations in one frame (repeats multiplied); the limit is \(SceneLimits.maxCanvasOperations)")
            }
            let scope = context.scope
            switch command {
            case .fill(let path, let color, let at):
                guard context.opacity > 0 else { continue }
                let shape = ShapeItem(path: try canvasPath(path, scope, at: at),
                                      fill: Fill(paint: .color(canvasColor(try scope.color(color), context))), source: "\(at)")
                append(.shape(shape), context, source: at, to: &items)
            case .stroke(let path, let color, let lineWidth, let cap, let join, let dashBindings, let at):
                let width = try scope.number(lineWidth)
                guard width >= 0 else {
                    throw SceneError(path: lineWidth.path, location: lineWidth.location,
                                     message: "\(scope.timeLabel): a line width cannot be negative (\(NumberFormat.shortest(width)))")
                }
                guard context.opacity > 0 else { continue }
                var dash: [Double] = []
                for d in dashBindings { dash.append(try scope.number(d)) }
                let stroke = Stroke(paint: .color(canvasColor(try scope.color(color), context)), lineWidth: width,
                                    lineCap: LineCap(rawValue: cap) ?? .butt, lineJoin: LineJoin(rawValue: join) ?? .miter, dash: dash)
                append(.shape(ShapeItem(path: try canvasPath(path, scope, at: at), stroke: stroke, source: "\(at)")),
                       context, source: at, to: &items)
            case .text(let run, let at, let anchor, let jsonPath):
                let font = try run.font.map { f throws(SceneError) in try resolve(f, scope, env.font) } ?? env.font
                var color = try run.color.map { c throws(SceneError) in Self.color(try scope.color(c)) } ?? env.foreground
                color.alpha *= context.opacity
                let runs = [TextRun(text: try scope.string(run.text), font: font, color: color)]
                let point = Point(try scope.number(at[0]), try scope.number(at[1]))
                guard context.opacity > 0, !runs[0].text.isEmpty else { continue }
                try scope.work.addText(runs[0].text.unicodeScalars.count, at: jsonPath, time: scope.timeLabel)
                let size = measurer.measure(runs, width: nil, alignment: .leading, lineLimit: nil)
                let origin = Point(point.x - anchor.x * size.width, point.y - anchor.y * size.height)
                append(.text(TextItem(runs: runs, origin: origin, width: size.width + 0.02)), context, source: jsonPath, to: &items)
            case .clip(let path, let at):
                context.clips.append(try canvasPath(path, scope, at: at).applying(context.transform))
            case .opacity(let binding):
                let value = try scope.number(binding)
                context.opacity = value.isFinite ? min(1, max(0, value)) : 0
            case .translate(let x, let y):
                context.transform = Transform.translation(try scope.number(x), try scope.number(y)).concatenating(context.transform)
            case .rotate(let degrees):
                context.transform = Transform.rotation(try scope.number(degrees) * .pi / 180).concatenating(context.transform)
            case .scale(let x, let y):
                context.transform = Transform.scale(try scope.number(x), try scope.number(y)).concatenating(context.transform)
            case .lets(let lets):
                for (name, binding) in lets { context.scope.lets[name] = try context.scope.evaluate(binding) }
            case .repeatCommands(let countBinding, let name, let body, _):
                let count = try scope.number(countBinding)
                guard count >= 0, count == count.rounded(), count <= Double(SceneLimits.maxCanvasRepeat) else {
                    throw SceneError(path: countBinding.path, location: countBinding.location,
                                     message: "\(scope.timeLabel): a repeat count must be a whole number from 0 to "
                                         + "\(SceneLimits.maxCanvasRepeat), got \(NumberFormat.shortest(count))")
                }
                for i in 0..<Int(count) {
                    if !name.isEmpty { context.scope.lets[name] = .number(Double(i)) }
                    items += try runCanvas(body, &context, env, &operations, node)
                }
                context.scope.lets = scope.lets
            case .layer(let body, let at):
                var inner = CanvasContext(transform: context.transform, opacity: 1, clips: context.clips, scope: scope)
                let children = try runCanvas(body, &inner, env, &operations, node)
                guard context.opacity > 0, !children.isEmpty else { continue }
                if context.opacity < 1 {
                    items.append(.group(GroupItem(opacity: context.opacity, children: children, source: "\(at)")))
                } else {
                    items += children
                }
            }
        }
        context.scope.lets = names
        return items
    }

    /// A colour drawn with the context's opacity.
    func canvasColor(_ value: ColorValue, _ context: CanvasContext) -> Color {
        var color = Self.color(value)
        color.alpha *= context.opacity
        return color
    }

    /// `item` drawn through the context's transform and inside its clips: joins the last item when that
    /// is a group with the same transform and no clips.
    /// (A layer drawn at full opacity adds its items, not a group, one drawn with less opacity and a clip
    /// are groups without a transform, so a group here with a transform and opacity 1 was made by this.)
    func append(_ item: DisplayItem, _ context: CanvasContext, source: JSONPath, to items: inout [DisplayItem]) {
        let transform = context.transform
        var drawn = item
        if !transform.isIdentity {
            if context.clips.isEmpty, case .group(var last)? = items.last, last.transform == transform, last.opacity == 1,
               last.clip == nil, last.projection == nil, last.mask == nil, last.filter == nil {
                last.children.append(item)
                items[items.count - 1] = .group(last)
                return
            }
            drawn = .group(GroupItem(transform: transform, children: [item], source: "\(source)"))
        }
        for clip in context.clips.reversed() { drawn = .group(GroupItem(clip: clip, children: [drawn], source: "\(source)")) }
        items.append(drawn)
    }

    /// A fill's or stroke's path in the commands' coordinates.
    func canvasPath(_ path: CanvasPath, _ scope: ComposeScope, at jsonPath: JSONPath) throws(SceneError) -> Path {
        switch path {
        case .commands(let commands):
            return try buildPath(commands, scope)
        case .shape(let shape, let rectBindings, let radiusBinding):
            var v: [Double] = []
            for b in rectBindings { v.append(try scope.number(b)) }
            guard v.allSatisfy(\.isFinite), v[2] >= 0, v[3] >= 0 else {
                throw SceneError(path: jsonPath,
                                 message: "\(scope.timeLabel): a rectangle needs finite numbers and a width and height of 0 or more, got "
                                     + v.map(NumberFormat.shortest).joined(separator: ", "))
            }
            let rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            let built: Path
            switch shape {
            case .ellipse: built = .ellipse(in: rect)
            case .circle: built = .circle(in: rect)
            case .rect: built = .rect(rect)
            case .capsule: built = .capsule(in: rect)
            case .roundedRect:
                let r = try scope.number(radiusBinding, default: 0)
                guard r >= 0, r.isFinite else {
                    throw SceneError(path: radiusBinding?.path ?? jsonPath,
                                     message: "\(scope.timeLabel): a corner radius must be 0 or more, got \(NumberFormat.shortest(r))")
                }
                built = .roundedRect(rect, cornerRadius: r)
            }
            try scope.work.addPoints(built.elements.count, at: jsonPath, time: scope.timeLabel)
            return built
        }
    }
}
