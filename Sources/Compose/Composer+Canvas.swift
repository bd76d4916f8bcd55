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
        /// Names the clip chain: the operation count at the last `clip(to:)` (0: none), so that draws under
        /// the same clips are told apart from draws under other clips without comparing paths.
        var clipID = 0
        var scope: ComposeScope
    }

    /// The items a canvas draws. Consecutive draws under the same transform and clips are gathered into one
    /// group (in one clip group per clip), so a canvas that clips many times and then draws many times nests
    /// its clips once, not once per draw.
    struct CanvasOutput {
        private(set) var items: [DisplayItem] = []
        private var pending: [DisplayItem] = []
        private var pendingContext: (clipID: Int, transform: Transform, clips: [Path], source: JSONPath)?

        /// `item` drawn through the context's transform and inside its clips.
        mutating func draw(_ item: DisplayItem, _ context: CanvasContext, source: JSONPath) {
            if let open = pendingContext, open.clipID == context.clipID, open.transform == context.transform {
                pending.append(item)
                return
            }
            flush()
            pending = [item]
            pendingContext = (context.clipID, context.transform, context.clips, source)
        }

        /// Items already final (a layer's).
        mutating func append(contentsOf finished: [DisplayItem]) {
            flush()
            items += finished
        }

        /// The items, with the last gathered draws.
        mutating func finish() -> [DisplayItem] {
            flush()
            return items
        }

        private mutating func flush() {
            guard let open = pendingContext, !pending.isEmpty else { return }
            var drawn = pending
            if !open.transform.isIdentity {
                drawn = [.group(GroupItem(transform: open.transform, children: drawn, source: "\(open.source)"))]
            }
            for clip in open.clips.reversed() { drawn = [.group(GroupItem(clip: clip, children: drawn, source: "\(open.source)"))] }
            items += drawn
            pending = []
            pendingContext = nil
        }
    }

    func renderCanvas(_ node: Node, _ canvas: CanvasSpec, in rect: Rect, _ scope: ComposeScope,
                      _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        // The compositions that plan a transaction's animations keep attributes, not drawings, and a
        // canvas's commands are no attributes (a Canvas closure is not Animatable): skip running them.
        guard !scope.attributes.recording else { return [] }
        var context = CanvasContext(scope: scope.sized(rect.width, rect.height))
        var operations = 0
        var output = CanvasOutput()
        try runCanvas(canvas.commands, &context, env, &operations, node, into: &output)
        let items = output.finish()
        guard !items.isEmpty else { return [] }
        return [.group(GroupItem(transform: .translation(rect.minX, rect.minY),
                                 clip: .rect(Rect(x: 0, y: 0, width: rect.width, height: rect.height)),
                                 children: items, source: "\(node.path)"))]
    }

    /// Runs `commands`; the names a `let` adds end with the list, the context's other changes stay.
    func runCanvas(_ commands: [CanvasCommand], _ context: inout CanvasContext, _ env: LayoutEnvironment,
                   _ operations: inout Int, _ node: Node, into output: inout CanvasOutput) throws(SceneError) {
        let names = context.scope.lets
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
                output.draw(.shape(shape), context, source: at)
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
                                    lineCap: cap.drawn, lineJoin: join.drawn, dash: dash)
                output.draw(.shape(ShapeItem(path: try canvasPath(path, scope, at: at), stroke: stroke, source: "\(at)")),
                            context, source: at)
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
                output.draw(.text(TextItem(runs: runs, origin: origin, width: size.width + 0.02,
                                           source: SourcePlace(path: "\(jsonPath)", line: run.text.location.line,
                                                               column: run.text.location.column))),
                            context, source: jsonPath)
            case .clip(let path, let at):
                context.clips.append(try canvasPath(path, scope, at: at).applying(context.transform))
                context.clipID = operations
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
                    try runCanvas(body, &context, env, &operations, node, into: &output)
                }
                context.scope.lets = scope.lets
            case .layer(let body, let at):
                var inner = CanvasContext(transform: context.transform, opacity: 1, clips: context.clips,
                                          clipID: context.clipID, scope: scope)
                var layer = CanvasOutput()
                try runCanvas(body, &inner, env, &operations, node, into: &layer)
                let children = layer.finish()
                guard context.opacity > 0, !children.isEmpty else { continue }
                if context.opacity < 1 {
                    output.append(contentsOf: [.group(GroupItem(opacity: context.opacity, children: children, source: "\(at)"))])
                } else {
                    output.append(contentsOf: children)
                }
            }
        }
        context.scope.lets = names
    }

    /// A colour drawn with the context's opacity.
    func canvasColor(_ value: ColorValue, _ context: CanvasContext) -> Color {
        var color = Self.color(value)
        color.alpha *= context.opacity
        return color
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
