import Flipbook
import Foundation
import Pixels
@testable import Preview
import Raster
import XCTest

/// Reloading: the scene file and the images it uses are watched; a broken load is a version with its error.
final class PreviewDocumentTests: XCTestCase {
    static let pictureScene = """
        {"name": "picture", "canvas": {"width": 4, "height": 4, "scale": 1}, "duration": 0.1,
         "root": {"image": "dot.png", "resizable": true, "frame": {"width": 4, "height": 4}}}
        """

    func testSavingAnImageTheSceneUsesReloadsIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("picture.json").path
        let image = folder.appendingPathComponent("dot.png").path
        try Self.pictureScene.write(toFile: scene, atomically: false, encoding: .utf8)
        try PNGFile.write(PixelImage(width: 2, height: 2, fill: RGBA8(r: 255, g: 0, b: 0)), to: image)

        let document = PreviewDocument(path: scene)
        XCTAssertEqual(document.version.number, 1)
        XCTAssertEqual(try centre(document), RGBA8(r: 255, g: 0, b: 0))
        XCTAssertFalse(document.reloadIfChanged(), "nothing changed")
        XCTAssertEqual(document.version.number, 1)

        // A different size, so the change shows whatever the file system's clock resolution.
        try PNGFile.write(PixelImage(width: 3, height: 3, fill: RGBA8(r: 0, g: 0, b: 255)), to: image)
        XCTAssertTrue(document.reloadIfChanged())
        XCTAssertEqual(document.version.number, 2)
        XCTAssertEqual(try centre(document), RGBA8(r: 0, g: 0, b: 255))

        // A missing image is an error naming it; putting it back recovers.
        try FileManager.default.removeItem(atPath: image)
        XCTAssertTrue(document.reloadIfChanged())
        guard case .failure(let failure) = document.version.result else { return XCTFail("expected an error") }
        XCTAssertTrue(failure.message.contains("dot.png"), failure.message)
        XCTAssertEqual(failure.line, 2, "the image view's line in the scene file")
        XCTAssertEqual(failure.sourceLine, Self.pictureScene.components(separatedBy: "\n")[1])
        try PNGFile.write(PixelImage(width: 2, height: 2, fill: RGBA8(r: 0, g: 255, b: 0)), to: image)
        XCTAssertTrue(document.reloadIfChanged())
        XCTAssertEqual(document.version.number, 4)
        XCTAssertEqual(try centre(document), RGBA8(r: 0, g: 255, b: 0))
    }

    func testAMissingSceneFileIsAnErrorUntilItAppears() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("later.json").path
        let document = PreviewDocument(path: scene)
        guard case .failure(let failure) = document.version.result else { return XCTFail("expected an error") }
        XCTAssertEqual(failure.message, "no such file")
        try PreviewServerTests.tinyScene.write(toFile: scene, atomically: false, encoding: .utf8)
        XCTAssertTrue(document.reloadIfChanged())
        guard case .success = document.version.result else { return XCTFail("expected the scene") }
    }

    func testTheOffendingLineIsQuotedWithoutItsLineBreak() {
        let text = Array("first\r\nsecond\nthird".utf8)
        XCTAssertEqual(LoadFailure.line(1, of: text), "first")
        XCTAssertEqual(LoadFailure.line(2, of: text), "second")
        XCTAssertEqual(LoadFailure.line(3, of: text), "third")
        XCTAssertNil(LoadFailure.line(4, of: text))
        XCTAssertNil(LoadFailure.line(0, of: text))
        XCTAssertEqual(LoadFailure.line(1, of: Array(String(repeating: "x", count: 500).utf8))?.count, 401, "cut to 400 and an ellipsis")
    }

    private func centre(_ document: PreviewDocument) throws -> RGBA8 {
        guard case .success(let player) = document.version.result else {
            XCTFail("the scene did not load: \(document.version.result)")
            return RGBA8(r: 0, g: 0, b: 0, a: 0)
        }
        return try player.frame(at: 0)[2, 2]
    }
}
