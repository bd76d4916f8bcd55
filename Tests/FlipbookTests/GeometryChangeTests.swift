import Expressions
import Flipbook
import SceneFormat
import Timeline
import XCTest

/// `onGeometryChange`: the action runs with the watched value at the first layout and after each change
/// of it, with `newValue` and `oldValue`; checked against stack layout worked out in the test.
final class GeometryChangeTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    func number(_ player: Player, _ name: String, at t: Double) -> Double? {
        if case .number(let n)? = player.snapshot(at: t).values[name] { return n }
        return nil
    }

    /// An hstack (spacing 10) of a rectangle n x 10 wide and a 30-wide one watching its minX, centred on a
    /// 300-wide canvas; a tap at 1 s sets n from 2 to 5.
    let stack = """
    {"canvas": {"width": 300, "height": 100}, "duration": 3, "state": {"n": 2, "x": -1, "previous": -1, "reports": 0},
     "root": {"hstack": [
        {"shape": "rectangle", "frame": {"width": "n * 10", "height": 20}},
        {"shape": "rectangle", "frame": {"width": 30, "height": 20},
         "onGeometryChange": {"of": "minX", "action": [{"set": {"x": "newValue", "previous": "oldValue", "reports": "reports + 1"}}]}}
     ], "spacing": 10},
     "script": [{"at": 1, "do": [{"set": {"n": 5}}]}, {"at": 2, "do": [{"set": {"n": 5}}]}]}
    """

    func testTheActionRunsAtTheFirstLayoutAndAtEachChange() throws {
        let player = try player(stack)
        // The stack is centred: it starts at (300 - (10 n + 10 + 30)) / 2; the second view 10 n + 10 later.
        func minX(_ n: Double) -> Double { (300 - (10 * n + 40)) / 2 + 10 * n + 10 }
        XCTAssertEqual(try XCTUnwrap(number(player, "x", at: 0)), minX(2), accuracy: 1e-9)
        XCTAssertEqual(number(player, "previous", at: 0), minX(2), "the first report's old value is the new one")
        XCTAssertEqual(number(player, "reports", at: 0.5), 1)
        XCTAssertEqual(try XCTUnwrap(number(player, "x", at: 1)), minX(5), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(number(player, "previous", at: 1)), minX(2), accuracy: 1e-9)
        // A set that changes nothing lays out the same: no report.
        XCTAssertEqual(number(player, "reports", at: 2.5), 2)
    }

    func testAnUnderlineFollowsItsTextsMeasuredWidth() throws {
        let player = try player("""
        {"canvas": {"width": 300, "height": 120}, "duration": 2, "state": {"long": false, "underline": 0},
         "root": {"vstack": [
           {"text": "${long ? 'Hello, world' : 'Hi'}", "font": {"size": 28}, "id": "title",
            "onGeometryChange": {"of": "width", "action": [{"withAnimation": ".linear(duration: 0.5)", "do": [{"set": {"underline": "newValue"}}]}]}},
           {"shape": "capsule", "frame": {"width": "underline", "height": 4}, "id": "bar"}
         ]},
         "script": [{"at": 1, "do": [{"set": {"long": true}}]}]}
        """)
        for t in [0.6, 1.6] {
            let views = try player.views(at: t)
            let title = try XCTUnwrap(views.first { $0.id == "title" }?.view.frame)
            let bar = try XCTUnwrap(views.first { $0.id == "bar" }?.view.frame)
            XCTAssertEqual(bar.width, title.width, accuracy: 1e-6, "settled at \(t)")
            XCTAssertEqual(number(player, "underline", at: t) ?? 0, title.width, accuracy: 1e-6)
        }
        // Half-way through the linear animation the bar is half-way between the two widths.
        let before = try XCTUnwrap(try player.views(at: 0.9).first { $0.id == "title" }?.view.frame.width)
        let after = try XCTUnwrap(try player.views(at: 1.6).first { $0.id == "title" }?.view.frame.width)
        let bar = try XCTUnwrap(try player.views(at: 1.25).first { $0.id == "bar" }?.view.frame.width)
        XCTAssertEqual(bar, before + (after - before) * 0.5, accuracy: 1e-6)
    }

    func testAnActionFeedingItsOwnValueBackIsAnError() {
        XCTAssertThrowsError(try player("""
        {"canvas": {"width": 300, "height": 100}, "duration": 1, "state": {"size": 10},
         "root": {"shape": "rectangle", "frame": {"width": "size", "height": 10},
                  "onGeometryChange": {"of": "width", "action": [{"set": {"size": "newValue + 1"}}]}}}
        """)) { error in
            let message = (error as? SceneError).map { "\($0.path): \($0.message)" } ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("root.onGeometryChange: at 0 s: the onGeometryChange actions change the geometry they watch more than 16 times"),
                          message)
        }
    }

    func testBadModifiersNameTheirPath() {
        func message(_ root: String) -> String { decodeErrorMessage(root: root) }
        XCTAssertTrue(message(#"{"spacer": {}, "onGeometryChange": {"of": "width"}}"#).hasPrefix("root.onGeometryChange"))
        XCTAssertTrue(message(#"{"spacer": {}, "onGeometryChange": {"of": "widht", "action": [{"set": {"n": 1}}]}}"#)
            .hasPrefix("root.onGeometryChange.of"), message(#"{"spacer": {}, "onGeometryChange": {"of": "widht", "action": [{"set": {"n": 1}}]}}"#))
        // Inside a forEach nested in another (one forEach's items work: ForEachGeometryChangeTests).
        XCTAssertEqual(message(#"{"zstack": [{"forEach": "0..<3", "as": "i", "content": {"zstack": [{"forEach": "0..<2", "as": "j", "content": {"spacer": {}, "onGeometryChange": {"of": "width", "action": [{"set": {"n": 1}}]}}}]}}]}"#).components(separatedBy: ":").first,
                       "root.zstack[0].content.zstack[0].content.onGeometryChange")
    }
}
