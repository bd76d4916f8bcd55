import TestSupport
import XCTest
import Foundation
import Pixels
@testable import GIF

/// Decodes written GIFs with an independent decoder, Python's Pillow, when it is installed (skipped otherwise).
final class PillowDecodeTests: XCTestCase {
    /// Prints, for the GIF at argv[1]: loop count, then per frame "duration_ms hex_rgba" (composited by Pillow).
    private static let script = """
    import sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    print(im.info.get("loop", "none"))
    for n in range(im.n_frames):
        im.seek(n)
        print(im.info.get("duration", 0), im.convert("RGBA").tobytes().hex())
    """

    /// No python3 with Pillow: a failure where CI installed it, else a skip that says what to install.
    static func noPillow() -> Error {
        let message = Python.missing(["PIL"])
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) }
        return XCTSkip(message)
    }

    private func decodeWithPillow(_ path: String) throws -> (loop: String, frames: [(durationMs: Int, image: PixelImage)])? {
        guard let process = Python.process(importing: ["PIL"], arguments: ["-c", Self.script, path]) else { return nil }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard let loop = lines.first else { return nil }
        let reference = try GIFReader.read(path: path)
        let frames = lines.dropFirst().map { line -> (Int, PixelImage) in
            let parts = line.split(separator: " ")
            let hex = Array(parts[1].utf8)
            var bytes = [UInt8](repeating: 0, count: hex.count / 2)
            for i in bytes.indices { bytes[i] = UInt8(String(decoding: hex[(2 * i)...(2 * i + 1)], as: UTF8.self), radix: 16) ?? 0 }
            return (Int(parts[0]) ?? -1, PixelImage(width: reference.width, height: reference.height, pixels: bytes))
        }
        return (loop, frames)
    }

    func testPillowSeesTheSameAnimation() throws {
        let clear = RGBA8(r: 0, g: 0, b: 0, a: 0), red = RGBA8(r: 220, g: 30, b: 40)
        let positions: [(Int, Int)?] = [(1, 1), (4, 2), nil, (10, 10), (10, 10), (12, 9)]
        let frames = positions.map { position -> PixelImage in
            guard let (x, y) = position else { return PixelImage(width: 20, height: 16) }
            return TestImages.square(width: 20, height: 16, background: clear, color: red, x: x, y: y, side: 5)
        }
        let palette = Palette.build(from: frames)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pillow-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GIFWriter(path: path, width: 20, height: 16, palette: palette, options: GIFOptions(loopCount: 0))
        for frame in frames { try writer.append(Quantizer(palette: palette).quantize(frame), delayCentiseconds: 4) }
        try writer.finish()

        guard let decoded = try decodeWithPillow(path) else { throw Self.noPillow() }
        XCTAssertEqual(decoded.loop, "0")
        XCTAssertEqual(decoded.frames.map(\.durationMs), [40, 40, 40, 80, 40])
        let expected = [frames[0], frames[1], frames[2], frames[3], frames[5]]
        XCTAssertEqual(decoded.frames.count, expected.count)
        for (n, (frame, source)) in zip(decoded.frames, expected).enumerated() {
            XCTAssertTrue(TestImages.sameVisible(frame.image, source), "frame \(n)")
        }
    }

    /// Pillow puts the rows of an interlaced image back in order too.
    func testPillowReadsAnInterlacedImage() throws {
        let image = InterlaceTests.stripedRows(width: 32, height: 64, seed: 2)
        let palette = Palette.build(from: [image])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pillow-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GIFWriter(path: path, width: 32, height: 64, palette: palette)
        try writer.append(Quantizer(palette: palette).quantize(image), delayCentiseconds: 10)
        try writer.finish()
        XCTAssertEqual(try GIFReader.read(path: path).frames.map(\.isInterlaced), [true])

        guard let decoded = try decodeWithPillow(path) else { throw Self.noPillow() }
        XCTAssertEqual(decoded.frames.count, 1)
        XCTAssertTrue(TestImages.sameVisible(decoded.frames[0].image, image))
    }
}
