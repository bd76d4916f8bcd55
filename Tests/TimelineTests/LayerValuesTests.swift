import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// `fromValue`, `toValue` and `byValue` omitted in turn, and `isAdditive`, against values worked out here.
final class LayerValuesTests: XCTestCase {
    func testOmittedFromValueStartsAtThePresentationValue() throws {
        // x: 0 -> 100 linearly over 1..2 s (a SwiftUI animation); at 1.5 s it shows 50, and a
        // CABasicAnimation to 0 without fromValue starts there: 50 -> 0 over 1.5..2.5 s.
        let t = try simulateTaps(state: #"{"x": 0}"#, actions: """
            [{"if": "x == 0", "then": [{"set": {"x": 100}, "animation": ".linear(duration: 1)"}],
              "else": [{"caAnimation": {"keyPath": "x", "toValue": 0, "duration": 1}}]}]
            """, taps: [1, 1.5])
        XCTAssertEqual(presented(t, "x", at: 2), 50 + (0 - 50) * 0.5, accuracy: 1e-9)
    }

    func testByValueAndOmittedToValue() throws {
        func value(_ keys: String, at time: Double) throws -> Double {
            let t = try simulateTaps(state: #"{"x": 7}"#, actions: """
                [{"caAnimation": {"keyPath": "x", \(keys), "duration": 2}}]
                """, taps: [1])
            return presented(t, "x", at: time)
        }
        XCTAssertEqual(try value(#""fromValue": 10, "byValue": 6"#, at: 2), 10 + 6 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(try value(#""toValue": 20, "byValue": 6"#, at: 2), 14 + 6 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(try value(#""byValue": 6"#, at: 2), 7 + 6 * 0.5, accuracy: 1e-9, "from the presentation value 7")
        XCTAssertEqual(try value(#""fromValue": 30"#, at: 2), 30 + (7 - 30) * 0.5, accuracy: 1e-9, "to the model value 7")
        XCTAssertThrowsError(try value(#""fromValue": 1, "toValue": 2, "byValue": 3"#, at: 2)) { error in
            XCTAssertTrue("\(error)".contains("root.onTap[0].caAnimation.byValue: give at most two of fromValue, toValue and byValue"), "\(error)")
        }
    }

    func testAdditiveAnimationsAddToTheModelAndToEachOther() throws {
        // Model 100; an additive shake 0 -> 10 and another additive 0 -> -4, both linear over 2 s.
        let t = try simulateTaps(state: #"{"x": 100}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 10, "duration": 2, "isAdditive": true}},
             {"caKeyframeAnimation": {"keyPath": "x", "values": [0, -4], "duration": 2, "isAdditive": true}}]
            """, taps: [1])
        XCTAssertEqual(presented(t, "x", at: 2), 100 + 5 - 2, accuracy: 1e-9)
        // A plain animation added after additive ones replaces everything below it.
        let u = try simulateTaps(state: #"{"x": 100}"#, actions: """
            [{"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 10, "duration": 2, "isAdditive": true}},
             {"caAnimation": {"keyPath": "x", "fromValue": 50, "toValue": 60, "duration": 2}},
             {"caAnimation": {"keyPath": "x", "fromValue": 0, "toValue": 2, "duration": 2, "isAdditive": true}}]
            """, taps: [1])
        XCTAssertEqual(presented(u, "x", at: 2), 55 + 1, accuracy: 1e-9)
        XCTAssertEqual(presented(u, "x", at: 3.5), 100, "all removed")
    }
}
