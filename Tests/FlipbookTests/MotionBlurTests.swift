import Foundation
@testable import Pixels
import SceneFormat
import XCTest
@testable import Flipbook

/// sRGB code -> linear light (IEC 61966-2-1).
private func linear(_ code: Int) -> Double {
    let c = Double(code) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
}

/// Linear light -> the nearest sRGB code (IEC 61966-2-1).
private func code(_ light: Double) -> UInt8 {
    let c = light <= 0.0031308 ? light * 12.92 : 1.055 * pow(light, 1 / 2.4) - 0.055
    return UInt8((255 * min(1, max(0, c))).rounded())
}

/// Motion blur: sub-frames at t + shutter * k / samples / fps, averaged in linear light, the same for any jobs.
final class MotionBlurTests: XCTestCase {
    func testSubframeTimes() {
        let blur = MotionBlur(samples: 4, shutter: 0.5)
        let times = blur.subframeTimes(at: 1, fps: 10)
        for (k, time) in times.enumerated() {
            XCTAssertEqual(time, 1 + 0.05 * Double(k) / 4, accuracy: 1e-12)
        }
        XCTAssertEqual(MotionBlur(samples: 1).subframeTimes(at: 0.3, fps: 20), [0.3])
    }

    /// The mean of black and white is half the light, sRGB 188 (not 128); every sRGB value survives alone.
    func testAverageIsInLinearLight() {
        var average = LinearAverage(width: 1, height: 1)
        average.add(PixelImage(width: 1, height: 1, fill: RGBA8(r: 0, g: 0, b: 0)))
        average.add(PixelImage(width: 1, height: 1, fill: RGBA8(r: 255, g: 255, b: 255)))
        // 0.5 linear -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 -> 187.5... -> 188
        let expected = UInt8((255 * (1.055 * pow(0.5, 1 / 2.4) - 0.055)).rounded())
        XCTAssertEqual(average.image()[0, 0], RGBA8(r: expected, g: expected, b: expected))
        for code in 0...255 {
            for alpha in [255, 128, 1] as [UInt8] {
                var still = LinearAverage(width: 1, height: 1)
                let color = RGBA8(r: UInt8(code), g: UInt8(255 - code), b: UInt8(code / 2), a: alpha)
                for _ in 0..<8 { still.add(PixelImage(width: 1, height: 1, fill: color)) }
                XCTAssertEqual(still.image()[0, 0], color)
            }
        }
    }

    /// Translucent and clear images weigh by their alpha: the colour is the alpha-weighted mean of the linear
    /// light, the alpha the plain mean, both rounded to the nearest code (computed here from IEC 61966-2-1).
    func testTranslucentImagesWeighByTheirAlpha() {
        let colors = [RGBA8(r: 10, g: 250, b: 90, a: 255), RGBA8(r: 200, g: 40, b: 91, a: 128),
                      RGBA8(r: 77, g: 77, b: 77, a: 0), RGBA8(r: 255, g: 0, b: 3, a: 30)]
        var average = LinearAverage(width: 2, height: 1)
        for color in colors { average.add(PixelImage(width: 2, height: 1, fill: color)) }
        let alphas = colors.map { Double($0.a) / 255 }
        func channel(_ value: (RGBA8) -> UInt8) -> UInt8 {
            code(zip(colors, alphas).map { linear(Int(value($0.0))) * $0.1 }.reduce(0, +) / alphas.reduce(0, +))
        }
        let expected = RGBA8(r: channel(\.r), g: channel(\.g), b: channel(\.b),
                             a: UInt8((255 * alphas.reduce(0, +) / 4).rounded()))
        XCTAssertEqual(average.image()[0, 0], expected)
        XCTAssertEqual(average.image()[1, 0], expected)
    }

    /// A white bar moving 800 pt/s at 10 fps, 4 samples, shutter 0.5: sub-frames 12.5 ms apart, so four
    /// copies 10 px apart, each a quarter of the light (sRGB 137), and none where the shutter is closed.
    func testABlurredFrameShowsTheSubframesWhereTheyAre() throws {
        let json = """
            {"name": "bar", "canvas": {"width": 100, "height": 4, "scale": 1, "background": "#000000"},
             "fps": 10, "duration": 1, "motionBlur": {"samples": 4, "shutter": 0.5},
             "root": {"shape": "rectangle", "fill": "#ffffff", "frame": {"width": 2, "height": 4},
                      "offset": {"x": "-40 + 800 * t", "y": 0}}}
            """
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "bar.json")
        let pipeline = FramePipeline(player: try Player(scene: scene), jobs: 2, motionBlur: scene.motionBlur, fps: 10)
        var image: PixelImage?
        try pipeline.run(times: [0], process: { $0 }, deliver: { _, frame in image = frame })
        let frame = try XCTUnwrap(image)
        let quarter = UInt8((255 * (1.055 * pow(0.25, 1 / 2.4) - 0.055)).rounded())
        // The bar's left edge: canvas centre 50, minus half its width, plus the offset at each sub-frame.
        let lefts: [Int] = (0..<4).map { (k: Int) -> Int in
            let shift: Double = 800 * 0.5 * Double(k) / 4 / 10
            return 49 - 40 + Int(shift.rounded())
        }
        XCTAssertEqual(lefts, [9, 19, 29, 39])
        for x in 0..<100 {
            let lit: Bool = lefts.contains { (left: Int) -> Bool in x == left || x == left + 1 }
            XCTAssertEqual(frame[x, 2].r, lit ? quarter : 0, "column \(x)")
        }
    }

    /// Content that does not move during the shutter is drawn as it is, translucent colours included: the
    /// mean of equal sub-frames is that frame, with no rounding through linear light. Half-way through, the bar
    /// starts moving and the frame is an average again.
    func testStillContentIsTheFrameItself() throws {
        let json = """
            {"name": "still", "canvas": {"width": 40, "height": 4, "scale": 1},
             "fps": 10, "duration": 1, "motionBlur": {"samples": 4, "shutter": 0.5},
             "root": {"shape": "rectangle", "fill": "#3fa0c8", "opacity": 0.37, "frame": {"width": 6, "height": 4},
                      "offset": {"x": "t < 0.5 ? 0 : 100 * (t - 0.5)", "y": 0}}}
            """
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "still.json")
        let player = try Player(scene: scene)
        func frames(blur: MotionBlur?) throws -> [PixelImage] {
            var images: [PixelImage] = []
            try FramePipeline(player: player, jobs: 1, motionBlur: blur, fps: 10)
                .run(times: [0.2, 0.6], process: { $0 }, deliver: { _, frame in images.append(frame) })
            return images
        }
        let sharp = try frames(blur: nil), blurred = try frames(blur: scene.motionBlur)
        XCTAssertEqual(blurred[0], sharp[0], "at rest for the whole shutter")
        XCTAssertNotEqual(blurred[1], sharp[1], "moving 5 px during the shutter")
        // The still frame's bar is the drawn colour at 37 % alpha, exactly (straight alpha, rounded).
        XCTAssertEqual(blurred[0][20, 2].a, UInt8((255 * 0.37).rounded()))
    }

    /// Every linear level k / 65535 becomes the sRGB code IEC 61966-2-1 gives, rounded to the nearest.
    func testEveryLinearLevelHasItsNearestCode() {
        var wrong = 0
        for k in 0...65_535 where LinearAverage.code(level: k) != code(Double(k) / 65_535) { wrong += 1 }
        XCTAssertEqual(wrong, 0)
    }

    /// Images that differ from the first only in places (top-left in one, bottom-right in a later one, none in
    /// another), translucent and clear pixels included: every pixel is the alpha-weighted linear mean of its
    /// values (computed here per pixel from IEC 61966-2-1), and a pixel equal in every image is that pixel.
    func testOnlyTheChangedPixelsAreAveragedAndEachIsItsMean() {
        var generator = SystemRandomNumberGenerator()
        func randomColor() -> RGBA8 {
            RGBA8(r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator),
                  b: .random(in: 0...255, using: &generator), a: [0, 40, 200, 255, 255].randomElement(using: &generator)!)
        }
        let (width, height) = (16, 12)
        var base = PixelImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { base[x, y] = randomColor() } }
        var topLeft = base, bottomRight = base
        for y in 1..<4 { for x in 2..<5 { topLeft[x, y] = randomColor() } }
        for y in 8..<12 { for x in 10..<16 { bottomRight[x, y] = randomColor() } }
        let images = [base, base, topLeft, base, bottomRight, topLeft]
        var average = LinearAverage(width: width, height: height)
        for image in images { average.add(image) }
        let mean = average.image()
        for y in 0..<height {
            for x in 0..<width {
                let values = images.map { $0[x, y] }
                if values.allSatisfy({ $0 == values[0] }) {
                    XCTAssertEqual(mean[x, y], values[0], "unchanged (\(x), \(y))")
                    continue
                }
                let alphas = values.map { Double($0.a) / 255 }
                let alphaSum = alphas.reduce(0, +)
                guard alphaSum > 0 else {
                    XCTAssertEqual(mean[x, y].a, 0, "clear in every image (\(x), \(y))")
                    continue
                }
                func channel(_ value: (RGBA8) -> UInt8) -> Double {
                    zip(values, alphas).map { linear(Int(value($0.0))) * $0.1 }.reduce(0, +) / alphaSum
                }
                let got = mean[x, y]
                // Float sums and 1/65535 light steps: within one code of the exact mean.
                for (g, e) in [(got.r, channel(\.r)), (got.g, channel(\.g)), (got.b, channel(\.b))] {
                    XCTAssertLessThanOrEqual(abs(Int(g) - Int(code(e))), 1, "(\(x), \(y))")
                }
                XCTAssertEqual(Int(got.a), Int((255 * alphaSum / Double(images.count)).rounded()), accuracy: 1)
            }
        }
    }

    func testTheSameBytesForAnyJobs() throws {
        let scene = try SceneFile.load(path: repoPath("scenes/lucky-wheel.json"))
        let player = try Player(scene: scene)
        var frames: [[PixelImage]] = []
        for jobs in [1, 3] {
            var images: [PixelImage] = []
            let pipeline = FramePipeline(player: player, jobs: jobs, motionBlur: scene.motionBlur, fps: scene.fps)
            try pipeline.run(times: [0.7, 0.75, 0.8, 2.6], process: { $0 }, deliver: { _, frame in images.append(frame) })
            frames.append(images)
        }
        XCTAssertEqual(frames[0], frames[1])
    }
}
