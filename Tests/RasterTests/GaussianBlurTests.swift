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

    /// The box radii's variances ((w² - 1) / 12 each) add up to sigma² within one box step.
    func testBoxVariances() {
        for sigma in [1.0, 2.5, 4, 10, 33] {
            let variance = GaussianBlur.boxRadii(sigma: sigma).reduce(0.0) { $0 + (pow(Double(2 * $1 + 1), 2) - 1) / 12 }
            XCTAssertEqual(variance, sigma * sigma, accuracy: sigma * 1.5, "sigma \(sigma)")
        }
    }
}
