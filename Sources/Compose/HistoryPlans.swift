import Expressions
import Foundation
import SceneFormat
import Timeline

/// The plans of what views read from the model's whole history, kept by the presentation index
/// (`PresentationIndex.history`), worked out once per render and shared by every frame; the index answers
/// from them (`PresentationIndex+History.swift`).
///
/// A conditional view, a content transition or a `forEach` needs the last time its value over model
/// state changed before the frame's time, and with which animation; a symbol effect each change of its
/// value; a keyframe animator or a paused timeline view the last changes of its trigger. Walking the
/// transactions for that at every frame made a render quadratic in its length: a display-link timer ticking
/// for 60 s made the last frames a hundred times dearer than the first. A plan evaluates the value once
/// after each transaction that changes its keys, over the whole timeline, and keeps only the changes; a
/// frame then finds its place by binary search.
///
/// A plan is keyed by the binding's place, the state keys it reads, and the values of the other names it
/// reads in the frame's scope (a component's parameters, a `forEach` element): the value it plans is a
/// function of exactly these, so frames and instances that agree on them share it. One index's plans
/// serve all frames, on any thread.
final class HistoryPlans: @unchecked Sendable {
    private let lock = NSLock()
    private var plans: [String: Any] = [:]
    private var kept = 0
    /// Changes kept at the most, over all plans; past this, the index works a frame's answers out from the
    /// history (a scene whose inputs differ in every frame would otherwise keep a plan a frame).
    let limit: Int

    init(limit: Int = 1_000_000) {
        self.limit = limit
    }

    /// The plan for `key`, made by `make` the first time; nil when `key` is nil or the plans are full.
    /// `size` counts what a plan keeps.
    func plan<T>(_ key: String?, size: (T) -> Int, _ make: () throws(SceneError) -> T) throws(SceneError) -> T? {
        guard let key else { return nil }
        lock.lock()
        if let known = plans[key] as? T {
            lock.unlock()
            return known
        }
        let full = kept >= limit
        lock.unlock()
        guard !full else { return nil }
        // Made outside the lock: two frames may make the same plan at once; both make the same value.
        let made = try make()
        lock.lock()
        if plans[key] == nil {
            plans[key] = made
            kept += size(made) + 1
        }
        lock.unlock()
        return made
    }

    /// The keys of the plans made so far, sorted.
    var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        return plans.keys.sorted()
    }

    /// The key of a plan of `kind` for `bindings` read with `scope`: the bindings' places, the state keys
    /// they read and the values the scope gives their other names (a parameter: its argument's place and
    /// what that reads in the caller, `ComposeScope.modelInputs`); nil when they read the frame's time,
    /// which differs in every frame.
    static func key(_ kind: String, _ bindings: [Binding], keys: [StateKey], _ scope: ComposeScope,
                    globals: Set<String>) -> String? {
        var key = kind
        for binding in bindings { key += "|\(binding.path)@\(binding.location.line):\(binding.location.column)" }
        key += "|" + keys.joined(separator: ",")
        guard let inputs = scope.modelInputs(bindings.flatMap(\.freeVariables)) else { return nil }
        for input in inputs { key += "|" + input }
        return key
    }
}

/// The changes of a value over model state: its initial value, and each transaction after which it differs
/// from before, in time order.
struct ValueChanges<V: Equatable> {
    var initial: V
    var changes: [(time: Double, animation: Animation?, old: V, new: V)]

    /// The value after every transaction of `timeline` that changes `keys` (through `end`), keeping the changes.
    init(_ keys: [StateKey], _ timeline: Timeline, through end: Double = .infinity,
         _ value: (Double) throws(SceneError) -> V) throws(SceneError) {
        initial = try value(-.infinity)
        changes = []
        var last = initial
        for transaction in timeline.transactions(changing: keys, through: end) {
            let now = try value(transaction.time)
            if now != last { changes.append((transaction.time, transaction.animation, last, now)) }
            last = now
        }
    }

    /// The value at `t` and the last change at or before `t`.
    func at(_ t: Double) -> (current: V, change: (time: Double, animation: Animation?, old: V, new: V)?) {
        guard let i = Timeline.lastIndex(in: changes, atOrBefore: t, time: \.time) else { return (initial, nil) }
        return (changes[i].new, changes[i])
    }
}

/// A `forEach`'s insertions and removals over the whole timeline, per id, in time order: each with its
/// transaction's time and animation and, for a removal, the element and the place it left.
struct ItemFlips {
    struct Flip {
        var time: Double
        var animation: Animation?
        var inserted: Bool
        var element: Value
        var index: Int
    }

    var flips: [String: [Flip]] = [:]
    var count = 0

    /// The collection (`elements(time)`) after every transaction of `timeline` that changes `keys`.
    init(_ keys: [StateKey], _ timeline: Timeline,
         _ elements: (Double) throws(SceneError) -> [(id: String, element: Value)]) throws(SceneError) {
        var history = try elements(-.infinity)
        for transaction in timeline.transactions(changing: keys, through: .infinity) {
            let now = try elements(transaction.time)
            let before = Set(history.map(\.id)), after = Set(now.map(\.id))
            for (index, old) in history.enumerated() where !after.contains(old.id) {
                flips[old.id, default: []].append(Flip(time: transaction.time, animation: transaction.animation,
                                                       inserted: false, element: old.element, index: index))
                count += 1
            }
            for (index, new) in now.enumerated() where !before.contains(new.id) {
                flips[new.id, default: []].append(Flip(time: transaction.time, animation: transaction.animation,
                                                       inserted: true, element: new.element, index: index))
                count += 1
            }
            history = now
        }
    }

    /// The last flip of `list` at or before `t`.
    static func last(_ list: [Flip], through t: Double) -> Flip? {
        Timeline.lastIndex(in: list, atOrBefore: t, time: \.time).map { list[$0] }
    }
}

/// The times of the transactions changing some state after which a binding over it changed in a given way
/// (a keyframe animator's trigger changed; a timeline view's `paused` became true), over the whole
/// timeline, in time order.
struct TriggerTimes {
    var times: [Double] = []

    /// The times of the transactions of `timeline` that change `keys` and that `changed(time)` accepts.
    init(_ keys: [StateKey], _ timeline: Timeline, _ changed: (Double) throws(SceneError) -> Bool) throws(SceneError) {
        for transaction in timeline.transactions(changing: keys, through: .infinity) where try changed(transaction.time) {
            times.append(transaction.time)
        }
    }

    /// The latest `limit` times at or before `t`, latest first.
    func latest(_ limit: Int, through t: Double) -> [Double] {
        guard let last = Timeline.lastIndex(in: times, atOrBefore: t, time: { $0 }) else { return [] }
        return Array(times[max(0, last + 1 - limit)...last].reversed())
    }
}
