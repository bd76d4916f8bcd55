import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `withAnimation(_:completionCriteria:_:completion:)`: the completion's actions run in the log at the
/// time the animation is logically complete, or removed, with times worked out here from closed forms.
final class AnimationCompletionTests: XCTestCase {
    /// The scene time the completion recorded in `done` (NaN if it never ran).
    func completionTime(_ animation: String, criteria: String? = nil, change: String = #"{"x": 100}"#,
                        more: String = "", tapAt tap: Double = 1, duration: Double = 10) throws -> Double {
        let criteriaKey = criteria.map { #", "completionCriteria": "\#($0)""# } ?? ""
        let t = try simulateTaps(state: #"{"x": 0, "done": -1}"#, actions: """
            [{"withAnimation": "\(animation)"\(criteriaKey), "do": [{"set": \(change)}],
              "completion": [{"set": {"done": "time"}}]}\(more)]
            """, taps: [tap], duration: duration)
        guard case .number(let done)? = t.modelValue("done", at: duration), done >= 0 else { return .nan }
        return done
    }

    func testATimingCurveCompletesWhenItEnds() throws {
        XCTAssertEqual(try completionTime(".linear(duration: 0.5)"), 1.5, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".easeInOut(duration: 0.5)", criteria: "removed"), 1.5, accuracy: 1e-12)
        // delay moves it, speed divides it, repeatCount multiplies it.
        XCTAssertEqual(try completionTime(".linear(duration: 1).delay(0.5)"), 2.5, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".linear(duration: 1).speed(4)"), 1.25, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".linear(duration: 0.5).repeatCount(3)"), 2.5, accuracy: 1e-12)
        // A repeatForever timing curve is never logically complete, nor removed.
        XCTAssertTrue(try completionTime(".linear(duration: 0.5).repeatForever()").isNaN)
        XCTAssertTrue(try completionTime(".linear(duration: 0.5).repeatForever()", criteria: "removed").isNaN)
        // logicallyComplete(after:) reports it earlier; never later than the end.
        XCTAssertEqual(try completionTime(".linear(duration: 1).logicallyComplete(after: 0.25)"), 1.25, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".linear(duration: 1).logicallyComplete(after: 3)"), 2, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".linear(duration: 1).logicallyComplete(after: 0.25)", criteria: "removed"), 2,
                       accuracy: 1e-12)
    }

    /// A retargeting spring is logically complete after its response; removed when it has settled.
    func testASpringIsLogicallyCompleteAfterItsResponseAndRemovedWhenSettled() throws {
        let response = 0.4, zeta = 0.5
        XCTAssertEqual(try completionTime(".spring(response: 0.4, dampingFraction: 0.5)"), 1 + response, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".spring(duration: 0.6, bounce: 0.3)"), 1.6, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".smooth"), 1.5, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".spring(response: 0.4, dampingFraction: 0.5).delay(0.3).speed(2)"),
                       1 + (0.3 + response) / 2, accuracy: 1e-12)
        // A repeated spring reports it in its first pass.
        XCTAssertEqual(try completionTime(".spring(response: 0.4, dampingFraction: 0.5).repeatForever()"), 1.4, accuracy: 1e-12)

        // Removed: when the step response x(t) = 1 - e^(-a t)(cos(wd t) + a / wd sin(wd t)) stays within
        // 0.001 of 1 (and its velocity within 0.001 w0), by its exponential envelope
        // sqrt(1 + (a / wd)^2) e^(-a t) = 0.001.
        let w0 = 2 * Double.pi / response, a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
        let settle = log((1 + (a / wd) * (a / wd)).squareRoot() / 0.001) / a
        let removed = try completionTime(".spring(response: 0.4, dampingFraction: 0.5)", criteria: "removed")
        XCTAssertEqual(removed, 1 + settle, accuracy: 1e-9)
        func x(_ t: Double) -> Double { 1 - exp(-a * t) * (cos(wd * t) + a / wd * sin(wd * t)) }
        let tail = stride(from: settle, through: settle + 2, by: 0.001).map { abs(x($0) - 1) }
        XCTAssertLessThanOrEqual(tail.max() ?? 1, 0.001)
        XCTAssertGreaterThan(stride(from: 0.75 * settle, through: settle, by: 0.001).map { abs(x($0) - 1) }.max() ?? 0, 0.0003)
    }

    /// interpolatingSpring reports logical completion at 2 pi / sqrt(stiffness).
    func testAnInterpolatingSpringIsLogicallyCompleteAfterTwoPiOverRootStiffness() throws {
        XCTAssertEqual(try completionTime(".interpolatingSpring(stiffness: 100, damping: 4)"), 1 + 2 * Double.pi / 10,
                       accuracy: 1e-12)
    }

    /// `.removed` waits for later animations of the same values; `.logicallyComplete` ignores them.
    func testLaterAnimationsOfTheSameValueHoldARemovedCompletionOnly() throws {
        let later = #", {"after": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"x": 0}}]}]}"#
        XCTAssertEqual(try completionTime(".linear(duration: 1)", more: later), 2, accuracy: 1e-12)
        XCTAssertEqual(try completionTime(".linear(duration: 1)", criteria: "removed", more: later), 2.5, accuracy: 1e-12)
        // A later animation of another value does not hold it.
        let other = #", {"after": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"done": -2}}]}]}"#
        XCTAssertEqual(try completionTime(".linear(duration: 1)", criteria: "removed", more: other), 2, accuracy: 1e-12)
    }

    /// A block that changes nothing creates no animation: its completion runs at once, after the block.
    func testNoChangeCompletesAtOnce() throws {
        XCTAssertEqual(try completionTime(".linear(duration: 1)", change: #"{"x": 0}"#), 1, accuracy: 1e-12)
        // Changes in a nested withAnimation belong to that block, not to this one.
        let t = try simulateTaps(state: #"{"x": 0, "y": 0, "done": -1}"#, actions: """
            [{"withAnimation": ".linear(duration: 1)",
              "do": [{"withAnimation": ".linear(duration: 2)", "do": [{"set": {"y": 1}}]}],
              "completion": [{"set": {"done": "time"}}]}]
            """, taps: [1])
        XCTAssertEqual(t.modelValue("done", at: 1), .number(1))
    }

    /// A completion chains the next animation, and its changes are in the log like any other.
    func testCompletionsChainAnimationsInTheLog() throws {
        let t = try simulateTaps(state: #"{"x": 0, "y": 0}"#, actions: """
            [{"withAnimation": ".spring(duration: 0.5, bounce: 0.2)", "do": [{"set": {"x": 100}}],
              "completion": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"y": 50}}]}]}]
            """, taps: [1])
        // The spring is logically complete at 1.5 s; y then goes linearly from 0 to 50 over 1 s.
        XCTAssertEqual(presented(t, "y", at: 1.49), 0, accuracy: 1e-12)
        XCTAssertEqual(presented(t, "y", at: 1.75), 12.5, accuracy: 1e-9)
        XCTAssertEqual(presented(t, "y", at: 2.5), 50, accuracy: 1e-9)
        XCTAssertTrue(t.transactions.contains { $0.time == 1.5 && $0.changes.map(\.key) == ["y"] })
    }

    func testBadCompletionKeysNameTheirPath() {
        func message(_ action: String) -> String {
            let json = """
            {"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"x": 0},
             "root": {"shape": "circle", "id": "b", "onTap": [\(action)]}}
            """
            do {
                _ = try SceneDecoder.decode(Array(json.utf8))
                return ""
            } catch {
                return "\(error.path): \(error.message)"
            }
        }
        XCTAssertEqual(message(#"{"withAnimation": ".smooth", "do": [], "completionCriteria": "removd", "completion": []}"#),
                       #"root.onTap[0].completionCriteria: unknown value "removd"; did you mean "removed"?"#)
        XCTAssertEqual(message(#"{"withAnimation": ".smooth", "do": [], "completionCriteria": "removed"}"#),
                       #"root.onTap[0].completionCriteria: "completionCriteria" says when a "completion" runs; add "completion": [actions]"#)
        XCTAssertEqual(message(#"{"withAnimation": ".smooth", "do": [], "completion": {"set": {"x": 1}}}"#),
                       "root.onTap[0].completion: expected an array, got an object")
        XCTAssertEqual(message(#"{"withAnimation": ".smooth", "do": [], "completion": [{"set": {"y": 1}}]}"#),
                       #"root.onTap[0].completion[0].set.y: "y" is not a state variable here"#)
    }

    func testLogicallyCompleteAfterNeedsItsArgument() throws {
        XCTAssertThrowsError(try completionTime(".linear(duration: 1).logicallyComplete(0.2)")) { error in
            XCTAssertTrue("\(error)".contains(".logicallyComplete has no argument without a label"), "\(error)")
        }
    }
}
