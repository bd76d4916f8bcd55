import Flipbook
import Foundation
import Pixels
import Raster
import SceneFormat
import XCTest

/// An image inside an `overlay` is loaded like any other image view (the loader's walk once skipped
/// overlays, and such a scene failed with "was not loaded").
final class OverlayImageTests: XCTestCase {
    func testAnImageInAnOverlayIsLoadedAndDrawn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = RGBA8(r: 255, g: 0, b: 0)
        try PNGFile.write(PixelImage(width: 8, height: 8, fill: red), to: folder.appendingPathComponent("red.png").path)
        let scene = folder.appendingPathComponent("scene.json")
        try Data(#"""
        {"canvas": {"width": 40, "height": 40, "scale": 1, "background": "#ffffff"}, "duration": 0.1,
         "root": {"shape": "rectangle", "fill": "#0000ff", "frame": {"width": 20, "height": 20},
                  "overlay": {"image": "red.png", "resizable": true, "frame": {"width": 10, "height": 10}}}}
        """#.utf8).write(to: scene)
        let image = try Player(scene: SceneFile.load(path: scene.path)).frame(at: 0)
        XCTAssertEqual(image[20, 20], red, "the overlay's image, centred on the 20 x 20 rectangle")
        XCTAssertEqual(image[12, 12], RGBA8(r: 0, g: 0, b: 255), "the rectangle around it")
    }
}
