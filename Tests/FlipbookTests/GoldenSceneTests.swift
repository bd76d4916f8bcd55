import Flipbook
import FlipbookTesting
import GoldenImages
import Foundation
import Raster
import SceneFormat
import XCTest

/// Every scene is guarded by golden frames at its key moments, rendered through the same library code as the CLI.
final class GoldenSceneTests: XCTestCase {
    /// Scene name -> times, from Tests/Goldens/goldens.json.
    func manifest() throws -> [String: [Double]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: repoPath("Tests/Goldens/goldens.json")))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var result: [String: [Double]] = [:]
        for (key, value) in object where key != "comment" {
            result[key] = try XCTUnwrap(value as? [Double], "\(key) needs a list of times")
        }
        return result
    }

    func sceneNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repoPath("scenes"))
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The golden file name of a time: "0.45.png", "0.png".
    static func fileName(_ t: Double) -> String {
        (t == t.rounded() ? String(Int(t)) : String(t)) + ".png"
    }

    func testEveryKeyFrameMatchesItsGolden() throws {
        for (name, times) in try manifest().sorted(by: { $0.key < $1.key }) {
            let player = try Player(scene: SceneFile.load(path: repoPath("scenes/\(name).json")))
            let rasterizer = Rasterizer()
            for t in times {
                let image = try rasterizer.render(player.displayList(at: t))
                assertGolden(image, repoPath("Tests/Goldens/\(name)/\(Self.fileName(t))"))
            }
        }
    }

    /// Hygiene: every scene has goldens, and every golden belongs to a scene and a listed time.
    func testEverySceneHasGoldensAndEveryGoldenHasAScene() throws {
        let manifest = try manifest()
        let scenes = try sceneNames()
        for scene in scenes {
            XCTAssertFalse(manifest[scene]?.isEmpty ?? true, "scene \(scene) has no golden times in Tests/Goldens/goldens.json")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: repoPath("Tests/Goldens")).filter { !$0.contains(".") }
        for folder in folders {
            XCTAssertTrue(scenes.contains(folder), "Tests/Goldens/\(folder) belongs to no scene")
            let listed = Set((manifest[folder] ?? []).map(Self.fileName))
            for file in try FileManager.default.contentsOfDirectory(atPath: repoPath("Tests/Goldens/\(folder)")) {
                XCTAssertTrue(listed.contains(file), "Tests/Goldens/\(folder)/\(file) is not a listed time")
            }
        }
        for name in manifest.keys { XCTAssertTrue(scenes.contains(name), "goldens.json lists \(name), which is no scene") }
    }

    /// The comparator catches a real change: the seek frame at another time is not the golden of 0.5 s.
    func testAFrameFromTheWrongTimeFails() throws {
        let player = try Player(scene: SceneFile.load(path: repoPath("scenes/seek.json")))
        let golden = try PNGFile.read(path: repoPath("Tests/Goldens/seek/0.5.png"))
        let wrong = try player.frame(at: 0.56)
        let same = try player.frame(at: 0.5)
        XCTAssertFalse(ImageComparator.compare(expected: golden, actual: wrong, tolerance: .default).passesItsTolerance)
        XCTAssertTrue(ImageComparator.compare(expected: golden, actual: same, tolerance: .default).passesItsTolerance)
    }
}
