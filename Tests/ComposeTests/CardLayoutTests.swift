import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// A measurer whose text is `0.5 x size` points per character on one line, `1.2 x size` high per line,
/// wrapping by characters at the width: sizes by hand, and linear in the font size like Pango unhinted.
struct LinearMeasurer: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size {
        let natural = runs.reduce(0) { $0 + Double($1.text.count) * 0.5 * $1.font.size }
        let lineHeight = 1.2 * (runs.map(\.font.size).max() ?? 0)
        guard let width, natural > width, width > 0 else { return Size(natural, lineHeight) }
        let lines = min(Double(lineLimit ?? .max), (natural / width).rounded(.up))
        return Size(width, lines * lineHeight)
    }
}

/// The layout, text and paint features of the circle-control screen, on small trees computed by hand.
final class CardLayoutTests: XCTestCase {
    func compose(_ root: String, width: Double = 200, height: Double = 100,
                 measurer: any TextMeasuring = FixedMeasurer()) throws -> [DisplayItem] {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1}, "duration": 1, "root": \#(root)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        return try Composer(scene: scene, measurer: measurer).displayList(for: timeline.snapshot(at: 0)).items
    }

    func flatten(_ items: [DisplayItem]) -> [DisplayItem] {
        items.flatMap { item -> [DisplayItem] in
            if case .group(let g) = item { return flatten(g.children) }
            return [item]
        }
    }

    func shapes(_ items: [DisplayItem]) -> [ShapeItem] {
        flatten(items).compactMap { if case .shape(let s) = $0 { return s } else { return nil } }
    }

    func texts(_ items: [DisplayItem]) -> [TextItem] {
        flatten(items).compactMap { if case .text(let t) = $0 { return t } else { return nil } }
    }

    // MARK: - Layout

    /// The navigation bar recipe: `Spacer().frame(height: 44)` is 44 high in a VStack, not flexible.
    func testFramedSpacerKeepsItsHeightInAVStack() throws {
        let items = try compose(#"{"vstack": [{"spacer": {}, "minLength": 0, "frame": {"height": 44}}, {"shape": "rectangle", "frame": {"width": 20, "height": 44}}], "spacing": 0, "frame": {"maxHeight": "infinity"}, "alignment": "leading"}"#, height: 300)
        // The stack is 88 high, centred in 300: from 106; the rectangle starts 44 lower.
        XCTAssertEqual(shapes(items).first?.path.controlPointBounds, Rect(x: 90, y: 150, width: 20, height: 44))
    }

    /// The screen's column: texts and a fixed square in a VStack with default spacing 8, top padding 32,
    /// centred in the proposal.
    func testVStackOfTextsAndAFramedControl() throws {
        let items = try compose(#"{"vstack": [{"text": "Title"}, {"text": "Sub"}, {"shape": "circle", "frame": {"width": 60, "height": 60}, "padding": 16}], "padding": {"top": 32}}"#, height: 300)
        // Heights 20 + 8 + 20 + 8 + 92 = 148, plus 32 padding = 180; centred in 300 from y 60, content from 92.
        let t = texts(items)
        XCTAssertEqual(t.map(\.origin), [Point(75, 92), Point(85, 120)])
        XCTAssertEqual(shapes(items).first?.path.controlPointBounds, Rect(x: 70, y: 164, width: 60, height: 60))
    }

    /// Buttons: two (w - 48) / 2 x 50 frames 16 apart, each with a rounded background, text centred.
    func testButtonRowSplitsTheWidth() throws {
        let button = #"{"text": "Pay", "frame": {"width": "buttonWidth", "height": 50}, "background": {"shape": "roundedRectangle", "cornerRadius": 12, "fill": "white"}}"#
        let items = try compose(#"{"let": {"buttonWidth": "(w - 3 * 16) / 2"}, "hstack": [\#(button), \#(button)], "spacing": 16}"#, width: 248)
        // (248 - 48) / 2 = 100 each; the row is 216 wide, centred: from 16 and 132.
        XCTAssertEqual(shapes(items).map { $0.path.controlPointBounds?.minX }, [16, 132])
        XCTAssertEqual(shapes(items).map { $0.path.controlPointBounds?.width }, [100, 100])
        XCTAssertEqual(texts(items).map(\.origin), [Point(51, 40), Point(167, 40)])
    }

    // MARK: - Text

    func testTextStyleSetsSizeAndWeightAndOverridesWin() throws {
        let items = try compose(#"{"vstack": [{"text": "a", "font": {"style": "largeTitle", "weight": "heavy"}}, {"text": "b", "font": {"style": "headline"}}, {"text": "c", "font": {"style": "headline", "weight": "regular"}}, {"text": "d", "font": {"style": "caption2", "size": 40}}, {"text": "e", "font": {"style": "subheadline", "design": "rounded"}}]}"#, height: 300)
        let fonts = texts(items).map { $0.runs[0].font }
        XCTAssertEqual(fonts.map(\.size), [34, 17, 17, 40, 15])
        XCTAssertEqual(fonts.map(\.weight), [.heavy, .semibold, .regular, .regular, .regular])
        XCTAssertEqual(fonts.map(\.family), ["Inter", "Inter", "Inter", "Inter", "Quicksand"])
    }

    func testEveryTextStyleSize() {
        let expected: [String: Double] = ["largeTitle": 34, "title": 28, "title2": 22, "title3": 20, "headline": 17, "body": 17,
                                          "callout": 16, "subheadline": 15, "footnote": 13, "caption": 12, "caption2": 11]
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: TextStyle.allCases.map { ($0.rawValue, $0.size) }), expected)
    }

    /// "$" at 30 and "1,682.55" at 50: natural width 0.5 x (30 + 8 x 50) = 215; in a 129-point frame
    /// the text shrinks by 129 / 215 = 0.6, the baseline offset with it.
    func testMinimumScaleFactorShrinksToFitTheWidth() throws {
        let root = #"{"text": [{"text": "$", "font": {"size": 30}, "baselineOffset": 10}, {"text": "1,682.55", "font": {"size": 50}}], "lineLimit": 1, "minimumScaleFactor": FACTOR, "frame": {"width": 129}}"#
        let fitted = try XCTUnwrap(texts(try compose(root.replacingOccurrences(of: "FACTOR", with: "0.5"), measurer: LinearMeasurer())).first)
        XCTAssertEqual(fitted.runs[0].font.size, 30 * 0.6, accuracy: 0.01)
        XCTAssertEqual(fitted.runs[1].font.size, 50 * 0.6, accuracy: 0.01)
        XCTAssertEqual(fitted.runs[0].baselineOffset, 6, accuracy: 0.01)
        // Centred in the frame: 129 - 215 x 0.6 = 0 slack.
        XCTAssertEqual(fitted.origin.x, (200 - 129) / 2, accuracy: 0.05)
        // Never below the factor: at 0.8 the text stays at 0.8 (and is truncated).
        let floored = try XCTUnwrap(texts(try compose(root.replacingOccurrences(of: "FACTOR", with: "0.8"), measurer: LinearMeasurer())).first)
        XCTAssertEqual(floored.runs[1].font.size, 40, accuracy: 1e-9)
        // Text that fits keeps its size.
        let wide = try XCTUnwrap(texts(try compose(root.replacingOccurrences(of: "FACTOR", with: "0.5").replacingOccurrences(of: "129", with: "300"), width: 400, measurer: LinearMeasurer())).first)
        XCTAssertEqual(wide.runs[1].font.size, 50)
    }

    // MARK: - Paint

    func testLinearGradientSpansTheShapesRectangle() throws {
        let items = try compose(##"{"shape": "rectangle", "frame": {"width": 100, "height": 40}, "fill": {"linearGradient": {"colors": ["red", "opacity(blue, 0.5)", "#00FF00"], "startPoint": "leading", "endPoint": "trailing"}}}"##)
        guard case .linearGradient(let g)? = shapes(items).first?.fill?.paint else { return XCTFail("a linear gradient") }
        // The rectangle is at (50, 30): leading (50, 50) to trailing (150, 50).
        XCTAssertEqual(g.start, Point(50, 50))
        XCTAssertEqual(g.end, Point(150, 50))
        XCTAssertEqual(g.stops.map(\.location), [0, 0.5, 1])
        XCTAssertEqual(g.stops[1].color.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(g.stops[2].color, Color(red: 0, green: 1, blue: 0))
    }

    func testStrokeGradientWithStopsAndUnitPointArrays() throws {
        let items = try compose(#"{"path": [["move", 0, 0], ["line", "w", "h"]], "frame": {"width": 80, "height": 20}, "stroke": {"lineWidth": 4, "color": {"linearGradient": {"stops": [{"color": "white", "location": 0.25}, {"color": "black", "location": 2}], "startPoint": [0, 0], "endPoint": [0.5, 1]}}}}"#)
        guard case .linearGradient(let g)? = shapes(items).first?.stroke?.paint else { return XCTFail("a stroke gradient") }
        XCTAssertEqual(g.start, Point(60, 40))
        XCTAssertEqual(g.end, Point(100, 60))
        XCTAssertEqual(g.stops.map(\.location), [0.25, 1])
    }

    func testRadialGradientCentreAndRadii() throws {
        let items = try compose(#"{"shape": "circle", "frame": {"width": 60, "height": 60}, "fill": {"radialGradient": {"colors": ["white"], "center": "topLeading", "startRadius": 5, "endRadius": "w / 2"}}}"#)
        guard case .radialGradient(let g)? = shapes(items).first?.fill?.paint else { return XCTFail("a radial gradient") }
        XCTAssertEqual(g.center, Point(70, 20))
        XCTAssertEqual(g.startRadius, 5)
        XCTAssertEqual(g.endRadius, 30)
        // One colour paints solid: the same colour at both ends.
        XCTAssertEqual(g.stops.map(\.location), [0, 1])
        XCTAssertEqual(g.stops[0].color, g.stops[1].color)
    }

    func testGradientErrorsNameThePath() {
        let cases = [
            (#"{"shape": "circle", "fill": {"linearGradient": {"colors": ["red"], "startPoint": "leading"}}}"#, "endPoint"),
            (#"{"shape": "circle", "fill": {"linearGradient": {"colors": ["red"], "stops": [], "startPoint": "leading", "endPoint": "top"}}}"#, "not both"),
            (#"{"shape": "circle", "fill": {"radialGradient": {"colors": [], "endRadius": 3}}}"#, "at least one"),
            (#"{"shape": "circle", "fill": {"conicGradient": {}}}"#, "conicGradient"),
        ]
        for (root, expected) in cases {
            XCTAssertThrowsError(try compose(root), root) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
