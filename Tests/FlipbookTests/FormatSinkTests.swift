import APNG
import ByteStream
import GIF
import Pixels
import Foundation
import SceneFormat
import TestSupport
import XCTest
@testable import Flipbook

/// Every output format: decoded by independent decoders to exactly the frames, exact frame times, and a
/// write fault at any byte ends in one error and no file.
final class FormatSinkTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-sinks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A small scene that moves, fades, holds still for a while (identical frames) and, without a
    /// background, has transparent and partly transparent pixels.
    func scene(background: String?, fps: Double = 20, duration: Double = 1) throws -> Scene {
        let canvas = background.map { ", \"background\": \"\($0)\"" } ?? ""
        let json = """
            {"name": "small", "canvas": {"width": 48, "height": 32, "scale": 1 \(canvas)}, "fps": \(fps),
             "duration": \(duration),
             "root": {"zstack": [
                {"shape": "circle", "fill": "#e50914", "frame": {"width": 14, "height": 14},
                 "offset": {"x": "12 * sin(min(t, 0.6) * 6)", "y": "4 * cos(min(t, 0.6) * 5)"}},
                {"shape": "rectangle", "fill": "#1060f0", "frame": {"width": 10, "height": 6},
                 "opacity": "min(1, t * 2)", "offset": {"x": -14, "y": 10}}]}}
            """
        let path = folder.appendingPathComponent("small.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return try SceneFile.load(path: path)
    }

    func render(_ scene: Scene, _ format: RenderOptions.Format, to name: String, jobs: Int = 2,
                lossless: Bool = true) throws -> String {
        var options = RenderOptions()
        options.format = format
        options.lossless = lossless
        options.output = folder.appendingPathComponent(name).path
        options.jobs = jobs
        return try Renderer.render(scene, options: options).output
    }

    /// The scene `json` rendered as PNG frames (the folder) and as an APNG (the file), both named `name`.
    func framesAndAPNG(_ json: String, name: String) throws -> (frames: String, apng: String) {
        let path = folder.appendingPathComponent(name + ".json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let scene = try SceneFile.load(path: path)
        return (try render(scene, .png, to: name + "-frames"), try render(scene, .apng, to: name + ".png"))
    }

    /// Runs the decode check with `decoder` (pillow or ffmpeg).
    func assertDecodes(_ animation: String, frames: String, fps: Double, decoder: String, minPSNR: Double? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let process = try decodeFramesProcess([repoPath("Tests/decode_frames.py"), decoder, animation, frames,
                             String(fps)] + (minPSNR.map { [String($0)] } ?? []))
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Exit 3: a Pillow known to decode this kind of file wrongly (decode_frames.py says which).
        if decoder == "pillow", process.terminationStatus == 3, text.hasPrefix("unsupported:") { return }
        XCTAssertEqual(process.terminationStatus, 0, text, file: file, line: line)
        XCTAssertTrue(text.hasPrefix("ok "), text, file: file, line: line)
    }

    /// Also at 60 fps, whose delays (17, 17, 16 ms) are not all the same.
    func testAPNGDecodesToEveryFrameWithPillowAndFFmpeg() throws {
        for (background, fps) in [(nil, 20), ("#fafafa", 20), ("#fafafa", 60)] as [(String?, Double)] {
            let scene = try scene(background: background, fps: fps)
            let frames = try render(scene, .png, to: "frames-\(Int(fps))")
            let apng = try render(scene, .apng, to: "small.png")
            try assertDecodes(apng, frames: frames, fps: fps, decoder: "pillow")
            try assertDecodes(apng, frames: frames, fps: fps, decoder: "ffmpeg")
        }
    }

    /// Content that shows for one frame and goes (a large card flashing at t = 0.25 s) is disposed "previous",
    /// so the next frame redraws only the dot that moves, and blends "source" (Pillow misreads a frame that
    /// blends "over" and is disposed "previous"; see `APNGWriter`); every other frame is disposed "none".
    /// Pillow and ffmpeg decode every frame exactly, over a flat background (a palette) and over a gradient
    /// (RGB with a key colour, where the frames after the flash blend "over").
    func testAPNGFlashIsDisposedPreviousAndDecodesExactly() throws {
        let gradientView = ##"{"linearGradient": {"colors": ["#ff0000", "#00ff00", "#0000ff"], "startPoint": "leading", "endPoint": "trailing"}},"##
        for gradient in [false, true] {
            let json = """
                {"name": "flash", "canvas": {"width": 64, "height": 40, "scale": 1, "background": "#fafafa"}, "fps": 20,
                 "duration": 1,
                 "root": {"zstack": [
                    \(gradient ? gradientView : "")
                    {"shape": "rectangle", "fill": "#1060f0", "frame": {"width": 50, "height": 30},
                     "opacity": "abs(t - 0.25) < 0.01 ? 1 : 0"},
                    {"shape": "circle", "fill": "#e50914", "frame": {"width": 6, "height": 6},
                     "offset": {"x": "-28 + 56 * t", "y": 0}}]}}
                """
            let (frames, apng) = try framesAndAPNG(json, name: "flash-\(gradient)")
            // The card shows in frame 6 only (t = 0.25), the sixth frame written: frames 0...5 differ.
            let controls = try APNGChunks.frameControls(of: apng)
            XCTAssertEqual(controls.map { $0.dispose }, (0..<controls.count).map { $0 == 5 ? 2 : 0 }, "gradient: \(gradient)")
            XCTAssertEqual(controls[5].blend, 0, "the disposed frame blends source")
            if gradient { XCTAssertTrue(controls.dropFirst(6).contains { $0.blend == 1 }, "later frames blend over") }
            try assertDecodes(apng, frames: frames, fps: 20, decoder: "pillow")
            try assertDecodes(apng, frames: frames, fps: 20, decoder: "ffmpeg")
        }
    }

    /// A card that blinks over a still picture: disposing its frame "previous" leaves exactly the picture the
    /// next frame shows, which is then written as one unchanged pixel; Pillow and ffmpeg decode it exactly.
    func testAPNGBlinkLeavesAOnePixelFrame() throws {
        let json = """
            {"name": "blink", "canvas": {"width": 64, "height": 40, "scale": 1, "background": "#fafafa"}, "fps": 20,
             "duration": 1,
             "root": {"zstack": [
                {"shape": "rectangle", "fill": "#1060f0", "frame": {"width": 50, "height": 30},
                 "opacity": "abs(t - 0.25) < 0.01 ? 1 : 0"},
                {"shape": "circle", "fill": "#e50914", "frame": {"width": 6, "height": 6},
                 "offset": {"x": "t < 0.5 ? 0 : 10", "y": 0}}]}}
            """
        let (frames, apng) = try framesAndAPNG(json, name: "blink")
        // Frames written: the picture (t = 0...0.2), the card (0.25), the picture again (0.3...0.45), the dot moved.
        let chunks = try APNGChunks.chunks(of: apng).filter { $0.type == "fcTL" }.map(\.data)
        func u32(_ data: [UInt8], _ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(chunks.count, 4)
        XCTAssertEqual(chunks.map { $0[24] }, [0, 2, 0, 0], "the card's frame is disposed previous")
        XCTAssertEqual([u32(chunks[2], 4), u32(chunks[2], 8)], [1, 1], "then one pixel, as it is")
        try assertDecodes(apng, frames: frames, fps: 20, decoder: "pillow")
        try assertDecodes(apng, frames: frames, fps: 20, decoder: "ffmpeg")
    }

    /// Lossless WebP decodes exactly (Pillow; ffmpeg cannot decode animated WebP); lossy within 30 dB.
    func testWebPDecodesToEveryFrame() throws {
        for background in [nil, "#fafafa"] as [String?] {
            let scene = try scene(background: background)
            let frames = try render(scene, .png, to: "frames")
            let lossless = try render(scene, .webp, to: "small.webp")
            try assertDecodes(lossless, frames: frames, fps: 20, decoder: "pillow")
            let lossy = try render(scene, .webp, to: "lossy.webp", lossless: false)
            try assertDecodes(lossy, frames: frames, fps: 20, decoder: "pillow", minPSNR: 30)
        }
    }

    /// WebP frames start on the frame grid in whole milliseconds, round(1000 k / fps), and end at the duration.
    func testWebPTimesAreOnTheFrameGrid() throws {
        for fps in [24.0, 30, 50, 60] {
            let webp = try render(try scene(background: "#ffffff", fps: fps), .webp, to: "timing.webp")
            let durations = try WebPChunks.durations(of: webp)
            let grid = Set((0...Int(fps)).map { Int((Double($0) * 1000 / fps).rounded()) })
            var time = 0
            for duration in durations {
                time += duration
                XCTAssertTrue(grid.contains(time), "\(fps) fps: a frame ends at \(time) ms, off the grid")
            }
            XCTAssertEqual(time, 1000, "\(fps) fps")
            XCTAssertLessThan(durations.count, Int(fps), "\(fps) fps: the still frames are merged")
        }
    }

    /// `loopHold` adds its seconds to the last frame in every format, and `--loop` sets the loop count.
    func testLoopHoldAndLoopCountInEveryFormat() throws {
        var scene = try scene(background: "#ffffff", fps: 30)
        scene.loopHold = 0.75
        var options = RenderOptions()
        options.loopCount = 3
        options.output = folder.appendingPathComponent("hold.gif").path
        _ = try Renderer.render(scene, options: options)
        let gif = try GIFReader.read(path: options.output!)
        XCTAssertEqual(gif.totalDelayCentiseconds, 175)
        XCTAssertGreaterThanOrEqual(gif.frames.last?.delayCentiseconds ?? 0, 75 + 3)
        XCTAssertEqual(gif.loopCount, 3)

        options.format = .apng
        options.output = folder.appendingPathComponent("hold.png").path
        _ = try Renderer.render(scene, options: options)
        let delays = try APNGChunks.delays(of: options.output!)
        let total = delays.reduce(0.0) { $0 + Double($1.numerator) / Double($1.denominator) }
        XCTAssertEqual(total, 1.75, accuracy: 1e-9)
        let last = try XCTUnwrap(delays.last)
        XCTAssertGreaterThanOrEqual(Double(last.numerator) / Double(last.denominator), 0.75 + 1.0 / 30 - 1e-9)

        options.format = .webp
        options.output = folder.appendingPathComponent("hold.webp").path
        _ = try Renderer.render(scene, options: options)
        let durations = try WebPChunks.durations(of: options.output!)
        XCTAssertEqual(durations.reduce(0, +), 1750)
        XCTAssertGreaterThanOrEqual(durations.last ?? 0, 750 + 33)
    }

    /// `--width` / `--height` render at the scale that fits (not resampled), keeping the aspect ratio.
    func testWidthAndHeightFitTheCanvas() throws {
        let scene = try scene(background: "#ffffff") // 48 x 32 points
        for (width, height, expected) in [(96, nil, (96, 64)), (nil, 16, (24, 16)), (100, 40, (60, 40))] as [(Int?, Int?, (Int, Int))] {
            var options = RenderOptions()
            options.format = .png
            options.width = width
            options.height = height
            options.output = folder.appendingPathComponent("size").path
            _ = try Renderer.render(scene, options: options)
            let frame = try PNGFileSize.read(options.output! + "/frame-0001.png")
            XCTAssertEqual(frame.width, expected.0, "\(String(describing: width)) x \(String(describing: height))")
            XCTAssertEqual(frame.height, expected.1)
        }
    }

    /// Each APNG frame's delay is an exact fraction: the frames it stands for over the frame rate.
    /// APNG delays are whole milliseconds on the frame grid, as browsers time them (Chromium truncates a
    /// 1/60 s delay to 16 ms): every image ends at round(1000 k / fps) ms for a whole frame number k.
    func testAPNGDelaysAreWholeMillisecondsOnTheFrameGrid() throws {
        for fps in [24.0, 30, 50, 60] {
            let apng = try render(try scene(background: "#ffffff", fps: fps), .apng, to: "timing.png")
            let delays = try APNGChunks.delays(of: apng)
            let grid = Set((0...Int(fps)).map { Int((Double($0) * 1000 / fps).rounded()) })
            var time = 0
            for delay in delays {
                XCTAssertEqual(1000 % delay.denominator, 0, "\(fps) fps: \(delay) is not whole milliseconds")
                time += delay.numerator * (1000 / delay.denominator)
                XCTAssertTrue(grid.contains(time), "\(fps) fps: an image ends at \(time) ms, off the grid")
            }
            XCTAssertEqual(time, 1000, "\(fps) fps: the delays add up to the duration")
            XCTAssertLessThan(delays.count, Int(fps), "\(fps) fps: the still frames are merged")
        }
    }

    /// Browsers show a frame of 10 ms or less for 100 ms, so a 120 fps scene is written as APNG and WebP at
    /// 90 fps, with a note: every frame lasts 11 or 12 ms, on the 90 fps grid, and the whole second stays one.
    func testAPNGAndWebPFramesAreNeverShorterThanBrowsersPlay() throws {
        let scene = try scene(background: "#ffffff", fps: 120)
        for format in [RenderOptions.Format.apng, .webp] {
            var options = RenderOptions()
            options.format = format
            options.lossless = true
            options.output = folder.appendingPathComponent("fast." + (format == .apng ? "png" : "webp")).path
            let summary = try Renderer.render(scene, options: options)
            XCTAssertEqual(summary.fps, 90, "\(format)")
            XCTAssertTrue(summary.notes.contains { $0.contains("120 fps is rendered at 90 fps") }, "\(summary.notes)")
            let milliseconds = format == .apng
                ? try APNGChunks.delays(of: summary.output).map { $0.numerator * 1000 / $0.denominator }
                : try WebPChunks.durations(of: summary.output)
            let grid = Set((0...90).map { Int((Double($0) * 1000 / 90).rounded()) })
            var time = 0
            for duration in milliseconds {
                XCTAssertGreaterThanOrEqual(duration, 11, "\(format): a frame of \(duration) ms")
                time += duration
                XCTAssertTrue(grid.contains(time), "\(format): a frame ends at \(time) ms, off the 90 fps grid")
            }
            XCTAssertEqual(time, 1000, "\(format)")
        }
    }

    func testEveryFormatIsTheSameBytesForAnyNumberOfJobs() throws {
        let scene = try scene(background: nil)
        for format in [RenderOptions.Format.gif, .apng, .webp] {
            let one = try Data(contentsOf: URL(fileURLWithPath: try render(scene, format, to: "one.\(format)", jobs: 1)))
            let three = try Data(contentsOf: URL(fileURLWithPath: try render(scene, format, to: "three.\(format)", jobs: 3)))
            XCTAssertEqual(one, three, "\(format)")
        }
    }

    /// A write that fails after N bytes, at the start, in the header, mid-file and at the very end, ends
    /// the render with one `WriteError` naming the output, and leaves nothing in the folder.
    func testAWriteFaultAtAnyByteLeavesNoFile() throws {
        let scene = try scene(background: nil)
        for format in RenderOptions.Format.allCases {
            let full = try render(scene, format, to: "full.\(format)")
            // A PNG sequence opens one writer per frame file: faults within the smallest frame.
            let files = format == .png ? try FileManager.default.contentsOfDirectory(atPath: full).map { full + "/" + $0 }
                                       : [full]
            let size = files.map(Renderer.byteCount).min() ?? 0
            try FileManager.default.removeItem(atPath: full)
            for limit in [0, 5, 40, size / 2, size - 1] {
                var options = RenderOptions()
                options.format = format
                options.output = folder.appendingPathComponent("out.\(format)").path
                options.makeByteWriter = { path, shown in
                    FailingByteWriter(limit: limit, path: shown, next: try FileByteWriter(path: path, shownPath: shown))
                }
                XCTAssertThrowsError(try Renderer.render(scene, options: options), "\(format) \(limit)") { error in
                    XCTAssertTrue(error is WriteError, "\(format) \(limit): \(error)")
                    XCTAssertTrue("\(error)".contains("out.\(format)") && "\(error)".contains("No space left on device"),
                                  "\(error)")
                }
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["small.json"],
                               "\(format) failing after \(limit) of \(size) bytes")
                try? FileManager.default.removeItem(atPath: options.output ?? "")
            }
        }
    }

    /// The APNG writer, failing at every byte, throws one `WriteError` and abandons its output.
    func testAPNGWriterFaultAtEveryByte() throws {
        let images = (0..<3).map { k in
            PixelImage(width: 6, height: 4, pixels: (0..<96).map { UInt8(($0 * 7 + k * 40) % 256) })
        }
        func write(_ output: ByteWriter) throws {
            let writer = try APNGWriter(output: output, path: "fault.png", width: 6, height: 4, loopCount: 0)
            for image in images { try writer.append(image, frames: 1, fps: 30) }
            try writer.finish(fps: 30)
        }
        let whole = MemoryByteWriter()
        try write(whole)
        for limit in 0..<whole.bytes.count {
            let failing = FailingByteWriter(limit: limit, path: "fault.png")
            XCTAssertThrowsError(try write(failing)) { XCTAssertTrue($0 is WriteError, "\($0)") }
            XCTAssertTrue(failing.isAbandoned)
            XCTAssertEqual(failing.bytes, Array(whole.bytes[0..<limit]))
        }
    }

    /// A real full disk: `render` on a tiny tmpfs prints one error line and exits 1, for every format and
    /// any number of jobs, and leaves the file system empty (needs root to mount; skipped otherwise).
    func testAFullDiskEndsInOneErrorLineAndExit1() throws {
        let mountPoint = folder.appendingPathComponent("small-disk").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mountPoint]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { throw XCTSkip("cannot run mount") }
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw XCTSkip("cannot mount a tmpfs here (not root?)") }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [mountPoint]
            try? umount.run()
            umount.waitUntilExit()
        }
        for format in ["gif", "apng", "webp", "png"] {
            for jobs in format == "gif" ? ["1", "2", "8"] : ["2"] {
                let output = mountPoint + "/seek" + ["gif": ".gif", "apng": ".png", "webp": ".webp"][format, default: ""]
                let result = try runRender([repoPath("scenes/seek.json"), "--to", "1", "--scale", "1", "--format", format,
                                            "-j", jobs, "-o", output, "-q"])
                XCTAssertEqual(result.status, 1, "\(format) -j \(jobs): \(result.stderr)")
                let lines = result.stderr.split(separator: "\n")
                XCTAssertEqual(lines.count, 1, "\(format) -j \(jobs): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("error: cannot write \(output)")
                              && result.stderr.contains("No space left on device"), result.stderr)
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountPoint), [])
            }
        }
    }
}

/// Reads a PNG's size from its IHDR chunk.
enum PNGFileSize {
    static func read(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }
}

/// Reads the frame durations of an animated WebP file (its ANMF chunks), in milliseconds.
enum WebPChunks {
    static func durations(of path: String) throws -> [Int] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func le(_ i: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(bytes[i + $1]) << (8 * $1) } }
        var durations: [Int] = []
        var i = 12 // "RIFF", size, "WEBP"
        while i + 8 <= bytes.count {
            let type = String(decoding: bytes[i..<(i + 4)], as: UTF8.self)
            let size = le(i + 4, 4)
            if type == "ANMF" { durations.append(le(i + 8 + 12, 3)) }
            i += 8 + size + (size & 1)
        }
        return durations
    }
}

/// Reads the frame delays of an APNG file (its fcTL chunks), as the test's own oracle.
enum APNGChunks {
    static func delays(of path: String) throws -> [(numerator: Int, denominator: Int)] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var delays: [(Int, Int)] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = u32(i)
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "fcTL" {
                let body = i + 8
                delays.append((Int(bytes[body + 20]) << 8 | Int(bytes[body + 21]),
                               Int(bytes[body + 22]) << 8 | Int(bytes[body + 23])))
            }
            i += 12 + length
        }
        return delays
    }

    /// Every chunk of the PNG at `path`: its type and data.
    static func chunks(of path: String) throws -> [(type: String, data: [UInt8])] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var chunks: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = u32(i)
            chunks.append((String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self), Array(bytes[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return chunks
    }

    /// Each frame's disposal op (fcTL byte 24: 0 none, 1 background, 2 previous) and blend op (byte 25:
    /// 0 source, 1 over).
    static func frameControls(of path: String) throws -> [(dispose: UInt8, blend: UInt8)] {
        try chunks(of: path).filter { $0.type == "fcTL" }.map { ($0.data[24], $0.data[25]) }
    }
}
