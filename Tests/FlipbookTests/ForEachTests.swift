import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// `forEach` in stacks: ranges, lists, identity and the transitions of inserted and removed items.
final class ForEachTests: XCTestCase {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let white = RGBA8(r: 255, g: 255, b: 255)

    func scene(_ root: String, state: String = "{}", script: String = "[]", width: Int = 120, height: Int = 40) throws -> Scene {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 2, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        return try SceneDecoder.decode(Array(json.utf8))
    }

    /// 20 x 20 red squares in an hstack with spacing 10, one per element of `items`.
    func squares(id: String? = nil) -> String {
        let idKey = id.map { "\"id\": \"\($0)\", " } ?? ""
        return #"{"hstack": [{"forEach": "items", "as": "n", \#(idKey)"content": {"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 20, "height": 20}}}], "spacing": 10}"#
    }

    /// Red at alpha `a` over white.
    func assertRed(_ pixel: RGBA8, alpha: Double, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(pixel.r, 255, message, line: line)
        XCTAssertEqual(Double(pixel.g), 255 * (1 - alpha), accuracy: 2, message, line: line)
    }

    /// The spinner: 8 dots, `.offset(y: -20).rotationEffect(.degrees(i * 45))`, at
    /// (50 + 20 sin(45° i), 50 - 20 cos(45° i)); the centre stays empty.
    func testRangeWithWrittenOrderModifiers() throws {
        let root = #"{"zstack": [{"forEach": "0..<8", "as": "i", "content": {"shape": "circle", "fill": "rgb(1, 0, 0)", "frame": {"width": 6, "height": 6}, "modifiers": [{"offset": {"y": -20}}, {"rotation": "i * 45"}]}}]}"#
        let image = try Player(scene: scene(root, width: 100, height: 100)).frame(at: 0)
        for i in 0..<8 {
            let a = Double(i) * .pi / 4
            XCTAssertEqual(image[Int(50 + 20 * sin(a)), Int(50 - 20 * cos(a))], red, "dot \(i)")
        }
        XCTAssertEqual(image[50, 50], white)
        // A closed range: 1...3 is three items.
        let three = try Player(scene: scene(#"{"hstack": [{"forEach": "1...3", "as": "k", "content": {"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": "10 * k", "height": 20}}}], "spacing": 0}"#)).frame(at: 0)
        // Widths 10, 20, 30 = 60, centred in 120: x 30 to 90.
        XCTAssertEqual(three[30, 20], red)
        XCTAssertEqual(three[89, 20], red)
        XCTAssertEqual(three[29, 20], white)
        XCTAssertEqual(three[90, 20], white)
    }

    /// [1, 2, 3] -> [1, 3] with a linear 1 s animation: the removed item fades out in its place (the
    /// default transition is `.opacity`) while the two left move to their re-centred places (x 20 -> 35
    /// and 80 -> 65, half way at 27.5 and 72.5).
    func testRemovedItemFadesOutInItsPlace() throws {
        let script = #"[{"at": 0, "do": [{"set": {"items": "[1, 3]"}, "animation": ".linear(duration: 1)"}]}]"#
        let player = try Player(scene: scene(squares(), state: #"{"items": [1, 2, 3]}"#, script: script))
        // Three squares, 80 wide, centred: x 20-40, 50-70, 80-100.
        let half = try player.frame(at: 0.5)
        assertRed(half[60, 20], alpha: 0.5)
        XCTAssertEqual(half[30, 20], red)
        XCTAssertEqual(half[90, 20], red)
        // Two squares, 50 wide: x 35-55, 65-85.
        let done = try player.frame(at: 1.5)
        XCTAssertEqual(done[60, 20], white)
        XCTAssertEqual(done[45, 20], red)
        XCTAssertEqual(done[75, 20], red)
    }

    /// [1, 2] -> [1, 2, 3]: the new item fades in at the end while the others slide by identity from
    /// x 35 to x 20 (linear: 27.5 at half time).
    func testInsertedItemFadesInAndOthersMove() throws {
        let script = #"[{"at": 0, "do": [{"set": {"items": "[1, 2, 3]"}, "animation": ".linear(duration: 1)"}]}]"#
        let half = try Player(scene: scene(squares(), state: #"{"items": [1, 2]}"#, script: script)).frame(at: 0.5)
        assertRed(half[90, 20], alpha: 0.5)
        XCTAssertEqual(half[28, 20], red)      // the first square's left edge is at 27.5
        XCTAssertEqual(half[26, 20], white)
    }

    /// Identity by `id`: 11 -> 12 keeps id 1 (floor(n / 10)), so nothing fades; by the element itself,
    /// 11 goes out and 12 comes in, both half-faded at half time, in one place.
    func testIdentityById() throws {
        let script = #"[{"at": 0, "do": [{"set": {"items": "[12, 22]"}, "animation": ".linear(duration: 1)"}]}]"#
        let byID = try Player(scene: scene(squares(id: "floor(n / 10)"), state: #"{"items": [11, 22]}"#, script: script)).frame(at: 0.5)
        XCTAssertEqual(byID[45, 20], red)
        XCTAssertEqual(byID[75, 20], red)
        let byValue = try Player(scene: scene(squares(), state: #"{"items": [11, 22]}"#, script: script)).frame(at: 0.5)
        // 11, leaving, is out of the layout and stays where it was (x 35-55), where 12 comes in: two slots,
        // the first with both at half opacity (1 - 0.5 * 0.5 = 0.75 together), 22 in the second (x 65-85).
        assertRed(byValue[45, 20], alpha: 0.75)
        XCTAssertEqual(byValue[75, 20], red)
        XCTAssertEqual(byValue[30, 20], white)
        XCTAssertEqual(byValue[60, 20], white)
    }

    func testBadForEach() throws {
        let content = #"{"shape": "circle", "frame": {"width": 4, "height": 4}}"#
        // An id inside the content would repeat.
        XCTAssertThrowsError(try scene(#"{"hstack": [{"forEach": "0..<3", "as": "i", "content": {"id": "dot", "shape": "circle"}}]}"#)) {
            XCTAssertTrue("\($0)".contains("cannot have an id"), "\($0)")
        }
        XCTAssertThrowsError(try scene(#"{"hstack": [{"forEach": "0..<3", "as": "1i", "content": \#(content)}]}"#))
        XCTAssertThrowsError(try scene(#"{"hstack": [{"forEach": "0..<3", "content": \#(content)}]}"#))
        XCTAssertThrowsError(try scene(#"{"hstack": [{"forEach": "0..<3", "as": "i", "content": \#(content), "colour": 1}]}"#))
        XCTAssertThrowsError(try scene(#"{"hstack": [{"forEach": "..<3", "as": "i", "content": \#(content)}]}"#))
        // Found while drawing: bounds that are not whole numbers, duplicate ids, too many items.
        for (source, message) in [("0..<2.5", "whole numbers"), ("[1, 1]", "the id 1"), ("0..<5000", "more than 1000")] {
            let bad = try scene(#"{"hstack": [{"forEach": "\#(source)", "as": "i", "content": \#(content)}]}"#)
            XCTAssertThrowsError(try Player(scene: bad).frame(at: 0)) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
    }
}
