/// The motions of many tracks, indexed by time so that the offsets playing at any t cost only the motions
/// live at t (a binary search, then one step per live motion), however long the history is.
public struct LiveMotionIndex<Key: Hashable & Sendable>: Sendable {
    /// Every motion with the key of its track, tracks in the order given, motions in track order.
    private let entries: [(key: Key, motion: AnimatedOffset)]
    /// Segment boundaries, sorted: segment i runs from `bounds[i]` up to `bounds[i + 1]` (the last one on
    /// forever).
    private let bounds: [Double]
    /// The entries live in segment i: `liveEntries[liveStart[i] ..< liveStart[i + 1]]`, ascending.
    private let liveStart: [Int]
    private let liveEntries: [Int32]

    /// Indexes `tracks`; their order decides the order offsets of one key are summed in.
    public init(tracks: [(key: Key, track: MotionTrack)]) {
        var entries: [(key: Key, motion: AnimatedOffset)] = []
        for (key, track) in tracks {
            for motion in track.motions where motion.end > motion.start { entries.append((key, motion)) }
        }
        var events: [(time: Double, entry: Int, starts: Bool)] = []
        for (i, entry) in entries.enumerated() {
            events.append((entry.motion.start, i, true))
            if entry.motion.end.isFinite { events.append((entry.motion.end, i, false)) }
        }
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.entry < $1.entry }
        var bounds: [Double] = [], liveStart: [Int] = [0], liveEntries: [Int32] = []
        var active: [Int32] = []
        var e = 0
        while e < events.count {
            let time = events[e].time
            while e < events.count, events[e].time == time {
                let index = Int32(events[e].entry)
                if events[e].starts {
                    let at = active.firstIndex { $0 > index } ?? active.count
                    active.insert(index, at: at)
                } else if let at = active.firstIndex(of: index) {
                    active.remove(at: at)
                }
                e += 1
            }
            bounds.append(time)
            liveEntries += active
            liveStart.append(liveEntries.count)
        }
        self.entries = entries
        self.bounds = bounds
        self.liveStart = liveStart
        self.liveEntries = liveEntries
    }

    /// Whether no motion plays at any time.
    public var isEmpty: Bool { entries.isEmpty }

    /// The summed offsets of the motions playing at `t`, by key.
    public func offsets(at t: Double) -> [Key: [Double]] {
        // The last boundary at or before t.
        var lo = 0, hi = bounds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if bounds[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return [:] }
        let segment = lo - 1
        var result: [Key: [Double]] = [:]
        for index in liveEntries[liveStart[segment] ..< liveStart[segment + 1]] {
            let (key, motion) = entries[Int(index)]
            guard motion.start <= t, motion.end > t else { continue }
            let offset = motion.offset(at: t)
            if var sum = result[key] {
                guard sum.count == offset.count else { continue }
                for c in sum.indices { sum[c] += offset[c] }
                result[key] = sum
            } else {
                result[key] = offset
            }
        }
        return result
    }
}
