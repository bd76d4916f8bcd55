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
