import DisplayList
import Geometry
import XCTest
@testable import Compose

/// `layoutPriority`: SwiftUI's rule, "the parent proposes size to the child with the highest priority first,
/// after reserving the minimum size for the lower-priority children" (View.layoutPriority(_:)), with sizes
/// worked out by hand from it.
final class LayoutPriorityTests: XCTestCase {
    let layout = LayoutProbe.self

    /// Two flexible bars (10 to 1000 wide) and a 200-point stack without spacing: equal priorities share
    /// 100 and 100; a priority on the second gives it 200 - 10 (the first's minimum) = 190.
    func testHigherPriorityIsOfferedWhatTheLowerOnesMinimumsLeave() throws {
        func bars(_ second: String) throws -> [Rect] {
            let bar = #"{"shape": "rectangle", "frame": {"minWidth": 10, "maxWidth": 1000, "height": 10}"#
            return layout.shapeBounds(try layout.compose(#"{"hstack": [\#(bar)}, \#(bar)\#(second)}], "spacing": 0}"#))
        }
        XCTAssertEqual(try bars("").map { $0.width }, [100, 100])
        XCTAssertEqual(try bars(#", "layoutPriority": 1"#).map { $0.width }, [10, 190])
        XCTAssertEqual(try bars(#", "layoutPriority": -1"#).map { $0.width }, [190, 10])
        // As an entry of `modifiers` (a trait: the stack reads it through the wrappers after it).
        XCTAssertEqual(try bars(#", "modifiers": [{"layoutPriority": 1}, {"padding": 0}]"#).map { $0.width }, [10, 190])
        // Written on the view itself, before entries of `modifiers`: `.layoutPriority(1).padding(0)`, the same.
        XCTAssertEqual(try bars(#", "layoutPriority": 1, "modifiers": [{"padding": 0}]"#).map { $0.width }, [10, 190])
    }

    /// Three levels in a 100-point vstack of bars 5 to 1000 high.
    func testPriorityAcrossThreeLevelsInAVStack() throws {
        let bar = #"{"shape": "rectangle", "frame": {"minHeight": 5, "maxHeight": 1000, "width": 10}"#
        let items = try layout.compose(#"{"vstack": [\#(bar), "layoutPriority": 2}, \#(bar)}, \#(bar), "layoutPriority": 1}], "spacing": 0}"#)
        // Height 100: priority 2 first, reserving 5 + 5 for the others: 90; then priority 1, reserving 5: 5;
        // then the last: 5.
        XCTAssertEqual(layout.shapeBounds(items).map { $0.height }, [90, 5, 5])
    }
}
