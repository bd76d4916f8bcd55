extension Timeline {
    /// A moment when model state changed, with the animation that carried the change (SwiftUI's transaction).
    public struct Transaction: Sendable {
        public var time: Double
        public var animation: Animation?
    }

    /// The transactions that changed any of `keys` at or before `t`, in time order. Changes made at the
    /// same time are one transaction; it carries the animation of its last change.
    public func transactions(changing keys: [StateKey], through t: Double) -> [Transaction] {
        var merged: [Change] = []
        for key in keys { merged += (changes[key] ?? []).prefix { $0.time <= t } }
        // Stable: changes of one key keep their order; equal times become one transaction below.
        merged.sort { $0.time < $1.time }
        var result: [Transaction] = []
        for change in merged {
            if let last = result.last, last.time == change.time {
                result[result.count - 1].animation = change.animation
            } else {
                result.append(Transaction(time: change.time, animation: change.animation))
            }
        }
        return result
    }
}
