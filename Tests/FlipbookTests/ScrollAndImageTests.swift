import DisplayList
import Flipbook
import Foundation
import Geometry
import Pixels
import Raster
import SceneFormat
import XCTest

/// Scroll views (scripted scrolls, flings, minY of a view inside them), images (sizes, content modes,
/// loading errors) and the looping wave background.
final class ScrollAndImageTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Scroll

    /// A 100 x 200 scroll view over 100 + 70 + 300 pt of content; the 70 pt strip plots the red wave
    /// y = 30 sin(x/50 + minY * 0.7 degrees) with minY its global top. Scrolled to 40 at 0.5 s (no
    /// animation), the strip's minY goes from 100 to 60, and the wave's phase with it.
    func testScrollLinkedPhase() throws {
        let json = #"""
            {"canvas": {"width": 100, "height": 200, "scale": 1}, "duration": 2,
             "root": {"id": "list", "spacing": 0, "scrollView": [
               {"shape": "rectangle", "frame": {"height": 100}},
               {"frame": {"height": 70}, "let": {"geoMinY": "minY"},
                "path": [["move", 0, "h"], ["plot", 0, "w", 1, "30 * sin(x / 50 + geoMinY * 0.7 * pi / 180)"]]},
               {"shape": "rectangle", "frame": {"height": 300}}]},
             "script": [{"at": 0.5, "scroll": "list", "to": 40}]}
            """#
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        for (t, minY) in [(0.0, 100.0), (1.0, 60.0)] {
            let points = try wavePoints(player.displayList(at: t).items)
            XCTAssertEqual(points.count, 102, "the move and 101 samples")
            for x in [0, 37, 100] {
                let expected = minY + 30 * sin(Double(x) / 50 + minY * 0.7 * .pi / 180)
                XCTAssertEqual(points[x + 1].y, expected, accuracy: 1e-9, "t = \(t), x = \(x)")
            }
        }
    }

    /// The points of the second shape (the wave) inside the scroll view's clip group.
    func wavePoints(_ items: [DisplayItem]) throws -> [Point] {
        guard case .group(let scroll)? = items.first else { throw XCTSkip("no scroll group") }
        XCTAssertEqual(scroll.clip?.controlPointBounds, Rect(x: 0, y: 0, width: 100, height: 200))
        guard case .shape(let wave) = scroll.children[1] else { throw XCTSkip("no wave") }
        return wave.path.elements.compactMap { element in
            switch element {
            case .move(let p), .line(let p): return p
            default: return nil
            }
        }
    }

    /// The fling in scenes/wave-scroll.json: from 420 pt at 2.6 s with -700 pt/s, decelerating as
    /// UIScrollView does (0.998 per ms): offset(t) = 420 + v0 (1 - 0.998^(1000 dt)) / (1000 ln(1/0.998)).
    func testFlingDeceleratesLikeUIScrollView() throws {
        let times = [2.6, 2.8, 3.2, 4.0, 5.2]
        let result = try runRender(["inspect", repoPath("scenes/wave-scroll.json")] + times.flatMap { ["--at", "\($0)"] })
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // The title at the top of the content shows the offset: its frame's y is minus the offset.
        let offsets = objects.map { object -> Double in
            let frame = ((object["views"] as? [String: Any])?["title"] as? [String: Any])?["frame"] as? [Double]
            return -(frame?[1] ?? .nan)
        }
        let decay = 1000 * log(1 / 0.998)
        for (t, offset) in zip(times, offsets) {
            let dt = t - 2.6
            // Once less than 0.1 pt is left the fling stops at its end.
            let expected = dt * decay > log(700 / decay / 0.1) ? 420 - 700 / decay : 420 - 700 * (1 - pow(0.998, 1000 * dt)) / decay
            XCTAssertEqual(offset, expected, accuracy: 1e-5, "t = \(t)")
        }
    }

    // MARK: - Images

    /// A 4 x 2 PNG, left half red and right half blue, in `folder`.
    func writeImage(_ name: String) throws {
        var image = PixelImage(width: 4, height: 2, fill: RGBA8(r: 255, g: 0, b: 0))
        for y in 0..<2 { for x in 2..<4 { image[x, y] = RGBA8(r: 0, g: 0, b: 255) } }
        try PNGFile.write(image, to: folder.appendingPathComponent(name).path)
    }

    func writeScene(_ name: String, image: String) throws -> String {
        let json = #"{"canvas": {"width": 8, "height": 8, "scale": 1, "background": "white"}, "duration": 1, "root": \#(image)}"#
        let path = folder.appendingPathComponent(name).path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Fit: the 4 x 2 image in 8 x 8 is 8 x 4, centred (y 2 to 6). Fill: 16 x 8, centred, overflowing
    /// (x -4 to 12), so the canvas shows its middle: red on the left, blue on the right, no white.
    /// Not resizable: 4 x 2 at (2, 3).
    func testContentModes() throws {
        try writeImage("a.png")
        let fit = try Player(scene: SceneFile.load(path: writeScene("fit.json", image: #"{"image": "a.png", "resizable": true, "contentMode": "fit"}"#))).frame(at: 0)
        XCTAssertEqual(fit[1, 1], RGBA8(r: 255, g: 255, b: 255))
        XCTAssertEqual(fit[1, 3], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(fit[6, 4], RGBA8(r: 0, g: 0, b: 255))
        XCTAssertEqual(fit[6, 6], RGBA8(r: 255, g: 255, b: 255))
        let fill = try Player(scene: SceneFile.load(path: writeScene("fill.json", image: #"{"image": "a.png", "resizable": true, "contentMode": "fill"}"#))).frame(at: 0)
        XCTAssertEqual(fill[0, 0], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(fill[7, 7], RGBA8(r: 0, g: 0, b: 255))
        let natural = try Player(scene: SceneFile.load(path: writeScene("natural.json", image: #"{"image": "a.png"}"#))).displayList(at: 0)
        guard case .image(let item)? = natural.items.first else { return XCTFail("an image item") }
        XCTAssertEqual(item.rect, Rect(x: 2, y: 3, width: 4, height: 2))
    }

    /// Missing, not a PNG, too large a file, too many pixels: one line naming the file, the JSON path
    /// and the problem; status 1; no output.
    func testImageErrors() throws {
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("text.png"))
        // A PNG signature and IHDR chunk claiming 5000 x 10 px: refused before it is decoded.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x13, 0x88, 0, 0, 0, 10, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(header).write(to: folder.appendingPathComponent("wide.png"))
        let big = folder.appendingPathComponent("big.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let cases: [(file: String, message: String)] = [
            ("missing.png", "no such file (looked for \(folder.path)/missing.png)"),
            ("text.png", "not a PNG file"),
            ("wide.png", "the image is 5000 x 10 px; images are limited to 4096 px a side"),
            ("big.png", "the file is 17825792 bytes; images are limited to 16777216 bytes (16 MiB)"),
        ]
        for (i, c) in cases.enumerated() {
            let scene = try writeScene("bad\(i).json", image: #"{"zstack": [{"image": "\#(c.file)"}]}"#)
            let output = folder.appendingPathComponent("bad\(i).gif").path
            let result = try runRender([scene, "-o", output])
            XCTAssertEqual(result.status, 1, c.file)
            XCTAssertEqual(result.stderr, "error: \(scene):1:119: root.zstack[0].image: image \"\(c.file)\": \(c.message)\n", c.file)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), c.file)
        }
    }

    // MARK: - Loops

    /// scenes/wave-background.json loops seamlessly: 6 s is a whole number of each wave's period (3, 6
    /// and 2 s), so the frame after the last (t = 6) is the first.
    func testFlowingBackgroundLoops() throws {
        let player = try Player(scene: SceneFile.load(path: repoPath("scenes/wave-background.json")))
        XCTAssertEqual(try player.displayList(at: 6), try player.displayList(at: 0))
        XCTAssertNotEqual(try player.displayList(at: 1), try player.displayList(at: 0))
    }
}
