@testable import Flipbook
import Foundation
import XCTest

/// The overwrite guard judges an existing output by what it is (a parsed, complete GIF, APNG or animated
/// WebP, or a folder of frames), never by its name; PNG folders are replaced in one step.
final class OverwriteGuardTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: - Hand-made files (the byte layouts of the GIF89a, PNG/APNG and RIFF WebP specifications)

    /// A 1 x 1 GIF89a: header, screen with a 2-colour table, one image of one LZW-coded pixel, trailer.
    static let tinyGIF: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        + [0x21, 0xF9, 4, 0, 0, 0, 0, 0]                       // graphic control extension
        + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]                    // image descriptor
        + [2, 2, 0x4C, 0x01, 0]                                // LZW: clear, 0, end
        + [0x3B]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + data
            + [0, 0, 0, 0]   // the recogniser checks structure, not CRCs
    }

    static func png(animated: Bool) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
            + (animated ? chunk("acTL", [0, 0, 0, 1, 0, 0, 0, 0]) : [])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0, 0, 2, 0, 1]) + chunk("IEND", [])
    }

    static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = data.count
        return Array(type.utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + data
            + (n % 2 == 1 ? [0] : [])
    }

    static func webp(animated: Bool) -> [UInt8] {
        let body = Array("WEBP".utf8) + riffChunk("VP8X", [animated ? 0x02 : 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            + (animated ? riffChunk("ANIM", [0, 0, 0, 0, 0, 0]) + riffChunk("ANMF", [UInt8](repeating: 0, count: 17)) : [])
        let n = body.count
        return Array("RIFF".utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + body
    }

    func problem(_ kind: OutputKind, _ bytes: [UInt8]) throws -> String? {
        kind.problemReplacing(try write(bytes, "x-\(UUID().uuidString)"))
    }

    func testGIFRecogniser() throws {
        XCTAssertNil(try problem(.gif, Self.tinyGIF))
        XCTAssertEqual(try problem(.gif, []), "it is an empty file")
        XCTAssertEqual(try problem(.gif, Array("hello".utf8)), "it is not a GIF file (it does not start with GIF87a or GIF89a)")
        // Every proper prefix is incomplete or broken; never accepted.
        for cut in 1..<Self.tinyGIF.count {
            XCTAssertNotNil(try problem(.gif, Array(Self.tinyGIF[0..<cut])), "prefix of \(cut) bytes")
        }
        XCTAssertEqual(try problem(.gif, Self.tinyGIF + Array("notes".utf8)), "it is not a GIF file (bytes follow the trailer)")
        XCTAssertEqual(try problem(.gif, Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]),
                       "it is not a GIF file this tool writes (it holds no image)")
    }

    func testAPNGRecogniser() throws {
        XCTAssertNil(try problem(.apng, Self.png(animated: true)))
        XCTAssertEqual(try problem(.apng, Self.png(animated: false)),
                       "it is a still PNG, not an animated one (no acTL chunk before the image data)")
        let full = Self.png(animated: true)
        for cut in 1..<full.count { XCTAssertNotNil(try problem(.apng, Array(full[0..<cut])), "prefix of \(cut) bytes") }
        XCTAssertEqual(try problem(.apng, full + [0]), "it is not a PNG file this tool writes (bytes follow IEND)")
        XCTAssertEqual(try problem(.apng, Self.tinyGIF), "it is not a PNG file (no PNG signature)")
    }

    func testWebPRecogniser() throws {
        XCTAssertNil(try problem(.webp, Self.webp(animated: true)))
        XCTAssertEqual(try problem(.webp, Self.webp(animated: false)),
                       "it is a still WebP, not an animated one (no animation flag and ANIM chunk)")
        let full = Self.webp(animated: true)
        for cut in 1..<full.count { XCTAssertNotNil(try problem(.webp, Array(full[0..<cut])), "prefix of \(cut) bytes") }
        XCTAssertEqual(try problem(.webp, full + [0, 0]), "it is not a WebP file this tool writes (bytes follow the RIFF container)")
    }

    func testFrameFolderRecogniser() throws {
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        XCTAssertNil(OutputKind.frameFolder.problemReplacing(frames.path), "an empty folder")
        try Data(Self.png(animated: false)).write(to: frames.appendingPathComponent("frame-0001.png"))
        XCTAssertNil(OutputKind.frameFolder.problemReplacing(frames.path))
        try Data("text".utf8).write(to: frames.appendingPathComponent("frame-0002.png"))
        XCTAssertEqual(OutputKind.frameFolder.problemReplacing(frames.path),
                       "it is not a folder of Flipbook frames (frame-0002.png is not a PNG file)")
        try FileManager.default.removeItem(at: frames.appendingPathComponent("frame-0002.png"))
        try Data(Self.png(animated: false)).write(to: frames.appendingPathComponent("frame-1.png"))
        XCTAssertEqual(OutputKind.frameFolder.problemReplacing(frames.path),
                       #"it is not a folder of Flipbook frames (it holds "frame-1.png", which is not a frame-NNNN.png file)"#)
        XCTAssertEqual(OutputKind.frameFolder.problemReplacing(try write(Self.tinyGIF, "file")),
                       "it is not a folder of Flipbook frames")
    }

    // MARK: - Through the binary

    /// What the adversarial pass overwrote: a text file named .gif, an empty .gif, GIF89a then text.
    func testFilesThatAreNotGIFsSurviveWhateverTheirName() throws {
        let cases: [(String, [UInt8], String)] = [
            ("notes.gif", Array("my notes\n".utf8), "it is not a GIF file (it does not start with GIF87a or GIF89a)"),
            ("empty.gif", [], "it is an empty file"),
            ("half.gif", Array("GIF89a".utf8) + Array("\u{1}\0\u{1}\0\0\0\0 and then my notes".utf8),
             "it is not a valid GIF file (unknown block 0x20 at byte 13)"),
            ("cut.gif", Array(Self.tinyGIF.dropLast()), "it is not a complete GIF file (it ends before the trailer)"),
        ]
        for (name, bytes, reason) in cases {
            let path = try write(bytes, name)
            let result = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", path, "-q"])
            XCTAssertEqual(result.status, 1, name)
            XCTAssertEqual(result.stderr, "error: refusing to overwrite \(path): \(reason)\n", name)
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), bytes, name)
        }
        // A complete GIF is replaced.
        let gif = try write(Self.tinyGIF, "old.gif")
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", gif, "-q"]).status, 0)
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: gif)).count, Self.tinyGIF.count)
    }

    func testAFIFOOrDeviceIsNeverOpenedAsAnOutput() throws {
        let fifo = folder.appendingPathComponent("pipe.gif").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let result = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", fifo, "-q"])
        XCTAssertEqual(result.stderr, "error: refusing to overwrite \(fifo): it is not a regular file\n")
        XCTAssertEqual(result.status, 1)
    }

    func testAFolderWithOtherFilesIsNotReplaced() throws {
        let frames = folder.appendingPathComponent("frames").path
        let args = [repoPath("scenes/seek.json"), "--to", "0.1", "--format", "png", "-o", frames, "-q"]
        XCTAssertEqual(try runRender(args).status, 0)
        XCTAssertEqual(try runRender(args).status, 0, "a folder of frames is replaced")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: frames + "/notes.txt"))
        let refused = try runRender(args)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "error: refusing to overwrite \(frames): it is not a folder of Flipbook frames "
                       + "(it holds \"notes.txt\", which is not a frame-NNNN.png file)\n")
        XCTAssertEqual(try String(contentsOfFile: frames + "/notes.txt", encoding: .utf8), "keep")
    }

    /// The new folder takes the old one's place in one exchange: afterwards it holds the new frames only,
    /// and no temporary is left beside it.
    func testAFolderIsReplacedInOneExchange() throws {
        let frames = folder.appendingPathComponent("frames").path
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "--to", "0.2", "--format", "png", "-o", frames, "-q"]).status, 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "--format", "png", "-o", frames, "-q"]).status, 0)
        let after = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertEqual(before.count, 10)   // 0.2 s at 50 fps
        XCTAssertEqual(after, Array(before.prefix(5)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["frames"])
    }

    /// A render that fails after its output folder was created removes the folder again.
    func testAFailedRenderLeavesNoEmptyOutputFolder() throws {
        let scene = folder.appendingPathComponent("fails.json").path
        try Data(#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "opacity": "1 / (t < 0.1 ? 1 : 0)"}}"#.utf8)
            .write(to: URL(fileURLWithPath: scene))
        let result = try runRender([scene], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["fails.json"])
        let nested = try runRender([scene, "-o", folder.path + "/a/b/c.gif", "--create-dirs"])
        XCTAssertEqual(nested.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["fails.json"])
    }
}
