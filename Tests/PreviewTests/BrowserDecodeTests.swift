import Flipbook
import Foundation
import XCTest

/// Every animated format as a browser plays it: headless Chromium decodes each file frame by frame
/// (WebCodecs' `ImageDecoder`, the decoder its `<img>` uses), and the image it shows at the middle of each
/// frame interval is compared with the PNG frame of that time (decoded by the same browser). APNG and
/// lossless WebP must match exactly, the GIF within its quantization; the whole animation must last its
/// frames' time to the millisecond. The scene has a card that flashes for one frame (APNG disposal
/// "previous"), a translucent layer and anti-aliased edges over an opaque background.
final class BrowserDecodeTests: XCTestCase {
    static let scene = """
        {"name": "decode", "canvas": {"width": 96, "height": 64, "scale": 1, "background": "#f4f1ea"}, "fps": 20,
         "duration": 1.5,
         "root": {"zstack": [
            {"shape": "rectangle", "fill": "#1060f0", "frame": {"width": 70, "height": 40},
             "opacity": "abs(t - 0.5) < 0.01 ? 1 : 0"},
            {"shape": "circle", "fill": "#e50914", "frame": {"width": 18, "height": 18},
             "offset": {"x": "-36 + 48 * t", "y": "10 * sin(6 * t)"}},
            {"shape": "roundedRectangle", "cornerRadius": 6, "fill": "#20c060", "opacity": 0.5,
             "frame": {"width": 30, "height": 20}, "rotation": "120 * t"}]}}
        """

    func testChromiumPlaysEveryFormatAsTheFramesShowIt() throws {
        try assertChromiumPlays([(.apng, "image/png", nil), (.webp, "image/webp", nil), (.gif, "image/gif", 38)], fps: 20)
    }

    /// At 60 fps (16.7 ms a frame, which GIF cannot store) Chromium shows APNG and WebP frames on time: each
    /// image at the middle of its frame's interval, and the whole animation within a millisecond of 1.5 s.
    func testChromiumPlays60FPSAnimationsOnTime() throws {
        try assertChromiumPlays([(.apng, "image/png", nil), (.webp, "image/webp", nil)], fps: 60)
    }

    /// Renders the scene at `fps` in each of `formats` (with its MIME type, and the least PSNR for a lossy
    /// one; nil: exact) and checks each against the PNG frames in Chromium.
    private func assertChromiumPlays(_ formats: [(format: RenderOptions.Format, type: String, minimumPSNR: Double?)],
                                     fps: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let executable = try Chromium.required()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = folder.appendingPathComponent("decode.json").path
        try Self.scene.replacingOccurrences(of: #""fps": 20"#, with: "\"fps\": \(Int(fps))")
            .write(toFile: scenePath, atomically: false, encoding: .utf8)
        let scene = try SceneFile.load(path: scenePath)
        func render(_ format: RenderOptions.Format, _ name: String) throws -> String {
            var options = RenderOptions()
            options.format = format
            options.lossless = true // WebP; the others are lossless or GIF
            options.output = folder.appendingPathComponent(name).path
            return try Renderer.render(scene, options: options).output
        }
        let framesFolder = try render(.png, "frames")
        let frames = try FileManager.default.contentsOfDirectory(atPath: framesFolder).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(frames.count, Int(1.5 * fps), file: file, line: line)
        let expected = try frames.map { try Data(contentsOf: URL(fileURLWithPath: framesFolder + "/" + $0)).base64EncodedString() }

        let browser = try Chromium(executable: executable, width: 200, height: 200)
        // A file page: a secure context, which WebCodecs needs (about:blank is not one).
        let page = folder.appendingPathComponent("decode.html")
        try "<!doctype html><title>decode</title>".write(to: page, atomically: false, encoding: .utf8)
        try browser.open(page.absoluteString)
        for (format, type, minimumPSNR) in formats {
            let path = try render(format, "decode." + (format == .apng ? "png" : type.dropFirst(6)))
            if format == .apng {
                // The flash's frame is disposed "previous": fcTL byte 24 (after length and type, 8 + 24) is 2.
                let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let controls = (0..<(apng.count - 4)).filter { apng[$0..<($0 + 4)].elementsEqual("fcTL".utf8) }
                XCTAssertTrue(controls.contains { apng[$0 + 4 + 24] == 2 }, "a frame disposed previous", file: file, line: line)
            }
            let animation = try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()
            let expression = Self.compare(animation: animation, type: type, expected: expected, fps: fps,
                                          minimumPSNR: minimumPSNR)
            let result = try XCTUnwrap(browser.evaluate(expression) as? String, type, file: file, line: line)
            XCTAssertTrue(result.hasPrefix("ok"), "\(type) at \(fps) fps: \(result)", file: file, line: line)
        }
    }

    /// A script that decodes the base64 `animation` of MIME `type` and the `expected` PNG frames, and returns
    /// "ok ..." or what differs: a total duration more than a millisecond off, or, in the image shown at the
    /// middle of a frame's interval, a pixel that differs (or, with `minimumPSNR`, a PSNR below it).
    static func compare(animation: String, type: String, expected: [String], fps: Double, minimumPSNR: Double?) -> String {
        """
        (async () => {
          const bytes = s => Uint8Array.from(atob(s), c => c.charCodeAt(0));
          async function pixels(decoder, index) {
            const { image } = await decoder.decode({ frameIndex: index });
            const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
            const duration = image.duration;
            image.close();
            return { data, duration };
          }
          const decoder = new ImageDecoder({ data: bytes('\(animation)'), type: '\(type)' });
          await decoder.tracks.ready;
          const count = decoder.tracks.selectedTrack.frameCount;
          const interval = 1e6 / \(fps);
          const images = [];
          let end = 0;
          for (let i = 0; i < count; i++) {
            const frame = await pixels(decoder, i);
            end += frame.duration;
            images.push({ data: frame.data, end });
          }
          const frames = [\(expected.map { "'\($0)'" }.joined(separator: ","))];
          // The whole animation lasts its frames' time to the millisecond; frame j shows, at the middle of
          // its interval, the image whose time covers that instant.
          if (Math.abs(end - frames.length * interval) > 1000)
            return `the images last ${end} us, the frames ${frames.length * interval} us`;
          const shown = frames.map((_, j) => images.find(image => image.end > (j + 0.5) * interval).data);
          let squared = 0, samples = 0;
          for (let j = 0; j < frames.length; j++) {
            const reference = new ImageDecoder({ data: bytes(frames[j]), type: 'image/png' });
            const want = (await pixels(reference, 0)).data;
            reference.close();
            const got = shown[j];
            for (let p = 0; p < want.length; p++) {
              const d = got[p] - want[p];
              if (d !== 0 && \(minimumPSNR == nil ? "true" : "false"))
                return `frame ${j}, pixel ${p >> 2} (${(p >> 2) % 96}, ${Math.floor((p >> 2) / 96)}): ` +
                       `${Array.from(got.slice(p & ~3, (p & ~3) + 4))} instead of ${Array.from(want.slice(p & ~3, (p & ~3) + 4))}`;
              if ((p & 3) !== 3) { squared += d * d; samples += 1; }
            }
          }
          const psnr = squared === 0 ? Infinity : 10 * Math.log10(255 * 255 * samples / squared);
          \(minimumPSNR.map { "if (psnr < \($0)) return `PSNR ${psnr.toFixed(2)} dB`;" } ?? "")
          return `ok ${count} images, ${shown.length} frames, PSNR ${psnr.toFixed(2)} dB`;
        })()
        """
    }
}
