import Expressions
import SceneFormat
import XCTest
@testable import Timeline

/// A Core Animation animation without a `fromValue` starts from the presentation value, worked out from its
/// variable's whole log when it is added: a timer adding such animations reads the log again at each one, so
/// what those reads cost over a render is capped. Animations given both ends read nothing.
final class PresentationReadLimitTests: XCTestCase {
    func scene(ticks: Int, animation: String) throws -> Scene {
        let json = #"""
        {"canvas": {"width": 10, "height": 10}, "duration": 120, "state": {"x": 0},
         "root": {"shape": "circle", "offset": {"x": "x"}},
         "script": [{"at": 0, "do": [{"timer": 0.001, "count": \#(ticks), "do": [{"caAnimation": \#(animation)}]}]}]}
        """#
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// n animations each reading all earlier ones read 0 + 1 + ... + (n - 1) = n(n - 1)/2 of them.
    func testAnimationsStartingFromThePresentationStopAtTheCap() throws {
        var simulator = try Simulator(scene: scene(ticks: 200, animation: #"{"keyPath": "x", "byValue": 1, "duration": 60, "isAdditive": true}"#))
        simulator.presentationReadLimit = 150 * 149 / 2
        XCTAssertThrowsError(try simulator.run()) { error in
            let message = (error as? SceneError)?.message ?? "\(error)"
            // The 151st animation reads the 150 before it and passes 150 * 151 / 2.
            XCTAssertTrue(message.contains("150 animations of it"), message)
            XCTAssertTrue(message.contains("give a fromValue"), message)
            XCTAssertEqual((error as? SceneError)?.path.description, "script[0].do[0].do[0].caAnimation.keyPath")
        }
        // Exactly at the cap, all 200 are added.
        simulator.presentationReadLimit = 200 * 199 / 2
        XCTAssertEqual(try simulator.run().layerAnimations["x"]?.count, 200)
    }

    /// With `fromValue` and `toValue` given, adding an animation reads no log, whatever the limit.
    func testAnimationsGivenBothEndsReadNothing() throws {
        var simulator = try Simulator(scene: scene(ticks: 2_000, animation: #"{"keyPath": "x", "fromValue": 0, "toValue": 100, "duration": 60}"#))
        simulator.presentationReadLimit = 0
        let timeline = try simulator.run()
        XCTAssertEqual(timeline.layerAnimations["x"]?.count, 2_000)
    }
}
