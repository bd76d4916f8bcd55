import Flipbook
import FlipbookTesting
import Foundation
import GIF
import XCTest

/// Every scene in examples/ is guarded by golden frames and shown, moving, in docs/examples.md.
///
/// An example's golden times are the PNG files in `Tests/ExampleGoldens/<example>/` (`0.5.png` is the
/// frame at 0.5 s). Add one with `swift run render still examples/NAME.json --at T -o
/// Tests/ExampleGoldens/NAME/T.png`, look at it, and commit it; its GIF is
/// `swift run render examples/NAME.json -o docs/images/examples/NAME.gif`.
final class ExampleGoldenTests: XCTestCase {
    func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repoPath("examples"))
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The golden times of an example, from its folder's file names.
    func goldenTimes(_ name: String) throws -> [Double] {
        let folder = repoPath("Tests/ExampleGoldens/\(name)")
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".png") }.compactMap { Double($0.dropLast(4)) }.sorted()
    }

    func testEveryExampleMatchesItsGoldens() throws {
        for name in try exampleNames() {
            let player = try Player(scene: SceneFile.load(path: repoPath("examples/\(name).json")))
            let times = try goldenTimes(name)
            XCTAssertGreaterThanOrEqual(times.count, 2, "examples/\(name).json needs golden frames in Tests/ExampleGoldens/\(name)/")
            let rasterizer = Rasterizer()
            for t in times {
                let image = try rasterizer.render(player.displayList(at: t))
                assertGolden(image, repoPath("Tests/ExampleGoldens/\(name)/\(GoldenSceneTests.fileName(t))"))
            }
        }
    }

    /// Hygiene: every golden folder belongs to an example, and every file in it is a time.
    func testEveryGoldenFolderHasAnExample() throws {
        let examples = Set(try exampleNames())
        for folder in try FileManager.default.contentsOfDirectory(atPath: repoPath("Tests/ExampleGoldens")) {
            XCTAssertTrue(examples.contains(folder), "Tests/ExampleGoldens/\(folder) belongs to no example")
            for file in try FileManager.default.contentsOfDirectory(atPath: repoPath("Tests/ExampleGoldens/\(folder)")) {
                let time = file.hasSuffix(".png") ? Double(file.dropLast(4)) : nil
                XCTAssertTrue(time.map { GoldenSceneTests.fileName($0) == file } ?? false,
                              "Tests/ExampleGoldens/\(folder)/\(file) is not named <seconds>.png as the test names it (0.5.png, 1.png)")
            }
        }
    }

    /// docs/examples.md shows every example with its GIF, and each GIF is small, moving and looping.
    func testEveryExampleIsInTheGallery() throws {
        let page = try String(contentsOfFile: repoPath("docs/examples.md"), encoding: .utf8)
        for name in try exampleNames() {
            XCTAssertTrue(page.contains("(images/examples/\(name).gif)"), "docs/examples.md does not show images/examples/\(name).gif")
            XCTAssertTrue(page.contains("examples/\(name).json"), "docs/examples.md does not name examples/\(name).json")
            let gif = repoPath("docs/images/examples/\(name).gif")
            let size = (try? FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 0, "docs/images/examples/\(name).gif is missing")
            XCTAssertLessThan(size, 1 << 20, "docs/images/examples/\(name).gif is over 1 MiB")
            guard size > 0 else { continue }
            let decoded = try GIFReader.read(path: gif)
            XCTAssertGreaterThan(decoded.frames.count, 1, "docs/images/examples/\(name).gif moves")
        }
    }
}
