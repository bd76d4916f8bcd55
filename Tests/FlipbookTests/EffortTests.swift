import APNG
import CZlib
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
        // minimize_size only at `max`, where lossy frames use it up to the memory limit.
        XCTAssertFalse(WebPSink.settings(.default, lossless: true).minimizeSize)
        XCTAssertFalse(WebPSink.settings(.default, lossless: false).minimizeSize)
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

    /// `default` compresses a turned gradient card (the heavy drag-card scene's, at half its size) about as
    /// small as zlib's level 6 on rows without filters, ffmpeg's apng: libdeflate's level 6 stopped at
    /// shorter matches between its rows and wrote it 12.5 % larger (18,455 against 16,400 bytes).
    func testEffortDefaultCompressesATurnedGradientAsZlibLevel6Does() throws {
        let path = folder.appendingPathComponent("card.json").path
        try Data("""
            {"name": "card", "canvas": {"width": 420, "height": 420, "scale": 1, "background": "#F2F2F7"},
             "fps": 20, "duration": 0.1,
             "root": {"shape": "roundedRectangle", "cornerRadius": 28,
                      "fill": {"linearGradient": {"colors": ["#FF5E62", "#FF9966", "#6A82FB"],
                                                  "startPoint": "topLeading", "endPoint": "bottomTrailing"}},
                      "frame": {"width": 260, "height": 340}, "shadow": {"radius": 18, "y": 10, "color": "#00000040"},
                      "rotation": 10}}
            """.utf8).write(to: URL(fileURLWithPath: path))
        let apng = try render(try SceneFile.load(path: path), .apng, to: "card.png", effort: .default)
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: apng)))
        // The chunks: IHDR (RGB, as an opaque frame of many colours is written) and the one image's IDAT.
        var offset = 8, idat: [UInt8] = [], header: [UInt8] = []
        func u32(_ i: Int) -> Int { file[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 8 <= file.count {
            let length = u32(offset), type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(file[(offset + 8)..<(offset + 8 + length)])
            if type == "IHDR" { header = data } else if type == "IDAT" { idat += data }
            offset += 12 + length
        }
        let width = 420, height = 420, rowBytes = width * 3
        XCTAssertEqual(header[9], 2, "colour type RGB")
        var rows = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var length = uLongf(rows.count)
        XCTAssertEqual(rows.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }, Z_OK)
        // The rows unfiltered (PNG specification, 9.2), each led by filter type 0, as ffmpeg writes them.
        var plain = [UInt8](repeating: 0, count: rows.count)
        for y in 0..<height {
            let type = rows[y * (rowBytes + 1)], row = y * (rowBytes + 1) + 1
            for i in 0..<rowBytes {
                let a = i >= 3 ? Int(plain[row + i - 3]) : 0
                let b = y > 0 ? Int(plain[row - rowBytes - 1 + i]) : 0
                let c = i >= 3 && y > 0 ? Int(plain[row - rowBytes - 1 + i - 3]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predicted = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)][Int(type)]
                plain[row + i] = rows[row + i] &+ UInt8(predicted)
            }
        }
        var zlib = [UInt8](repeating: 0, count: Int(compressBound(uLong(plain.count))))
        var zlibLength = uLongf(zlib.count)
        XCTAssertEqual(zlib.withUnsafeMutableBufferPointer { out in
            plain.withUnsafeBufferPointer { compress2(out.baseAddress, &zlibLength, $0.baseAddress, uLong($0.count), 6) }
        }, Z_OK)
        XCTAssertLessThanOrEqual(Double(idat.count), Double(zlibLength) * 1.01, "\(idat.count) against zlib's \(zlibLength)")
    }
}
