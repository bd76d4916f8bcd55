import Flipbook
import Foundation
import GIF
import Pixels
@testable import Preview
import Raster
import XCTest

/// The preview server's routes and its refusals, over a plain socket (no browser needed).
final class PreviewServerTests: XCTestCase {
    var folder: URL!
    var scenePath: String!
    var server: PreviewServer!
    var http: RawHTTP!

    static let tinyScene = """
        {"name": "tiny", "canvas": {"width": 20, "height": 10, "scale": 1}, "duration": 0.5,
         "state": {"x": 0},
         "root": {"shape": "circle", "id": "dot", "frame": {"width": 8, "height": 8}, "offset": {"x": "x"},
                  "onTap": [{"set": {"x": 5}, "animation": ".linear(duration: 0.2)"}]},
         "script": [{"at": 0.1, "tap": "dot"}]}
        """

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        scenePath = folder.appendingPathComponent("tiny.json").path
        try Self.tinyScene.write(toFile: scenePath, atomically: false, encoding: .utf8)
        let server = try PreviewServer(path: scenePath, port: 0)
        self.server = server
        try blocking { _ = try await server.start() }
        http = RawHTTP(port: server.port)
    }

    override func tearDownWithError() throws {
        let server = self.server!
        try blocking { await server.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    func testListensOnLoopbackOnly() throws {
        XCTAssertNotEqual(server.port, 0)
        XCTAssertEqual(server.url, "http://127.0.0.1:\(server.port)/")
        XCTAssertEqual(try http.request("/").status, 200)
        XCTAssertTrue(try http.request("/").text.contains("<title>Flipbook preview</title>"))
    }

    func testOnlyTheServersOwnHostIsServed() throws {
        let port = server.port
        XCTAssertEqual(try http.request("/", headers: ["Host": "localhost:\(port)"]).status, 200)
        XCTAssertEqual(try http.request("/", headers: ["Host": "127.0.0.1:\(port)"]).status, 200)
        // DNS rebinding: a hostile name resolving to 127.0.0.1 still sends its own name as Host.
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1", "127.0.0.1:\(port + 1)", "localhost.evil.example:\(port)"] {
            let response = try http.request("/api/scene", headers: ["Host": host])
            XCTAssertEqual(response.status, 403, host)
            XCTAssertFalse(response.text.contains("\"status\""), "no scene data for Host \(host)")
        }
    }

    func testRequestsFromOtherSitesAreRefused() throws {
        let port = server.port
        XCTAssertEqual(try http.request("/api/scene", headers: ["Origin": "http://127.0.0.1:\(port)"]).status, 200)
        XCTAssertEqual(try http.request("/api/scene", headers: ["Sec-Fetch-Site": "same-origin"]).status, 200)
        XCTAssertEqual(try http.request("/", headers: ["Sec-Fetch-Site": "none"]).status, 200, "typed in the address bar")
        for origin in ["http://evil.example", "http://127.0.0.1:\(port + 1)", "null", "https://127.0.0.1:\(port)"] {
            XCTAssertEqual(try http.request("/api/scene", headers: ["Origin": origin]).status, 403, origin)
        }
        for site in ["cross-site", "same-site"] {
            XCTAssertEqual(try http.request("/api/frame?n=0", headers: ["Sec-Fetch-Site": site]).status, 403, site)
        }
    }

    func testNoRequestPathReachesTheFileSystem() throws {
        let targets = ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/app.js/../../../../etc/passwd",
                       "//etc/passwd", "/tiny.json", "/\(scenePath!)", "/api/../tiny.json", "/api/frame/../../tiny.json",
                       "/api/frame%2f..%2f..%2fetc%2fpasswd", "/app.js%00.png", "/index.html"]
        for target in targets {
            let response = try http.request(target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertFalse(response.text.contains("root:"), target)
            XCTAssertFalse(response.text.contains("\"canvas\""), target)
        }
        XCTAssertEqual(try http.request("/", method: "POST").status, 405)
        XCTAssertEqual(try http.request("/api/scene", method: "DELETE").status, 405)
    }

    func testSceneSummaryHasTheSizeFramesAndScriptEvents() throws {
        let response = try http.request("/api/scene")
        XCTAssertEqual(response.headers["content-type"], "application/json")
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        XCTAssertEqual(summary["status"] as? String, "ready")
        XCTAssertEqual(summary["version"] as? Int, 1)
        XCTAssertEqual(summary["width"] as? Double, 20)
        XCTAssertEqual(summary["height"] as? Double, 10)
        XCTAssertEqual(summary["fps"] as? Double, 50, "the default frame rate")
        XCTAssertEqual(summary["frameCount"] as? Int, 25, "0.5 s at 50 fps")
        let events = try XCTUnwrap(summary["events"] as? [[String: Any]])
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events[0]["time"] as? Double, 0.1)
        XCTAssertEqual(events[0]["label"] as? String, "tap dot")
    }

    func testFramesAreTheLibrarysFramesAsPNG() throws {
        let player = try Player(scene: SceneFile.load(path: scenePath))
        for n in [0, 7, 12, 24] {
            let response = try http.request("/api/frame?n=\(n)&v=1")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["content-type"], "image/png")
            let file = folder.appendingPathComponent("frame-\(n).png")
            try response.body.write(to: file)
            let served = try PNGFile.read(path: file.path)
            XCTAssertEqual(differingPixels(served, try player.frame(at: Double(n) / 50)), 0, "frame \(n)")
        }
        // The dot moves: frames 0 and 24 differ (x goes from 0 to 5 points).
        XCTAssertNotEqual(try http.request("/api/frame?n=0&v=1").body, try http.request("/api/frame?n=24&v=1").body)
        for bad in ["n=25", "n=-1", "n=abc", ""] {
            XCTAssertEqual(try http.request("/api/frame?\(bad)").status, 400, bad)
        }
    }

    /// A frame request whose client goes away before a thread is free to draw the frame (the page cancelling
    /// a prefetch that playback left behind) is never drawn; the same frame asked for again is.
    func testAFrameWhoseRequestWasAbandonedIsNotDrawn() throws {
        let cache = server.cache
        // Every drawing thread busy until released, so the request waits in line.
        let hold = DispatchSemaphore(value: 0)
        for _ in 0..<cache.pool.limit { cache.pool.submit { hold.wait() } }
        var released = false
        defer { if !released { for _ in 0..<cache.pool.limit { hold.signal() } } }

        try http.abandon("/api/frame?n=7&v=1")
        try waitUntil("the frame waits for a thread") { cache.pool.queued == 1 }
        try waitUntil("the gate sees the connection closed") { self.server.requestsBeingAnswered == 0 }
        for _ in 0..<cache.pool.limit { hold.signal() }
        released = true
        try waitUntil("the frame is dropped") { self.value { await cache.abandoned } == 1 }
        XCTAssertEqual(value { await cache.drawn }, 0, "nothing drawn for a request nobody waits for")

        // Asked for again, with someone waiting, it is drawn.
        let response = try http.request("/api/frame?n=7&v=1")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(value { await cache.drawn }, 1)
    }

    func testInspectIsInspectorsJSONAtTheFramesTime() throws {
        let player = try Player(scene: SceneFile.load(path: scenePath))
        let response = try http.request("/api/inspect?n=10")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, try Inspector.json(player, times: [0.2]))
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        // The tap at 0.1 s animates x from 0 to 5 linearly over 0.2 s: at 0.2 s it is halfway.
        // `state` holds the model value (5); the view's offset is what animates.
        XCTAssertEqual(try XCTUnwrap((items[0]["state"] as? [String: Any])?["x"] as? Double), 5)
        let dot = try XCTUnwrap((items[0]["views"] as? [String: Any])?["dot"] as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(dot["offset"] as? [Double])[0], 2.5, accuracy: 1e-9)
        XCTAssertEqual(try http.request("/api/inspect?n=99").status, 400)
    }

    func testLongPollAnswersSoonAfterTheFileChanges() throws {
        let start = Date()
        let saved = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { [scenePath] in
            try? Self.tinyScene.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": 1")
                .write(toFile: scenePath!, atomically: false, encoding: .utf8)
            saved.signal()
        }
        let response = try http.request("/api/scene?after=1")
        let elapsed = Date().timeIntervalSince(start)
        saved.wait()
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        XCTAssertEqual(summary["version"] as? Int, 2)
        XCTAssertEqual(summary["frameCount"] as? Int, 50)
        XCTAssertGreaterThanOrEqual(elapsed, 0.3)
        XCTAssertLessThan(elapsed, 1.3, "a save shows within a second")
    }

    func testBrokenSceneIsReportedWithItsLineAndRecovers() throws {
        let broken = Self.tinyScene.replacingOccurrences(of: "\"shape\": \"circle\"", with: "\"shape\": \"circel\"")
        try broken.write(toFile: scenePath, atomically: false, encoding: .utf8)
        try waitForVersion(2)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: try http.request("/api/scene").body) as? [String: Any])
        XCTAssertEqual(summary["status"] as? String, "error")
        let error = try XCTUnwrap(summary["error"] as? [String: Any])
        let lines = broken.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("circel") })
        XCTAssertEqual(error["line"] as? Int, line + 1)
        XCTAssertEqual(error["sourceLine"] as? String, lines[line])
        XCTAssertEqual(error["jsonPath"] as? String, "root.shape")
        XCTAssertTrue((error["description"] as? String)?.hasPrefix("\(scenePath!):\(line + 1):") == true)
        XCTAssertEqual(try http.request("/api/frame?n=0").status, 404, "no frames while broken")
        try Self.tinyScene.write(toFile: scenePath, atomically: false, encoding: .utf8)
        try waitForVersion(3)
        XCTAssertEqual(try http.request("/api/frame?n=0&v=3").status, 200)
    }

    func testDownloadIsTheScenesGIF() throws {
        let response = try http.request("/api/download.gif")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-disposition"], "attachment; filename=\"tiny.gif\"")
        let file = folder.appendingPathComponent("download.gif")
        try response.body.write(to: file)
        let gif = try GIFReader.read(path: file.path)
        XCTAssertEqual(gif.width, 20)
        XCTAssertEqual(gif.height, 10)
        XCTAssertEqual(gif.totalDelayCentiseconds, 50, "0.5 s")
    }

    /// Waits until the watcher has loaded version `number` (a save is seen within a poll interval).
    private func waitForVersion(_ number: Int) throws {
        let deadline = Date().addingTimeInterval(2)
        while server.document.version.number < number, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(server.document.version.number, number)
    }

    /// Runs async work from a synchronous test and waits for it.
    /// Waits up to 10 s for `condition`.
    private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw RawHTTP.Failure(description: "timed out waiting: \(what)") }
            usleep(5_000)
        }
    }

    /// The value an async closure returns, waited for.
    private func value<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let result = LockedValue<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            result.value = await work()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    private func blocking(_ work: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = LockedValue<(any Error)?>(nil)
        Task {
            do { try await work() } catch { failure.value = error }
            done.signal()
        }
        done.wait()
        if let error = failure.value { throw error }
    }
}
