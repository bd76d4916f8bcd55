import FlipbookTesting
import XCTest

/// This file imports FlipbookTesting alone: the types a golden test names (the docs' samples) must be
/// reachable through it, as they are for a user's test target.
final class ImportSurfaceTests: XCTestCase {
    func testAGoldenTestNamesItsTypesThroughFlipbookTestingAlone() throws {
        let json = """
            {"canvas": {"width": 20, "height": 10, "scale": 1, "background": "#000000"}, "duration": 1,
             "root": {"shape": "rectangle", "fill": "#ff0000", "frame": {"width": 4, "height": 4}}}
            """
        let player: Player = try Player(scene: SceneFile.load(json: json))
        let frame: PixelImage = try player.frame(at: 0.5)
        let tolerance: ImageTolerance = ImageTolerance(channel: 4, maxDifferentPixels: 50)
        XCTAssertEqual(frame.width, 20)
        XCTAssertEqual(frame.height, 10)
        XCTAssertEqual(tolerance.maxDifferentPixels, 50)
        XCTAssertNotEqual(ImageTolerance.default, ImageTolerance.exact)
    }
}
