import APNG
import ByteStream
import Foundation
import Pixels
import Raster
import TestSupport
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
            let process = try decodeFramesProcess([repoPath("Tests/decode_frames.py"), decoder, path, pngs.path, "30"])
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

    /// 255 opaque colours and the transparent entry fit a palette, and so do 256 opaque colours (no
    /// transparent entry; every frame blends "source"); one colour more does not.
    func testThePaletteHoldsAtMost256OpaqueColours() throws {
        // The background, the bar and `extra` strip colours.
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: white, extra: 253) }, name: "full"), 3)
        let opaque = (0..<4).map { frame($0, background: white, extra: 254) }
        XCTAssertEqual(try colorType(of: opaque, name: "opaque"), 3)
        let chunks = try APNGChunks.chunks(of: folder.appendingPathComponent("opaque.png").path)
        XCTAssertEqual(chunks.first { $0.type == "PLTE" }?.data.count, 256 * 3)
        XCTAssertFalse(chunks.contains { $0.type == "tRNS" }, "256 opaque colours: no transparent entry")
        XCTAssertEqual(chunks.filter { $0.type == "fcTL" }.map { $0.data[25] }, [0, 0, 0, 0], "blend source")
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: white, extra: 255) }, name: "over"), 2)
        // The 256th colour comes late: the frames before, written with a transparent entry, are rewritten.
        for threads in [0, 3] {
            XCTAssertEqual(try colorType(of: (0..<6).map { frame($0, background: white, extra: 254, extraFrom: 4) },
                                         name: "opaque-late-\(threads)", threads: threads), 3)
        }
        // With transparent pixels the transparent entry stays: 255 colours and it fit, 256 are RGBA.
        let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: clear, extra: 254) }, name: "clear-full"), 3)
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: clear, extra: 255) }, name: "clear-over"), 6)
    }

    /// The palette is in order of luma (Rec. 601: 299 R + 587 G + 114 B), darkest first, after the
    /// transparent entry.
    func testThePaletteIsInOrderOfLuma() throws {
        XCTAssertEqual(try colorType(of: (0..<4).map { frame($0, background: white, extra: 40) }, name: "luma"), 3)
        let chunks = try APNGChunks.chunks(of: folder.appendingPathComponent("luma.png").path)
        let plte = try XCTUnwrap(chunks.first { $0.type == "PLTE" }?.data)
        let lumas = stride(from: 3, to: plte.count, by: 3).map {
            299 * Int(plte[$0]) + 587 * Int(plte[$0 + 1]) + 114 * Int(plte[$0 + 2])
        }
        XCTAssertEqual(lumas.count, 42)  // the background, the bar and 40 strip colours
        XCTAssertEqual(lumas, lumas.sorted())
        XCTAssertEqual(chunks.first { $0.type == "tRNS" }?.data, [0], "index 0 is the transparent entry")
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

    /// The key colour is one no frame has shown: black, else the colours with one channel 1, 2, ... (blue,
    /// green, red at each level). Frames that show the first 40 of them from the second frame on force new
    /// keys, and the file still decodes exactly, keyed with the 41st.
    func testTheKeyColourIsNeverAColourOfTheFrames() throws {
        // (r, g, b): black, then blue, green, red at 1, 2, ...
        var probes: [(UInt8, UInt8, UInt8)] = [(0, 0, 0)]
        for level in UInt8(1)...14 { probes += [(0, 0, level), (0, level, 0), (level, 0, 0)] }
        let frames = (0..<5).map { k -> PixelImage in
            var image = frame(k, background: white, extra: 300)
            if k >= 1 {
                for (i, rgb) in probes.prefix(40).enumerated() { image[i, 23] = RGBA8(r: rgb.0, g: rgb.1, b: rgb.2, a: 255) }
            }
            return image
        }
        XCTAssertEqual(try colorType(of: frames, name: "key-walk"), 2)
        let chunks = try APNGChunks.chunks(of: folder.appendingPathComponent("key-walk.png").path)
        let key = probes[40]
        XCTAssertEqual(chunks.first { $0.type == "tRNS" }?.data, [0, key.0, 0, key.1, 0, key.2])
    }
}
