/// The motions of many tracks, indexed by time so that the offsets playing at any t cost only the motions
/// live at t (an `IntervalIndex` query, then one step per live motion), however long the history is.
public struct LiveMotionIndex<Key: Hashable & Sendable>: Sendable {
    /// Every motion with the key of its track, tracks in the order given, motions in track order.
    private let entries: [(key: Key, motion: AnimatedOffset)]
    /// The motions' time spans, indexed.
    private let spans: IntervalIndex

    /// Indexes `tracks`; their order decides the order offsets of one key are summed in.
    public init(tracks: [(key: Key, track: MotionTrack)]) {
        var entries: [(key: Key, motion: AnimatedOffset)] = []
        for (key, track) in tracks {
            for motion in track.motions where motion.end > motion.start { entries.append((key, motion)) }
        }
        self.entries = entries
        spans = IntervalIndex(entries.map { ($0.motion.start, $0.motion.end) })
    }

    /// Whether no motion plays at any time.
    public var isEmpty: Bool { entries.isEmpty }

    /// The summed offsets of the motions playing at `t`, by key.
    public func offsets(at t: Double) -> [Key: [Double]] {
        var result: [Key: [Double]] = [:]
        for index in spans.live(at: t) {
            let (key, motion) = entries[index]
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
