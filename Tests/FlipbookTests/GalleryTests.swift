import Foundation
import GIF
import XCTest

/// The README's gallery shows every scene moving: each has its showcase GIF in out/ and a place in the gallery.
final class GalleryTests: XCTestCase {
    func testEverySceneHasAShowcaseGIFAndAGalleryEntry() throws {
        let readme = try String(contentsOfFile: repoPath("README.md"), encoding: .utf8)
        let gallery = try XCTUnwrap(readme.range(of: "## Gallery").map { String(readme[$0.upperBound...]) },
                                    "README.md has a Gallery section")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: repoPath("scenes")).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(scenes.isEmpty)
        for file in scenes {
            let name = String(file.dropLast(5))
            let gif = repoPath("out/\(name).gif")
            XCTAssertTrue(FileManager.default.fileExists(atPath: gif), "out/\(name).gif is missing: run `swift run render scenes/*.json`")
            XCTAssertTrue(gallery.contains("(out/\(name).gif)"), "the README gallery does not show out/\(name).gif")
            XCTAssertTrue(gallery.contains("scenes/\(name).json"), "the README gallery does not name scenes/\(name).json")
            // A showcase GIF stays small enough to embed, and it is a real, looping animation.
            let size = (try FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int) ?? 0
            XCTAssertLessThan(size, 2 << 20, "out/\(name).gif is over 2 MiB")
            let decoded = try GIFReader.read(path: gif)
            XCTAssertGreaterThan(decoded.frames.count, 1, "out/\(name).gif moves")
            XCTAssertEqual(decoded.loopCount, 0, "out/\(name).gif loops")
        }
    }
}
