import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

/// Pango behaviour the SwiftUI text features rely on: line limits over several paragraphs, the rounded
/// family, baseline offsets, and gradients drawn at known pixels.
final class TextStyleRasterTests: XCTestCase {
    private func run(_ text: String, family: String = "Inter", size: Double = 15, weight: FontWeight = .regular,
                     baselineOffset: Double = 0) -> TextRun {
        TextRun(text: text, font: Font(family: family, size: size, weight: weight), color: .black,
                baselineOffset: baselineOffset)
    }

    private func measure(_ runs: [TextRun], width: Double? = nil, lineLimit: Int? = nil) -> TextMetrics {
        TextMeasurer().measure(runs, width: width, alignment: .center, lineLimit: lineLimit)
    }

    /// SwiftUI counts `lineLimit` over the whole text; Pango alone would allow 3 lines per paragraph.
    func testLineLimitCountsLinesOverAllParagraphs() {
        let oneLine = measure([run("a")]).size.height
        let text = [run("one\ntwo\nthree\nfour\nfive")]
        XCTAssertEqual(measure(text, width: 300).lineCount, 5)
        let limited = measure(text, width: 300, lineLimit: 3)
        XCTAssertEqual(limited.lineCount, 3)
        XCTAssertEqual(limited.size.height, 3 * oneLine, accuracy: 0.01)
        // The seed's three-line descriptions fit a limit of 3 exactly, like the original.
        let description = [run("Paying more than the minimum amount each\nmonth will help you reduce or even avoid\ninterest charges."),
                           run(" Learn More...")]
        XCTAssertEqual(measure(description, width: 375, lineLimit: 3).lineCount, 3)
        XCTAssertEqual(measure(description, width: 375, lineLimit: 3).size, measure(description, width: 375).size)
    }

    /// Over the limit, the text keeps exactly `lineLimit` lines (the last one ellipsized), paragraphs or not.
    func testTextOverTheLimitKeepsTheLimit() {
        let text = [run("first\nsecond line that is much too long to fit in the width we give it")]
        XCTAssertGreaterThan(measure(text, width: 150).lineCount, 2)
        XCTAssertEqual(measure(text, width: 150, lineLimit: 2).lineCount, 2)
        XCTAssertEqual(measure(text, width: 150, lineLimit: 1).lineCount, 1)
    }

    /// `design: rounded` draws with Quicksand (fonts-quicksand); Pango must find it, not fall back.
    func testRoundedFamilyIsInstalledAndDiffersFromInter() {
        let rounded = measure([run("$1,682.55", family: "Quicksand", size: 30, weight: .bold)]).size.width
        let inter = measure([run("$1,682.55", family: "Inter", size: 30, weight: .bold)]).size.width
        XCTAssertGreaterThan(abs(rounded - inter), 1, "Quicksand must be installed (apt-get install fonts-quicksand)")
    }

    /// A raised run draws its ink higher by the offset.
    func testBaselineOffsetRaisesTheRun() throws {
        func inkTop(_ offset: Double) throws -> Int {
            let image = try renderItems([.text(TextItem(runs: [run("$", size: 30, baselineOffset: offset), run("0", size: 50)],
                                                         origin: Point(0, 20)))], width: 80, height: 100)
            // Only the "$" column: the first 12 points.
            var top = Int.max
            for y in 0..<image.height { for x in 0..<12 where image[x, y].r < 128 { top = min(top, y) } }
            return top
        }
        XCTAssertEqual(try inkTop(0) - inkTop(10), 10, accuracy: 1)
    }

    /// A linear gradient from red to blue across a 100-point rectangle: at x = 25 it is 3/4 red, 1/4 blue.
    func testLinearGradientPixels() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(100, 0),
                                      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)])
        let image = try renderItems([.shape(ShapeItem(path: .rect(Rect(x: 0, y: 0, width: 100, height: 10)),
                                                      fill: Fill(paint: .linearGradient(gradient))))],
                                    width: 100, height: 10)
        assertPixel(image[25, 5], 191, 0, 64, 255, tolerance: 2)
        assertPixel(image[75, 5], 64, 0, 191, 255, tolerance: 2)
    }
}
