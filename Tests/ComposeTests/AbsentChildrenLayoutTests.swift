import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A view whose `if` is false is not a child of its stack (SwiftUI's `if` builds no view): it takes no
/// spacing and, if it is a spacer, no share of the free space. Frames worked out by hand.
/// These scenes have no text.
private struct NoText: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size { .zero }
}

final class AbsentChildrenLayoutTests: XCTestCase {
    /// The bounds of the first shape drawn, in canvas points.
    private func firstShape(_ root: String, width: Double = 300, height: Double = 100) throws -> Rect {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1}, "duration": 1, "state": {"on": false}, "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let list = try Composer(scene: scene, measurer: NoText()).displayList(for: timeline.snapshot(at: 0))
        func find(_ items: [DisplayItem], _ transform: Transform) -> Rect? {
            for item in items {
                switch item {
                case .shape(let shape):
                    guard let box = shape.path.bounds else { continue }
                    let corners = [Point(box.minX, box.minY), Point(box.maxX, box.maxY)].map { transform.apply($0) }
                    return Rect(x: corners[0].x, y: corners[0].y, width: corners[1].x - corners[0].x, height: corners[1].y - corners[0].y)
                case .group(let group):
                    if let found = find(group.children, group.transform.concatenating(transform)) { return found }
                default: continue
                }
            }
            return nil
        }
        return try XCTUnwrap(find(list.items, .identity))
    }

    /// `HStack(spacing: 10) { if on { Spacer() }; Circle().frame(width: 40, height: 40); Spacer() }` with
    /// `on` false: the one spacer there is takes all the slack, so the circle is at the leading edge
    /// (x = 0), not centred between two spacers (x = 130, as when the absent spacer took half).
    func testAnAbsentSpacerTakesNoShare() throws {
        let box = try firstShape(#"{"hstack": [{"if": "on", "spacer": {}}, {"shape": "circle", "fill": "red", "frame": {"width": 40, "height": 40}}, {"spacer": {}}], "spacing": 10}"#)
        XCTAssertEqual(box.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(box.width, 40, accuracy: 1e-9)
    }

    /// `VStack(spacing: 10) { Rectangle 20; if on { Rectangle 20 }; Rectangle 20 }` in a 100-point canvas
    /// with `on` false: two children and one gap, 50 high, centred from y = 25: the shapes start at 25 and 55
    /// (with the absent child's gap counted: 60 high from 20, at 20 and 60).
    func testAnAbsentViewTakesNoSpacing() throws {
        let square = #"{"shape": "rectangle", "fill": "red", "frame": {"width": 20, "height": 20}}"#
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 1, "state": {"on": false}, "root": {"vstack": [\#(square), {"if": "on", "shape": "rectangle", "frame": {"width": 20, "height": 20}}, \#(square)], "spacing": 10}}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let list = try Composer(scene: scene, measurer: NoText()).displayList(for: timeline.snapshot(at: 0))
        var ys: [Double] = []
        func collect(_ items: [DisplayItem], _ transform: Transform) {
            for item in items {
                switch item {
                case .shape(let shape): if let b = shape.path.bounds { ys.append(transform.apply(Point(b.minX, b.minY)).y) }
                case .group(let group): collect(group.children, group.transform.concatenating(transform))
                default: continue
                }
            }
        }
        collect(list.items, .identity)
        XCTAssertEqual(ys.count, 2)
        XCTAssertEqual(ys.first ?? 0, 25, accuracy: 1e-9)
        XCTAssertEqual(ys.last ?? 0, 55, accuracy: 1e-9)
    }
}
