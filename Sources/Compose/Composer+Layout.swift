import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// Sizing: how big a view wants to be for a proposal.
extension Composer {
    /// The scope inside a node: its `let`s evaluated with the node's size (and its position, when drawing).
    func nodeScope(_ node: Node, _ outer: ComposeScope, w: Double, h: Double,
                   origin: Point = .zero) throws(SceneError) -> ComposeScope {
        var scope = outer.sized(w, h)
        scope.minX = origin.x
        scope.minY = origin.y
        // A `forEach` item's view (its path ends with its id): the instances inside keep their state by it.
        if node.ownsAttributes {
            scope.phaseItem = scope.item == nil ? node.path.description + "/" : ""
            scope.item = (node.path.description, node.path)
        }
        if let animator = node.phaseAnimator {
            // In a `forEach`'s content each item runs its own animator, its phase under the item's key (as
            // the simulator keeps it: `PhaseWatcher.itemKey`); in a row's body the context holds the row's.
            let key = animator.stateKey(prefix: scope.context.prefix + scope.phaseItem)
            let phase = scope.snapshot.values[key] ?? animator.phases[0]
            scope.lets[animator.name] = phase
            // The phase is its state variable's value: what reads the history (a symbol effect's value) sees it change.
            var stateLets = scope.modelNames?.stateLets ?? [:]
            stateLets[animator.name] = (key, phase)
            scope.modelNames = ComposeScope.ModelNames(arguments: scope.modelNames?.arguments ?? [:],
                                                       caller: scope.modelNames?.caller, stateLets: stateLets)
        }
        if let animator = node.keyframeAnimator { scope.lets[animator.name] = try keyframeValue(animator, scope) }
        if let timeline = node.timelineView { scope.lets[timeline.name] = try timelineContext(timeline, scope) }
        for (name, binding) in node.lets { scope.lets[name] = try scope.evaluate(binding) }
        return scope
    }

    /// The environment inside a node.
    func nodeEnvironment(_ node: Node, _ scope: ComposeScope, _ outer: LayoutEnvironment) throws(SceneError) -> LayoutEnvironment {
        var env = outer
        if let fg = node.style.foregroundColor {
            env.foreground = Self.color(try scope.color(fg))
            env.setsForeground = true
            // A foreground of one colour replaces an outer palette, as SwiftUI's `.foregroundStyle(_:)` does.
            env.palette = []
        }
        if let palette = node.modifierValues[SymbolPalette.self] {
            env.palette = []
            for (index, level) in palette.dropFirst().enumerated() {
                env.palette.append(scope.animated(node, "palette\(index + 1)", Self.color(try scope.color(level))))
            }
        }
        if let font = node.style.font { env.font = try resolve(font, scope, env.font) }
        if let imageScale = node.style.imageScale { env.imageScale = imageScale }
        if env.isEnabled, let disabled = node.disabled, try scope.bool(disabled) { env.isEnabled = false }
        return env
    }

    func resolve(_ spec: FontSpec, _ scope: ComposeScope, _ base: Font) throws(SceneError) -> Font {
        var font = applyingStyleAndDesign(spec, to: base)
        if let family = spec.family { font.family = try scope.string(family) }
        if let size = spec.size {
            let s = try scope.number(size)
            guard s > 0, s <= 2_000 else { throw SceneError(path: size.path, location: size.location, message: "a font size must be between 0 and 2000, got \(s)") }
            font.size = s
        }
        if let weight = spec.weight {
            let name = try scope.string(weight)
            guard let w = FontWeight(rawValue: name) else {
                throw SceneError(path: weight.path, location: weight.location, message: "unknown font weight \"\(name)\"")
            }
            font.weight = w
        }
        if let italic = spec.italic { font.italic = try scope.bool(italic) }
        return font
    }

    /// The size a node takes for `proposal`, its frame and padding included.
    func measure(_ node: Node, _ proposal: Proposal, _ parent: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> Size {
        let parent = LeavingState.scope(node, parent)
        if let size = parent.measured.size(of: node, proposal, parent, env) { return size }
        let size = try measureNode(node, proposal, parent, env)
        parent.measured.store(size, of: node, proposal, parent, env)
        return size
    }

    func measureNode(_ node: Node, _ proposal: Proposal, _ parent: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> Size {
        var parent = parent
        if let presence = node.presence {
            guard let found = try layoutPresence(presence, parent) else { return .zero }
            // A view being removed is measured as it was drawn, with the values before its removal.
            parent = try presenceScope(presence, found.phase, parent)
        }
        // Frame and padding see the size offered to the node, like a GeometryReader around it.
        let outer = parent.sized(proposal.width ?? 0, proposal.height ?? 0)
        let insets = try paddingInsets(node, outer)
        let frame = try frameValues(node, outer)
        let inner = try contentProposal(node, proposal, outer, insets)
        let content = try measureContent(node, inner, parent, env)
        var size = content
        if let fw = frame.width { size.width = fw }
        if let fh = frame.height { size.height = fh }
        // Flexible frames: as wide as offered (less padding) within [min, max], else the content's size clamped.
        let availableWidth = proposal.width.map { max(0, $0 - insets.leading - insets.trailing) }
        let availableHeight = proposal.height.map { max(0, $0 - insets.top - insets.bottom) }
        if frame.width == nil, frame.minWidth != nil || frame.maxWidth != nil {
            let target = frame.maxWidth.map { limit in min(limit, availableWidth ?? content.width) } ?? content.width
            size.width = max(frame.minWidth ?? 0, target)
        }
        if frame.height == nil, frame.minHeight != nil || frame.maxHeight != nil {
            let target = frame.maxHeight.map { limit in min(limit, availableHeight ?? content.height) } ?? content.height
            size.height = max(frame.minHeight ?? 0, target)
        }
        return Size(size.width + insets.leading + insets.trailing, size.height + insets.top + insets.bottom)
    }

    /// What a node's content is offered: the proposal less padding, replaced or capped by the frame.
    func contentProposal(_ node: Node, _ proposal: Proposal, _ outer: ComposeScope, _ insets: Insets) throws(SceneError) -> Proposal {
        var inner = Proposal(width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                             height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
        let frame = try frameValues(node, outer)
        if let fw = frame.width { inner.width = fw }
        if let fh = frame.height { inner.height = fh }
        if let maxW = frame.maxWidth, let w = inner.width { inner.width = min(w, maxW) }
        if let maxH = frame.maxHeight, let h = inner.height { inner.height = min(h, maxH) }
        return inner
    }

    /// The size of a node's content (inside its frame and padding).
    func measureContent(_ node: Node, _ proposal: Proposal, _ outer: ComposeScope, _ outerEnv: LayoutEnvironment) throws(SceneError) -> Size {
        let scope = try nodeScope(node, outer, w: proposal.width ?? 0, h: proposal.height ?? 0)
        let env = try nodeEnvironment(node, scope, outerEnv)
        switch node.kind {
        case .shape:
            // Shapes take what they are offered (SwiftUI's default of 10 when nothing is).
            return Size(proposal.width ?? 10, proposal.height ?? 10)
        case .spacer(let minLength):
            let m = try scope.number(minLength, default: 8)
            return Size(max(m, 0), max(m, 0))
        case .text(let text):
            // Laid out at the model's font: the frame animates as an attribute of its own.
            let runs = try fittedRuns(text, try textRuns(node, text, scope, env, animating: false), width: proposal.width, scope)
            let width = proposal.width.map { $0 + 0.01 }
            return measurer.measure(runs, width: width, alignment: alignment(text), lineLimit: text.lineLimit)
        case .instance(let instance):
            let (body, inner) = try instanceScope(node, instance, scope)
            return try measure(body, proposal, inner, env)
        case .stack(let stack):
            return try StackLayout(composer: self, stack: stack, scope: scope, env: env).size(for: proposal)
        case .control(let control):
            return try StackLayout(composer: self, stack: controlBody(node, control, env), scope: scope, env: env).size(for: proposal)
        case .image(let image):
            return try imageSize(image, proposal)
        case .symbol(let symbol):
            return try symbolImage(symbol, scope, env).size
        case .canvas:
            // A canvas takes what it is offered, as a shape does.
            return Size(proposal.width ?? 10, proposal.height ?? 10)
        case .scrollView(let scroll):
            return try scrollViewSize(scroll, proposal, scope, env)
        case .slot(let name, _):
            // The passed views, measured with the caller's names (the validator saw them passed).
            guard let (view, caller) = scope.slotScope(name) else { return .zero }
            return try measure(view, proposal, caller, env)
        }
    }

    func alignment(_ text: TextSpec) -> TextAlignment {
        text.alignment.drawn
    }

    /// A text's runs with their fonts and colours resolved; under `.contentTransition(.interpolate)`, when
    /// `animating`, each run's font size and weight are attributes that animate (the weight given as the
    /// nearest one here, see `interpolatedWeight`).
    func textRuns(_ node: Node, _ text: TextSpec, _ scope: ComposeScope, _ env: LayoutEnvironment,
                  animating: Bool = true) throws(SceneError) -> [TextRun] {
        var runs: [TextRun] = []
        for (index, run) in text.runs.enumerated() {
            var font = try run.font.map { f throws(SceneError) in try resolve(f, scope, env.font) } ?? env.font
            if animating, case .interpolate? = text.contentTransition, scope.attributes.isActive {
                font.size = max(0, scope.animated(node, "run\(index).fontSize", font.size))
                font.weight = Self.interpolatedWeight(scope.animated(node, "run\(index).fontWeight", Double(font.weight.value))).nearest
            }
            let color = try run.color.map { c throws(SceneError) in Self.color(try scope.color(c)) } ?? env.foreground
            runs.append(TextRun(text: try scope.string(run.text), font: font, color: color,
                                baselineOffset: try scope.number(run.baselineOffset, default: 0)))
        }
        return runs
    }

    /// The body of a component instance and the scope inside it, with its parameters evaluated here.
    ///
    /// Parameters the component declares `animatable` are attributes of the instance: the body sees their
    /// animated values (SwiftUI's `animatableData`); the others take their new values at once.
    func instanceScope(_ node: Node, _ instance: InstanceSpec, _ scope: ComposeScope) throws(SceneError) -> (Node, ComposeScope) {
        guard let component = scene.components[instance.component] else {
            throw SceneError(path: node.path, message: "unknown component \"\(instance.component)\"")
        }
        // Inside a forEach item, an instance with state keeps it per item, as the simulator keys it.
        var place: InstanceContext.ItemPlace?
        if scope.context.item != nil || scope.item != nil, scene.statefulComponent(component) != nil {
            if scope.context.item != nil {
                place = .nested(part: node.path.description)
            } else if let item = scope.item {
                place = .root(forEach: item.path, part: node.path == item.path ? "" : "/" + node.path.description, itemKey: item.key)
            }
        }
        let context = InstanceContext(component: component, instance: instance, id: node.id, parent: scope.context, item: place)
        var parameters: [String: Value] = [:], arguments: [String: Binding] = [:]
        for (name, defaultValue) in component.parameters {
            if let argument = instance.arguments.first(where: { $0.name == name }) {
                parameters[name] = try scope.evaluate(argument.value)
                arguments[name] = argument.value
            } else if let defaultValue {
                parameters[name] = try scope.evaluate(defaultValue)
                arguments[name] = defaultValue
            }
        }
        if scope.attributes.isActive {
            for name in component.animatable {
                guard let value = parameters[name], let vector = AttributeVector.components(value) else { continue }
                let shown = scope.attributes.resolveParameter(scope.key(node, "param." + name), vector,
                                                              animation: scope.effectiveAnimation)
                parameters[name] = AttributeVector.value(shown, like: value)
            }
        }
        var inner = ComposeScope(composition: scope.composition, context: context, parameters: parameters)
        if !arguments.isEmpty { inner.modelNames = ComposeScope.ModelNames(arguments: arguments, caller: scope, stateLets: [:]) }
        if !instance.views.isEmpty { inner.slots = ComposeScope.SlotContent(views: instance.views, caller: scope) }
        inner.implicitAnimation = scope.implicitAnimation
        inner.space = scope.space
        inner.removedAt = scope.removedAt
        if scope.attributes.isActive || scope.attributes.inspecting {
            inner.uses = scope.uses + [node.path]
        }
        return (component.body, inner)
    }

    struct Insets {
        var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0
    }

    func paddingInsets(_ node: Node, _ scope: ComposeScope) throws(SceneError) -> Insets {
        guard let p = node.padding else { return Insets() }
        return Insets(top: try scope.number(p.top, default: 0), leading: try scope.number(p.leading, default: 0),
                      bottom: try scope.number(p.bottom, default: 0), trailing: try scope.number(p.trailing, default: 0))
    }

    struct FrameValues {
        var width: Double?, height: Double?, minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    }

    func frameValues(_ node: Node, _ scope: ComposeScope) throws(SceneError) -> FrameValues {
        guard let f = node.frame else { return FrameValues() }
        func n(_ b: Binding?) throws(SceneError) -> Double? {
            guard let b else { return nil }
            let v = try scope.number(b)
            guard v >= 0 else { throw SceneError(path: b.path, location: b.location, message: "\(scope.timeLabel): a frame size cannot be negative (\(NumberFormat.shortest(v)))") }
            return v
        }
        return FrameValues(width: try n(f.width), height: try n(f.height), minWidth: try n(f.minWidth),
                           maxWidth: try n(f.maxWidth), minHeight: try n(f.minHeight), maxHeight: try n(f.maxHeight))
    }
}

extension MultilineAlignment {
    /// The display list's alignment that draws this one.
    var drawn: TextAlignment {
        switch self {
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }
}
