/// When an animation is logically complete, for `withAnimation(_:completionCriteria:_:completion:)`.
///
/// SwiftUI (iOS 17) runs a completion either when the animation is *removed* (finished: `duration`) or
/// when it is *logically complete*, "but may still be in its long tail"
/// (https://developer.apple.com/documentation/swiftui/animationcompletioncriteria/logicallycomplete).
/// An animation reports logical completion by setting `AnimationContext.isLogicallyComplete` in
/// `animate(value:time:context:)`; one that never sets it is logically complete when it finishes
/// (https://developer.apple.com/documentation/swiftui/animationcontext/islogicallycomplete). Which
/// animations set it, and when, follows OpenSwiftUI's reimplementation, audited against SwiftUI
/// (https://github.com/OpenSwiftUIProject/OpenSwiftUI, `Sources/OpenSwiftUICore/Animation/Animation`):
/// - timing curves never set it: logically complete when finished;
/// - the retargeting springs (`spring(response:dampingFraction:)`, `spring(duration:bounce:)`,
///   `smooth`, `snappy`, `bouncy`, `default`, `interactiveSpring`; `FluidSpringAnimation`) set it once
///   `response` seconds have passed, so `.spring(duration: 0.5, bounce: 0.3)` is logically complete at
///   0.5 s while it still rings until its settling duration;
/// - `interpolatingSpring` (`SpringAnimation`) sets it at `2 pi / sqrt(stiffness)` seconds;
/// - a spring that finishes (settles) first is logically complete when it finishes;
/// - `delay(d)` shows the inner animation `max(0, t - d)`: its time moves by d; `speed(s)` divides it
///   by s; a repeat passes the first pass's time through (the flag, once set, stays set), so a repeated
///   timing curve is logically complete only when all its passes end (never for `repeatForever`);
/// - `logicallyComplete(after: d)` sets it at d if it is not set before, never after the animation ends.
extension Animation {
    /// Seconds from the change until the animation is logically complete: when it reports it, or when it
    /// finishes, whichever comes first (`.infinity` for a `repeatForever` timing curve).
    public var logicalCompletionTime: Double {
        min(reportedCompletion(layers: modifiers.count) ?? duration, duration)
    }

    /// When the base wrapped in the first `layers` modifiers sets `isLogicallyComplete`; nil if it never does.
    private func reportedCompletion(layers: Int) -> Double? {
        guard layers > 0 else { return baseReportedCompletion }
        let inner = reportedCompletion(layers: layers - 1)
        switch modifiers[layers - 1] {
        case .delay(let d):
            return inner.map { Self.nonNegative($0 + (d.isFinite ? d : 0)) }
        case .speed(let s):
            guard s > 0, s.isFinite else { return nil }
            return inner.map { $0 / s }
        case .repeatCount, .repeatForever:
            return inner
        case .logicallyComplete(let after):
            return min(inner ?? .infinity, Self.nonNegative(after))
        }
    }

    /// When the base animation sets `isLogicallyComplete` itself, if it does before it finishes.
    private var baseReportedCompletion: Double? {
        guard case .spring(let spring) = base else { return nil }
        let reported = retargets ? spring.response : 2 * Double.pi / spring.stiffness.squareRoot()
        guard reported.isFinite, reported < spring.settlingDuration else { return nil }
        return Self.nonNegative(reported)
    }
}
