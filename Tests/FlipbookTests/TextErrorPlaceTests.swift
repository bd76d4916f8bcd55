import Foundation
import SceneFormat
import XCTest
@testable import Flipbook

/// Errors about drawing a text (its glyphs' cost, a font too large to draw) point at the text view's own
/// JSON path and line:column, not at the canvas.
final class TextErrorPlaceTests: XCTestCase {
    /// Two texts in a stack; the second, at line 4, is 2000 pt at scale 2: 4000 px em squares.
    static let json = """
    {"canvas": {"width": 400, "height": 400, "scale": 2}, "duration": 0.1, "fps": 10,
     "root": {"vstack": [
       {"text": "a", "font": {"size": 10}},
       {"text": "WWWW", "font": {"size": 2000}}]}}
    """

    /// Line 4, and the column of the text's value `"WWWW"` (1-based).
    static var textPlace: (line: Int, column: Int) {
        let line = json.split(separator: "\n", omittingEmptySubsequences: false)[3]
        let column = line.distance(from: line.startIndex, to: line.range(of: "\"WWWW\"")!.lowerBound) + 1
        return (4, column)
    }

    func testTheGlyphCostNamesTheTextView() throws {
        let player = try Player(scene: SceneDecoder.decode(Array(Self.json.utf8), file: "text.json"))
        let estimate = try WorkEstimate(player: player, times: [0])
        // 4 characters of 4000 x 4000 px, and 1 of 20 x 20 px.
        XCTAssertEqual(estimate.glyphPixels, 4 * 4000 * 4000 + 20 * 20, accuracy: 1e-6)
        XCTAssertThrowsError(try estimate.check(file: "text.json", budget: 0.01)) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.location?.line, Self.textPlace.line)
            XCTAssertEqual(error.location?.column, Self.textPlace.column)
            XCTAssertTrue(error.message.hasPrefix("root.vstack[1]: the render's work"), error.message)
        }
    }

    /// At scale 8 the same text is 16000 px high, over the 8192 px Cairo can draw: the frame stops at the
    /// text view, in `render` and `render still` alike.
    func testATextTooLargeToDrawNamesTheTextView() throws {
        var scene = try SceneDecoder.decode(Array(Self.json.utf8), file: "text.json")
        scene.canvas.scale = 8
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("text-place-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("still.png").path
        XCTAssertThrowsError(try Renderer.still(scene, at: 0, to: output)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("text.json:\(Self.textPlace.line):\(Self.textPlace.column): root.vstack[1]: at t = 0 s: "
                                        + "a text would be drawn with a font 16000 px high"), text)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
