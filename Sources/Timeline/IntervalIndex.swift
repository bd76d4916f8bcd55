/// Time intervals indexed for one question, asked once a frame: which of them contain the time `t`?
///
/// A segment tree over the intervals' distinct boundaries: each interval `[start, end)` is stored in at
/// most about 2 log2(n) nodes, and a query walks one leaf-to-root path, so it costs O(log n + k) for k
/// intervals live at `t`, and the index takes O(n log n) memory however many intervals overlap (an index
/// that listed the live set of every segment would grow with the square of the overlap: thousands of
/// forever-repeating or held animations).
public struct IntervalIndex: Sendable {
    /// The distinct boundaries, sorted: leaf i covers `bounds[i] ..< bounds[i + 1]` (the last one, on forever).
    private let bounds: [Double]
    /// The number of leaves rounded up to a power of two: node 1 is the root, node `leaves + i` is leaf i.
    private let leaves: Int
    /// The intervals stored at node n: `entries[nodeStart[n] ..< nodeStart[n + 1]]`.
    private let nodeStart: [Int32]
    private let entries: [Int32]

    /// Indexes `intervals`, each `start ..< end` (`end` may be infinite; an empty or NaN interval is never
    /// live). Answers are indices into this array.
    public init(_ intervals: [(start: Double, end: Double)]) {
        var points: [Double] = []
        points.reserveCapacity(intervals.count * 2)
        for interval in intervals where interval.end > interval.start {
            points.append(interval.start)
            if interval.end.isFinite { points.append(interval.end) }
        }
        points.sort()
        var bounds: [Double] = []
        bounds.reserveCapacity(points.count)
        for point in points where bounds.last != point { bounds.append(point) }
        var leaves = 1
        while leaves < bounds.count { leaves *= 2 }
        self.bounds = bounds
        self.leaves = leaves

        // The canonical nodes of each interval's leaf range, visited twice: to count, then to fill.
        func forEachNode(of interval: (start: Double, end: Double), _ body: (Int) -> Void) {
            guard interval.end > interval.start, let first = Self.leaf(in: bounds, atOrBefore: interval.start) else { return }
            let last = interval.end.isFinite ? (Self.leaf(in: bounds, atOrBefore: interval.end) ?? 0) - 1 : bounds.count - 1
            guard last >= first else { return }
            var lo = first + leaves, hi = last + leaves + 1
            while lo < hi {
                if lo & 1 == 1 { body(lo); lo += 1 }
                if hi & 1 == 1 { hi -= 1; body(hi) }
                lo >>= 1
                hi >>= 1
            }
        }
        var counts = [Int32](repeating: 0, count: 2 * leaves + 1)
        for interval in intervals { forEachNode(of: interval) { counts[$0 + 1] += 1 } }
        for n in 1..<counts.count { counts[n] += counts[n - 1] }
        var fill = counts
        var entries = [Int32](repeating: 0, count: Int(counts.last ?? 0))
        for (i, interval) in intervals.enumerated() {
            forEachNode(of: interval) { node in
                entries[Int(fill[node])] = Int32(i)
                fill[node] += 1
            }
        }
        nodeStart = counts
        self.entries = entries
    }

    /// Whether no interval is ever live.
    public var isEmpty: Bool { entries.isEmpty }

    /// The indices of the intervals with `start <= t < end`, ascending.
    public func live(at t: Double) -> [Int] {
        guard !entries.isEmpty, let leaf = Self.leaf(in: bounds, atOrBefore: t) else { return [] }
        var result: [Int] = []
        var node = leaf + leaves
        while node >= 1 {
            for e in entries[Int(nodeStart[node]) ..< Int(nodeStart[node + 1])] { result.append(Int(e)) }
            node >>= 1
        }
        result.sort()
        return result
    }

    /// The last index of `bounds` whose value is at or before `t` (nil when all are after it, or t is NaN).
    private static func leaf(in bounds: [Double], atOrBefore t: Double) -> Int? {
        var lo = 0, hi = bounds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if bounds[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}
