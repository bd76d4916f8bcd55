import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// A coordinate space: where its origin is in the layout computed from model values, and where it is
/// drawn once its view's frame has animated. A child's position is relative to its parent's space, so a
/// view moves with its parent and animates only its own change of place.
struct CoordinateSpace {
    var model = Point(0, 0)
    var drawn = Point(0, 0)
    /// Which view's space it is (`space` or `contentSpace` of the view), kept while the planner records
    /// (see `ViewAttributes.spaces`); nil otherwise.
    var id: AttributeKey?
}

/// A view drawn through the groups of its transition's effects (`Composer.render(_:through:...)`) is
/// drawn at its frame attribute, as when it is drawn without them: the outermost group takes the view's
/// `frame` (`pending`), so the effects act on the frame the view is drawn at (a scale's anchor, a mask),
/// and the groups inside it and the view are drawn where it puts them (`taken`), so the frame's offset is
/// added once, whether the groups are there (while the transition plays) or not. A view leaving through
/// its removal transition (`leaving`: the animation playing it) is drawn at the frame it was last laid
/// out at.
enum TransitionFrame {
    case pending(AttributeKey, leaving: Animation?)
    case taken(AttributeKey)

    var key: AttributeKey {
        switch self {
        case .pending(let key, _), .taken(let key): return key
        }
    }
}

/// The names a binding can read while a frame is composed: model values (see `Timeline.viewValue`),
/// parameters, `let`s, the node's proposed size (`w`, `h`) and the time (`t`, `time`).
struct ComposeScope: Scope {
    /// What stays the same over the whole composition, in one reference: scopes are copied for every
    /// view, and each reference-counted field costs a retain and a release per copy.
    final class Composition {
        let snapshot: StateSnapshot
        let globals: Set<String>
        /// Sizes measured so far in this frame.
        let measured: MeasureCache
        /// The drawing this frame has asked for so far.
        let work: FrameWork
        /// What the composition does with view attributes (see `ViewAttributes`).
        let attributes: ViewAttributes
        /// What views read from the model's history (see `PresentationIndex+History.swift`).
        let presentation: PresentationIndex

        init(snapshot: StateSnapshot, globals: Set<String>, measured: MeasureCache, work: FrameWork,
             attributes: ViewAttributes, presentation: PresentationIndex) {
            self.snapshot = snapshot
            self.globals = globals
            self.measured = measured
            self.work = work
            self.attributes = attributes
            self.presentation = presentation
        }
    }

    private(set) var composition: Composition
    let context: InstanceContext
    var parameters: [String: Value]
    var lets: [String: Value] = [:]
    var w: Double = 0
    var h: Double = 0
    /// The node's global position (`geo.frame(in: .global).minX/minY`); 0 while measuring.
    var minX: Double = 0
    var minY: Double = 0
    /// The paths of the component uses the node sits in (attribute keys; kept empty while attributes are
    /// inactive).
    var uses: [JSONPath] = []
    /// The animation an `.animation(_:value:)` above the node gives this transaction, if any.
    var implicitAnimation: ImplicitAnimation?
    /// The parent's coordinate space: where its origin is in the model layout and where it is drawn.
    var space = CoordinateSpace()
    /// Whether the node is inside a view being removed (drawn through its removal transition).
    var beingRemoved = false
    /// Inside a conditional view being removed: the time of the transaction that removed it. The
    /// conditional views and `forEach` items inside it keep the presence they had before then
    /// (`Composer.presencePhase`, `Composer.expandedChildren`).
    var removedAt: Double?
    /// The drawn frame of the innermost scroll view around the node (what `scrollTransition` measures
    /// against); nil outside any.
    var scrollViewport: Rect?
    /// Inside a component's body: the views its use passed for its view slots, with the caller's scope.
    var slots: SlotContent?
    /// Set for the groups a transition wraps around a view, and the view in them (see `TransitionFrame`).
    var transitionFrame: TransitionFrame?
    /// Inside a `forEach` item: its key (`InstanceContext.itemKey`) and its view's path, where the state of
    /// a component instance in the item is kept (`InstanceContext.ItemPlace`).
    var item: (key: String, path: JSONPath)?
    /// Inside a `forEach` item in this body (not one nested in another's here): the prefix under which a
    /// `phaseAnimator` in the item keeps its phase, one per item (`PhaseWatcher.itemKey`); "" inside a
    /// nested item, whose animators keep one phase, as outside any item.
    var phaseItem = ""
    /// What names that are not state variables are over the model (see `ModelNames`); nil when there is
    /// nothing to say (outside a component with arguments and a phase animator).
    var modelNames: ModelNames?

    /// The names of a scope that follow state without being state variables, so that what reads the model's
    /// history (a keyframe animator's trigger, a symbol effect's value, an `if`, a `forEach`, a content
    /// transition) sees them change: a component's parameters, which are their arguments evaluated in the
    /// caller's scope (a SwiftUI view's properties are its caller's values), and a phase animator's phase,
    /// which is the value of its own state variable.
    final class ModelNames {
        /// The bindings the component's use gives its parameters (arguments, else defaults), and the
        /// scope of the use they are evaluated in.
        let arguments: [String: Binding]
        let caller: ComposeScope?
        /// `let`s holding a state variable's value (a phase animator's phase), with that value.
        let stateLets: [String: (key: StateKey, value: Value)]

        init(arguments: [String: Binding], caller: ComposeScope?, stateLets: [String: (key: StateKey, value: Value)]) {
            self.arguments = arguments
            self.caller = caller
            self.stateLets = stateLets
        }
    }

    /// What a name read by a binding is over the model.
    enum ModelName {
        /// A state variable (or a phase, the value of one).
        case state(StateKey)
        /// A parameter: its argument, read in the caller's scope.
        case argument(Binding, ComposeScope)
        /// Anything else (a `let`, a parameter without a caller, `w`, `t`): its value in this scope.
        case input
    }

    /// What `name` is over the model, in the order `value(of:)` reads names: `let`s (a phase is its
    /// state variable while the `let` still holds the phase), parameters, state.
    func modelName(_ name: String) -> ModelName {
        if let value = lets[name] {
            if let phase = modelNames?.stateLets[name], phase.value == value { return .state(phase.key) }
            return .input
        }
        if parameters[name] != nil {
            if let names = modelNames, let caller = names.caller, let argument = names.arguments[name] {
                return .argument(argument, caller)
            }
            return .input
        }
        if let key = context.stateKey(for: name, globals: globals) { return .state(key) }
        return .input
    }

    /// The state keys whose changes can change what `names` read, through parameters' arguments and phases;
    /// sorted.
    func modelKeys<S: Sequence<String>>(_ names: S) -> [StateKey] {
        var keys = Set<StateKey>()
        for name in Set(names) {
            switch modelName(name) {
            case .state(let key): keys.insert(key)
            case .argument(let binding, let caller): keys.formUnion(caller.modelKeys(binding.freeVariables))
            case .input: break
            }
        }
        return keys.sorted()
    }

    /// What, besides the state keys, decides the values of `names` over the model (a plan's inputs): each
    /// name that reads no state with its value here, and each parameter as its argument's place with the
    /// inputs of the argument in its caller; nil when one of them is the time (`t`, `time`).
    func modelInputs<S: Sequence<String>>(_ names: S) -> [String]? {
        var inputs: [String] = []
        for name in Set(names).sorted() {
            switch modelName(name) {
            case .state:
                break
            case .argument(let binding, let caller):
                guard let inner = caller.modelInputs(binding.freeVariables) else { return nil }
                inputs.append("\(name)<-\(binding.path)@\(binding.location.line):\(binding.location.column)("
                              + inner.joined(separator: "|") + ")")
            case .input:
                guard name != "t", name != "time" else { return nil }
                inputs.append("\(name)=" + (value(of: name).map { "\($0)" } ?? "-"))
            }
        }
        return inputs
    }

    /// The views a `use` passes for a component's view slots, and the scope they were written in.
    final class SlotContent {
        let views: [String: Node]
        let caller: ComposeScope

        init(views: [String: Node], caller: ComposeScope) {
            self.views = views
            self.caller = caller
        }
    }

    /// The scope the views passed for slot `name` are drawn in: the caller's names (as a SwiftUI content
    /// closure captures them) and attribute keys (those of the place they were written), at this scope's
    /// place (its composition, coordinate space, implicit animation).
    func slotScope(_ name: String) -> (view: Node, scope: ComposeScope)? {
        guard let slots, let view = slots.views[name] else { return nil }
        var caller = slots.caller
        caller.composition = composition
        caller.space = space
        caller.implicitAnimation = implicitAnimation
        caller.beingRemoved = beingRemoved
        caller.removedAt = removedAt
        caller.minX = minX
        caller.minY = minY
        return (view, caller)
    }

    var snapshot: StateSnapshot { composition.snapshot }
    var globals: Set<String> { composition.globals }
    var measured: MeasureCache { composition.measured }
    var work: FrameWork { composition.work }
    var attributes: ViewAttributes { composition.attributes }
    var presentation: PresentationIndex { composition.presentation }

    /// The scope reading model values from `snapshot` instead.
    func reading(_ snapshot: StateSnapshot) -> ComposeScope {
        var copy = self
        copy.composition = Composition(snapshot: snapshot, globals: globals, measured: measured, work: work,
                                       attributes: attributes, presentation: presentation)
        return copy
    }

    init(composition: Composition, context: InstanceContext, parameters: [String: Value]) {
        self.composition = composition
        self.context = context
        self.parameters = parameters
    }

    func value(of name: String) -> Value? {
        if let v = lets[name] { return v }
        // The component's parameters before state: a parameter hides the scene's state variable of its name,
        // as a SwiftUI view reads its own property (one named like its own state is refused at load).
        if let v = parameters[name] { return v }
        if let key = context.stateKey(for: name, globals: globals) { return snapshot.values[key] }
        switch name {
        case "w": return .number(w)
        case "h": return .number(h)
        case "t", "time": return .number(snapshot.time)
        case "minX": return .number(minX)
        case "minY": return .number(minY)
        default: return nil
        }
    }

    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? { nil }

    var knownNames: [String] {
        Array(lets.keys) + Array(parameters.keys) + Array(globals) + Array(context.stateNames) + ["w", "h", "t", "time", "minX", "minY"]
    }

    /// The frame's time as messages name it: "at t = 0.14 s".
    var timeLabel: String { "at t = \(NumberFormat.shortest(snapshot.time)) s" }

    /// The scope with a node's size.
    func sized(_ w: Double, _ h: Double) -> ComposeScope {
        var copy = self
        copy.w = w
        copy.h = h
        return copy
    }

    /// The animation that carries a change of an attribute here.
    var effectiveAnimation: Animation? {
        if let implicitAnimation { return implicitAnimation.animation }
        return attributes.transactionAnimation
    }

    /// The key of a node's attribute.
    func key(_ node: Node, _ name: String) -> AttributeKey {
        AttributeKey(uses: uses, path: node.path, name: name)
    }

    /// What a node's attribute shows: its value from the model plus the offsets of its animations.
    func animated(_ node: Node, _ name: String, _ value: [Double]) -> [Double] {
        guard attributes.isActive else { return value }
        return attributes.resolve(key(node, name), value, animation: effectiveAnimation)
    }

    /// A one-number attribute.
    func animated(_ node: Node, _ name: String, _ value: Double) -> Double {
        guard attributes.isActive else { return value }
        return attributes.resolve(key(node, name), [value], animation: effectiveAnimation)[0]
    }

    /// A colour attribute, animated in linear sRGB.
    func animated(_ node: Node, _ name: String, _ color: Color) -> Color {
        guard attributes.isActive else { return color }
        return LinearColor.color(attributes.resolve(key(node, name), LinearColor.components(color),
                                                    animation: effectiveAnimation, isColor: true))
    }

    func evaluate(_ binding: Binding) throws(SceneError) -> Value {
        try binding.evaluate(in: self, when: timeLabel)
    }

    func number(_ binding: Binding) throws(SceneError) -> Double {
        guard case .number(let n) = try evaluate(binding) else {
            throw SceneError(path: binding.path, location: binding.location, message: "expected a number")
        }
        return n
    }

    func number(_ binding: Binding?, default fallback: Double) throws(SceneError) -> Double {
        guard let binding else { return fallback }
        return try number(binding)
    }

    func bool(_ binding: Binding) throws(SceneError) -> Bool {
        guard case .bool(let b) = try evaluate(binding) else {
            throw SceneError(path: binding.path, location: binding.location, message: "expected true or false")
        }
        return b
    }

    func string(_ binding: Binding) throws(SceneError) -> String {
        switch try evaluate(binding) {
        case .string(let s): return s
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        default: throw SceneError(path: binding.path, location: binding.location, message: "expected text")
        }
    }

    func color(_ binding: Binding) throws(SceneError) -> ColorValue {
        guard case .color(let c) = try evaluate(binding) else {
            throw SceneError(path: binding.path, location: binding.location, message: "expected a colour")
        }
        return c
    }
}
