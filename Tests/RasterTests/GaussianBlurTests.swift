import Foundation
import XCTest
@testable import Raster

/// The three-box Gaussian against the normal distribution function, on a band of opaque pixels.
final class GaussianBlurTests: XCTestCase {
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// An 81 x 40 surface whose rows 10 to 30 are opaque: blurred with sigma 4, the middle column's
    /// alpha at row y is Φ((30 - y)/σ) - Φ((10 - y)/σ) at the row's centre (times ~1 across, 40 pixels
    /// from the side edges), within 1.5% (three box passes approximate the Gaussian).
    func testBandProfile() {
        let width = 81, height = 40, sigma = 4.0
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for i in (10 * width * 4)..<(30 * width * 4) { data[i] = 255 }
        data.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            GaussianBlur.blur(base, width: width, height: height, stride: width * 4, sigma: sigma)
        }
        for y in 0..<height {
            let centre = Double(y) + 0.5
            let expected = 255 * (phi((30 - centre) / sigma) - phi((10 - centre) / sigma))
            XCTAssertEqual(Double(data[(y * width + 40) * 4 + 3]), expected, accuracy: 0.015 * 255, "row \(y)")
        }
    }

    /// Content up to the surface's edges: outside is transparent, so the edge row keeps about half.
    func testEdgeOfTheSurface() {
        let width = 81, height = 20, sigma = 4.0
        var data = [UInt8](repeating: 255, count: width * height * 4)
        data.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            GaussianBlur.blur(base, width: width, height: height, stride: width * 4, sigma: sigma)
        }
        for y in 0..<height {
            let centre = Double(y) + 0.5
            let expected = 255 * (phi((20 - centre) / sigma) - phi((0 - centre) / sigma))
            XCTAssertEqual(Double(data[(y * width + 40) * 4 + 3]), expected, accuracy: 0.015 * 255, "row \(y)")
        }
    }

    /// The blur against a plain one written here: every line zero-padded by the boxes' reach, three running
    /// means a line (rows, then columns, a channel at a time), rounded half away from zero. Random content
    /// on surfaces whose sides are not multiples of four (the blur takes lines four at a time) must come out
    /// byte for byte the same.
    func testSameBytesAsAPlainThreeBoxBlur() {
        var seed: UInt64 = 77
        func random() -> UInt8 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        for (width, height, sigma) in [(37, 23, 2.5), (9, 41, 1.2), (64, 5, 6.0), (3, 3, 0.8)] {
            var data = [UInt8](repeating: 0, count: width * height * 4)
            // A block of random premultiplied pixels away from the edges, the rest transparent.
            for y in (height / 4)..<max(height / 4 + 1, 3 * height / 4) {
                for x in (width / 4)..<max(width / 4 + 1, 3 * width / 4) {
                    let a = random(), i = (y * width + x) * 4
                    data[i] = min(a, random()); data[i + 1] = min(a, random()); data[i + 2] = min(a, random()); data[i + 3] = a
                }
            }
            let expected = plainBlur(data, width: width, height: height, sigma: sigma)
            data.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                GaussianBlur.blur(base, width: width, height: height, stride: width * 4, sigma: sigma)
            }
            XCTAssertEqual(data, expected, "\(width) x \(height), sigma \(sigma)")
        }
    }

    /// The blur's rounding of a float to a byte is `rounded()` (half away from zero) clamped to 0...255: at
    /// every half, around them, at the ends, and at a million values spread over -2 to 258.
    func testByteRoundsHalvesAwayFromZeroAndClamps() {
        var values: [Float] = [-1e9, -3, -0.5, -0.25, -0.0, 0, 1e-30, 255, 255.49, 255.5, 256, 1e9]
        for k in 0..<256 {
            let half = Float(k) + 0.5
            values += [half, half.nextDown, half.nextUp, Float(k)]
        }
        for i in 0..<1_000_000 { values.append(-2 + Float(i) * 260 / 1_000_000) }
        for v in values {
            XCTAssertEqual(GaussianBlur.byte(v), UInt8(max(0, min(255, v.rounded()))), "\(v)")
        }
    }

    /// The reference: the whole surface, each channel's lines blurred one by one.
    func plainBlur(_ pixels: [UInt8], width: Int, height: Int, sigma: Double) -> [UInt8] {
        let radii = GaussianBlur.boxRadii(sigma: sigma), pad = radii.reduce(0, +)
        var xs = width, ys = height, xe = -1, ye = -1
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4].contains(where: { $0 != 0 }) {
                xs = min(xs, x); xe = max(xe, x); ys = min(ys, y); ye = max(ye, y)
            }
        }
        let x0 = max(0, xs - pad), x1 = min(width - 1, xe + pad), y0 = max(0, ys - pad), y1 = min(height - 1, ye + pad)
        var out = pixels
        for channel in 0..<4 {
            var plane = [[Float]](repeating: [], count: y1 - y0 + 1)
            for y in y0...y1 { plane[y - y0] = (x0...x1).map { Float(pixels[(y * width + $0) * 4 + channel]) } }
            plane = plane.map { runningBlur($0, radii: radii, pad: pad) }
            for x in 0...(x1 - x0) {
                let column = runningBlur(plane.map { $0[x] }, radii: radii, pad: pad)
                for y in 0..<column.count { plane[y][x] = column[y] }
            }
            for y in y0...y1 {
                for x in x0...x1 {
                    out[(y * width + x) * 4 + channel] = UInt8(max(0, min(255, plane[y - y0][x - x0].rounded())))
                }
            }
        }
        return out
    }

    /// One line through the three boxes: zero-padded by `pad` at both ends, each box a running sum (values
    /// entering and leaving), times 1 / (2r + 1).
    func runningBlur(_ values: [Float], radii: [Int], pad: Int) -> [Float] {
        var line = [Float](repeating: 0, count: pad) + values + [Float](repeating: 0, count: pad)
        for r in radii where r > 0 {
            let scale = 1 / Float(2 * r + 1)
            var next = line, sum: Float = 0
            for i in 0..<min(r, line.count) { sum += line[i] }
            for i in line.indices {
                if i + r < line.count { sum += line[i + r] }
                next[i] = sum * scale
                if i - r >= 0 { sum -= line[i - r] }
            }
            line = next
        }
        return Array(line[pad..<(pad + values.count)])
    }

    /// A shadow's blur of the alpha bytes alone: the band's alpha profile against Φ as above, and the
    /// colour bytes left as they were (a shadow is used as a mask, which reads alpha only).
    func testAlphaOnlyBlursTheFourthByteAlone() {
        let width = 81, height = 40, sigma = 4.0
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 10 * width * 4, to: 30 * width * 4, by: 4) {
            data[i] = 7; data[i + 1] = 200; data[i + 2] = 90; data[i + 3] = 255
        }
        let before = data
        data.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            GaussianBlur.blur(base, width: width, height: height, stride: width * 4, sigma: sigma, alphaOnly: true)
        }
        for y in 0..<height {
            let centre = Double(y) + 0.5
            let expected = 255 * (phi((30 - centre) / sigma) - phi((10 - centre) / sigma))
            XCTAssertEqual(Double(data[(y * width + 40) * 4 + 3]), expected, accuracy: 0.015 * 255, "row \(y)")
            for x in [0, 40, 80] {
                let i = (y * width + x) * 4
                XCTAssertEqual(Array(data[i..<(i + 3)]), Array(before[i..<(i + 3)]), "colour at \(x), \(y)")
            }
        }
    }

    /// The box radii's variances ((w² - 1) / 12 each) add up to sigma² within one box step.
    func testBoxVariances() {
        for sigma in [1.0, 2.5, 4, 10, 33] {
            let variance = GaussianBlur.boxRadii(sigma: sigma).reduce(0.0) { $0 + (pow(Double(2 * $1 + 1), 2) - 1) / 12 }
            XCTAssertEqual(variance, sigma * sigma, accuracy: sigma * 1.5, "sigma \(sigma)")
        }
    }

    /// A blur so wide that no value can reach 0.5 (sigma² ≥ 512 x the content's box) leaves the surface
    /// transparent, at once and without overflow, however large sigma is.
    func testAVeryWideBlurLeavesNothing() {
        let width = 40, height = 30
        for sigma in [1e200, 1e7, (512.0 * 6 * 5).squareRoot()] {
            var data = [UInt8](repeating: 0, count: width * height * 4)
            for y in 10..<15 { for x in 20..<26 { for c in 0..<4 { data[(y * width + x) * 4 + c] = 255 } } }
            data.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                GaussianBlur.blur(base, width: width, height: height, stride: width * 4, sigma: sigma)
            }
            XCTAssertEqual(data.max(), 0, "sigma \(sigma)")
        }
        XCTAssertTrue(GaussianBlur.vanishes(sigma: 1e200, contentPixels: 1))
        XCTAssertFalse(GaussianBlur.vanishes(sigma: (512.0 * 30).squareRoot() - 0.01, contentPixels: 30))
        XCTAssertFalse(GaussianBlur.vanishes(sigma: .infinity * 0, contentPixels: 30))
    }

    /// The work estimate: a blur of an n x n box away from the edges costs the rows and columns of the
    /// box grown by the reach r (the three radii's sum), each padded by r at both ends:
    /// (2 (n + 2r)) (n + 4r) / 2; content over the vanishing bound costs only its clearing.
    func testWork() {
        let sigma = 10.0
        let r = Double(GaussianBlur.boxRadii(sigma: sigma).reduce(0, +))
        XCTAssertEqual(r, 28)  // Kovesi's widths for sigma 10: 19, 19, 21
        XCTAssertEqual(GaussianBlur.work(sigma: sigma, contentWidth: 50, contentHeight: 50, frameWidth: 1000, frameHeight: 1000),
                       2 * (50 + 2 * r) * (50 + 4 * r) / 2)
        // Within a 60 x 60 surface, the grown box is the surface: rows and columns of 60, padded.
        XCTAssertEqual(GaussianBlur.work(sigma: sigma, contentWidth: 50, contentHeight: 50, frameWidth: 60, frameHeight: 60),
                       (60 + 60) * (60 + 2 * r) / 2)
        XCTAssertEqual(GaussianBlur.work(sigma: 1e9, contentWidth: 50, contentHeight: 40, frameWidth: 60, frameHeight: 60), 2000)
        XCTAssertEqual(GaussianBlur.work(sigma: 0, contentWidth: 50, contentHeight: 40, frameWidth: 60, frameHeight: 60), 0)
    }
}
