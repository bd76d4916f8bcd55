import Foundation
import XCTest

/// The cases an adversarial pass over the binary found: each is refused with one clear line, or renders
/// within the documented bounds of memory and time.
final class HostileSceneTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ json: String, _ name: String = "scene.json") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: - Scene files that are not files

    /// A device or a FIFO as the scene is "not a regular file", at once (a FIFO used to block forever,
    /// and each used to be reported as a permission problem).
    func testDevicesAndFIFOsAreNotRegularFiles() throws {
        let fifo = folder.appendingPathComponent("scene.json").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for scene in ["/dev/zero", "/dev/null", fifo] {
            let run = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("x.gif").path], timeLimit: 20)
            XCTAssertFalse(run.timedOut, scene)
            XCTAssertEqual(run.status, 1, scene)
            XCTAssertEqual(run.stderr, "error: \(scene): not a regular file\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["scene.json"])
    }

    /// A 100,000-digit number is quoted by its start and end, not echoed whole.
    func testALongLiteralIsAbbreviatedInTheMessage() throws {
        let digits = String(repeating: "9", count: 100_000)
        let scene = try write(#"{"canvas": {"width": 10, "height": 10}, "duration": "# + digits + #", "root": {"shape": "circle"}}"#)
        let result = try runRender([scene, "-o", folder.appendingPathComponent("x.gif").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(scene):1:53: invalid JSON: number " + String(repeating: "9", count: 40)
                       + "…(100000 characters)…" + String(repeating: "9", count: 12) + " is out of range\n")
    }

    /// A long name in a message about it is cut too, and a long string value in any message is cut in
    /// the middle so the line stays short.
    func testLongStringsInMessagesAreCut() throws {
        let long = String(repeating: "x", count: 50_000)
        let scene = try write(#"{"name": "\#(long)", "canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle"}}"#)
        let result = try runRender([scene])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(scene):1:10: name: the scene name has 50000 characters (50000 bytes); "
                       + "the limit is 100 characters and 200 bytes\n")
        for (i, json) in [#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "fill": "\#(long)"}}"#,
                          #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "\#(long)": 1}}"#,
                          #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "\#(long)"}}"#].enumerated() {
            let scene = try write(json, "c\(i).json")
            let result = try runRender([scene, "-o", folder.appendingPathComponent("c.gif").path])
            XCTAssertEqual(result.status, 1)
            XCTAssertLessThan(result.stderr.count, 1200, String(result.stderr.prefix(2000)))
            XCTAssertTrue(result.stderr.contains("…"), String(result.stderr.prefix(2000)))
        }
    }
}
