import Timeline

/// The animations `.animation(_:value:)` modifiers give the insertions and removals of the conditional
/// views inside them.
///
/// SwiftUI's modifier replaces the transaction's animation, for everything inside it, in a transaction
/// where its value changed (OpenSwiftUI's `_AnimationModifier` puts a `ChildTransaction` in its subtree's
/// inputs: `Sources/OpenSwiftUICore/Animation/Animation/AnimationModifier.swift`). A view an `if` inserts
/// or removes there takes its transition's animation from that transaction (OpenSwiftUI's
/// `DynamicContainerInfo.makeItem` gives each item a `DynamicTransaction` over the transaction of the
/// container's inputs: `Sources/OpenSwiftUICore/Layout/Dynamic/DynamicContainer.swift`). So a flip of the
/// condition plays its transition with the modifier's animation, also when the change was a plain `set`
/// and instead of an enclosing `withAnimation`'s; `.animation(nil, value:)` makes it pop.
///
/// The planner finds these flips (`ViewAttributes.notePresence`) while it composes the views before and
/// after each transaction; frames then look the flip they show up here, by the view's presence key
/// (`Composer.presenceKey`) and the flip's time.
struct PresenceAnimations: Sendable {
    /// By presence key: the times of the flips a modifier animates, in time order, with its animation.
    private var flips: [AttributeKey: [(time: Double, animation: ImplicitAnimation)]] = [:]

    var isEmpty: Bool { flips.isEmpty }

    /// Notes that the flip of `key` at `time` plays with `animation` (flips are added in time order; of two
    /// at one time, the later one counts).
    mutating func add(_ key: AttributeKey, time: Double, _ animation: ImplicitAnimation) {
        flips[key, default: []].append((time, animation))
    }

    /// The animation a modifier gives the flip of `key` at `time`; nil when none does (the transaction's
    /// animation then plays it).
    func animation(_ key: AttributeKey, at time: Double) -> ImplicitAnimation? {
        guard let list = flips[key], let i = Timeline.lastIndex(in: list, atOrBefore: time, time: \.time),
              list[i].time == time else { return nil }
        return list[i].animation
    }
}
