import APNG
import Foundation
import SceneFormat
import TestSupport
import WebP
import XCTest
@testable import Flipbook

/// `--effort` (the tests' names start with testEffort): every effort writes the exact frames (APNG, lossless WebP), `max` keeps the encoders' smallest
/// settings, GIF is the same at every effort, and the work estimate counts the encoding at the effort chosen.
extension FormatSinkTests {
    func render(_ scene: Scene, _ format: RenderOptions.Format, to name: String, effort: RenderOptions.Effort,
                lossless: Bool = true) throws -> String {
        var options = RenderOptions()
        options.format = format
        options.lossless = lossless
        options.effort = effort
        options.output = folder.appendingPathComponent(name).path
        return try Renderer.render(scene, options: options).output
    }

    /// APNG and lossless WebP decode to exactly the frames at every effort (Pillow; APNG also ffmpeg).
    func testEffortEveryEffortDecodesToTheExactFrames() throws {
        let scene = try scene(background: nil)
        let frames = try render(scene, .png, to: "frames", effort: .default)
        for effort in RenderOptions.Effort.allCases {
            let apng = try render(scene, .apng, to: "\(effort).png", effort: effort)
            try assertDecodes(apng, frames: frames, fps: 20, decoder: "pillow")
            try assertDecodes(apng, frames: frames, fps: 20, decoder: "ffmpeg")
            let webp = try render(scene, .webp, to: "\(effort).webp", effort: effort)
            try assertDecodes(webp, frames: frames, fps: 20, decoder: "pillow")
        }
    }

    /// `max` is the encoders' smallest settings, the ones every file was written with before `--effort`
    /// (method 6, minimize_size, allow_mixed, sharp YUV; zlib-ranked ways, libdeflate 12, OptimalDeflate),
    /// and each lower effort is a cheaper setting.
    func testEffortMaxIsTheSmallestSettingsAndTheOthersAreCheaper() {
        XCTAssertEqual(WebPSink.settings(.max, lossless: false), .smallest)
        XCTAssertEqual(WebPAnimationWriter.Settings.smallest,
                       .init(method: 6, minimizeSize: true, allowMixed: true, sharpYUV: true))
        XCTAssertEqual(APNGSink.compression(.max), .smallest)
        let methods = [RenderOptions.Effort.fast, .default, .max].map { WebPSink.settings($0, lossless: false).method }
        XCTAssertEqual(methods, methods.sorted())
        XCTAssertFalse(WebPSink.settings(.default, lossless: true).minimizeSize)
        // Lossy minimize_size at `default` stops at half a million pixels, at `max` at the memory limit.
        XCTAssertEqual(WebPSink.settings(.default, lossless: false).minimizeSizeLossyPixels, 500_000)
        XCTAssertEqual(WebPSink.settings(.max, lossless: false).minimizeSizeLossyPixels, 1_000_000)
        XCTAssertEqual(WebPSink.settings(.max, lossless: true), .smallest)
        XCTAssertNotEqual(APNGSink.compression(.default), .smallest)
        XCTAssertNotEqual(APNGSink.compression(.fast), APNGSink.compression(.default))
    }

    /// The lower efforts write other files than `max` (APNG, WebP lossless and lossy).
    func testEffortLowerEffortsWriteOtherFiles() throws {
        let scene = try scene(background: "#fafafa")
        for format in [RenderOptions.Format.apng, .webp] {
            for lossless in format == .webp ? [true, false] : [true] {
                var files: [RenderOptions.Effort: Data] = [:]
                for effort in RenderOptions.Effort.allCases {
                    let path = try render(scene, format, to: "\(effort).\(format)", effort: effort, lossless: lossless)
                    files[effort] = try Data(contentsOf: URL(fileURLWithPath: path))
                }
                XCTAssertNotEqual(files[.max], files[.fast], "\(format) lossless \(lossless)")
            }
        }
    }

    /// GIF and PNG frames are written the same way at every effort.
    func testEffortGIFIsTheSameBytesAtEveryEffort() throws {
        let scene = try scene(background: nil)
        let files = try RenderOptions.Effort.allCases.map {
            try Data(contentsOf: URL(fileURLWithPath: try render(scene, .gif, to: "\($0).gif", effort: $0)))
        }
        XCTAssertEqual(Set(files).count, 1)
    }

    /// The estimate counts each format's encoding at the effort chosen: APNG and WebP cost more the higher
    /// the effort, GIF the same at every effort.
    func testEffortTheWorkEstimateCountsIt() throws {
        let path = folder.appendingPathComponent("estimate.json").path
        try Data(#"{"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 2, "fps": 10, "root": {"shape": "circle", "fill": "red"}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let player = try Player(scene: try SceneFile.load(path: path))
        let times = (0..<20).map { Double($0) / 10 }
        for format in [RenderOptions.Format.apng, .webp] {
            let seconds = try [RenderOptions.Effort.fast, .default, .max].map {
                try WorkEstimate(player: player, times: times, format: format, effort: $0).encodingSeconds
            }
            XCTAssertLessThan(seconds[0], seconds[1], "\(format)")
            XCTAssertLessThan(seconds[1], seconds[2], "\(format)")
        }
        let gif = try RenderOptions.Effort.allCases.map {
            try WorkEstimate(player: player, times: times, format: .gif, effort: $0).seconds
        }
        XCTAssertEqual(Set(gif).count, 1)
    }
}
