import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A measurer with fixed metrics: every character is 10 x 20 points, so text sizes are known by hand.
struct FixedMeasurer: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size {
        let count = Double(runs.map(\.text.count).reduce(0, +))
        return Size(count * 10, 20)
    }
}

/// Layout of small trees against frames computed by hand.
final class LayoutTests: XCTestCase {
    func compose(_ root: String, width: Double = 200, height: Double = 100) throws -> [DisplayItem] {
        try LayoutProbe.compose(root, width: width, height: height)
    }

    func shapeBounds(_ items: [DisplayItem]) -> [Rect] { LayoutProbe.shapeBounds(items) }

    func testHStackOfFixedFramesIsCentredWithSpacing() throws {
        let items = try compose(#"{"hstack": [{"shape": "rectangle", "frame": {"width": 30, "height": 10}}, {"shape": "rectangle", "frame": {"width": 50, "height": 20}}], "spacing": 10}"#)
        // Total 30 + 10 + 50 = 90 wide, 20 high, centred in 200 x 100: starts at x 55, y 40.
        XCTAssertEqual(shapeBounds(items), [Rect(x: 55, y: 45, width: 30, height: 10), Rect(x: 95, y: 40, width: 50, height: 20)])
    }

    func testVStackWithSpacerPushesChildrenToTheEdges() throws {
        let items = try compose(#"{"vstack": [{"shape": "rectangle", "frame": {"width": 20, "height": 10}}, {"spacer": {}}, {"shape": "rectangle", "frame": {"width": 20, "height": 10}}], "spacing": 0, "frame": {"height": 100}}"#)
        let bounds = shapeBounds(items)
        XCTAssertEqual(bounds.first?.minY, 0)
        XCTAssertEqual(bounds.last?.maxY, 100)
    }

    func testZStackAlignmentAndPadding() throws {
        let items = try compose(#"{"zstack": [{"shape": "rectangle", "frame": {"width": 80, "height": 40}}, {"shape": "circle", "frame": {"width": 10, "height": 10}}], "alignment": "topLeading", "padding": 5}"#)
        // The stack is 80 x 40 plus 5 padding: 90 x 50, centred at (55, 25); content starts at (60, 30).
        let bounds = shapeBounds(items)
        XCTAssertEqual(bounds[0], Rect(x: 60, y: 30, width: 80, height: 40))
        XCTAssertEqual(bounds[1].minX, 60, accuracy: 1e-9)
        XCTAssertEqual(bounds[1].minY, 30, accuracy: 1e-9)
    }

    func testTextTakesItsMeasuredSizeAndAFlexibleShapeTheRest() throws {
        let items = try compose(#"{"hstack": [{"text": "abc"}, {"shape": "rectangle"}], "spacing": 0}"#)
        guard case .text(let text) = items.first else { return XCTFail("text first") }
        // Text 30 x 20; the rectangle takes the remaining 170 x 100.
        XCTAssertEqual(text.origin, Point(0, 40))
        XCTAssertEqual(shapeBounds(items), [Rect(x: 30, y: 0, width: 170, height: 100)])
    }

    func testWAndHAreTheProposedSize() throws {
        let items = try compose(#"{"zstack": [{"shape": "rectangle", "frame": {"width": "w / 4", "height": "h / 2"}}], "frame": {"width": 100, "height": 60}}"#)
        XCTAssertEqual(shapeBounds(items), [Rect(x: 87.5, y: 35, width: 25, height: 30)])
    }

    func testRotationIsAboutTheCentreAndOffsetAfter() throws {
        let items = try compose(#"{"shape": "rectangle", "frame": {"width": 20, "height": 10}, "rotation": 90, "offset": {"x": 5}}"#)
        guard case .group(let group) = items.first else { return XCTFail("a group") }
        // Centre (100, 50): rotating by 90 degrees keeps it, then the offset moves it 5 right.
        let centre = group.transform.apply(Point(100, 50))
        XCTAssertEqual(centre.x, 105, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 50, accuracy: 1e-9)
        let corner = group.transform.apply(Point(90, 45))   // top-left corner -> top-right after a clockwise quarter turn
        XCTAssertEqual(corner.x, 110, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 40, accuracy: 1e-9)
    }
}

extension LayoutTests {
    /// A flexible frame with padding is offered the width less its padding (padding is not counted twice).
    func testFlexibleFrameWithPaddingInAnHStack() throws {
        let items = try compose(#"{"hstack": [{"shape": "rectangle", "frame": {"maxWidth": "infinity"}, "padding": 10}, {"shape": "rectangle", "frame": {"width": 20}}], "spacing": 0, "frame": {"width": 100, "height": 40}}"#)
        // 100 wide: the fixed 20 goes first, the flexible one gets 80: 60 of rectangle inside 10 + 10 padding.
        XCTAssertEqual(shapeBounds(items).map(\.minX), [60, 130])
        XCTAssertEqual(shapeBounds(items).map(\.width), [60, 20])
    }
}

/// Layout helpers the layout tests share.
enum LayoutProbe {
    /// The display list of a scene whose root is `root` (JSON), at t = 0, on a canvas of `width` x `height`.
    static func compose(_ root: String, width: Double = 200, height: Double = 100) throws -> [DisplayItem] {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1}, "duration": 1, "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        return try Composer(scene: scene, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: 0)).items
    }

    /// The bounding boxes of every shape, in drawing order.
    static func shapeBounds(_ items: [DisplayItem]) -> [Rect] {
        items.flatMap { item -> [Rect] in
            switch item {
            case .shape(let s): return s.path.controlPointBounds.map { [$0] } ?? []
            case .group(let g): return shapeBounds(g.children)
            default: return []
            }
        }
    }
}
