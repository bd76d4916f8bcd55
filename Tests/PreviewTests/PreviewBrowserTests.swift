import Flipbook
import Foundation
import Pixels
import XCTest

/// `render preview` in a real browser: headless Chromium loads the page, scrubs, plays, and sees a broken
/// save's error and its fix. Set FLIPBOOK_PREVIEW_SCREENSHOTS=folder to keep screenshots of the page.
final class PreviewBrowserTests: XCTestCase {
    func testScrubPlayAndLiveReloadInChromium() throws {
        let executable = try Chromium.required()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = folder.appendingPathComponent("seek.json").path
        let original = try String(contentsOfFile: repoPath("scenes/seek.json"), encoding: .utf8)
        try original.write(toFile: scenePath, atomically: false, encoding: .utf8)

        // Run from the scene's folder, as a user would, so the page names the file `seek.json`.
        let server = try PreviewProcess(scene: "seek.json", in: folder)
        let browser = try Chromium(executable: executable, width: 1040, height: 600)
        try browser.open(server.url)

        // The page loads and shows the first frame at the scene's size.
        try browser.wait(until: "window.preview && preview.scene && preview.shownFrame === 0", "the first frame")
        XCTAssertEqual(try browser.evaluate("preview.scene.frameCount") as? Int, 260)
        XCTAssertEqual(try browser.evaluate("document.getElementById('frame').width") as? Int, 480, "CSS width = points")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('.mark').length") as? Int, 5, "one mark per scripted tap")

        // Scrubbing to frame 130 (2.6 s) shows the library's own frame at 2.6 s, pixel for pixel.
        let frame = 130
        try browser.evaluate("""
            (() => { const s = document.getElementById('scrubber'); s.value = \(frame);
                     s.dispatchEvent(new Event('input')); })()
            """)
        try browser.wait(until: "preview.shownFrame === \(frame) && document.getElementById('frame').complete", "frame \(frame)")
        XCTAssertEqual(try browser.evaluate("document.getElementById('clock').textContent") as? String,
                       "2.600 s · frame 130 / 259")
        let shown = try shownPixels(browser)
        let player = try Player(scene: SceneFile.load(path: scenePath))
        let expected = try player.frame(at: Double(frame) / 50)
        XCTAssertEqual(shown.width, expected.width)
        XCTAssertEqual(shown.height, expected.height)
        XCTAssertEqual(differingPixels(shown, expected), 0, "the page shows exactly the library's frame")
        // The state at the cursor is `render inspect`'s.
        try browser.wait(until: "preview.inspect && preview.inspect.frame === \(frame)", "the state at frame \(frame)")
        XCTAssertEqual(try browser.evaluate("preview.inspect.time") as? Double, 2.6)
        try screenshot(browser, "preview.png")

        // Playing advances the time and draws new frames.
        try browser.evaluate("document.getElementById('play').click()")
        try browser.wait(until: "preview.frame >= \(frame + 10) && preview.shownFrame > \(frame)", "playback to advance")
        XCTAssertEqual(try browser.evaluate("preview.playing") as? Bool, true)
        try browser.evaluate("document.getElementById('play').click()")
        XCTAssertEqual(try browser.evaluate("preview.playing") as? Bool, false)
        let paused = try XCTUnwrap(browser.evaluate("preview.frame") as? Int)
        // Stepping moves one frame at a time.
        try browser.evaluate("document.getElementById('step-forward').click()")
        try browser.evaluate("document.getElementById('step-forward').click()")
        try browser.evaluate("document.getElementById('step-back').click()")
        let cursor = paused + 1
        XCTAssertEqual(try browser.evaluate("preview.frame") as? Int, cursor)
        try browser.wait(until: "preview.shownFrame === \(cursor)", "the stepped frame")

        // A broken save shows the error, with the file's line and column, instead of the animation.
        let broken = original.replacingOccurrences(of: "\"duration\": 5.2", with: "\"duration\": \"long\"")
        let lines = broken.components(separatedBy: "\n")
        let lineIndex = try XCTUnwrap(lines.firstIndex { $0.contains("\"long\"") })
        let column = try XCTUnwrap(lines[lineIndex].range(of: "\"long\"")).lowerBound.utf16Offset(in: lines[lineIndex]) + 1
        try broken.write(toFile: scenePath, atomically: false, encoding: .utf8)
        try browser.wait(until: "preview.error && \(visible("error"))", "the error")
        let location = try XCTUnwrap(browser.evaluate("document.getElementById('error-where').textContent") as? String)
        XCTAssertTrue(location.hasPrefix("seek.json:\(lineIndex + 1):\(column)"), location)
        XCTAssertTrue(location.contains("duration"), "the JSON path: \(location)")
        XCTAssertEqual(try browser.evaluate("document.getElementById('error-message').textContent") as? String,
                       "expected a number, got a string")
        let quoted = try XCTUnwrap(browser.evaluate("document.getElementById('error-line').textContent") as? String)
        XCTAssertTrue(quoted.contains(lines[lineIndex]), quoted)
        XCTAssertEqual(try browser.evaluate(visible("stage")) as? Bool, false, "no animation while the scene is broken")
        try screenshot(browser, "preview-error.png")

        // Fixing the file brings the animation back at the same cursor.
        try original.write(toFile: scenePath, atomically: false, encoding: .utf8)
        try browser.wait(until: "!preview.error && document.getElementById('error').hidden && preview.shownFrame === \(cursor)"
                         + " && preview.shownVersion === preview.version", "the fixed scene")
        XCTAssertEqual(try browser.evaluate(visible("stage")) as? Bool, true)
        XCTAssertEqual(try browser.evaluate(visible("error")) as? Bool, false)

        XCTAssertEqual(try server.stop(), 0, "Ctrl-C stops the server cleanly")
    }

    /// JavaScript: whether the element with this id takes space on the page.
    private func visible(_ id: String) -> String {
        "(document.getElementById('\(id)').getClientRects().length > 0)"
    }

    /// The pixels of the frame the page shows, read back through a canvas.
    private func shownPixels(_ browser: Chromium) throws -> PixelImage {
        let answer = try XCTUnwrap(browser.evaluate("""
            (() => { const img = document.getElementById('frame');
              const canvas = document.createElement('canvas');
              canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
              const context = canvas.getContext('2d');
              context.drawImage(img, 0, 0);
              const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
              let text = '';
              for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
              return [canvas.width, canvas.height, btoa(text)]; })()
            """) as? [Any])
        let width = try XCTUnwrap(answer[0] as? Int), height = try XCTUnwrap(answer[1] as? Int)
        let bytes = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(answer[2] as? String)))
        return PixelImage(width: width, height: height, pixels: [UInt8](bytes))
    }

    private func screenshot(_ browser: Chromium, _ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["FLIPBOOK_PREVIEW_SCREENSHOTS"] else { return }
        try browser.screenshot().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
}

/// Pixels whose RGBA differ between two images of the same size.
func differingPixels(_ a: PixelImage, _ b: PixelImage) -> Int {
    guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
    var count = 0
    for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
        count += 1
    }
    return count
}

/// A fresh folder under the temporary directory.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-preview-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A path in the repository.
func repoPath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(relative).path
}

/// `render preview SCENE --port 0`, run as a user would, with the address it prints.
final class PreviewProcess {
    let process = Process()
    let url: String
    private let output = Pipe()

    /// Starts `render preview scene --port 0` in `directory`, under `ulimit -n descriptors` if given.
    init(scene: String, in directory: URL, descriptors: Int? = nil) throws {
        let binary = Bundle.main.bundleURL.appendingPathComponent("render")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("the render binary is not at \(binary.path); run `swift build` first")
        }
        if let descriptors {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptors) && exec \"$0\" preview \"$1\" --port 0", binary.path, scene]
        } else {
            process.executableURL = binary
            process.arguments = ["preview", scene, "--port", "0"]
        }
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("\n"), Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression) else {
            process.terminate()
            throw Chromium.ProtocolError(description: "render preview printed no address: \(text)")
        }
        url = String(text[range])
    }

    /// Sends SIGINT (Ctrl-C) and returns the exit status.
    func stop() throws -> Int32 {
        process.interrupt()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            throw Chromium.ProtocolError(description: "render preview did not stop on SIGINT")
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
