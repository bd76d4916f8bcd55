import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

private struct NoText: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size { .zero }
}

/// Nested `forEach`es multiply: 101 x 1,000 views pass the 100,000 views a frame may expand, and the frame
/// stops with one error at the inner `forEach`'s line:column instead of composing them for seconds (the
/// structured fuzzer's 100 x 1,000 paths took 24 s of three frames).
final class ForEachFrameLimitTests: XCTestCase {
    private func compose(_ root: String) throws {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 1, "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        _ = try Composer(scene: scene, measurer: NoText()).displayList(for: timeline.snapshot(at: 0))
    }

    func testNestedForEachOverTheFrameLimitStopsWithItsPlace() throws {
        let inner = #"{"zstack": [{"forEach": "0..<1000", "as": "j", "content": {"shape": "rectangle"}}]}"#
        XCTAssertThrowsError(try compose(#"{"zstack": [{"forEach": "0..<101", "as": "i", "content": \#(inner)}]}"#)) { error in
            let error = error as? SceneError
            XCTAssertEqual(error.map { "\($0.path)" }, "root.zstack[0].content.zstack[0]")
            XCTAssertEqual(error?.location?.line, 1)
            XCTAssertTrue(error?.message.contains("more than 100000 times") ?? false, "\(String(describing: error))")
        }
    }

    /// A list of 1,000 rows, each an HStack of a shape and a spacer, in a VStack: every layout pass expands
    /// it again, and it stays well under the limit.
    func testAListOfAThousandRowsComposes() throws {
        let row = #"{"hstack": [{"shape": "circle", "frame": {"width": 4, "height": 4}}, {"spacer": {}}]}"#
        XCTAssertNoThrow(try compose(#"{"vstack": [{"forEach": "0..<1000", "as": "i", "content": \#(row)}]}"#))
    }
}
