import APNG
import ByteStream
import Foundation
import Pixels
import Raster
import XCTest

/// The APNG writer's pixel formats (palette, RGB with a key colour, RGBA), including files whose format
/// changes late and whose earlier frames are rewritten: each decodes to exactly its frames in Pillow and
/// ffmpeg, with the colour type the frames call for.
final class APNGPixelFormatTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    static let width = 40, height = 24

    /// Frame `k` of an animation: a moving bar over a background, with `extra` distinct colours in a
    /// strip from frame `extraFrom` on, and one half-transparent pixel from frame `translucentFrom` on.
    func frame(_ k: Int, background: RGBA8, extra: Int = 0, extraFrom: Int = 0, translucentFrom: Int? = nil) -> PixelImage {
        var image = PixelImage(width: Self.width, height: Self.height, fill: background)
        for y in 4..<12 {
            for x in (2 + 3 * k)..<(8 + 3 * k) { image[x, y] = RGBA8(r: 200, g: 30, b: 60, a: 255) }
        }
        if k >= extraFrom {
            for i in 0..<extra {
                image[i % Self.width, 14 + i / Self.width] = RGBA8(r: UInt8(i % 256), g: UInt8(i / 256 * 40 + 7), b: 99, a: 255)
            }
        }
        if let from = translucentFrom, k >= from { image[30, 2] = RGBA8(r: 10, g: 20, b: 30, a: 128) }
        return image
    }

    /// Writes `frames` as an APNG and as PNG files, checks both decoders, and returns the IHDR colour type.
    func colorType(of frames: [PixelImage], name: String, threads: Int = 2) throws -> UInt8 {
        let pngs = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: pngs, withIntermediateDirectories: true)
        for (k, image) in frames.enumerated() {
            try PNGFile.write(image, to: pngs.appendingPathComponent(String(format: "frame-%04d.png", k + 1)).path)
        }
        let path = folder.appendingPathComponent(name + ".png").path
        let writer = try APNGWriter(output: try FileByteWriter(path: path), path: path, width: Self.width,
                                    height: Self.height, loopCount: 0, compressionThreads: threads)
        for image in frames { try writer.append(image, frames: 1, fps: 30) }
        try writer.finish(fps: 30)
        for decoder in ["pillow", "ffmpeg"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", repoPath("Tests/decode_frames.py"), decoder, path, pngs.path, "30"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // Exit 3: a Pillow known to decode this kind of file wrongly (decode_frames.py says which); ffmpeg
            // still has to decode it exactly.
            if decoder == "pillow", process.terminationStatus == 3, text.hasPrefix("unsupported:") { continue }
            XCTAssertTrue(process.terminationStatus == 0 && text.hasPrefix("ok \(frames.count)"), "\(name), \(decoder): \(text)")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return bytes[25]  // IHDR: signature (8), length and type (8), width, height (8), bit depth (1)
    }

    let white = RGBA8(r: 250, g: 250, b: 250, a: 255)

    func testFewColoursAreAPalette() throws {
        XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: white) }, name: "palette"), 3)
        let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
        XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: clear, translucentFrom: 0) },
                                     name: "palette-alpha"), 3)
    }

    /// 255 opaque colours and the transparent entry fit a palette; one colour more does not.
    func testThePaletteHoldsAtMost255ColoursAndTransparent() throws {
        // The background, the bar and `extra` strip colours.
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: white, extra: 253) }, name: "full"), 3)
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: white, extra: 254) }, name: "over"), 2)
    }

    /// Opaque frames with many colours are RGB with a key colour, also when the colours come late (the
    /// palette frames before are rewritten).
    func testOpaqueFramesWithManyColoursAreKeyedRGB() throws {
        XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: white, extra: 300) }, name: "keyed"), 2)
        for threads in [0, 3] {
            XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: white, extra: 300, extraFrom: 4) },
                                         name: "keyed-late-\(threads)", threads: threads), 2)
        }
    }

    /// A translucent pixel makes the file RGBA, even in the last frame (every frame before is rewritten).
    func testTranslucencyMakesRGBA() throws {
        XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: white, extra: 300, translucentFrom: 5) },
                                     name: "rgba-late"), 6)
        XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: white, extra: 300, translucentFrom: 0) },
                                     name: "rgba"), 6)
    }

    /// The key colour is one no frame shows: frames that use every colour the key walk tries first force
    /// new keys, and the file still decodes exactly.
    func testTheKeyColourIsNeverAColourOfTheFrames() throws {
        // The first colours of the key walk (k * 0x9E3779 mod 2^24), shown from the second frame on.
        let walk = (1...40).map { UInt32(truncatingIfNeeded: $0 &* 0x9E_3779) & 0xFF_FFFF }
        let frames = (0..<5).map { k -> PixelImage in
            var image = frame(k, background: white, extra: 300)
            if k >= 1 {
                for (i, rgb) in walk.enumerated() {
                    image[i, 23] = RGBA8(r: UInt8(rgb & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb >> 16), a: 255)
                }
            }
            return image
        }
        XCTAssertEqual(try colorType(of: frames, name: "key-walk"), 2)
    }
}
