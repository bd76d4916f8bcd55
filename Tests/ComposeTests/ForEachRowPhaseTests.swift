import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A `phaseAnimator` in the body of a component with state used as a `forEach` item: each row's view has
/// its own animator, as each SwiftUI `ForEach` row's view does, started when the row appears, stepped by
/// that row's trigger, and gone with the row.
final class ForEachRowPhaseTests: XCTestCase {
    /// Rows of 20-point squares in an hstack with spacing 10, centred in a 200 x 100 frame: each square's
    /// top is 40 before its offset, the phase (0, then 10, each step `.linear(duration: 1)`); a tap on
    /// `row-<n>` adds one to the row's own `taps`.
    func scene(trigger: String, script: String) throws -> Scene {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 4, "state": {"items": [1, 2, 3]},
             "components": {"Row": {"params": {"n": null}, "state": {"taps": 0},
                "body": {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "row-${n}",
                         "offset": {"y": "phase"}, "onTap": [{"set": {"taps": "taps + 1"}}],
                         "phaseAnimator": {"phases": [0, 10]\(trigger), "animation": ".linear(duration: 1)"}}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}],
                      "spacing": 10, "frame": {"width": 200, "height": 100}},
             "script": \(script)}
            """
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// A trigger over the row's own state: row 2's tap at 0.5 s cycles row 2 alone, to 10 over 1 s and
    /// back over the next.
    func testATriggerOverTheRowsStateCyclesThatRowOnly() throws {
        let s = try scene(trigger: #", "trigger": "taps""#, script: #"[{"at": 0.5, "tap": "row-2"}]"#)
        for (t, row2) in [(0.25, 0.0), (1.0, 10 * 0.5), (2.0, 10 * (1 - 0.5)), (3.0, 0.0)] {
            let got = try tops(s, at: t)
            XCTAssertEqual(got.count, 3)
            XCTAssertEqual(got[0], 40, accuracy: 1e-9, "at \(t)")
            XCTAssertEqual(got[1], 40 + row2, accuracy: 1e-9, "at \(t)")
            XCTAssertEqual(got[2], 40, accuracy: 1e-9, "at \(t)")
        }
    }

    /// A looping animator starts with each row: row 4, added at 1.25 s, starts its own cycle then, while
    /// the rows there from 0 go on with theirs.
    func testARowAddedLaterStartsItsOwnCycle() throws {
        let s = try scene(trigger: "", script: #"[{"at": 1.25, "do": [{"set": {"items": "[1, 2, 3, 4]"}}]}]"#)
        let early = try tops(s, at: 0.5)
        XCTAssertEqual(early.count, 3)
        for top in early { XCTAssertEqual(top, 40 + looping(from: 0, at: 0.5), accuracy: 1e-9) }
        let got = try tops(s, at: 1.75)
        XCTAssertEqual(got.count, 4)
        for top in got.prefix(3) { XCTAssertEqual(top, 40 + looping(from: 0, at: 1.75), accuracy: 1e-9) }
        XCTAssertEqual(got[3], 40 + looping(from: 1.25, at: 1.75), accuracy: 1e-9)
    }

    /// A row removed at 1.25 s and added again at 2.25 s starts a new animator then, from the first phase,
    /// instead of going on in step with the others.
    func testARowAddedAgainStartsAfresh() throws {
        try assertTheMiddleOneStartsAfresh(try scene(trigger: "", script: removedAndAddedAgain))
    }

    /// A `phaseAnimator` inside a `forEach` nested in a row's body is refused at its line:column, with
    /// where to put it instead.
    func testAPhaseAnimatorInAForEachInsideARowsBodyIsRefusedWithItsPosition() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "duration": 1, "state": {"items": [1, 2]},
             "components": {"Row": {"params": {"n": null}, "state": {"on": false},
                "body": {"vstack": [{"forEach": "0..<n", "as": "k", "content": {"shape": "circle",
                   "phaseAnimator": {"phases": [0, 1]}}}]}}},
             "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}]}}
            """
        do {
            _ = try SceneDecoder.decode(Array(json.utf8))
            XCTFail("loaded")
        } catch {
            let line = json.split(separator: "\n", omittingEmptySubsequences: false)[3]
            let column = line.distance(from: line.startIndex, to: try XCTUnwrap(line.range(of: #"{"phases""#)).lowerBound) + 1
            XCTAssertTrue("\(error)".hasPrefix("4:\(column):"), "\(error)")
            XCTAssertTrue(error.message.contains(#""phaseAnimator" inside a forEach in the body of a component with state used as a forEach item is not supported; put it on the stack"#), error.message)
        }
    }
}
