import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// `systemImage` in layout: its frame is the glyph's bounds at the font's size, its paint the foreground.
final class SymbolLayoutTests: XCTestCase {
    func compose(_ root: String, state: String = "{}") throws -> [DisplayItem] {
        let json = #"{"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 1, "state": \#(state), "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        return try Composer(scene: scene, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: 0)).items
    }

    func shapes(_ items: [DisplayItem]) -> [ShapeItem] {
        items.flatMap { item -> [ShapeItem] in
            switch item {
            case .shape(let s): return [s]
            case .group(let g): return shapes(g.children)
            default: return []
            }
        }
    }

    /// `HStack(spacing: 0) { Image(systemName: "circle.fill"); Rectangle().frame(width: 10, height: 10) }` at
    /// the body size: the filled circle is 17 * 1.16 = 19.72 points across (Phosphor's 208-unit disc), so the
    /// row is 29.72 wide, centred in 200 x 100.
    func testSymbolFrameIsItsBoundsAtTheFontSize() throws {
        let items = try compose(#"{"hstack": [{"systemImage": "circle.fill", "foregroundColor": "rgb(1, 0, 0)"}, {"shape": "rectangle", "frame": {"width": 10, "height": 10}}], "spacing": 0}"#)
        let drawn = shapes(items)
        XCTAssertEqual(drawn.count, 2)
        let d = 17 * 1.16
        let start = (200 - (d + 10)) / 2
        let disc = try XCTUnwrap(drawn[0].path.bounds)
        XCTAssertEqual(disc.minX, start, accuracy: 0.01)
        XCTAssertEqual(disc.width, d, accuracy: 0.01)
        XCTAssertEqual(disc.minY, 50 - d / 2, accuracy: 0.01)
        XCTAssertEqual(disc.height, d, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(drawn[1].path.bounds).minX, start + d, accuracy: 0.01)
        XCTAssertEqual(drawn[0].fill?.paint, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))
    }

    /// `.font(.system(size: 34, weight: .bold))`: the bold ring reaches 96 + 12 units from its centre, so the
    /// outline circle is 216 units across, at 34 * 1.16 / 208 points per unit.
    func testFontSizeAndWeightPickTheOutline() throws {
        let items = try compose(#"{"systemImage": "circle", "font": {"size": 34, "weight": "bold"}}"#)
        let ring = try XCTUnwrap(shapes(items).first?.path.bounds)
        XCTAssertEqual(ring.width, 216 * 34 * 1.16 / 208, accuracy: 0.02)
        XCTAssertEqual(ring.midX, 100, accuracy: 0.01)
        XCTAssertEqual(ring.midY, 50, accuracy: 0.01)
    }

    /// `Image(systemName: isOn ? "bell.fill" : "bell")` draws the name the state picks.
    func testTheNameMayBeAnExpression() throws {
        let on = try compose(#"{"systemImage": "isOn ? 'bell.fill' : 'bell'"}"#, state: #"{"isOn": true}"#)
        let fill = try compose(#"{"systemImage": "bell.fill"}"#)
        XCTAssertEqual(shapes(on).map(\.path), shapes(fill).map(\.path))
        let off = try compose(#"{"systemImage": "isOn ? 'bell.fill' : 'bell'"}"#, state: #"{"isOn": false}"#)
        XCTAssertNotEqual(shapes(off).map(\.path), shapes(fill).map(\.path))
    }

    /// A larger frame leaves the symbol at its own size, centred (a symbol image is not resizable).
    func testAFrameDoesNotStretchTheSymbol() throws {
        let items = try compose(#"{"systemImage": "circle.fill", "frame": {"width": 80, "height": 60}}"#)
        let disc = try XCTUnwrap(shapes(items).first?.path.bounds)
        XCTAssertEqual(disc.width, 17 * 1.16, accuracy: 0.01)
        XCTAssertEqual(disc.midX, 100, accuracy: 0.01)
    }

    func testUnknownNamesAreErrorsWithSuggestions() {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"systemImage": "chevron.rigth"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            let message = (error as? SceneError)?.description ?? "\(error)"
            XCTAssertTrue(message.contains("root.systemImage"), message)
            XCTAssertTrue(message.contains(#"did you mean "chevron.right""#), message)
        }
        let swiftUI = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"systemName": "heart"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(swiftUI.utf8))) { error in
            XCTAssertTrue("\(error)".contains(#"write "systemImage""#), "\(error)")
        }
    }
}

extension SymbolLayoutTests {
    /// A capitalised name is still a name (not an expression), so it gets a suggestion.
    func testACapitalisedNameGetsASuggestion() {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"systemImage": "Heart.fill"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains(#"did you mean "heart.fill""#), "\(error)")
        }
    }
}

extension SymbolLayoutTests {
    /// `.imageScale(.large)` on a stack: its symbols are 1.3 times their size (Apple: "approximately 30%
    /// larger"), `.small` 0.8 times; text is not affected.
    func testImageScaleIsInheritedBySymbols() throws {
        for (scale, factor) in [("small", 0.8), ("medium", 1.0), ("large", 1.3)] {
            let items = try compose(#"{"hstack": [{"systemImage": "circle.fill"}], "imageScale": "\#(scale)"}"#)
            let disc = try XCTUnwrap(shapes(items).first?.path.bounds)
            XCTAssertEqual(disc.width, 17 * 1.16 * factor, accuracy: 0.01, scale)
        }
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"systemImage": "bell", "imageScale": "huge"}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)))
    }
}
