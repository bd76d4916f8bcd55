import Expressions
import SceneFormat
import XCTest
@testable import Timeline

/// The log keeps every value a variable held; what it keeps over a render is capped, so a timer that sets a
/// 10 KB string 100,000 times stops at the cap with an error at the assignment instead of taking a gigabyte.
final class KeptValuesLimitTests: XCTestCase {
    func scene(_ text: String, ticks: Int) throws -> Scene {
        let json = #"""
        {"canvas": {"width": 10, "height": 10}, "duration": 120, "state": {"s": "", "n": 0},
         "root": {"text": "${s}"},
         "script": [{"at": 0, "do": [{"timer": 0.001, "count": \#(ticks), "do": [{"set": {"n": "n + 1", "s": "'\#(text)' + str(n)"}}]}]}]}
        """#
        return try SceneDecoder.decode(Array(json.utf8))
    }

    func testTenKilobyteStringsSetAHundredThousandTimesStopAtTheCap() throws {
        let text = String(repeating: "x", count: 9_900)
        XCTAssertThrowsError(try Simulator(scene: scene(text, ticks: 99_999)).run()) { error in
            let message = (error as? SceneError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("more than 256 MB"), message)
            XCTAssertEqual((error as? SceneError)?.path.description, "script[0].do[0].do[0].set.s")
        }
        // Under the cap: 20,000 such strings (about 200 MB) are kept.
        let timeline = try Simulator(scene: scene(text, ticks: 20_000)).run()
        XCTAssertEqual(timeline.modelValue("n", at: 120), .number(20_000))
    }

    /// The footprint the cap counts, against sizes worked out by hand.
    func testFootprint() {
        XCTAssertEqual(SimulationRun.footprint(.number(3)), 16)
        XCTAssertEqual(SimulationRun.footprint(.string("héllo")), 16 + 6)
        XCTAssertEqual(SimulationRun.footprint(.list([.string("ab"), .list([.number(1)])])), 16 + (16 + 2) + (16 + 16))
    }
}
