import DisplayList
import Expressions
import Geometry
import SceneFormat
import Symbols
import Timeline

/// iOS 17's symbol effects (`.symbolEffect`) and `.contentTransition(.symbolEffect(.replace))`, as pure
/// functions of the time since the model value that drives them changed.
extension Composer {
    /// One symbol drawn: its name, and the scale (about the centre of its frame) and opacity it has now.
    struct SymbolLayer {
        var name: String
        var scale: Double
        var opacity: Double
    }

    /// The symbols to draw now: the current name, or the old and the new during a replace; each with the
    /// effect's scale and opacity.
    ///
    /// A replace plays when an animation carries the change of name: the transaction's, or that of an
    /// `.animation(_:value:)` around the symbol whose value changed in it (none for `.animation(nil,
    /// value:)`), as for a text's content transition (`contentChange`).
    func symbolLayers(_ symbol: SymbolSpec, name: String, node: Node, _ scope: ComposeScope) throws(SceneError) -> [SymbolLayer] {
        let t = scope.snapshot.time
        var layers = [SymbolLayer(name: name, scale: 1, opacity: 1)]
        let key = scope.key(node, "contentTransition")
        if symbol.replace != nil, scope.attributes.recording {
            scope.attributes.noteContent(key, name, implicit: scope.implicitAnimation)
        }
        func animated(_ change: (time: Double, animation: Animation?, old: Value, new: Value)) -> Bool {
            if scope.attributes.isActive, let implicit = scope.attributes.presenceAnimation(key, flippedAt: change.time, now: t) {
                return implicit.animation != nil
            }
            return change.animation != nil
        }
        if let replace = symbol.replace, let change = try modelChanges(symbol.name, scope).last, animated(change),
           t - change.time < SymbolEffectCurves.replaceDuration, case .string(let old) = change.old, old != name,
           Symbols.contains(old) {
            let tau = t - change.time
            let out = SymbolEffectCurves.replaceOutgoing(tau, style: replace.style.rawValue)
            let incoming = SymbolEffectCurves.replaceIncoming(tau)
            layers = [SymbolLayer(name: old, scale: out.scale, opacity: out.opacity),
                      SymbolLayer(name: name, scale: incoming.scale, opacity: incoming.opacity)]
        }
        guard let effect = symbol.effect else { return layers }
        let (scale, opacity) = try effectAmounts(effect, scope)
        return layers.map { SymbolLayer(name: $0.name, scale: $0.scale * scale, opacity: $0.opacity * opacity) }
    }

    /// The scale and opacity a symbol effect gives at the snapshot's time.
    private func effectAmounts(_ effect: SymbolEffectSpec, _ scope: ComposeScope) throws(SceneError) -> (scale: Double, opacity: Double) {
        let t = scope.snapshot.time
        switch (effect.kind, effect.trigger) {
        case (.bounce, .value(let value)):
            // Each change of the value starts a bounce; a new one restarts it.
            guard let change = try modelChanges(value, scope).last else { return (1, 1) }
            return (SymbolEffectCurves.bounceScale(t - change.time, up: effect.up), 1)
        case (.pulse, .value(let value)):
            guard let change = try modelChanges(value, scope).last else { return (1, 1) }
            return (1, SymbolEffectCurves.pulseOpacity(t - change.time))
        case (.pulse, .isActive(let binding)):
            // Pulses follow one another from the moment the effect became active.
            guard let since = try activeSince(binding, scope) else { return (1, 1) }
            let tau = (t - since).truncatingRemainder(dividingBy: SymbolEffectCurves.pulseDuration)
            return (1, SymbolEffectCurves.pulseOpacity(tau))
        case (.scale, .isActive(let binding)):
            let target = SymbolEffectCurves.activeScale(up: effect.up)
            let active = try isActive(binding, scope)
            let (to, from) = active ? (target, 1.0) : (1.0, target)
            guard let binding, let change = try modelChanges(binding, scope).last else { return (to, 1) }
            let p = SymbolEffectCurves.scaleProgress(t - change.time)
            return (from + (to - from) * p, 1)
        default:
            return (1, 1)
        }
    }

    /// The opacity of each variable layer of the symbol `name` (0 = the first to light): lit (1) or dimmed
    /// by `variableValue`, and animated by a `.variableColor` effect while it plays. Empty for a symbol
    /// without variable layers, which variable colour leaves as it is (as on iOS).
    func variableOpacities(_ symbol: SymbolSpec, name: String, _ scope: ComposeScope) throws(SceneError) -> [Double] {
        let n = Symbols.variableLayerCount(name)
        guard n > 0 else { return [] }
        var normal = [Double](repeating: 1, count: n)
        if let binding = symbol.variableValue {
            let value = try scope.number(binding)
            normal = (0..<n).map { VariableColor.isLit(layer: $0, of: n, value: value) ? 1 : 0 }
        }
        let still = normal.map { VariableColor.opacity(level: $0, hideInactiveLayers: false) }
        guard let effect = symbol.effect, effect.kind == .variableColor else { return still }
        let options = effect.variableColor
        let t = scope.snapshot.time
        func levels(_ tau: Double, repeating: Bool) -> [Double] {
            (0..<n).map { VariableColor.level(layer: $0, of: n, at: tau, options: options, repeating: repeating, normal: normal[$0]) }
        }
        func opacities(_ levels: [Double]) -> [Double] {
            levels.map { VariableColor.opacity(level: $0, hideInactiveLayers: options.hideInactiveLayers) }
        }
        switch effect.trigger {
        case .value(let value):
            // Each change of the value plays one cycle; a new change restarts it.
            guard let change = try modelChanges(value, scope).last,
                  t - change.time < VariableColor.playDuration(layers: n, reversing: options.reversing) else { return still }
            return opacities(levels(t - change.time, repeating: false))
        case .isActive(let binding):
            if let since = try activeSince(binding, scope) { return opacities(levels(t - since, repeating: true)) }
            // Just made inactive: the layers return to their normal state over one fade.
            guard let binding, let end = try modelChanges(binding, scope).last,
                  end.new != .bool(true), end.old == .bool(true), t - end.time < VariableColor.fade else { return still }
            let started = try modelChanges(binding, scope).last { $0.time <= end.time && $0.new == .bool(true) }?.time ?? 0
            let atEnd = levels(end.time - started, repeating: true)
            let x = (t - end.time) / VariableColor.fade
            let s = x * x * (3 - 2 * x)
            return opacities((0..<n).map { atEnd[$0] + (normal[$0] - atEnd[$0]) * s })
        }
    }

    /// Whether an indefinite effect is active now (no `isActive`: always).
    private func isActive(_ binding: Binding?, _ scope: ComposeScope) throws(SceneError) -> Bool {
        guard let binding else { return true }
        return try scope.evaluate(binding) == .bool(true)
    }

    /// When the effect last became active (0 when active from the start), or nil when it is not active.
    private func activeSince(_ binding: Binding?, _ scope: ComposeScope) throws(SceneError) -> Double? {
        guard try isActive(binding, scope) else { return nil }
        guard let binding else { return 0 }
        return try modelChanges(binding, scope).last { $0.new == .bool(true) && $0.old != .bool(true) }?.time ?? 0
    }

    /// Each change of a binding's model value up to the snapshot's time: when, with which animation (nil:
    /// not animated), from what, to what (SwiftUI reads symbol effects' values as model values), as the
    /// presentation index finds them (`PresentationIndex.changes`).
    func modelChanges(_ binding: Binding, _ scope: ComposeScope) throws(SceneError)
        -> ArraySlice<(time: Double, animation: Animation?, old: Value, new: Value)> {
        guard let timeline = scope.snapshot.timeline else { return [] }
        let keys = scope.modelKeys(binding.freeVariables)
        guard !keys.isEmpty else { return [] }
        func value(at time: Double) throws(SceneError) -> Value {
            try binding.evaluate(in: ModelValueScope(base: scope, timeline: timeline, time: time, globals: globals),
                                 when: scope.timeLabel)
        }
        let plan = HistoryPlans.key("symbol", [binding], keys: keys, scope, globals: globals)
        return try scope.presentation.changes(keys, through: scope.snapshot.time, timeline, plan: plan, value)
    }
}
