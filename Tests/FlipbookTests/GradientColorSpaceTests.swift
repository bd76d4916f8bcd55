import Flipbook
import Foundation
import SceneFormat
import XCTest

/// `"colorSpace": "perceptual"` (SwiftUI's `Gradient.colorSpace(.perceptual)`) mixes the stops in Oklab,
/// premultiplied by opacity; `"device"` mixes their sRGB components. Oracle: Oklab as
/// Björn Ottosson publishes it ("A perceptual color space for image processing", 2020): sRGB decoded to
/// linear, the matrix to LMS, cube roots, the matrix to Lab; L, a and b mixed linearly; and back.
final class GradientColorSpaceTests: XCTestCase {
    typealias RGB = (r: Double, g: Double, b: Double)

    static func toLinear(_ s: Double) -> Double { s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
    static func toSRGB(_ l: Double) -> Double {
        let c = min(1, max(0, l))
        return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    static func oklab(_ c: RGB) -> [Double] {
        let r = toLinear(c.r), g = toLinear(c.g), b = toLinear(c.b)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return [0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s]
    }

    static func srgb(_ lab: [Double]) -> RGB {
        let (L, a, b) = (lab[0], lab[1], lab[2])
        let l = pow(L + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m = pow(L - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s = pow(L - 0.0894841775 * a - 1.2914855480 * b, 3)
        return (toSRGB(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
                toSRGB(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
                toSRGB(-0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s))
    }

    /// The Oklab mix of opaque `a` and `b` at `f`, in 0...255.
    static func perceptual(_ a: RGB, _ b: RGB, _ f: Double) -> [Int] {
        let p = oklab(a), q = oklab(b)
        let c = srgb((0..<3).map { p[$0] + (q[$0] - p[$0]) * f })
        return [c.r, c.g, c.b].map { Int((255 * $0).rounded()) }
    }

    static let red: RGB = (1, 0, 0), blue: RGB = (0, 0, 1), green: RGB = (0, 1, 0)

    /// The pixel at (x, y) of the first frame.
    func pixel(_ json: String, _ x: Int, _ y: Int) throws -> [Int] {
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        let i = (y * image.width + x) * 4
        return image.pixels[i..<(i + 3)].map(Int.init)
    }

    func scene(width: Int, height: Int, _ paint: String) -> String {
        #"{"canvas": {"width": \#(width), "height": \#(height), "scale": 1, "background": "white"}, "duration": 1, "#
            + #""root": {"shape": "rectangle", "fill": \#(paint)}}"#
    }

    func assertClose(_ got: [Int], _ want: [Int], tolerance: Int = 1, _ message: String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "\(got) is not \(want) \(message)",
                      file: file, line: line)
    }

    /// Red to blue across 101 pixels: pixel 50's centre is half way. Perceptual is a violet, about
    /// (140, 83, 162); device is (128, 0, 128).
    func testRedToBlueHalfWayIsTheOklabMix() throws {
        let want = Self.perceptual(Self.red, Self.blue, 0.5)
        XCTAssertEqual(want, [140, 83, 162])
        func linear(_ space: String) -> String {
            scene(width: 101, height: 4, ##"{"linearGradient": {"colors": ["#FF0000", "#0000FF"], \##(space)"startPoint": "leading", "endPoint": "trailing"}}"##)
        }
        assertClose(try pixel(linear(#""colorSpace": "perceptual", "#), 50, 2), want)
        assertClose(try pixel(linear(#""colorSpace": "device", "#), 50, 2), [128, 0, 128])
        assertClose(try pixel(linear(""), 50, 2), want, "(the default is perceptual)")
    }

    /// Along the whole ramp, where the Oklab path bends most (red to green, near the ends), the pixels
    /// stay within a level of the mix: the stops the renderer adds follow it.
    func testTheWholeRampFollowsTheMix() throws {
        let json = scene(width: 200, height: 2, ##"{"linearGradient": {"colors": ["#FF0000", "#00FF00"], "colorSpace": "perceptual", "startPoint": "leading", "endPoint": "trailing"}}"##)
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        for x in [0, 1, 2, 3, 5, 10, 37, 64, 100, 150, 190, 196, 197, 198, 199] {
            let i = (image.width + x) * 4
            assertClose(image.pixels[i..<(i + 3)].map(Int.init), Self.perceptual(Self.red, Self.green, (Double(x) + 0.5) / 200),
                        "x = \(x)")
        }
    }

    /// Radial, elliptical and angular gradients take the key too.
    func testEveryGradientKindMixesPerceptually() throws {
        // Radial around the leading edge's middle, radius 100: pixel (50, 1)'s centre is 50.5 out.
        assertClose(try pixel(scene(width: 101, height: 3, ##"{"radialGradient": {"colors": ["#FF0000", "#0000FF"], "colorSpace": "perceptual", "center": "leading", "endRadius": 100}}"##), 50, 1),
                    Self.perceptual(Self.red, Self.blue, 0.505))
        // Elliptical around the leading edge's middle, radius fraction 1: the ellipse's x radius is 101.
        assertClose(try pixel(scene(width: 101, height: 3, ##"{"ellipticalGradient": {"colors": ["#FF0000", "#0000FF"], "colorSpace": "perceptual", "center": "leading", "endRadiusFraction": 1}}"##), 50, 1),
                    Self.perceptual(Self.red, Self.blue, 0.5))
        // Angular from 0 to 180 degrees: straight below the centre (90 degrees) is half way.
        assertClose(try pixel(scene(width: 21, height: 21, ##"{"angularGradient": {"colors": ["#FF0000", "#0000FF"], "colorSpace": "perceptual", "startAngle": 0, "endAngle": 180}}"##), 10, 18),
                    Self.perceptual(Self.red, Self.blue, 0.5))
    }

    /// Around a whole turn of a perceptual angular gradient, red to green, every sampled pixel is within a
    /// level of the Oklab mix at its angle (the angle computed here from the pixel's centre).
    func testTheAngularRampFollowsTheMix() throws {
        let size = 101
        let json = scene(width: size, height: size, ##"{"angularGradient": {"colors": ["#FF0000", "#00FF00"], "colorSpace": "perceptual"}}"##)
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        let c = Double(size) / 2
        for k in 0..<72 {
            let angle = (Double(k) + 0.37) * 5 * Double.pi / 180
            let x = Int(c + 40 * cos(angle)), y = Int(c + 40 * sin(angle))
            var phi = atan2(Double(y) + 0.5 - c, Double(x) + 0.5 - c)
            if phi < 0 { phi += 2 * Double.pi }
            let i = (y * image.width + x) * 4
            assertClose(image.pixels[i..<(i + 3)].map(Int.init), Self.perceptual(Self.red, Self.green, phi / (2 * Double.pi)),
                        "(\(x), \(y))")
        }
    }

    /// A half-transparent end mixes premultiplied in Oklab too: opaque red to blue at opacity 0.5, half
    /// way, has opacity 0.75 and Lab (red + 0.5 blue) / 1.5; on white, that over white.
    func testOpacityMixesPremultiplied() throws {
        let p = Self.oklab(Self.red), q = Self.oklab(Self.blue)
        let c = Self.srgb((0..<3).map { (p[$0] * 0.5 + q[$0] * 0.25) / 0.75 })
        let want = [c.r, c.g, c.b].map { Int((255 * (0.75 * $0 + 0.25)).rounded()) }
        let json = scene(width: 101, height: 4, ##"{"linearGradient": {"colors": ["#FF0000", "rgba(0, 0, 1, 0.5)"], "colorSpace": "perceptual", "startPoint": "leading", "endPoint": "trailing"}}"##)
        assertClose(try pixel(json, 50, 2), want, tolerance: 2)
    }

    func testAnUnknownColourSpaceIsRefusedWhereItIsWritten() {
        let json = """
            {"canvas": {"width": 10, "height": 10}, "duration": 1,
             "root": {"shape": "rectangle", "fill": {"linearGradient": {"colors": ["red", "blue"], "colorSpace": "linear",
               "startPoint": "leading", "endPoint": "trailing"}}}}
            """
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("2:102") && message.contains("perceptual"), message)
        }
    }
}
