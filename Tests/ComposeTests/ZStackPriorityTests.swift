import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

private struct NoText: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size { .zero }
}

/// In a ZStack, the children of the highest `layoutPriority` are sized first and alone make the stack's
/// size, which the others are then offered (a switch: a padded capsule with `.layoutPriority(1)` under an
/// `HStack { Circle(); Spacer() }`). Positions worked out by hand.
final class ZStackPriorityTests: XCTestCase {
    /// Each red shape's bounds (the circle's), in canvas points.
    private func redShapes(_ root: String) throws -> [Rect] {
        let json = #"{"canvas": {"width": 400, "height": 200, "scale": 1}, "duration": 1, "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let list = try Composer(scene: scene, measurer: NoText()).displayList(for: timeline.snapshot(at: 0))
        var found: [Rect] = []
        func collect(_ items: [DisplayItem], _ transform: Transform) {
            for item in items {
                switch item {
                case .shape(let shape):
                    guard case .color(let c)? = shape.fill?.paint, c.red == 1, c.green == 0, let b = shape.path.bounds else { continue }
                    let p = transform.apply(Point(b.minX, b.minY))
                    found.append(Rect(x: p.x, y: p.y, width: b.width, height: b.height))
                case .group(let group): collect(group.children, group.transform.concatenating(transform))
                default: continue
                }
            }
        }
        collect(list.items, .identity)
        return found
    }

    private let capsule = #"{"shape": "capsule", "fill": "green", "frame": {"width": 120, "height": 45}, "padding": 16"#

    /// The capsule with its padding is 152 x 77, centred in the 400 x 200 canvas at (124, 61.5). The HStack
    /// is offered 152 x 77: its circle (55) at its leading edge, x = 124, centred vertically at
    /// y = 100 - 27.5 = 72.5. Without the priority rule the HStack spans the canvas: the circle at x = 0.
    func testTheHighestPriorityChildSizesTheStackForTheOthers() throws {
        let root = #"{"zstack": [\#(capsule), "layoutPriority": 1}, {"hstack": [{"shape": "circle", "fill": "rgb(1, 0, 0)", "frame": {"width": 55, "height": 55}}, {"spacer": {}}]}]}"#
        let circle = try XCTUnwrap(redShapes(root).first)
        XCTAssertEqual(circle.minX, 124, accuracy: 1e-9)
        XCTAssertEqual(circle.minY, 72.5, accuracy: 1e-9)
    }

    /// Without priorities every child is offered the canvas: the HStack spans it, the circle at x = 0.
    func testEqualPrioritiesOfferEveryChildTheProposal() throws {
        let root = #"{"zstack": [\#(capsule)}, {"hstack": [{"shape": "circle", "fill": "rgb(1, 0, 0)", "frame": {"width": 55, "height": 55}}, {"spacer": {}}]}]}"#
        let circle = try XCTUnwrap(redShapes(root).first)
        XCTAssertEqual(circle.minX, 0, accuracy: 1e-9)
    }
}
