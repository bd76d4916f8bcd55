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

extension Timeline {
    /// The transactions that changed any of `keys` at or before `t`, latest first, found lazily: the same
    /// transactions as `transactions(changing:through:)` in reverse, at the cost of the ones visited (a
    /// binary search per key to start), so a frame that needs only the last change that mattered does not
    /// pay for the whole history.
    public func transactionsBackward(changing keys: [StateKey], through t: Double) -> TransactionsBackward {
        TransactionsBackward(lists: keys.map { changes[$0] ?? [] }, through: t)
    }

    /// See `transactionsBackward(changing:through:)`.
    public struct TransactionsBackward: Sequence, IteratorProtocol {
        private let lists: [[Change]]
        /// Per key, the index of its latest change not yet visited (-1: none left).
        private var cursors: [Int]

        init(lists: [[Change]], through t: Double) {
            self.lists = lists
            cursors = lists.map { list in
                var lo = 0, hi = list.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if list[mid].time <= t { lo = mid + 1 } else { hi = mid }
                }
                return lo - 1
            }
        }

        public mutating func next() -> Transaction? {
            var time = -Double.infinity, any = false
            for (k, list) in lists.enumerated() where cursors[k] >= 0 {
                time = any ? Swift.max(time, list[cursors[k]].time) : list[cursors[k]].time
                any = true
            }
            guard any else { return nil }
            // Changes at one time are one transaction carrying the animation of its last change: the last
            // key's (keys merge in order), that key's last change.
            var animation: Animation?, found = false
            for k in lists.indices.reversed() {
                while cursors[k] >= 0, lists[k][cursors[k]].time == time {
                    if !found {
                        animation = lists[k][cursors[k]].animation
                        found = true
                    }
                    cursors[k] -= 1
                }
            }
            return Transaction(time: time, animation: animation)
        }
    }
}
