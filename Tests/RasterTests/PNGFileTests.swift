import DisplayList
import Foundation
import Geometry
import Pixels
@testable import Raster
import XCTest

final class PNGFileTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("raster-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    func testRoundTripOfOpaqueAndTransparentPixelsIsExact() throws {
        var image = PixelImage(width: 7, height: 5)
        var seed: UInt32 = 12345
        for y in 0..<5 {
            for x in 0..<7 {
                seed = seed &* 1_103_515_245 &+ 12345
                let v = seed >> 8
                image[x, y] = (x + y) % 4 == 0
                    ? RGBA8(r: 0, g: 0, b: 0, a: 0)
                    : RGBA8(r: UInt8(v & 255), g: UInt8((v >> 8) & 255), b: UInt8((v >> 16) & 255))
            }
        }
        let path = temporaryPath("opaque.png")
        try PNGFile.write(image, to: path)
        XCTAssertEqual(try PNGFile.read(path: path), image)
    }

    func testRoundTripOfRenderedAntialiasedFrameIsExact() throws {
        let image = try renderItems([filled(.circle(in: Rect(x: 3, y: 3, width: 30, height: 30)),
                                            Color(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.8))],
                                    width: 40, height: 40, background: .clear)
        XCTAssertTrue(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 200 })
        let path = temporaryPath("circle.png")
        try PNGFile.write(image, to: path)
        XCTAssertEqual(try PNGFile.read(path: path), image)
    }

    func testEncodeWritesAPNGSignatureAndTheSameBytesAsTheFile() throws {
        let image = PixelImage(width: 3, height: 2, fill: RGBA8(r: 1, g: 2, b: 3))
        let bytes = try PNGFile.encode(image)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        let path = temporaryPath("encoded.png")
        try PNGFile.write(image, to: path)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), bytes)
    }

    func testReadingAMissingFileNamesIt() {
        let path = temporaryPath("does-not-exist.png")
        XCTAssertThrowsError(try PNGFile.read(path: path)) { error in
            XCTAssertEqual((error as? RasterError)?.path, path)
            XCTAssertTrue("\(error)".contains(path))
        }
    }

    func testReadingANonPNGFails() throws {
        let path = temporaryPath("not.png")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNGFile.read(path: path)) { XCTAssertEqual(($0 as? RasterError)?.path, path) }
    }

    func testWritingIntoAMissingDirectoryFails() {
        let path = temporaryPath("no-such-dir/out.png")
        XCTAssertThrowsError(try PNGFile.write(PixelImage(width: 1, height: 1), to: path)) {
            XCTAssertEqual(($0 as? RasterError)?.path, path)
        }
    }

    func testEncodingAnEmptyImageFails() {
        XCTAssertThrowsError(try PNGFile.encode(PixelImage(width: 0, height: 3)))
    }
}
