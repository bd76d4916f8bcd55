import XCTest
@testable import GIF
import Pixels

/// Samples gathered one at a time say what the samples said when all were kept: persistence, the colours
/// of changing pixels and opacity, checked against plain loops over kept images written here; and a
/// run-length kept frame comes back pixel for pixel.
final class PaletteSamplesTests: XCTestCase {
    /// Frame k: a grey background, a bar moving 3 px a frame, a pixel that blinks, one that fades.
    func frame(_ k: Int) -> PixelImage {
        var image = PixelImage(width: 32, height: 12, fill: RGBA8(r: 200, g: 200, b: 200, a: 255))
        for y in 2..<6 { for x in (3 * k)..<(3 * k + 5) where x < 32 { image[x, y] = RGBA8(r: 10, g: 90, b: 200, a: 255) } }
        if k % 2 == 1 { image[30, 10] = RGBA8(r: 255, g: 0, b: 0, a: 255) }
        image[1, 10] = RGBA8(r: 0, g: 0, b: 0, a: UInt8(255 - 40 * k))
        return image
    }

    func testGatheredSamplesMatchPlainLoopsOverTheFrames() {
        let frames = (0..<6).map(frame)
        var samples = PaletteSamples()
        for image in frames { samples.add(image) }
        samples.finish()
        XCTAssertEqual(samples.count, 6)
        XCTAssertEqual(samples.first, frames[0])
        XCTAssertFalse(samples.isOpaque, "the fading pixel")
        // Persistence: samples showing the pixel as the first does, counted until it first changes.
        let pixels = 32 * 12
        var persistence = [Int](repeating: 0, count: pixels)
        for p in 0..<pixels {
            let x = p % 32, y = p / 32
            var n = 1
            while n < frames.count, frames[n][x, y] == frames[0][x, y] { n += 1 }
            persistence[p] = n
        }
        XCTAssertEqual(samples.persistence, persistence)
        XCTAssertEqual(samples.stillPixels, persistence.map { $0 == 6 })
        // Changed pixels by colour: in each later frame, those that differ from the one before, alpha >= 128.
        var changed: [UInt32: Int] = [:]
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            for y in 0..<12 {
                for x in 0..<32 where later[x, y] != earlier[x, y] && later[x, y].a >= 128 {
                    let c = later[x, y]
                    changed[UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24, default: 0] += 1
                }
            }
        }
        XCTAssertEqual(samples.changedColors, changed)
    }

    func testRunLengthFramesComeBackPixelForPixel() {
        let flat = frame(2)
        let kept = RunLengthImage(flat)
        XCTAssertEqual(kept.image(), flat)
        XCTAssertLessThan(kept.byteCount, flat.pixels.count / 4, "a frame of few runs takes a fraction of its bytes")
        // Noise: every pixel its own run, kept as it is.
        var noise = PixelImage(width: 17, height: 9)
        var seed: UInt32 = 7
        for y in 0..<9 {
            for x in 0..<17 {
                seed = seed &* 1_103_515_245 &+ 12_345
                noise[x, y] = RGBA8(r: UInt8(seed >> 24), g: UInt8(seed >> 16 & 0xFF), b: UInt8(seed >> 8 & 0xFF), a: 255)
            }
        }
        let raw = RunLengthImage(noise)
        XCTAssertEqual(raw.image(), noise)
        XCTAssertEqual(raw.byteCount, noise.pixels.count)
        XCTAssertEqual(RunLengthImage(PixelImage(width: 0, height: 0)).image(), PixelImage(width: 0, height: 0))
    }
}
