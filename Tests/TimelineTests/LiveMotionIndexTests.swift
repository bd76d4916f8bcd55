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
