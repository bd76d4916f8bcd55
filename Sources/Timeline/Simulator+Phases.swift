import Expressions
import SceneFormat

/// A view's `phaseAnimator`, the context its expressions read, and the hidden state variable that holds
/// its current phase.
struct PhaseWatcher {
    var spec: PhaseAnimatorSpec
    var context: InstanceContext
    var key: StateKey
}

extension SimulationRun {
    /// The shortest step between phases: one 60 Hz display frame (an instant animation still shows each
    /// phase for a frame, and a loop of them cannot flood the simulation).
    static let minimumPhaseStep = 1.0 / 60

    /// Starts the looping phase animators at 0 and records the triggers' first values.
    mutating func startPhases() throws(SceneError) {
        for (i, watcher) in simulator.phaseAnimators.enumerated() {
            if let trigger = watcher.spec.trigger {
                phaseTriggers.append(try ActionScope(model: model, context: watcher.context, time: 0, random: random).evaluate(trigger))
            } else {
                phaseTriggers.append(nil)
                if watcher.spec.phases.count > 1 { schedule(at: 0, .phase(i, index: 1, looping: true), id: watcher.key) }
            }
        }
    }

    /// After an event: a phase animator whose trigger changed cycles through its phases once from there.
    mutating func updatePhaseTriggers(at time: Double) throws(SceneError) {
        for (i, watcher) in simulator.phaseAnimators.enumerated() {
            guard let trigger = watcher.spec.trigger else { continue }
            let value = try ActionScope(model: model, context: watcher.context, time: time, random: random).evaluate(trigger)
            guard value != phaseTriggers[i] else { continue }
            phaseTriggers[i] = value
            // Scheduled under the animator's key: it replaces a cycle still running.
            if watcher.spec.phases.count > 1 { schedule(at: time, .phase(i, index: 1, looping: false), id: watcher.key) }
        }
    }

    /// Moves animator `w` to phase `index` in a transaction with the phase's animation, and schedules the
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
    mutating func stepPhase(_ w: Int, to index: Int, looping: Bool, time: Double) throws(SceneError) {
        let watcher = simulator.phaseAnimators[w]
        let phase = watcher.spec.phases[index]
        let unchanged = model.values[watcher.key] == phase
            && watcher.spec.phases.contains { $0 != phase }
        let scope = ActionScope(model: model, context: watcher.context, time: time, random: random,
                                inputs: [watcher.spec.name: phase])
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
        schedule(at: time + step, .phase(w, index: (index + 1) % watcher.spec.phases.count, looping: looping), id: watcher.key)
    }
}
