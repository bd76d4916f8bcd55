import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// Where a conditional view (`"if"`) is in its life at the frame's time: how active each of its
/// transitions is, from 0 (identity) to 1 (active).
struct PresencePhase: Equatable {
    /// The insertion transition: 1 when just inserted, falling to 0 as its animation plays.
    var insertion: Double
    /// The removal transition: 0 when the removal starts, rising to 1 as its animation plays.
    var removal: Double
    /// Whether the view is gone from the model and drawn only while its removal transition plays.
    var removing = false
    /// Whether the last change of its condition removed it (its removal transition is playing).
    var leaving = false
    /// The animation playing the transition (nil when settled).
    var animation: Animation?
    /// The time of the transaction whose change of the condition the transition plays (nil when settled).
    var flippedAt: Double?

    /// Present and not transitioning.
    static let settled = PresencePhase(insertion: 0, removal: 0)
}

/// Conditional views and their transitions (SwiftUI `if condition { view.transition(...) }`).
extension Composer {
    /// The phase of a conditional view at the snapshot's time, or nil when it is not drawn.
    ///
    /// The condition is evaluated over model values after each transaction that changed the state it
    /// reads; the last transaction that flipped it decides: its animation plays the insertion (true) or
    /// the removal (false), and a removed view keeps drawing until that animation ends. Where an
    /// `.animation(_:value:)` around the view saw its value change in that transaction, the modifier's
    /// animation plays it instead (`PresenceAnimations`). Without an animation the view appears or
    /// disappears at once. A snapshot without its timeline (made by hand) shows the condition's value,
    /// settled.
    ///
    /// Inside a view being removed (`ComposeScope.removedAt`), only the transactions before its removal
    /// count: SwiftUI no longer updates the removed view, so a view inside it keeps the presence it had,
    /// and a transition it was already playing plays on.
    func presencePhase(_ presence: PresenceSpec, _ scope: ComposeScope) throws(SceneError) -> PresencePhase? {
        guard let timeline = scope.snapshot.timeline else {
            return try scope.bool(presence.condition) ? .settled : nil
        }
        let t = scope.snapshot.time
        let keys = scope.modelKeys(presence.condition.freeVariables)
        let plan = HistoryPlans.key("if", [presence.condition], keys: keys, scope, globals: globals)
        let through = scope.removedAt.map { min(t, $0.nextDown) } ?? t
        let last = try scope.presentation.lastChange(keys, through: through, timeline, plan: plan) { time throws(SceneError) in
            try condition(presence.condition, scope, timeline, at: time)
        }
        let shown = last.current
        guard let flip = last.change else { return shown ? .settled : nil }
        var animation = flip.animation
        if scope.attributes.isActive,
           let implicit = scope.attributes.presenceAnimation(presenceKey(presence, scope), flippedAt: flip.time, now: t) {
            animation = implicit.animation
        }
        guard let animation, !animation.isFinished(at: t - flip.time) else { return shown ? .settled : nil }
        let fraction = animation.fraction(at: t - flip.time)
        return flip.new ? PresencePhase(insertion: 1 - fraction, removal: 0, animation: animation, flippedAt: flip.time)
            : PresencePhase(insertion: 0, removal: fraction, leaving: true, animation: animation, flippedAt: flip.time)
    }

    /// `scope` as a conditional view at `phase` reads it: a view being removed (its removal transition
    /// playing and its condition false over the values `scope` shows) reads the model values just before
    /// the transaction that removed it, as a leaving `forEach` item does (`LeavingState`): SwiftUI keeps
    /// drawing the removed view as it was, not rebuilt from the new state, so `n = ${n}` keeps the `n` it
    /// showed and `items[i]` the element it showed after `items` lost it. Any other view reads `scope`.
    func presenceScope(_ presence: PresenceSpec, _ phase: PresencePhase, _ scope: ComposeScope) throws(SceneError) -> ComposeScope {
        guard phase.leaving, let time = phase.flippedAt, let timeline = scope.snapshot.timeline,
              !(try scope.bool(presence.condition)) else { return scope }
        var leaving = scope.reading(StateSnapshot(time: scope.snapshot.time, values: LeavingState.values(before: time, scope.snapshot, timeline),
                                                  timeline: timeline))
        leaving.removedAt = min(time, scope.removedAt ?? time)
        return leaving
    }

    /// `scope` as `node` reads it: a leaving `forEach` item's (`LeavingState`) or a conditional view's
    /// (`presenceScope`) values when it is leaving, else `scope`.
    func leavingScope(_ node: Node, _ scope: ComposeScope) throws(SceneError) -> ComposeScope {
        let scope = LeavingState.scope(node, scope)
        guard let presence = node.presence, let phase = try presencePhase(presence, scope) else { return scope }
        return try presenceScope(presence, phase, scope)
    }

    /// The key a conditional view's flips are planned under: its condition's place, in the component uses
    /// (and `forEach` items) around it, as its parent lays it out.
    func presenceKey(_ presence: PresenceSpec, _ scope: ComposeScope) -> AttributeKey {
        AttributeKey(uses: scope.uses, path: presence.condition.path, name: "presence")
    }

    /// A conditional view's phase and whether it is laid out, or nil when it is not drawn.
    ///
    /// A view whose condition is false is no child of its parent's layout, as in SwiftUI, where a false
    /// `if` builds no view; while its removal transition plays it is still drawn (`laidOut` false), where
    /// it would be laid out if it were there, and its siblings already take their new places, moving there
    /// with the animation of the change like every changed frame (`PresentationIndex`). The planner's
    /// compositions before and after a transaction lay views out by the condition over their model values:
    /// the view inserted by the transaction is absent before it and the view it removes present, so the
    /// siblings' frames differ and animate with the animation carrying them (the transaction's, or that of an
    /// `.animation(_:value:)` around them whose value changed).
    ///
    /// While recording, the condition is noted, so the planner finds the flips an `.animation(_:value:)`
    /// around the view animates (`ViewAttributes.notePresence`).
    func layoutPresence(_ presence: PresenceSpec, _ scope: ComposeScope) throws(SceneError) -> (phase: PresencePhase, laidOut: Bool)? {
        if scope.attributes.recording {
            let present = try scope.bool(presence.condition)
            scope.attributes.notePresence(presenceKey(presence, scope), present, implicit: scope.implicitAnimation)
            let phase = try presencePhase(presence, scope)
            if present { return (phase ?? .settled, true) }
            guard let phase, phase.leaving else { return nil }
            return (phase, false)
        }
        guard let phase = try presencePhase(presence, scope) else { return nil }
        return (phase, !phase.leaving)
    }

    /// The condition over the model values right after `time` (the initial values for -infinity).
    private func condition(_ binding: Binding, _ scope: ComposeScope, _ timeline: Timeline,
                           at time: Double) throws(SceneError) -> Bool {
        let model = ModelValueScope(base: scope, timeline: timeline, time: time, globals: globals)
        guard case .bool(let value) = try binding.evaluate(in: model, when: "at t = \(scope.snapshot.time) s") else {
            throw SceneError(path: binding.path, location: binding.location, message: "\"if\" needs a true/false value")
        }
        return value
    }

    /// A conditional view drawn through its transitions at their current phase.
    func renderTransitioning(_ node: Node, _ presence: PresenceSpec, in rect: Rect, proposal: Proposal,
                             _ parent: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        // Its phase as its parent's layout found it: a `forEach` item's own path is not among the uses there.
        var outer = parent
        if node.ownsAttributes, outer.uses.last == node.path { outer.uses.removeLast() }
        guard var phase = try layoutPresence(presence, outer)?.phase else { return [] }
        // Being removed: drawn, but gone from the model values this composition shows.
        phase.removing = !(try parent.bool(presence.condition))
        var view = node
        view.presence = nil
        return try render(view, through: presence.transition, phase, at: presence.condition.location, in: rect,
                          proposal: proposal, try presenceScope(presence, phase, parent), env)
    }

    /// A stack child placed by its stack; a `forEach` item coming in or going out is drawn through its transition.
    func render(_ placed: StackLayout.Placement, _ scope: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        guard let transition = placed.transition else {
            return try render(placed.child, in: placed.rect, proposal: placed.proposal, scope, env)
        }
        return try render(placed.child, through: transition.spec, transition.phase, at: transition.location,
                          in: placed.rect, proposal: placed.proposal, scope, env)
    }

    /// `view` drawn through `transition` at `phase`.
    func render(_ view: Node, through transition: TransitionSpec, _ phase: PresencePhase, at location: SourceLocation,
                in rect: Rect, proposal: Proposal, _ parent: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        var view = view
        var parent = parent
        if phase.removing { parent.beingRemoved = true }
        if parent.attributes.isActive {
            // The view's own frame attribute, as `render` keys it, taken by the outermost group.
            let uses = view.ownsAttributes ? parent.uses + [view.path] : parent.uses
            parent.transitionFrame = .pending(AttributeKey(uses: uses, path: view.path, name: "frame"),
                                              leaving: phase.removing ? phase.animation : nil)
        }
        for effect in transition.insertion {
            view = wrap(view, effect, active: phase.insertion, size: rect.size, at: location)
        }
        for effect in transition.removal {
            view = wrap(view, effect, active: phase.removal, size: rect.size, at: location)
        }
        return try render(view, in: rect, proposal: proposal, parent, env)
    }

    /// `view` inside a group carrying one transition effect, `active` of the way from identity (0) to
    /// its active state (1). Built-in effects at identity add nothing; a `.modifier` transition is always
    /// applied, with its parameters between their identity and active values.
    func wrap(_ view: Node, _ effect: TransitionEffect, active: Double, size: Size, at location: SourceLocation) -> Node {
        func constant(_ value: Double) -> Binding { Binding(.constant(.number(value)), path: view.path, location: location) }
        if case .modifier(let modifier) = effect {
            var wrapper = modifier.wrapper.wrapping(view)
            let parameters = zip(modifier.identity, modifier.active).map { identity, activeValue in
                (name: identity.name, value: constant(identity.value + (activeValue.value - identity.value) * active))
            }
            wrapper.lets = parameters + wrapper.lets
            return wrapper
        }
        guard active != 0 else { return view }
        var group = Node.group(view)
        // Its own place among view attributes, apart from the view's.
        group.path = view.path.appending("transition")
        switch effect {
        case .opacity:
            group.effects.opacity = constant(1 - active)
        case .scale(let scale, let anchor):
            group.effects.scaleX = constant(1 + (scale - 1) * active)
            group.effects.scaleY = group.effects.scaleX
            group.effects.anchor = anchor
        case .move(let edge):
            switch edge {
            case "top": group.effects.offsetY = constant(-size.height * active)
            case "bottom": group.effects.offsetY = constant(size.height * active)
            case "leading": group.effects.offsetX = constant(-size.width * active)
            default: group.effects.offsetX = constant(size.width * active)
            }
        case .offset(let x, let y):
            group.effects.offsetX = constant(x * active)
            group.effects.offsetY = constant(y * active)
        case .modifier:
            break
        }
        return group
    }
}

/// The names of a view's scope, with state read as model values at a time (for conditions): right after
/// the changes made at `time`, or, `before`, just before them. A parameter is its argument read so in the
/// caller's scope, a phase its state variable's value (`ComposeScope.modelName`).
struct ModelValueScope: Scope {
    let base: ComposeScope
    let timeline: Timeline
    let time: Double
    let globals: Set<String>
    var before = false

    func value(of name: String) -> Value? {
        switch base.modelName(name) {
        case .state(let key):
            if before, let change = timeline.firstChange(key, at: time) { return change.old }
            return timeline.modelValue(key, at: time)
        case .argument(let binding, let caller):
            let model = ModelValueScope(base: caller, timeline: timeline, time: time, globals: globals, before: before)
            return try? binding.evaluate(in: model, when: base.timeLabel)
        case .input:
            return base.value(of: name)
        }
    }

    func callFunction(_ name: String, _ arguments: [Value]) throws -> Value? { try base.callFunction(name, arguments) }

    var knownNames: [String] { base.knownNames }
}
