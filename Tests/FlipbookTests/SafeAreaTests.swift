import Flipbook
import Pixels
import SceneFormat
import XCTest

/// `"canvas": {"safeArea": ...}` and `ignoresSafeArea`: the root is laid out in the safe area (here y 40 to
/// 180 of a 100 x 200 canvas); a view that reaches the safe area's edge and ignores it extends to the
/// canvas's edge on the ignored sides, without moving its siblings.
final class SafeAreaTests: XCTestCase {
    func scene(_ root: String, safeArea: String = #"{"top": 40, "bottom": 20}"#) -> String {
        #"{"canvas": {"width": 100, "height": 200, "scale": 1, "background": "white", "safeArea": \#(safeArea)}, "duration": 1, "root": \#(root)}"#
    }

    func frame(_ root: String) throws -> PixelImage {
        try Player(scene: SceneDecoder.decode(Array(scene(root).utf8))).frame(at: 0)
    }

    let red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255), white = RGBA8(r: 255, g: 255, b: 255)

    func root(_ ignores: String) -> String {
        #"{"zstack": [{"shape": "rectangle", "fill": "rgb(1, 0, 0)"\#(ignores)}, {"shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 20, "height": 20}}]}"#
    }

    func testContentIsInsetBySafeArea() throws {
        let image = try frame(root(""))
        XCTAssertEqual(image[50, 5], white, "above the safe area")
        XCTAssertEqual(image[50, 195], white, "below it")
        XCTAssertEqual(image[50, 41], red)
        XCTAssertEqual(image[50, 178], red)
        // The square is centred in the safe area: y 100 to 120 (the canvas's centre would give 90 to 110).
        XCTAssertEqual(image[50, 101], blue)
        XCTAssertEqual(image[50, 118], blue)
        XCTAssertEqual(image[50, 98], red)
    }

    func testIgnoringExtendsToTheCanvasEdges() throws {
        let image = try frame(root(#", "ignoresSafeArea": true"#))
        XCTAssertEqual(image[50, 0], red)
        XCTAssertEqual(image[50, 199], red)
        // Its sibling stays where the safe area put it.
        XCTAssertEqual(image[50, 101], blue)
        XCTAssertEqual(image[50, 98], red)
        let top = try frame(root(#", "ignoresSafeArea": "top""#))
        XCTAssertEqual(top[50, 0], red)
        XCTAssertEqual(top[50, 195], white)
        // As an entry of modifiers, the same.
        XCTAssertEqual(try frame(root(#", "modifiers": [{"ignoresSafeArea": ["top", "bottom"]}]"#)), image)
    }

    /// A view that does not reach the safe area's edge is not extended.
    func testAViewAwayFromTheEdgeStays() throws {
        let image = try frame(#"{"shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 20, "height": 20}, "ignoresSafeArea": true}"#)
        XCTAssertEqual(image[50, 41], white)
        XCTAssertEqual(image[50, 110], red)
    }

    /// `.frame(height: 30).background(.red).ignoresSafeArea(edges: .top)` at the top of a vstack: the view is
    /// proposed the rectangle reaching the canvas's top (y 0 to 70) and centred in it at its fixed 30 pt, as
    /// SwiftUI's safe-area-ignoring layout places its content: y 20 to 50, background included (not stretched to
    /// the top). The same written as an entry.
    func testAFixedFrameKeepsItsSizeCentredInTheExtendedRectangle() throws {
        let bar = #""shape": "rectangle", "fill": "rgb(0, 0, 1)", "frame": {"width": 20, "height": 30}, "background": "rgb(1, 0, 0)""#
        let rest = #"{"spacer": {}}"#
        let image = try frame(#"{"vstack": [{\#(bar), "ignoresSafeArea": "top"}, \#(rest)], "spacing": 0}"#)
        // Laid out at y 40 to 70 in the safe area; extended to 0 to 70; centred: 20 to 50.
        XCTAssertEqual(image[50, 19], white)
        XCTAssertEqual(image[50, 21], blue)
        XCTAssertEqual(image[50, 48], blue)
        XCTAssertEqual(image[50, 52], white)
        XCTAssertEqual(image[35, 30], white, "the background is the bar's own 20 pt, not stretched")
        XCTAssertEqual(try frame(#"{"vstack": [{\#(bar), "modifiers": [{"ignoresSafeArea": "top"}]}, \#(rest)], "spacing": 0}"#), image)
    }

    func testRefusedAtLoad() throws {
        let json = scene(#"{"shape": "rectangle", "ignoresSafeArea": "up"}"#)
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.location?.line, 1, error.message)
            let column = json.distance(from: json.startIndex, to: json.range(of: #""ignoresSafeArea": "#)!.upperBound) + 1
            XCTAssertEqual(error.location?.column, column, error.message)
        }
        XCTAssertThrowsError(try frame(#"{"shape": "rectangle", "ignoresSafeArea": false}"#))
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"spacer": {}}"#, safeArea: #"{"top": 150, "bottom": 60}"#).utf8)))
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"spacer": {}}"#, safeArea: #"{"top": 10, "left": 6}"#).utf8)))
    }
}
