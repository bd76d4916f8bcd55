import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// A record or a list of numbers in state animates field by field (SwiftUI's `AnimatablePair`,
/// `VectorArithmetic`); its strings and booleans take their new value at the start.
final class AnimatableRecordTests: XCTestCase {
    private func run(state: String, actions: String) throws -> Timeline {
        let json = """
        {"canvas": {"width": 10, "height": 10}, "duration": 4, "state": \(state),
         "root": {"shape": "circle", "id": "button", "onTap": \(actions)},
         "script": [{"at": 1, "tap": "button"}]}
        """
        return try Simulator(scene: try SceneDecoder.decode(Array(json.utf8))).run()
    }

    private func fields(_ value: Value?) -> [String: Value] {
        guard case .record(let record)? = value else { XCTFail("not a record: \(String(describing: value))"); return [:] }
        return Dictionary(uniqueKeysWithValues: record.fields.map { ($0.name, $0.value) })
    }

    private func number(_ value: Value?) -> Double {
        guard case .number(let n)? = value else { XCTFail("not a number: \(String(describing: value))"); return .nan }
        return n
    }

    func testRecordFieldsInterpolateLinearlyAndTextJumps() throws {
        let t = try run(state: #"{"card": {"width": 0, "height": 20, "label": "a"}}"#, actions: """
            [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"card": "record(width: 90, height: -60, label: 'b')"}}]}]
            """)
        for p in [0.25, 0.5, 0.8] {
            let shown = fields(t.presentationValue("card", at: 1 + p))
            // old + (new - old) * p, each field on its own.
            XCTAssertEqual(number(shown["width"]), 0 + 90 * p, accuracy: 1e-9)
            XCTAssertEqual(number(shown["height"]), 20 + (-60 - 20) * p, accuracy: 1e-9)
            XCTAssertEqual(shown["label"], .string("b"))
        }
        XCTAssertEqual(fields(t.presentationValue("card", at: 2.5))["width"], .number(90))
    }

    func testSizeSpringsBackToZeroFieldByField() throws {
        let t = try run(state: #"{"drag": {"width": 0, "height": 0}}"#, actions: """
            [{"set": {"drag": "CGSize(width: 90, height: -60)"}},
             {"after": 0.5, "do": [{"withAnimation": ".spring(response: 0.5, dampingFraction: 0.6)", "do": [{"set": {"drag": "CGSize.zero"}}]}]}]
            """)
        // SwiftUI's spring(response:dampingFraction:): mass 1, stiffness (2π/response)², damping 4πζ/response;
        // released from rest at d0, the displacement is d0 e^(-ζω t) (cos ω_d t + ζω/ω_d sin ω_d t).
        let response = 0.5, zeta = 0.6
        let omega = 2 * Double.pi / response, omegaD = omega * (1 - zeta * zeta).squareRoot()
        func displacement(_ d0: Double, _ s: Double) -> Double {
            d0 * exp(-zeta * omega * s) * (cos(omegaD * s) + zeta * omega / omegaD * sin(omegaD * s))
        }
        for s in [0.05, 0.15, 0.3, 0.6] {
            let shown = fields(t.presentationValue("drag", at: 1.5 + s))
            XCTAssertEqual(number(shown["width"]), displacement(90, s), accuracy: 1e-6, "at \(s)")
            XCTAssertEqual(number(shown["height"]), displacement(-60, s), accuracy: 1e-6, "at \(s)")
        }
    }

    func testListOfNumbersInterpolatesItemByItem() throws {
        let t = try run(state: #"{"bars": [0, 10, 40]}"#, actions: """
            [{"withAnimation": ".linear(duration: 2)", "do": [{"set": {"bars": "[100, 50, 0]"}}]}]
            """)
        XCTAssertEqual(t.presentationValue("bars", at: 1.5), .list([.number(25), .number(20), .number(30)]))
    }

    func testListThatChangesLengthJumps() throws {
        let t = try run(state: #"{"bars": [0, 10]}"#, actions: """
            [{"withAnimation": ".linear(duration: 2)", "do": [{"set": {"bars": "[100, 50, 0]"}}]}]
            """)
        XCTAssertEqual(t.presentationValue("bars", at: 1.5), .list([.number(100), .number(50), .number(0)]))
    }
}
