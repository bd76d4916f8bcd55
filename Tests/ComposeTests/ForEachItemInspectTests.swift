import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// `render inspect` lists each `forEach` item's view under the id its element gives it, with its frame.
final class ForEachItemInspectTests: XCTestCase {
    /// Three 20 x 10 bars in an hstack without spacing on 200 x 100: 60 wide from x = 70, at y = 45.
    func testInspectListsTheExpandedIds() throws {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 1, "state": {"options": ["A", "B", "C"]}, "#
            + #""root": {"hstack": [{"forEach": "options", "as": "option", "content": {"shape": "rectangle", "id": "bar-${option}", "frame": {"width": 20, "height": 10}}}], "spacing": 0}}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let views = try Composer(scene: scene, measurer: FixedMeasurer()).inspectViews(for: timeline.snapshot(at: 0))
        XCTAssertEqual(views.map(\.id), ["bar-A", "bar-B", "bar-C"])
        XCTAssertEqual(views.map { $0.view.frame.minX }, [70, 90, 110])
        XCTAssertEqual(views.map { $0.view.frame.minY }, [45, 45, 45])
    }
}
