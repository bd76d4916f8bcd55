import Expressions
import SceneFormat

/// A view's `phaseAnimator`, the context its expressions read, and the hidden state variable that holds
/// its current phase.
struct PhaseWatcher {
    var spec: PhaseAnimatorSpec
    var context: InstanceContext
    var key: StateKey
    /// In a `forEach`'s content or in the body of a `forEach` row with state: the items, each running its
    /// own (nil: the view runs one).
    var items: ForEachItems? = nil
    /// Written in a `forEach`'s content itself (not in the body of a row with state, whose context holds
    /// the row's key): the `forEach`'s path, under whose item keys each item's phase is kept (`itemKey(_:)`).
    var contentOf: JSONPath? = nil
    /// In the content of a `forEach` nested in another's in the same body: one phase for all items.
    var nested = false

    var inContent: Bool { contentOf != nil }

    /// The hidden state variable of the item with id `id` of an animator written in a `forEach`'s content:
    /// the item's key (`InstanceContext.itemKey`, which Compose gives the item's view), then the animator's.
    func itemKey(_ id: String) -> StateKey {
        guard let contentOf else { return key }
        return spec.stateKey(prefix: context.prefix + InstanceContext.itemKey(forEach: contentOf, id: id) + "/")
    }
}

/// One running phase animator: a view's, or one item's for a view in a `forEach`'s content or in the body
/// of a `forEach` row with state (SwiftUI gives each item's view its own animator, which goes with the item).
struct PhaseRun {
    /// Its index in `simulator.phaseAnimators`.
    var watcher: Int
    /// The context its expressions read (a row's own) and the names they see besides (the row's element).
    var context: InstanceContext
    var inputs: [String: Value]
    var key: StateKey
    /// The trigger's value as last seen (nil for a looping animator).
    var trigger: Value?
    /// False once its row is gone: its steps stop.
    var live = true
}

extension SimulationRun {
    /// The shortest step between phases: one 60 Hz display frame (an instant animation still shows each
    /// phase for a frame, and a loop of them cannot flood the simulation).
    static let minimumPhaseStep = 1.0 / 60

    /// Starts the phase animators at 0 (the views' and each row's there) and records the triggers' first values.
    mutating func startPhases() throws(SceneError) {
        for (w, watcher) in simulator.phaseAnimators.enumerated() where watcher.items == nil {
            _ = try startPhaseRun(w, context: watcher.context, key: watcher.key, inputs: [:], at: 0)
        }
        try updateItemPhases(at: 0)
    }

    /// Starts a run of animator `w`: a looping one steps to its second phase at once; one with a trigger
    /// rests in its first phase until the trigger changes. Returns its index in `phaseRuns`.
    mutating func startPhaseRun(_ w: Int, context: InstanceContext, key: StateKey, inputs: [String: Value],
                                at time: Double) throws(SceneError) -> Int {
        let spec = simulator.phaseAnimators[w].spec
        let trigger = try spec.trigger.map { (binding) throws(SceneError) -> Value in
            try ActionScope(model: model, context: context, time: time, random: random, inputs: inputs).evaluate(binding)
        }
        phaseRuns.append(PhaseRun(watcher: w, context: context, inputs: inputs, key: key, trigger: trigger))
        let r = phaseRuns.count - 1
        if spec.trigger == nil, spec.phases.count > 1 { schedule(at: time, .phase(r, index: 1, looping: true), id: key) }
        return r
    }

    /// After an event: each item that appeared (in a `forEach`'s content, or a row with state) starts its
    /// own animator (its phase starts at the first, as its state is created afresh), and each item gone
    /// stops its own, as SwiftUI destroys the item's view with its animator. So an item inserted later
    /// starts its cycle at the first phase while the others go on with theirs.
    mutating func updateItemPhases(at time: Double) throws(SceneError) {
        for (w, watcher) in simulator.phaseAnimators.enumerated() {
            guard let items = watcher.items else { continue }
            var before = itemPhaseRuns[w] ?? [:]
            var now: [String: Int] = [:]
            for (id, element) in try elements(items, at: time) where now[id] == nil {
                if let r = before.removeValue(forKey: id) {
                    now[id] = r
                    continue
                }
                let inputs = [items.spec.name: element]
                let context = watcher.context.bound(itemID: id, element: inputs)
                let key = watcher.inContent ? watcher.itemKey(id) : watcher.spec.stateKey(prefix: context.prefix)
                if watcher.inContent { try startItemPhase(key, watcher.spec, at: time) }
                now[id] = try startPhaseRun(w, context: context, key: key, inputs: inputs, at: time)
            }
            for r in before.values {
                phaseRuns[r].live = false
                pendingIDs[phaseRuns[r].key] = nil
            }
            itemPhaseRuns[w] = now
        }
    }

    /// The phase of an item of an animator in a `forEach`'s content, at the first phase: a new key the
    /// first time, or a reset (its own transaction, not animated) for an item that left and came back.
    /// (A row with state's phase is its state: `updateItemStates` does the same for it.)
    private mutating func startItemPhase(_ key: StateKey, _ spec: PhaseAnimatorSpec, at time: Double) throws(SceneError) {
        guard let first = spec.phases.first else { return }
        guard let current = model.values[key] else {
            model.values[key] = first
            itemKeys.append(key)
            itemInitial[key] = first
            return
        }
        guard current != first else { return }
        transactionToken += 1
        try assign(key, first, at: time, animation: nil,
                   binding: Binding(.constant(first), path: spec.path, location: SourceLocation(line: 0, column: 0)))
        transactionToken += 1
    }

    /// After an event: a phase animator whose trigger changed cycles through its phases once from there.
    mutating func updatePhaseTriggers(at time: Double) throws(SceneError) {
        for r in phaseRuns.indices where phaseRuns[r].live {
            let run = phaseRuns[r]
            let spec = simulator.phaseAnimators[run.watcher].spec
            guard let trigger = spec.trigger else { continue }
            let value = try ActionScope(model: model, context: run.context, time: time, random: random, inputs: run.inputs).evaluate(trigger)
            guard value != run.trigger else { continue }
            phaseRuns[r].trigger = value
            // Scheduled under the animator's key: it replaces a cycle still running.
            if spec.phases.count > 1 { schedule(at: time, .phase(r, index: 1, looping: false), id: run.key) }
        }
    }

    /// Moves run `r` to phase `index` in a transaction with the phase's animation, and schedules the
    /// next phase when that animation is logically complete: forever when looping, else until it is back
    /// at the first.
    ///
    /// SwiftUI's phase animator moves on from an animation completion (each step is "nested animations in
    /// completion handlers", https://chris.eidhof.nl/post/phase-animator), and a completion's default
    /// criterion is `.logicallyComplete`
    /// (https://developer.apple.com/documentation/swiftui/transaction/addanimationcompletion(criteria:_:)):
    /// a spring hands over after its response, not when it settles. A step to a phase equal to the
    /// current one creates no animation, and a completion for a change that creates none runs at once
    /// (same page), so the next step follows immediately (the repeated phase is never held, as Eidhof
    /// observed on iOS); unless every phase is the same, where a step lasts one frame.
    mutating func stepPhase(_ r: Int, to index: Int, looping: Bool, time: Double) throws(SceneError) {
        let run = phaseRuns[r]
        guard run.live else { return }
        let watcher = (spec: simulator.phaseAnimators[run.watcher].spec, key: run.key)
        let phase = watcher.spec.phases[index]
        let unchanged = model.values[watcher.key] == phase
            && watcher.spec.phases.contains { $0 != phase }
        let scope = ActionScope(model: model, context: run.context, time: time, random: random,
                                inputs: run.inputs.merging([watcher.spec.name: phase]) { _, phase in phase })
        let animation = try watcher.spec.animation(into: index).map { spec throws(SceneError) in
            try AnimationInterpreter.animation(spec, in: scope)
        } ?? .default
        transactionToken += 1
        try assign(watcher.key, phase, at: time, animation: animation,
                   binding: Binding(.constant(phase), path: watcher.spec.path, location: SourceLocation(line: 0, column: 0)))
        transactionToken += 1
        guard looping || index != 0 else { return }
        let step = unchanged ? 0 : max(animation.logicalCompletionTime, Self.minimumPhaseStep)
        guard step.isFinite else { return }
        schedule(at: time + step, .phase(r, index: (index + 1) % watcher.spec.phases.count, looping: looping), id: watcher.key)
    }
}
