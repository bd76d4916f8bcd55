import Foundation
import GIF
import Pixels
import Raster
import XCTest

/// An opaque scene of exactly 256 colours renders to a lossless GIF (a full palette, a spare index per image).
final class LosslessGIFTests: XCTestCase {
    func testTheUIKitWaveIsWrittenExactly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-lossless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = directory.appendingPathComponent("wave.gif").path
        let frames = directory.appendingPathComponent("frames").path
        let range = ["--to", "0.3", "-q"]
        XCTAssertEqual(try runRender([repoPath("scenes/wave-uikit.json"), "-o", gif] + range).status, 0)
        XCTAssertEqual(try runRender([repoPath("scenes/wave-uikit.json"), "--format", "png", "-o", frames] + range).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        let images = try names.map { try PNGFile.read(path: frames + "/" + $0) }
        // The point of the test: the white-to-cyan edge has exactly 256 colours, one more than a GIF palette
        // with a transparent index holds.
        var colors = Set<UInt32>()
        for image in images {
            XCTAssertTrue(image.isOpaque)
            for p in stride(from: 0, to: image.pixels.count, by: 4) {
                colors.insert(UInt32(image.pixels[p]) << 16 | UInt32(image.pixels[p + 1]) << 8 | UInt32(image.pixels[p + 2]))
            }
        }
        XCTAssertEqual(colors.count, 256)
        let decoded = try GIFReader.read(path: gif)
        XCTAssertEqual(decoded.frames.count, images.count)
        for (k, (frame, image)) in zip(decoded.frames, images).enumerated() {
            XCTAssertEqual(frame.image.pixels, image.pixels, "frame \(k) differs")
        }
    }
}
