import Foundation
import XCTest

/// docs/scene-format.md's overview: its first scene, run through `render inspect`, prints what the page
/// shows, and the values it shows are the model value and the spring's closed form.
final class SceneFormatOverviewTests: XCTestCase {
    func testTheOverviewsInspectSampleIsWhatTheCommandPrints() throws {
        let page = try String(contentsOfFile: repoPath("docs/scene-format.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```")
        // The first JSON block is the scene; the first block after the `render inspect` sentence is its output.
        let scene = try XCTUnwrap(blocks.first { $0.hasPrefix("json\n") }).dropFirst("json\n".count)
        let sentence = try XCTUnwrap(page.range(of: "`render inspect spin.json --at 0.5`"))
        let after = page[sentence.upperBound...].components(separatedBy: "```")
        XCTAssertGreaterThan(after.count, 2)
        let printed = after[1].trimmingCharacters(in: .whitespacesAndNewlines)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-overview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("spin.json")
        try Data(scene.utf8).write(to: file)
        let result = try runRender(["inspect", file.path, "--at", "0.5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), printed)

        // The model value is 90 from the tap (0.2 s) on; the view shows the spring(response: 0.5,
        // dampingFraction: 0.6) step response 0.3 s after it: w0 = 2 pi / response, under-damped.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: Any]])
        let state = try XCTUnwrap(json.first?["state"] as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(state["angle"] as? Double), 90)
        let views = try XCTUnwrap(json.first?["views"] as? [String: Any])
        let square = try XCTUnwrap(views["square"] as? [String: Any])
        let z = 0.6, w0 = 2 * Double.pi / 0.5, wd = w0 * (1 - z * z).squareRoot(), s = 0.3
        let step = 1 - exp(-z * w0 * s) * (cos(wd * s) + z * w0 / wd * sin(wd * s))
        XCTAssertEqual(try XCTUnwrap(square["rotation"] as? Double), 90 * step, accuracy: 1e-4)
    }
}
