import Flipbook
import Foundation
import XCTest

/// Every animated format as a browser plays it: headless Chromium decodes each file frame by frame
/// (WebCodecs' `ImageDecoder`, the decoder its `<img>` uses), and each frame it would show at the middle of
/// each frame interval is compared with the PNG frame of that time (decoded by the same browser).
/// APNG and lossless WebP must match exactly, the GIF within its quantization; every frame's duration is
/// checked too. The scene has a card that flashes for one frame (APNG disposal "previous"), a translucent
/// layer and anti-aliased edges over an opaque background.
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
        let executable = try Chromium.required()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = folder.appendingPathComponent("decode.json").path
        try Self.scene.write(toFile: scenePath, atomically: false, encoding: .utf8)
        let scene = try SceneFile.load(path: scenePath)
        func render(_ format: RenderOptions.Format, _ name: String, lossless: Bool = false) throws -> String {
            var options = RenderOptions()
            options.format = format
            options.lossless = lossless
            options.output = folder.appendingPathComponent(name).path
            return try Renderer.render(scene, options: options).output
        }
        let framesFolder = try render(.png, "frames")
        let frames = try FileManager.default.contentsOfDirectory(atPath: framesFolder).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(frames.count, 30)
        let expected = try frames.map { try Data(contentsOf: URL(fileURLWithPath: framesFolder + "/" + $0)).base64EncodedString() }

        let browser = try Chromium(executable: executable, width: 200, height: 200)
        // A file page: a secure context, which WebCodecs needs (about:blank is not one).
        let page = folder.appendingPathComponent("decode.html")
        try "<!doctype html><title>decode</title>".write(to: page, atomically: false, encoding: .utf8)
        try browser.open(page.absoluteString)
        let cases: [(file: String, type: String, minimumPSNR: Double?)] = [
            (try render(.apng, "decode.png"), "image/png", nil),
            (try render(.webp, "decode.webp", lossless: true), "image/webp", nil),
            (try render(.gif, "decode.gif"), "image/gif", 38),
        ]
        // The flash's frame is disposed "previous": fcTL byte 24 (after length and type, 8 + 24) is 2.
        let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cases[0].file)))
        let controls = (0..<(apng.count - 4)).filter { apng[$0..<($0 + 4)].elementsEqual("fcTL".utf8) }
        XCTAssertTrue(controls.contains { apng[$0 + 4 + 24] == 2 }, "a frame disposed previous")
        for (file, type, minimumPSNR) in cases {
            let animation = try Data(contentsOf: URL(fileURLWithPath: file)).base64EncodedString()
            let expression = Self.compare(animation: animation, type: type, expected: expected, fps: 20,
                                          minimumPSNR: minimumPSNR)
            let result = try XCTUnwrap(browser.evaluate(expression) as? String, type)
            XCTAssertTrue(result.hasPrefix("ok"), "\(type): \(result)")
        }
    }

    /// A script that decodes the base64 `animation` of MIME `type` and the `expected` PNG frames, and returns
    /// "ok ..." or what differs: a frame's duration other than 1/fps (a whole number of them where the file
    /// merged equal frames), or a pixel that differs (or, with `minimumPSNR`, a PSNR below it).
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
          const shown = [];
          for (let i = 0; i < count; i++) {
            const frame = await pixels(decoder, i);
            const repeats = Math.round(frame.duration / interval);
            if (repeats < 1 || Math.abs(frame.duration - repeats * interval) > 1)
              return `frame ${i} lasts ${frame.duration} us, not a multiple of ${interval}`;
            for (let k = 0; k < repeats; k++) shown.push(frame.data);
          }
          const frames = [\(expected.map { "'\($0)'" }.joined(separator: ","))];
          if (shown.length !== frames.length) return `${shown.length} frames shown, ${frames.length} expected`;
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
