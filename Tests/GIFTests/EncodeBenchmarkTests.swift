import XCTest
import Foundation
import Pixels
@testable import GIF

/// Encode speed, size and fidelity on synthetic animations, optionally against ffmpeg's palettegen/paletteuse.
///
/// Skipped unless GIF_BENCHMARK=1; meant for release builds:
/// `GIF_BENCHMARK=1 [GIF_FFMPEG=/path/to/ffmpeg] swift test -c release --filter EncodeBenchmarkTests`.
final class EncodeBenchmarkTests: XCTestCase {
    static let width = 750, height = 1624, frameCount = 100

    /// A phone-screen-like frame: flat background, a gradient header, cards, and an anti-aliased moving disc.
    static func phoneFrame(_ n: Int) -> PixelImage {
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
        let cx = 120 + 510 * t, cy = 700 + 400 * sin(t * 2 * Double.pi)
        disc(&image, cx: cx, cy: cy, radius: 90, color: (255, 59, 48))
        return image
    }

    /// A 300 x 300 frame whose diagonal gradient's hues rotate through the animation (hard for one palette).
    static func hueFrame(_ n: Int) -> PixelImage {
        let size = 300
        var image = PixelImage(width: size, height: size)
        let shift = Double(n) / Double(frameCount) * 2 * Double.pi
        for y in 0..<size {
            for x in 0..<size {
                let a = Double(x + y) / Double(2 * size) * 1.2 + shift
                func wave(_ phase: Double) -> UInt8 { UInt8((127.5 + 127.5 * sin(a + phase)).rounded()) }
                image[x, y] = RGBA8(r: wave(0), g: wave(2.1), b: UInt8(Double(y) / Double(size) * 255))
            }
        }
        return image
    }

    private static func disc(_ image: inout PixelImage, cx: Double, cy: Double, radius: Double, color: (Double, Double, Double)) {
        for y in Int(cy - radius - 2)...Int(cy + radius + 2) where y >= 0 && y < image.height {
            for x in Int(cx - radius - 2)...Int(cx + radius + 2) where x >= 0 && x < image.width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let coverage = min(max(radius - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                guard coverage > 0 else { continue }
                let under = image[x, y]
                func mix(_ a: UInt8, _ b: Double) -> UInt8 { UInt8((Double(a) * (1 - coverage) + b * coverage).rounded()) }
                image[x, y] = RGBA8(r: mix(under.r, color.0), g: mix(under.g, color.1), b: mix(under.b, color.2))
            }
        }
    }

    private let clock = ContinuousClock()
    private func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

    /// Mean Euclidean RGB error of a decoded GIF against its source frames, over every 5th frame's pixels.
    private func fidelity(_ path: String, source: (Int) -> PixelImage) throws -> (meanError: Double, exact: Double) {
        let gif = try GIFReader.read(path: path)
        XCTAssertEqual(gif.frames.count <= Self.frameCount, true)
        // Map each source frame to the decoded image on screen at its start time (delays are 2 cs at 50 fps).
        var starts = [Int](), time = 0
        for frame in gif.frames {
            starts.append(time)
            time += frame.delayCentiseconds
        }
        var total = 0.0, exact = 0, count = 0
        for n in stride(from: 0, to: Self.frameCount, by: 5) {
            let shown = gif.frames[(starts.lastIndex { $0 <= n * 2 }) ?? 0].image
            let expected = source(n)
            for p in stride(from: 0, to: expected.pixels.count, by: 4) {
                let dr = Double(shown.pixels[p]) - Double(expected.pixels[p])
                let dg = Double(shown.pixels[p + 1]) - Double(expected.pixels[p + 1])
                let db = Double(shown.pixels[p + 2]) - Double(expected.pixels[p + 2])
                let e = (dr * dr + dg * dg + db * db).squareRoot()
                total += e
                if e == 0 { exact += 1 }
                count += 1
            }
        }
        return (total / Double(count), Double(exact) / Double(count))
    }

    private func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Encodes `frameCount` frames of `source` with this module and prints the numbers.
    private func encode(_ name: String, source: (Int) -> PixelImage, dither: Dither, localBudget: Double? = nil) throws {
        var start = clock.now
        let samples = stride(from: 0, to: Self.frameCount, by: 10).map(source)
        let palette = Palette.build(from: samples)
        let paletteTime = seconds(clock.now - start)
        let quantizer = Quantizer(palette: palette, dither: dither, localPaletteBudget: localBudget)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(name).gif").path
        let first = source(0)
        let writer = try GIFWriter(path: output, width: first.width, height: first.height, palette: palette)
        var quantizeTime = 0.0, writeTime = 0.0, locals = 0
        let delays = FrameTiming.delays(frameCount: Self.frameCount, fps: 50)
        for n in 0..<Self.frameCount {
            let image = source(n)
            start = clock.now
            let indexed = quantizer.quantize(image)
            quantizeTime += seconds(clock.now - start)
            if indexed.localPalette != nil { locals += 1 }
            start = clock.now
            try writer.append(indexed, delayCentiseconds: delays[n])
            writeTime += seconds(clock.now - start)
        }
        start = clock.now
        try writer.finish()
        writeTime += seconds(clock.now - start)
        let quality = try fidelity(output, source: source)
        print(String(format: "%@: palette %.0f ms; quantize %.1f ms/frame; write %.1f ms/frame; %d images, %d local tables; %.0f KB; mean error %.3f, exact %.1f%%",
                     name, paletteTime * 1000, quantizeTime * 1000 / Double(Self.frameCount),
                     writeTime * 1000 / Double(Self.frameCount), writer.imagesWritten, locals,
                     Double(fileSize(output)) / 1024, quality.meanError, quality.exact * 100))
    }

    /// Encodes the same frames with ffmpeg (raw RGBA on stdin) and prints size and fidelity.
    private func encodeWithFFmpeg(_ name: String, ffmpeg: String, source: (Int) -> PixelImage, filter: String) throws {
        let first = source(0)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(name).gif").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(first.width)x\(first.height)", "-r", "50", "-i", "-",
                             "-filter_complex", filter, output]
        let input = Pipe()
        process.standardInput = input
        let start = clock.now
        try process.run()
        for n in 0..<Self.frameCount { input.fileHandleForWriting.write(Data(source(n).pixels)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let time = seconds(clock.now - start)
        guard process.terminationStatus == 0 else { return XCTFail("ffmpeg failed for \(name)") }
        let quality = try fidelity(output, source: source)
        print(String(format: "%@: %.0f ms total (incl. frame synthesis); %.0f KB; mean error %.3f, exact %.1f%%",
                     name, time * 1000, Double(fileSize(output)) / 1024, quality.meanError, quality.exact * 100))
    }

    func testEncodeSpeedSizeAndFidelity() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["GIF_BENCHMARK"] == "1" else { throw XCTSkip("set GIF_BENCHMARK=1") }
        var start = clock.now
        _ = Self.phoneFrame(0)
        print(String(format: "phone frame synthesis %.1f ms", seconds(clock.now - start) * 1000))
        start = clock.now
        for dither in Dither.allCases { try encode("phone-\(dither)", source: Self.phoneFrame, dither: dither) }
        try encode("hue-global", source: Self.hueFrame, dither: .none)
        try encode("hue-local-2", source: Self.hueFrame, dither: .none, localBudget: 2)
        try encode("hue-global-fs", source: Self.hueFrame, dither: .floydSteinberg)
        try encode("hue-local-2-fs", source: Self.hueFrame, dither: .floydSteinberg, localBudget: 2)
        if let ffmpeg = environment["GIF_FFMPEG"] {
            let recipes = [
                ("default", "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse"),
                ("none", "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=none"),
                ("diff-bayer", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle"),
            ]
            for (recipe, filter) in recipes {
                try encodeWithFFmpeg("ffmpeg-phone-\(recipe)", ffmpeg: ffmpeg, source: Self.phoneFrame, filter: filter)
                try encodeWithFFmpeg("ffmpeg-hue-\(recipe)", ffmpeg: ffmpeg, source: Self.hueFrame, filter: filter)
            }
        }
    }
}
