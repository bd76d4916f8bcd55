import XCTest
@testable import Timeline

/// The live index gives, at any time, the sum of exactly the motions playing then: checked against the
/// closed forms of linear changes summed in the test.
final class LiveMotionIndexTests: XCTestCase {
    func testOffsetsAreTheSumOfTheChangesStillPlaying() {
        // Key "a": a 1 s linear change every 0.25 s, each of delta (i + 1); key "b": one that repeats forever.
        var a = MotionTrack()
        for i in 0..<40 {
            a.add(time: Double(i) * 0.25, old: [Double(i + 1)], new: [0], animation: .linear(duration: 1))
        }
        var b = MotionTrack()
        b.add(time: 0.5, old: [10], new: [0], animation: Animation.linear(duration: 2).repeatForever(autoreverses: false))
        let index = LiveMotionIndex(tracks: [("a", a), ("b", b)])
        for t in stride(from: 0.0, through: 12, by: 0.1) {
            var expected = 0.0
            for i in 0..<40 {
                let start = Double(i) * 0.25
                if start <= t, t < start + 1 { expected += Double(i + 1) * (1 - (t - start)) }
            }
            let offsets = index.offsets(at: t)
            XCTAssertEqual(offsets["a"]?[0] ?? 0, expected, accuracy: 1e-9, "a at \(t)")
            let pass = t < 0.5 ? nil : (t - 0.5).truncatingRemainder(dividingBy: 2) / 2
            if let pass {
                XCTAssertEqual(offsets["b"]?[0] ?? .nan, 10 * (1 - pass), accuracy: 1e-9, "b at \(t)")
            } else {
                XCTAssertNil(offsets["b"], "b before its start")
            }
        }
        XCTAssertTrue(LiveMotionIndex<String>(tracks: []).isEmpty)
    }
}

/// The interval index answers exactly the intervals containing a time: checked against a linear scan of
/// random intervals, with ties, empty, NaN and unending ones.
final class IntervalIndexTests: XCTestCase {
    func testLiveIntervalsAreExactlyThoseContainingTheTime() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 40) / Double(1 << 24)
        }
        for round in 0..<20 {
            var intervals: [(start: Double, end: Double)] = []
            for _ in 0..<(round * 13 + 1) {
                // Times on a coarse grid, so that boundaries coincide.
                let start = (next() * 40).rounded() / 4
                let kind = next()
                let end = kind < 0.1 ? Double.infinity : kind < 0.15 ? start : kind < 0.18 ? Double.nan : start + (next() * 20).rounded() / 4
                intervals.append((start, end))
            }
            let index = IntervalIndex(intervals)
            for step in -4...60 {
                let t = Double(step) / 4 + (step % 3 == 0 ? 0 : 0.01)
                let expected = intervals.indices.filter { intervals[$0].start <= t && t < intervals[$0].end }
                XCTAssertEqual(index.live(at: t), expected, "round \(round) at \(t)")
            }
            XCTAssertEqual(index.live(at: .nan), [])
        }
        XCTAssertTrue(IntervalIndex([]).isEmpty)
        XCTAssertEqual(IntervalIndex([(0, .infinity)]).live(at: 1e300), [0])
    }

    func testManyOverlappingIntervalsStayCompact() {
        // 20,000 intervals all live at the end: a per-segment live list would hold 2 x 10^8 entries.
        let intervals = (0..<20_000).map { (start: Double($0), end: Double.infinity) }
        let index = IntervalIndex(intervals)
        XCTAssertEqual(index.live(at: 19_999.5).count, 20_000)
        XCTAssertEqual(index.live(at: 10.5), Array(0...10))
    }
}

/// Walking transactions back from a time gives the forward list reversed: the same times and, for
/// changes of several keys at one time, the animation of the last one.
final class TransactionsBackwardTests: XCTestCase {
    func testTheBackwardWalkIsTheForwardListReversed() {
        var changes: [StateKey: [Change]] = [:]
        let keys: [StateKey] = ["a", "b", "c"]
        // a every 0.5 s (linear), b every 0.75 s (no animation), c at 1 s and 3 s (easeIn): shared times.
        for i in 0..<12 {
            changes["a", default: []].append(Change(time: Double(i) * 0.5, old: .number(0), new: .number(Double(i)),
                                                    animation: .linear(duration: Double(i + 1))))
        }
        for i in 0..<8 { changes["b", default: []].append(Change(time: Double(i) * 0.75, old: .number(0), new: .number(1), animation: nil)) }
        changes["c"] = [Change(time: 1, old: .number(0), new: .number(1), animation: .easeIn(duration: 7)),
                        Change(time: 3, old: .number(1), new: .number(2), animation: .easeIn(duration: 9))]
        let timeline = Timeline(keys: keys, initial: [:], changes: changes)
        for subset in [["a"], ["a", "b"], ["b", "c"], ["a", "b", "c"], ["c", "a"]] as [[StateKey]] {
            for t in stride(from: -0.5, through: 7, by: 0.25) {
                let forward = timeline.transactions(changing: subset, through: t)
                let backward = Array(timeline.transactionsBackward(changing: subset, through: t))
                XCTAssertEqual(backward.map(\.time), forward.reversed().map(\.time), "\(subset) at \(t)")
                XCTAssertEqual(backward.map { $0.animation?.duration }, forward.reversed().map { $0.animation?.duration },
                               "\(subset) at \(t)")
            }
        }
    }
}
