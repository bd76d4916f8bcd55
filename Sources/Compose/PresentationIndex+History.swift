import Expressions
import SceneFormat
import Timeline

/// What views read from the model's history, asked of the presentation index at a frame's time; Compose
/// itself never reads the transaction log.
///
/// Each answer comes from a plan (`HistoryPlans`): the value is evaluated once after every transaction that
/// changes the state it reads, over the whole timeline, the changes are kept, and a frame finds its place
/// among them by binary search. A plan is made the first time a frame (or the planner) asks for it, under
/// its key (`HistoryPlans.key`: the bindings' places, the state keys they read, the values the scope gives
/// their other names).
///
/// A value that cannot be planned is worked out from the log at the frame's time, here, with the same
/// answer: a binding that reads the frame's time has no key (it differs in every frame), and once the plans
/// keep `HistoryPlans.limit` changes no new plan is made. Then the transactions through the frame's time
/// are walked: back from it to the last change where only that is asked, else from the start.
extension PresentationIndex {
    /// One change of a value: the time of the transaction after which it differs, that transaction's
    /// animation (nil: it shows at once), the value before and after.
    typealias ValueChange<V> = (time: Double, animation: Animation?, old: V, new: V)

    /// The value at `t` and its last change at or before `t`: the last transaction through `t` that
    /// changes `keys` and after which `value` (over the model values right after a time, the initial ones
    /// at -infinity) differs from before it. A conditional view's presence and a text's content transition
    /// ask this; `plan` is the value's key.
    func lastChange<V: Equatable>(_ keys: [StateKey], through t: Double, _ timeline: Timeline, plan: String?,
                                  _ value: (Double) throws(SceneError) -> V) throws(SceneError)
        -> (current: V, change: ValueChange<V>?) {
        if let changes = try history.plan(plan, size: { (c: ValueChanges<V>) in c.changes.count }, { () throws(SceneError) in
            try ValueChanges(keys, timeline, value)
        }) {
            return changes.at(t)
        }
        // Unplanned: back from `t` to the last change.
        var transactions = timeline.transactionsBackward(changing: keys, through: t)
        guard var newer = transactions.next() else { return (try value(-.infinity), nil) }
        var newerValue = try value(newer.time)
        let current = newerValue
        while true {
            let older = transactions.next()
            let olderValue = try value(older?.time ?? -.infinity)
            if olderValue != newerValue { return (current, (newer.time, newer.animation, olderValue, newerValue)) }
            guard let older else { return (current, nil) }
            newer = older
            newerValue = olderValue
        }
    }

    /// Every change of `value` at or before `t`, in time order (a symbol effect's value: each change plays
    /// the effect). `plan` is the value's key.
    func changes<V: Equatable>(_ keys: [StateKey], through t: Double, _ timeline: Timeline, plan: String?,
                               _ value: (Double) throws(SceneError) -> V) throws(SceneError) -> ArraySlice<ValueChange<V>> {
        let planned = try history.plan(plan, size: { (c: ValueChanges<V>) in c.changes.count }, { () throws(SceneError) in
            try ValueChanges(keys, timeline, value)
        })
        // Unplanned: from the start through `t`.
        let changes: ValueChanges<V>
        if let planned { changes = planned } else { changes = try ValueChanges(keys, timeline, through: t, value) }
        let end = Timeline.lastIndex(in: changes.changes, atOrBefore: t, time: \.time).map { $0 + 1 } ?? 0
        return changes.changes[..<end]
    }

    /// The last insertion or removal at or before `t` of each id of a `forEach` whose elements (with their
    /// ids) over the model values right after a time are `elements(time)`, with the transaction's time and
    /// animation; and, for each id whose last flip removed it, the element it had and its place in the
    /// collection before. `plan` is the `forEach`'s key.
    func itemFlips(_ keys: [StateKey], through t: Double, _ timeline: Timeline, plan: String?,
                   _ elements: (Double) throws(SceneError) -> [(id: String, element: Value)]) throws(SceneError)
        -> (flips: [String: (time: Double, animation: Animation?, inserted: Bool)], removed: [String: (element: Value, index: Int)]) {
        var flips: [String: (time: Double, animation: Animation?, inserted: Bool)] = [:]
        var removed: [String: (element: Value, index: Int)] = [:]
        if let planned = try history.plan(plan, size: { (p: ItemFlips) in p.count }, { () throws(SceneError) in
            try ItemFlips(keys, timeline, elements)
        }) {
            for (id, list) in planned.flips {
                guard let flip = ItemFlips.last(list, through: t) else { continue }
                flips[id] = (flip.time, flip.animation, flip.inserted)
                if !flip.inserted { removed[id] = (flip.element, flip.index) }
            }
            return (flips, removed)
        }
        // Unplanned: from the start through `t`.
        var history = try elements(-.infinity)
        for transaction in timeline.transactions(changing: keys, through: t) {
            let now = try elements(transaction.time)
            let before = Set(history.map(\.id)), after = Set(now.map(\.id))
            for (index, old) in history.enumerated() where !after.contains(old.id) {
                flips[old.id] = (transaction.time, transaction.animation, false)
                removed[old.id] = (old.element, index)
            }
            for new in now where !before.contains(new.id) {
                flips[new.id] = (transaction.time, transaction.animation, true)
                removed[new.id] = nil
            }
            history = now
        }
        return (flips, removed)
    }

    /// The latest `limit` times at or before `t`, latest first, of the transactions changing `keys` that
    /// `changed(time)` accepts (a keyframe animator's trigger changed then; a timeline view was paused then).
    /// `plan` is the key of the binding and of what `changed` asks of it.
    func triggerTimes(_ keys: [StateKey], through t: Double, _ timeline: Timeline, plan: String?, latest limit: Int,
                      _ changed: (Double) throws(SceneError) -> Bool) throws(SceneError) -> [Double] {
        if let planned = try history.plan(plan, size: { (p: TriggerTimes) in p.times.count }, { () throws(SceneError) in
            try TriggerTimes(keys, timeline, changed)
        }) {
            return planned.latest(limit, through: t)
        }
        // Unplanned: back from `t`, newest first, until `limit` are found.
        var result: [Double] = []
        for transaction in timeline.transactionsBackward(changing: keys, through: t) {
            guard result.count < limit else { break }
            if try changed(transaction.time) { result.append(transaction.time) }
        }
        return result
    }

    /// The times in (0, `t`] at which any of `keys` changed, in order (one per transaction).
    func changeTimes(_ keys: [StateKey], through t: Double, _ timeline: Timeline) throws(SceneError) -> ArraySlice<Double> {
        let plan = "changeTimes|" + keys.joined(separator: ",")
        let times = try history.plan(plan, size: { (times: [Double]) in times.count }, { () throws(SceneError) in
            timeline.transactions(changing: keys, through: .infinity).map(\.time)
        }) ?? timeline.transactions(changing: keys, through: t).map(\.time)
        let end = Timeline.lastIndex(in: times, atOrBefore: t, time: { $0 }).map { $0 + 1 } ?? 0
        let start = Timeline.lastIndex(in: times, atOrBefore: 0, time: { $0 }).map { $0 + 1 } ?? 0
        return times[min(start, end)..<end]
    }
}
