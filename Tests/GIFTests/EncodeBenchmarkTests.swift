import XCTest
import Foundation
import Pixels
@testable import GIF

/// Encode speed and fidelity on a synthetic 750 x 1624 x 100 animation. Skipped unless GIF_BENCHMARK=1;
/// meant for release builds: `GIF_BENCHMARK=1 swift test -c release --filter EncodeBenchmarkTests`.
final class EncodeBenchmarkTests: XCTestCase {
    static let width = 750, height = 1624, frameCount = 100

    /// A phone-screen-like frame: flat background, a gradient header, cards, and an anti-aliased moving disc.
    static func frame(_ n: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height, fill: RGBA8(r: 242, g: 242, b: 247))
        let t = Double(n) / Double(frameCount)
        for y in 0..<300 {
            for x in 0..<width {
                image[x, y] = RGBA8(r: UInt8(60 + x * 120 / width), g: UInt8(80 + y / 4), b: UInt8(230 - y / 6))
            }
        }
        for card in 0..<4 {
            let top = 360 + card * 300
            for y in top..<(top + 240) {
                for x in 40..<(width - 40) { image[x, y] = RGBA8(r: 255, g: 255, b: 255) }
            }
        }
        let cx = 120 + 510 * t, cy = 700 + 400 * sin(t * 2 * Double.pi), radius = 90.0
        for y in Int(cy - radius - 2)...Int(cy + radius + 2) {
            for x in Int(cx - radius - 2)...Int(cx + radius + 2) where x >= 0 && x < width && y >= 0 && y < height {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                let coverage = min(max(radius - d + 0.5, 0), 1)
                guard coverage > 0 else { continue }
                let under = image[x, y]
                func mix(_ a: UInt8, _ b: Double) -> UInt8 { UInt8((Double(a) * (1 - coverage) + b * coverage).rounded()) }
                image[x, y] = RGBA8(r: mix(under.r, 255), g: mix(under.g, 59), b: mix(under.b, 48))
            }
        }
        return image
    }

    func testEncodeSpeed() throws {
        guard ProcessInfo.processInfo.environment["GIF_BENCHMARK"] == "1" else { throw XCTSkip("set GIF_BENCHMARK=1") }
        let clock = ContinuousClock()
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

        var start = clock.now
        let samples = stride(from: 0, to: Self.frameCount, by: 10).map(Self.frame)
        let renderTime = seconds(clock.now - start) / Double(samples.count)
        start = clock.now
        let palette = Palette.build(from: samples)
        let paletteTime = seconds(clock.now - start)
        print(String(format: "render (synthetic) %.1f ms/frame; palette from %d samples: %.0f ms, %d colours",
                     renderTime * 1000, samples.count, paletteTime * 1000, palette.colors.count))

        for dither in Dither.allCases {
            let quantizer = Quantizer(palette: palette, dither: dither)
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(dither).gif").path
            let writer = try GIFWriter(path: output, width: Self.width, height: Self.height, palette: palette)
            var quantizeTime = 0.0, writeTime = 0.0, errorSum = 0.0, errorCount = 0
            let delays = FrameTiming.delays(frameCount: Self.frameCount, fps: 50)
            for n in 0..<Self.frameCount {
                let image = Self.frame(n)
                start = clock.now
                let indexed = quantizer.quantize(image)
                quantizeTime += seconds(clock.now - start)
                start = clock.now
                try writer.append(indexed, delayCentiseconds: delays[n])
                writeTime += seconds(clock.now - start)
                if n % 10 == 5 {
                    for (i, index) in indexed.indices.enumerated() {
                        let c = palette.colors[Int(index)], p = i * 4
                        let dr = Double(c.r) - Double(image.pixels[p]), dg = Double(c.g) - Double(image.pixels[p + 1])
                        let db = Double(c.b) - Double(image.pixels[p + 2])
                        errorSum += (dr * dr + dg * dg + db * db).squareRoot()
                        errorCount += 1
                    }
                }
            }
            start = clock.now
            try writer.finish()
            writeTime += seconds(clock.now - start)
            let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
            print(String(format: "%@: quantize %.1f ms/frame, write %.1f ms/frame, %d images, %.0f KB, mean error %.3f",
                         dither.rawValue, quantizeTime * 1000 / Double(Self.frameCount),
                         writeTime * 1000 / Double(Self.frameCount), writer.imagesWritten, Double(size) / 1024,
                         errorSum / Double(errorCount)))
        }
    }
}
