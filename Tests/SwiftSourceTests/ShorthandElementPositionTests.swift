import Flipbook
import SceneFormat
import SwiftSource
import XCTest

/// A ForEach closure's `$0` is lowered renamed to `item`, two characters longer; errors after it, on its
/// line and the next, are still reported at the Swift file's own line and column, computed here from the
/// source text.
final class ShorthandElementPositionTests: XCTestCase {
    /// The 1-based line and column (in UTF-8 bytes, as swift-syntax counts them) of the `occurrence`-th
    /// `needle` in `source`.
    func position(of needle: String, in source: String, occurrence: Int = 1) -> (line: Int, column: Int) {
        var seen = 0
        for (index, line) in source.components(separatedBy: "\n").enumerated() {
            var rest = Substring(line)
            while let range = rest.range(of: needle) {
                seen += 1
                if seen == occurrence { return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1) }
                rest = rest[range.upperBound...]
            }
        }
        XCTFail("no \(needle) in the source")
        return (0, 0)
    }

    func rows(_ content: String) -> String {
        """
        struct V: View {
            let items = ["a", "b"]
            var body: some View {
                VStack {
                    ForEach(items, id: \\.self) { \(content) }
                }
            }
        }
        """
    }

    let unknown = "unknown name 'alpha'; a body reads the struct's @State and parameters, and closure parameters"

    func testAnUnknownNameAfterTheShorthandOnItsLine() {
        let source = rows("Text($0).opacity(alpha)")
        let at = position(of: "alpha", in: source)
        XCTAssertEqual(conversionError(source), "Bad.swift:\(at.line):\(at.column): \(unknown)")
    }

    func testAnUnknownNameAfterTwoShorthandsOnItsLine() {
        let source = rows("Text(\"\\($0) \\($0)\").opacity(alpha)")
        let at = position(of: "alpha", in: source)
        XCTAssertEqual(conversionError(source), "Bad.swift:\(at.line):\(at.column): \(unknown)")
    }

    func testAnUnknownNameOnTheLineAfterTheShorthand() {
        let source = rows("Text($0)\n                .opacity(alpha)")
        let at = position(of: "alpha", in: source)
        XCTAssertEqual(at.line, 6)
        XCTAssertEqual(conversionError(source), "Bad.swift:\(at.line):\(at.column): \(unknown)")
    }

    /// At the very start of the next line: column 1.
    func testAnErrorAtTheStartOfTheNextLine() {
        let source = rows("Text($0).opacity(\nalpha)")
        let at = position(of: "alpha", in: source)
        XCTAssertEqual([at.line, at.column], [6, 1])
        XCTAssertEqual(conversionError(source), "Bad.swift:\(at.line):\(at.column): \(unknown)")
    }

    /// An error the scene decoder finds is reported at the Swift position of the view holding it, which
    /// the source map keeps: the overlay's circle after `$0`, on the same line and on the next.
    func testDecoderErrorsAfterTheShorthandPointAtTheView() throws {
        for content in ["Text($0).overlay(Circle().blendMode(.sparkle))",
                        "Text($0)\n                .overlay(Circle().blendMode(.sparkle))"] {
            let source = rows(content)
            let at = position(of: "Circle()", in: source)
            let (json, map) = try SwiftSource.convertMapped(source: source, file: "Bad.swift", sidecar: testSidecar)
            do {
                _ = try SceneFile.load(json: json.pretty(), file: "Bad.swift (converted)")
                XCTFail("the scene loaded")
            } catch let error as SceneError {
                XCTAssertEqual(map.translate(error).location, SourceLocation(line: at.line, column: at.column), content)
            }
        }
    }
}
