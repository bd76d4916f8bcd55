import DisplayList
import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// Colour effects and blend modes drawn through Compose and Raster, against colour matrices written out
/// here from their published definitions (SVG `feColorMatrix` hueRotate / saturate with Rec. 709 luma
/// weights, as SwiftUI's `_ColorMatrix`; brightness additive; contrast about 0.5), on opaque pixels.
final class ColorEffectTests: XCTestCase {
    /// A 3 x 3 matrix plus a bias, applied to (r, g, b) in 0...1 and clamped.
    struct RGBMatrix {
        var rows: [[Double]]
        var bias = [0.0, 0, 0]

        func apply(_ c: [Double]) -> [Double] {
            (0..<3).map { i in min(1, max(0, rows[i][0] * c[0] + rows[i][1] * c[1] + rows[i][2] * c[2] + bias[i])) }
        }
    }

    static let luma = [0.2126, 0.7152, 0.0722]

    /// Filter Effects 1.0, `feColorMatrix type="hueRotate"`: L + cos(a) A + sin(a) B.
    static func hue(_ degrees: Double) -> RGBMatrix {
        let l = [luma, luma, luma]
        let a = [[0.7874, -0.7152, -0.0722], [-0.2126, 0.2848, -0.0722], [-0.2126, -0.7152, 0.9278]]
        let b = [[-0.2126, -0.7152, 0.9278], [0.143, 0.140, -0.283], [-0.7874, 0.7152, 0.0722]]
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        return RGBMatrix(rows: (0..<3).map { i in (0..<3).map { j in l[i][j] + c * a[i][j] + s * b[i][j] } })
    }

    /// `feColorMatrix type="saturate"`: s I + (1 - s) L.
    static func saturate(_ s: Double) -> RGBMatrix {
        RGBMatrix(rows: (0..<3).map { i in (0..<3).map { j in (i == j ? s : 0) + (1 - s) * luma[j] } })
    }

    static let identity = RGBMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// The pixel at the centre of a 20 x 20 white canvas filled by a rectangle of `fill` with `modifiers`.
    func pixel(_ fill: String, _ modifiers: String, state: String = "{}", script: String = "[]",
               at t: Double = 0) throws -> RGBA8 {
        let json = #"{"canvas": {"width": 20, "height": 20, "scale": 1, "background": "white"}, "duration": 2, "state": \#(state), "root": {"shape": "rectangle", "fill": "\#(fill)", \#(modifiers)}, "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: t)[10, 10]
    }

    /// The rectangle's colour (bytes 204, 102, 51) through `matrix`, as bytes.
    func expected(_ matrix: RGBMatrix, from bytes: [Double] = [204, 102, 51]) -> [Double] {
        matrix.apply(bytes.map { $0 / 255 }).map { ($0 * 255).rounded() }
    }

    func assertPixel(_ p: RGBA8, _ want: [Double], _ note: String, file: StaticString = #filePath, line: UInt = #line) {
        let got = [Double(p.r), Double(p.g), Double(p.b)]
        for c in 0..<3 {
            XCTAssertEqual(got[c], want[c], accuracy: 1, "\(note): channel \(c) of \(got) vs \(want)", file: file, line: line)
        }
        XCTAssertEqual(p.a, 255, note, file: file, line: line)
    }

    let orange = "rgb(0.8, 0.4, 0.2)"

    func testHueRotationFollowsTheHueRotateMatrix() throws {
        for degrees in [0.0, 45, 120, 180, 270, -90] {
            assertPixel(try pixel(orange, #""hueRotation": \#(degrees)"#), expected(Self.hue(degrees)), "hue \(degrees)")
        }
        // A full turn is the identity, up to rounding.
        assertPixel(try pixel(orange, #""hueRotation": 360"#), [204, 102, 51], "hue 360")
    }

    func testSaturationAndGrayscale() throws {
        for s in [0.0, 0.3, 1, 1.8] {
            assertPixel(try pixel(orange, #""saturation": \#(s)"#), expected(Self.saturate(s)), "saturation \(s)")
        }
        // Negative saturation counts as 0 (grey).
        assertPixel(try pixel(orange, #""saturation": -2"#), expected(Self.saturate(0)), "saturation -2")
        for g in [0.0, 0.6, 1] {
            assertPixel(try pixel(orange, #""grayscale": \#(g)"#), expected(Self.saturate(1 - g)), "grayscale \(g)")
        }
        // Full grayscale: every channel is the Rec. 709 luma of the colour.
        let y = ((0.2126 * 204 + 0.7152 * 102 + 0.0722 * 51)).rounded()
        assertPixel(try pixel(orange, #""grayscale": 1"#), [y, y, y], "luma")
    }

    func testBrightnessAddsAndContrastScalesAboutHalf() throws {
        for b in [0.2, -0.3, 1] {
            var m = Self.identity
            m.bias = [b, b, b]
            assertPixel(try pixel(orange, #""brightness": \#(b)"#), expected(m), "brightness \(b)")
        }
        for c in [0.0, 0.5, 1.5, -1] {
            let m = RGBMatrix(rows: [[c, 0, 0], [0, c, 0], [0, 0, c]], bias: Array(repeating: (1 - c) / 2, count: 3))
            assertPixel(try pixel(orange, #""contrast": \#(c)"#), expected(m), "contrast \(c)")
        }
        // contrast -1 inverts: 1 - c.
        assertPixel(try pixel(orange, #""contrast": -1"#), [51, 153, 204], "invert")
    }

    func testColorMultiplyMultipliesComponents() throws {
        assertPixel(try pixel(orange, #""colorMultiply": "rgb(0.5, 1, 0.25)""#),
                    [(204 * 0.5).rounded(), 102, (51 * 0.25).rounded()], "multiply")
        // A half-transparent multiplier halves the alpha: the colour over white.
        let p = try pixel("rgb(0, 0, 1)", #""colorMultiply": "rgba(1, 1, 1, 0.5)""#)
        XCTAssertEqual(Double(p.r), 127.5, accuracy: 1)
        XCTAssertEqual(Double(p.g), 127.5, accuracy: 1)
        XCTAssertEqual(p.b, 255)
    }

    /// Effects combine in a fixed order: colorMultiply, hueRotation, saturation, grayscale, brightness,
    /// contrast, each on the previous one's result (unclamped between them).
    func testEffectsCombineInTheirOrder() throws {
        let c0 = [204.0, 102, 51].map { $0 / 255 }
        let multiplied = [c0[0] * 0.9, c0[1] * 0.8, c0[2] * 1]
        let hued = Self.hue(60).apply(multiplied)  // in range here, so clamping changes nothing
        let saturated = Self.saturate(0.5).apply(hued)
        var final: [Double] = []
        for v in saturated {
            let contrasted: Double = (v + 0.1 - 0.5) * 1.2 + 0.5
            final.append((min(1, max(0, contrasted)) * 255).rounded())
        }
        let p = try pixel(orange, #""colorMultiply": "rgb(0.9, 0.8, 1)", "hueRotation": 60, "saturation": 0.5, "brightness": 0.1, "contrast": 1.2"#)
        assertPixel(p, final, "combined")
    }

    /// `hueRotation(.degrees(spin ? 180 : 0))` under `withAnimation(.linear(duration: 1))` at 0.5: the
    /// angle is an attribute, halfway at 90 degrees.
    func testHueRotationAnimatesThroughTheAttribute() throws {
        let script = #"[{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"spin": true}}]}]}]"#
        let state = #"{"spin": false}"#
        let modifiers = #""hueRotation": "spin ? 180 : 0""#
        assertPixel(try pixel(orange, modifiers, state: state, script: script, at: 0.5), [204, 102, 51], "start")
        assertPixel(try pixel(orange, modifiers, state: state, script: script, at: 1), expected(Self.hue(90)), "halfway")
        assertPixel(try pixel(orange, modifiers, state: state, script: script, at: 1.5), expected(Self.hue(180)), "end")
    }

    /// Transparent pixels stay transparent: a brightened circle leaves the canvas corners white.
    func testTransparentPixelsGainNoColour() throws {
        let json = #"{"canvas": {"width": 20, "height": 20, "scale": 1, "background": "black"}, "duration": 1, "root": {"shape": "circle", "fill": "rgb(0, 0, 1)", "brightness": 0.5, "contrast": 0}}"#
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        XCTAssertEqual(image[0, 0], RGBA8(r: 0, g: 0, b: 0))
        // Inside: contrast 0 makes every channel 0.5, whatever brightness added.
        XCTAssertEqual(Double(image[10, 10].r), 127.5, accuracy: 1)
    }

    /// Blend modes over a backdrop of (0.8, 0.4, 0.2): the separable PDF formulas.
    func testBlendModes() throws {
        func blended(_ mode: String) throws -> RGBA8 {
            let json = #"{"canvas": {"width": 20, "height": 20, "scale": 1, "background": "white"}, "duration": 1, "root": {"zstack": [{"shape": "rectangle", "fill": "rgb(0.8, 0.4, 0.2)"}, {"shape": "rectangle", "fill": "rgb(0.4, 0.6, 1)", "blendMode": "\#(mode)"}]}}"#
            return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)[10, 10]
        }
        let d = [204.0, 102, 51].map { $0 / 255 }, s = [102.0, 153, 255].map { $0 / 255 }
        func bytes(_ f: (Double, Double) -> Double) -> [Double] { (0..<3).map { (f(s[$0], d[$0]) * 255).rounded() } }
        assertPixel(try blended("multiply"), bytes { $0 * $1 }, "multiply")
        assertPixel(try blended("screen"), bytes { $0 + $1 - $0 * $1 }, "screen")
        assertPixel(try blended("difference"), bytes { abs($0 - $1) }, "difference")
        assertPixel(try blended("darken"), bytes { min($0, $1) }, "darken")
        assertPixel(try blended("plusLighter"), bytes { min(1, $0 + $1) }, "plusLighter")
        assertPixel(try blended("normal"), bytes { s, _ in s }, "normal")
    }

    func testBadValuesAreOneClearError() throws {
        func message(_ modifiers: String) -> String {
            let json = #"{"canvas": {"width": 20, "height": 20}, "duration": 1, "root": {"shape": "rectangle", \#(modifiers)}}"#
            do {
                _ = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message(#""blendMode": "multipy""#), #"1:100: root.blendMode: unknown value "multipy"; did you mean "multiply"?"#)
        XCTAssertTrue(message(#""blendMode": "plusDarker""#).hasPrefix(#"1:100: root.blendMode: "plusDarker" has no Cairo operator"#))
        XCTAssertEqual(message(#""hueRotation": true"#), "1:102: root.hueRotation: expected a number or an expression string, got a boolean")
        XCTAssertEqual(message(#""colorMultiply": 3"#), "1:104: root.colorMultiply: expected a string, got a number")
        XCTAssertEqual(message(#""saturation": "sqrt(-1)""#), "1:101: root.saturation: at t = 0 s: sqrt((-1)) is not a finite number")
        XCTAssertEqual(message(#""hueRotatoin": 3"#).contains("did you mean \"hueRotation\""), true)
    }

    /// `examples/hue-loader.json`: `.hueRotation(.degrees(isCycling ? 360 : 0))` under a 3 s linear
    /// `repeatForever` from `onAppear`: the matrix at t is the hue rotation by 120 t degrees (mod 360).
    func testHueLoaderCyclesTheHueLinearly() throws {
        let player = try Player(scene: SceneFile.load(path: repoPath("examples/hue-loader.json")))
        func matrices(_ items: [DisplayItem]) -> [ColorMatrix] {
            items.flatMap { item -> [ColorMatrix] in
                switch item {
                case .colorEffect(let e): return (e.matrix.map { [$0] } ?? []) + matrices(e.children)
                case .group(let g): return matrices(g.children)
                default: return []
                }
            }
        }
        for t in [0.25, 0.75, 1.6, 2.9, 3.4] {
            let found = matrices(try player.displayList(at: t).items)
            XCTAssertEqual(found.count, 1, "t = \(t)")
            let want = Self.hue((120 * t).truncatingRemainder(dividingBy: 360))
            for i in 0..<3 {
                for j in 0..<3 {
                    XCTAssertEqual(found.first?.m[i * 5 + j] ?? .nan, want.rows[i][j], accuracy: 1e-6, "t = \(t) m\(i)\(j)")
                }
            }
        }
    }
}
