import Flipbook
import Pixels
import SceneFormat
import XCTest

/// `foregroundStyle` with a gradient: the glyphs of a text and the paths of a symbol are filled with the
/// gradient, its unit points placed in the frame of the view it is written on. Oracle: the same view drawn in
/// solid black gives the glyphs' coverage; where a pixel is fully covered, the gradient render must show
/// the gradient's colour at that pixel's centre, computed here from the frame.
final class ForegroundStyleTests: XCTestCase {
    static let redToBlue = #"{"linearGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "colorSpace": "device", "startPoint": "top", "endPoint": "bottom"}}"#

    func scene(_ root: String) -> String {
        #"{"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
    }

    func frame(_ root: String) throws -> PixelImage {
        try Player(scene: SceneDecoder.decode(Array(scene(root).utf8))).frame(at: 0)
    }

    /// Fully covered pixels of `plain` (black) show red-to-blue at `f(y)` in `styled`; uncovered ones stay
    /// white. Returns how many covered pixels were checked.
    @discardableResult
    func assertFilled(plain: PixelImage, styled: PixelImage, f: (Double) -> Double,
                      file: StaticString = #filePath, line: UInt = #line) -> Int {
        var checked = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let p = plain[x, y]
                if p.r == 0 && p.g == 0 && p.b == 0 {
                    let t = f(Double(y) + 0.5)
                    XCTAssertEqual(Double(styled[x, y].r), 255 * (1 - t), accuracy: 2, "(\(x), \(y))", file: file, line: line)
                    XCTAssertEqual(Double(styled[x, y].b), 255 * t, accuracy: 2, "(\(x), \(y))", file: file, line: line)
                    XCTAssertEqual(styled[x, y].g, 0, "(\(x), \(y))", file: file, line: line)
                    checked += 1
                } else if p.r == 255 && p.g == 255 && p.b == 255 {
                    XCTAssertEqual(styled[x, y], RGBA8(r: 255, g: 255, b: 255), "(\(x), \(y))", file: file, line: line)
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "enough glyph pixels", file: file, line: line)
        return checked
    }

    /// As an entry after a 100 x 100 frame, the gradient spans that frame: the whole canvas.
    func testGradientSpansTheWrappedFrame() throws {
        let text = #"{"text": "HI", "font": {"size": 70, "weight": "black"}, "modifiers": [{"frame": {"width": 100, "height": 100}}"#
        let plain = try frame(text + "]}")
        let styled = try frame(text + #", {"foregroundStyle": \#(Self.redToBlue)}]}"#)
        assertFilled(plain: plain, styled: styled) { $0 / 100 }
    }

    /// On the text itself, the gradient spans the text's own frame (its line box), not the canvas.
    func testGradientSpansTheTextsFrame() throws {
        let text = #"{"text": "HI", "id": "t", "font": {"size": 60, "weight": "black"}"#
        let plain = try frame(text + "}")
        let styled = try frame(text + #", "foregroundStyle": \#(Self.redToBlue)}"#)
        let views = try Player(scene: SceneDecoder.decode(Array(scene(text + "}").utf8))).views(at: 0)
        let box = try XCTUnwrap(views.first { $0.id == "t" }?.view.frame)
        XCTAssertLessThan(box.height, 90, "the text is shorter than the canvas")
        assertFilled(plain: plain, styled: styled) { ($0 - box.minY) / box.height }
    }

    /// A symbol's paths are filled the same way, and an angular gradient works as a fill's does.
    func testSymbolPathsAreFilled() throws {
        let symbol = #"{"systemImage": "square.fill", "font": {"size": 60}, "modifiers": [{"frame": {"width": 100, "height": 100}}"#
        let plain = try frame(symbol + "]}")
        let styled = try frame(symbol + #", {"foregroundStyle": \#(Self.redToBlue)}]}"#)
        assertFilled(plain: plain, styled: styled) { $0 / 100 }
    }

    /// A colour is foregroundColor.
    func testAColourIsTheForegroundColour() throws {
        let a = try frame(#"{"text": "HI", "font": {"size": 60}, "foregroundStyle": "red"}"#)
        let b = try frame(#"{"text": "HI", "font": {"size": 60}, "foregroundColor": "red"}"#)
        XCTAssertEqual(a, b)
    }

    /// Refused at load, with line:column: a gradient on a stack, and both keys at once.
    func testRefusedWhereOneGradientCannotSayIt() {
        let root = #"{"vstack": [{"text": "a"}], "foregroundStyle": \#(Self.redToBlue)}"#
        let json = scene(root)
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("goes on a \"text\" or \"systemImage\" view"), error.message)
            XCTAssertEqual(error.path.description, "root.foregroundStyle")
            XCTAssertEqual(error.location?.line, 1)
            let column = json.distance(from: json.startIndex, to: json.range(of: #""foregroundStyle": "#)!.upperBound) + 1
            XCTAssertEqual(error.location?.column, column)
        }
        // On a shape, the hint is the shape's own paint.
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"shape": "circle", "foregroundStyle": \#(Self.redToBlue)}"#).utf8))) { error in
            XCTAssertTrue((error as? SceneError)?.message.contains("as the shape's \"fill\"") == true, "\(error)")
        }
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"text": "a", "foregroundColor": "red", "foregroundStyle": "blue"}"#).utf8)))
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"text": "a", "foregroundStyle": {"linearGradient": {"colors": ["red"], "startPoint": "top"}}}"#).utf8)))
        XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(#"{"text": "a", "foregroundStyle": {"linearGradient": {"colors": ["rde"], "startPoint": "top", "endPoint": "bottom"}}}"#).utf8)))
    }

    /// As an entry after a background or overlay, the wrapper would fill them with the gradient too; SwiftUI
    /// keeps a colour background's colour. Refused with what to write; before them, or as the view's key, it
    /// fills only the text, and the background keeps its colour.
    func testAnEntryAfterABackgroundIsRefused() throws {
        let style = #"{"foregroundStyle": \#(Self.redToBlue)}"#
        for root in [#"{"text": "HI", "background": "yellow", "modifiers": [\#(style)]}"#,
                     #"{"text": "HI", "modifiers": [{"background": "yellow"}, \#(style)]}"#,
                     #"{"text": "HI", "modifiers": [{"overlay": {"shape": "circle"}}, {"hueRotation": 10}, \#(style)]}"#] {
            XCTAssertThrowsError(try SceneDecoder.decode(Array(scene(root).utf8)), root) { error in
                XCTAssertTrue((error as? SceneError)?.message.contains("would fill them too") == true, "\(error)")
            }
        }
        let before = try frame(#"{"text": "HI", "font": {"size": 60}, "modifiers": [\#(style), {"background": "rgb(1, 1, 0)"}]}"#)
        let key = try frame(#"{"text": "HI", "font": {"size": 60}, "background": "rgb(1, 1, 0)", "foregroundStyle": \#(Self.redToBlue)}"#)
        // The text's top-left corner is background, not glyph: yellow in both.
        let views = try Player(scene: SceneDecoder.decode(Array(scene(#"{"text": "HI", "id": "t", "font": {"size": 60}}"#).utf8))).views(at: 0)
        let box = try XCTUnwrap(views.first { $0.id == "t" }?.view.frame)
        let corner = (Int(box.minX) + 1, Int(box.minY) + 1)
        XCTAssertEqual(before[corner.0, corner.1], RGBA8(r: 255, g: 255, b: 0))
        XCTAssertEqual(key[corner.0, corner.1], RGBA8(r: 255, g: 255, b: 0))
    }
}
