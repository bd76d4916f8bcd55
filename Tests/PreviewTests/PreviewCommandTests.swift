import Foundation
import XCTest

/// `render preview`'s bad input: one clear line on stderr and a non-zero status, no server left running.
final class PreviewCommandTests: XCTestCase {
    func testAPortInUseIsOneClearError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PreviewServerTests.tinyScene.write(to: folder.appendingPathComponent("tiny.json"), atomically: false, encoding: .utf8)
        let first = try PreviewProcess(scene: "tiny.json", in: folder)
        let port = try XCTUnwrap(first.url.split(separator: ":").last?.dropLast())
        let second = try runRender(["preview", "tiny.json", "--port", String(port)], in: folder)
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(second.stderr, "error: cannot listen on 127.0.0.1:\(port): bind: address already in use (try another --port, or --port 0)\n")
        XCTAssertEqual(second.stderr.filter { $0 == "\n" }.count, 1, "one line")
        XCTAssertEqual(try first.stop(), 0)
    }

    /// `render preview View.swift`: the Swift file is converted at each save of it or its sidecar; a construct
    /// outside the subset shows as an error with the Swift file's line and column and the line quoted.
    func testASwiftFileReloadsOnSavesOfItAndItsSidecar() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("Dot.swift"), sidecar = folder.appendingPathComponent("Dot.flipbook.json")
        let view = """
            import SwiftUI
            struct Dot: View {
                var body: some View {
                    Circle().frame(width: 20, height: 20)
                }
            }
            """
        try view.write(to: swift, atomically: false, encoding: .utf8)
        try #"{"canvas": {"width": 40, "height": 40}, "duration": 1}"#.write(to: sidecar, atomically: false, encoding: .utf8)
        let preview = try PreviewProcess(scene: "Dot.swift", in: folder)
        defer { _ = try? preview.stop() }
        let port = try XCTUnwrap(UInt16(preview.url.split(separator: ":").last?.dropLast() ?? ""))
        func scene(after version: Int? = nil) throws -> [String: Any] {
            let response = try RawHTTP(port: port).request("/api/scene" + (version.map { "?after=\($0)" } ?? ""))
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }
        let first = try scene()
        XCTAssertEqual(first["status"] as? String, "ready")
        XCTAssertEqual(first["frameCount"] as? Int, 50)

        // The sidecar is watched: a longer duration, more frames.
        try #"{"canvas": {"width": 40, "height": 40}, "duration": 2}"#.write(to: sidecar, atomically: false, encoding: .utf8)
        let second = try scene(after: first["version"] as? Int)
        XCTAssertEqual(second["frameCount"] as? Int, 100)

        // A construct outside the subset: the error points into the Swift file.
        try view.replacingOccurrences(of: "Circle()", with: "Circle().onLongPressGesture {}").write(to: swift, atomically: false, encoding: .utf8)
        let broken = try scene(after: second["version"] as? Int)
        XCTAssertEqual(broken["status"] as? String, "error")
        let error = try XCTUnwrap(broken["error"] as? [String: Any])
        XCTAssertEqual(error["line"] as? Int, 4)
        XCTAssertTrue((error["message"] as? String ?? "").contains("onLongPressGesture"), "\(error)")
        XCTAssertEqual(error["sourceLine"] as? String, "        Circle().onLongPressGesture {}.frame(width: 20, height: 20)")
    }

    func testAMissingSceneFileIsAnError() throws {
        let result = try runRender(["preview", "/nonexistent/scene.json", "--port", "0"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: /nonexistent/scene.json: no such file\n")
    }

    func testAPortOutOfRangeIsRefused() throws {
        let result = try runRender(["preview", "scene.json", "--port", "70000"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--port must be between 0 and 65535"), result.stderr)
    }
}

/// What a run of `render` printed and returned.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the `render` executable built beside the test bundle and waits for it (at most 30 s).
func runRender(_ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
    let binary = Bundle.main.bundleURL.appendingPathComponent("render")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw XCTSkip("the render binary is not at \(binary.path); run `swift build` first")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}
