import Foundation
@testable import Preview
import XCTest

/// The page's prefetches in headless Chromium: requests the cursor has left behind are cancelled.
final class PreviewPrefetchTests: XCTestCase {
    static let scene = """
        {"name": "long", "canvas": {"width": 20, "height": 10, "scale": 1}, "duration": 2, "fps": 50,
         "root": {"shape": "circle", "frame": {"width": 8, "height": 8}}}
        """

    func testThePageCancelsPrefetchesOutsideTheNextFewFrames() throws {
        let executable = try Chromium.required()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.json").path
        try Self.scene.write(toFile: path, atomically: false, encoding: .utf8)
        let server = try PreviewServer(path: path, port: 0)
        try blocking { _ = try await server.start() }
        defer { try? blocking { await server.stop() } }

        let browser = try Chromium(executable: executable, width: 800, height: 500)
        try browser.open(server.url)
        try browser.wait(until: "window.preview && preview.scene && preview.shownFrame === 0", "the first frame")
        // From here on, images record the addresses given to them and never load, so every prefetch
        // stays open until the page cancels it (by clearing its address).
        try browser.evaluate("""
            (() => { window.images = [];
                     window.Image = class {
                       constructor() { this.urls = []; images.push(this); }
                       set src(url) { this.urls.push(url); }
                       get src() { return this.urls[this.urls.length - 1] || ''; }
                     }; })()
            """)
        // The frames of the images still loading, and of those cancelled, in the order they were made.
        func frames(cancelled: Bool) throws -> [Int] {
            let list = try browser.evaluate("""
                images.filter((i) => i.urls.length > 0 && (i.src === '') === \(cancelled))
                      .map((i) => Number(new URLSearchParams(i.urls[0].split('?')[1]).get('n')))
                """) as? [Any]
            return (list ?? []).compactMap { ($0 as? NSNumber)?.intValue ?? ($0 as? Int) }
        }

        // Playing at frame 10 asks for the next four.
        try browser.evaluate("prefetch(10)")
        XCTAssertEqual(try frames(cancelled: false), [11, 12, 13, 14])
        XCTAssertEqual(try frames(cancelled: true), [])

        // Playback moves on to 13: 11 and 12 are behind the cursor and cancelled; the page's <img> asks for 13.
        try browser.evaluate("show(13)")
        XCTAssertEqual(try frames(cancelled: true), [11, 12])
        XCTAssertEqual(try frames(cancelled: false), [13, 14, 13])

        // On to 15: 13 and 14 are cancelled (the <img> keeps loading 13), 16 to 19 are asked for.
        try browser.evaluate("show(15); prefetch(15)")
        XCTAssertEqual(try frames(cancelled: true), [11, 12, 13, 14])
        XCTAssertEqual(try frames(cancelled: false), [13, 16, 17, 18, 19])

        // Scrubbing far away cancels every prefetch still open.
        try browser.evaluate("show(60)")
        XCTAssertEqual(try frames(cancelled: true), [11, 12, 13, 14, 16, 17, 18, 19])
        XCTAssertEqual(try frames(cancelled: false), [13])
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
