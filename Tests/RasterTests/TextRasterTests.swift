import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

final class TextRasterTests: XCTestCase {
    private func run(_ text: String, size: Double = 17, weight: FontWeight = .regular,
                     color: Color = .black) -> TextRun {
        TextRun(text: text, font: Font(family: "Inter", size: size, weight: weight), color: color)
    }

    private func measure(_ runs: [TextRun], width: Double? = nil, alignment: TextAlignment = .leading,
                         lineLimit: Int? = nil) -> TextMetrics {
        TextMeasurer().measure(runs, width: width, alignment: alignment, lineLimit: lineLimit)
    }

    func testTextDrawsInk() throws {
        let item = TextItem(runs: [run("Hello")], origin: Point(5, 5))
        let image = try renderItems([.text(item)], width: 80, height: 30, background: .clear)
        XCTAssertGreaterThan(coveredArea(image), 20)
        // Ink is black: every inked pixel has colour 0.
        XCTAssertTrue(stride(from: 0, to: image.pixels.count, by: 4).allSatisfy {
            image.pixels[$0 + 3] == 0 || (image.pixels[$0] == 0 && image.pixels[$0 + 1] == 0)
        })
    }

    func testRunColoursAndAlphaAreApplied() throws {
        let item = TextItem(runs: [run("MMMM", size: 30, color: red),
                                   run("MMMM", size: 30, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))],
                            origin: Point(0, 0))
        let metrics = measure(item.runs)
        let image = try renderItems([.text(item)], width: metrics.size.width, height: metrics.size.height,
                                    background: .clear)
        let pixels = (0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } }
        let maxRedAlpha = pixels.filter { $0.r == 255 && $0.b == 0 }.map(\.a).max() ?? 0
        let maxBlueAlpha = pixels.filter { $0.b == 255 && $0.r == 0 }.map(\.a).max() ?? 0
        XCTAssertEqual(maxRedAlpha, 255)
        XCTAssertEqual(Int(maxBlueAlpha), 128, accuracy: 1)
    }

    func testFullyTransparentRunDrawsNothing() throws {
        let item = TextItem(runs: [run("Hidden", color: .clear)], origin: Point(5, 5))
        let image = try renderItems([.text(item)], width: 80, height: 30, background: .clear)
        XCTAssertEqual(coveredArea(image), 0)
    }

    func testInkStaysInsideTheMeasuredBox() throws {
        let cases: [(TextItem, Double)] = [
            (TextItem(runs: [run("Hello, world")], origin: Point(10, 10)), 1),
            (TextItem(runs: [run("Quickly jumping foxes")], origin: Point(10.5, 7.25)), 2),
            (TextItem(runs: [run("A longer sentence that has to wrap onto more lines")], origin: Point(4, 4),
                      width: 120, alignment: .center), 2),
            (TextItem(runs: [run("Bold ", weight: .bold), run("and big", size: 30)], origin: Point(3, 20)), 1),
        ]
        for (item, scale) in cases {
            let metrics = TextMeasurer.shared.measure(item)
            let image = try renderItems([.text(item)], width: 220, height: 120, scale: scale, background: .clear)
            let ink = try XCTUnwrap(inkBounds(image))
            let slack = 2.0
            XCTAssertGreaterThanOrEqual(Double(ink.minX), (item.origin.x) * scale - slack, "\(item.string)")
            XCTAssertGreaterThanOrEqual(Double(ink.minY), (item.origin.y) * scale - slack, "\(item.string)")
            let boxWidth = item.width ?? metrics.size.width
            XCTAssertLessThanOrEqual(Double(ink.maxX + 1), (item.origin.x + boxWidth) * scale + slack,
                                     "\(item.string)")
            XCTAssertLessThanOrEqual(Double(ink.maxY + 1), (item.origin.y + metrics.size.height) * scale + slack,
                                     "\(item.string)")
            // And the box is not much bigger than the ink: a 17 pt font's ink fills most of a line.
            XCTAssertGreaterThan(Double(ink.maxY + 1 - ink.minY), metrics.size.height * scale * 0.5 / Double(metrics.lineCount))
        }
    }

    func testWiderStringMeasuresWider() {
        let short = measure([run("Hello")])
        let long = measure([run("Hello, world")])
        XCTAssertGreaterThan(short.size.width, 20)
        XCTAssertGreaterThan(long.size.width, short.size.width + 20)
        XCTAssertEqual(short.size.height, long.size.height)
        XCTAssertEqual(short.lineCount, 1)
    }

    func testBoldMeasuresWiderThanRegular() {
        let regular = measure([run("Hello, world")])
        let bold = measure([run("Hello, world", weight: .bold)])
        XCTAssertGreaterThan(bold.size.width, regular.size.width + 1)
    }

    func testSizeScalesTheMeasurement() {
        let small = measure([run("Hello", size: 10)])
        let big = measure([run("Hello", size: 20)])
        XCTAssertEqual(big.size.width, 2 * small.size.width, accuracy: 0.05 * small.size.width)
        XCTAssertEqual(big.firstBaseline, 2 * small.firstBaseline, accuracy: 0.05 * small.firstBaseline)
        // Inter's line height is about 1.21 em and the baseline about 0.97 em below the top.
        XCTAssertEqual(big.size.height, 20 * 1.21, accuracy: 1)
        XCTAssertEqual(big.firstBaseline, 20 * 0.97, accuracy: 1)
    }

    func testNarrowWidthWrapsAndLineLimitOneKeepsOneLine() {
        let text = [run("The quick brown fox jumps over the lazy dog")]
        let wrapped = measure(text, width: 80)
        XCTAssertGreaterThan(wrapped.lineCount, 2)
        XCTAssertLessThanOrEqual(wrapped.size.width, 80)
        let limited = measure(text, width: 80, lineLimit: 1)
        XCTAssertEqual(limited.lineCount, 1)
        XCTAssertEqual(limited.size.height, measure([run("The")]).size.height)
        let two = measure(text, width: 80, lineLimit: 2)
        XCTAssertEqual(two.lineCount, 2)
    }

    func testMeasurementDoesNotDependOnDrawingScale() throws {
        let rasterizer = Rasterizer()
        let items = [
            TextItem(runs: [run("Hello, world")], origin: .zero),
            TextItem(runs: [run("Mixed ", size: 13), run("runs", size: 21, weight: .semibold)], origin: .zero),
            TextItem(runs: [run("Wrapping text that is long enough to need three lines")], origin: .zero,
                     width: 110, alignment: .trailing),
        ]
        for item in items {
            let measured = TextMeasurer().measure(item)
            for scale in [1.0, 2.0, 3.0] {
                XCTAssertEqual(try rasterizer.drawnMetrics(of: item, scale: scale), measured,
                               "\(item.string) at \(scale)")
            }
        }
    }

    func testCentredTextWithoutWidthAlignsLinesWithinItsOwnWidth() throws {
        let item = TextItem(runs: [run("Hi\nHello, wide world")], origin: Point(0, 0), alignment: .center)
        let metrics = TextMeasurer.shared.measure(item)
        XCTAssertEqual(metrics.lineCount, 2)
        let image = try renderItems([.text(item)], width: 200, height: 60, background: .clear)
        // The first line's ink is centred on the layout's width.
        var firstLine = image
        for y in Int(metrics.firstBaseline + 2)..<image.height {
            for x in 0..<image.width { firstLine[x, y] = RGBA8(r: 0, g: 0, b: 0, a: 0) }
        }
        let ink = try XCTUnwrap(inkBounds(firstLine))
        XCTAssertEqual(Double(ink.minX + ink.maxX + 1) / 2, metrics.size.width / 2, accuracy: 2)
    }

    func testEmptyTextMeasuresZeroAndDrawsNothing() throws {
        XCTAssertEqual(measure([]), .zero)
        XCTAssertEqual(measure([run("")]), .zero)
        let image = try renderItems([.text(TextItem(runs: [run("")], origin: .zero))], width: 10, height: 10,
                                    background: .clear)
        XCTAssertEqual(coveredArea(image), 0)
    }

    func testSharedMeasurerIsSafeAcrossThreads() {
        let texts = (0..<40).map { "Line number \($0 % 10)" }
        let expected = texts.map { measure([run($0)]) }
        let results = Results(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: texts.count) { i in
            let metrics = TextMeasurer.shared.measure([TextRun(text: texts[i], font: Font(), color: .black)],
                                                      width: nil, alignment: .leading, lineLimit: nil)
            results.set(i, metrics)
        }
        XCTAssertEqual(results.values, expected)
    }
}

/// Metrics collected from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [TextMetrics?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ metrics: TextMetrics) {
        lock.lock()
        values[index] = metrics
        lock.unlock()
    }
}
