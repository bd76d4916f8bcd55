import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `set` into a record's field or a list's item: `"drag.width"`, `"scores[2]"`, as Swift's
/// `drag.width = ...` and `scores[2] = ...`.
final class ElementAssignmentTests: XCTestCase {
    private func run(state: String, actions: String) throws -> Timeline {
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": 2, "state": \(state),
         "root": {"shape": "circle", "id": "button", "onTap": \(actions)},
         "script": [{"at": 1, "tap": "button"}]}
        """
        return try Simulator(scene: try SceneDecoder.decode(Array(json.utf8))).run()
    }

    func testFieldAndItemAssignments() throws {
        let t = try run(state: #"{"drag": {"width": 1, "height": 2}, "scores": [5, 6, 7], "i": 0}"#, actions: """
            [{"set": {"drag.width": "drag.width + 10", "scores[2]": "scores[0] * 2", "scores[i + 1]": 9}}]
            """)
        XCTAssertEqual(t.presentationValue("drag", at: 0.5), .record(["width": .number(1), "height": .number(2)]))
        XCTAssertEqual(t.presentationValue("drag", at: 1.5), .record(["width": .number(11), "height": .number(2)]))
        XCTAssertEqual(t.presentationValue("scores", at: 1.5), .list([.number(5), .number(9), .number(10)]))
    }

    func testAppendWithConcatenation() throws {
        let t = try run(state: #"{"scores": [5]}"#, actions: #"[{"set": {"scores": "scores + [scores.count]"}}]"#)
        XCTAssertEqual(t.presentationValue("scores", at: 1.5), .list([.number(5), .number(1)]))
    }

    func testOutOfRangeItemIsAnError() {
        XCTAssertThrowsError(try run(state: #"{"scores": [5]}"#, actions: #"[{"set": {"scores[3]": 1}}]"#)) { error in
            XCTAssertTrue("\(error)".contains("the list index 3 of 'scores[3]' is out of range"), "\(error)")
        }
    }

    func testUnknownStateNameIsALoadError() {
        XCTAssertThrowsError(try run(state: #"{"scores": [5]}"#, actions: #"[{"set": {"score[0]": 1}}]"#)) { error in
            XCTAssertTrue("\(error)".contains(#""score" is not a state variable here; did you mean "scores"?"#), "\(error)")
        }
        XCTAssertThrowsError(try run(state: #"{"scores": [5]}"#, actions: #"[{"set": {"scores[j]": 1}}]"#)) { error in
            XCTAssertTrue("\(error)".contains("unknown name 'j'"), "\(error)")
        }
    }
}
