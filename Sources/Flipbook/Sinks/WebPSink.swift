import Foundation
import Pixels
import WebP

/// Writes an animated WebP (`WebPAnimationWriter`): lossless with `--lossless`, else lossy at `--quality`.
final class WebPSink: FrameSink {
    static let fileExtensions = ["webp"]
    /// Frame times are whole milliseconds on the frame grid, and browsers (Chromium, Firefox, WebKit) show a
    /// frame of 10 ms or less for 100 ms, as they do a GIF's: at 100 fps or more every frame would play ten
    /// times too slow. At most 90 fps, every frame lasts at least 11 ms.
    static let maxFPS: Double? = 90

    let process: @Sendable (PixelImage) throws -> PixelImage = { $0 }
    private let target: SinkTarget
    private let writer: WebPAnimationWriter
    private var writeSeconds = 0.0
    /// The lossless effort unless `--quality` says otherwise: libwebp's default is 75; 90 is 0.03 to 0.15 %
    /// smaller on the seven scenes for about a tenth more time (circle-control: 1,030.9 KB against 1,031.6 KB
    /// from img2webp and ffmpeg, which write the same bytes as effort 75); 100 took 20 times as long.
    /// At `--effort fast`, 50: wave-background 356.1 KB in about half the time of 90's 355.9 (method 2, lossless,
    /// was no faster there and 7 % larger).
    static func losslessEffort(_ effort: RenderOptions.Effort) -> Double {
        effort == .fast ? 50 : 90
    }

    init(target: SinkTarget) throws {
        self.target = target
        let output = try target.options.makeByteWriter(target.path, target.shownPath)
        writer = try WebPAnimationWriter(output: output, path: target.shownPath, width: target.width,
                                         height: target.height, loopCount: target.loopCount,
                                         lossless: target.options.lossless,
                                         quality: target.options.quality ?? (target.options.lossless ? Self.losslessEffort(target.options.effort) : 72),
                                         settings: Self.settings(target.options.effort,
                                                                         lossless: target.options.lossless))
    }

    /// libwebp's settings at each effort (bench/formats has the measurements). `max` is method 6 with
    /// minimize_size, allow_mixed and sharp YUV (`WebPAnimationWriter.Settings.smallest`): the smallest files,
    /// at 5 to 16 times img2webp's time on lossy scenes. `default` is method 4 alone, img2webp's and ffmpeg's
    /// settings, which writes img2webp's very bytes in about its time (the render included, within 1.3 times
    /// the fastest peer on every bundled scene whose drawing is not the larger part). minimize_size, every way
    /// of cutting each frame tried, made lossy files 2 to 19 % smaller but cost 1.5 to 1.9 times the peer's
    /// time (wave-background 150.2 against 186.3 KB, 1.11 against 0.76 s), so it is left to `max`; lossless, it
    /// gained 1 % for 3 times the time. allow_mixed with minimize_size encodes every frame lossless too (4.5
    /// times the time), and sharp YUV made seek larger at method 4. `fast` is method 2 for lossy frames: about
    /// half of method 4's encoding, 3 to 10 % larger; lossless, method 4 at a lower effort (`losslessEffort`).
    static func settings(_ effort: RenderOptions.Effort, lossless: Bool) -> WebPAnimationWriter.Settings {
        switch effort {
        case .fast: return .init(method: lossless ? 4 : 2, minimizeSize: false, allowMixed: false, sharpYUV: false)
        case .default: return .init(method: 4, minimizeSize: false, allowMixed: false, sharpYUV: false)
        case .max: return .smallest
        }
    }

    /// When frame `index` starts, in whole milliseconds from the first frame.
    func milliseconds(_ index: Int) -> Int {
        Int((Double(index) * 1000 / target.fps).rounded())
    }

    func write(_ frame: PixelImage, index: Int) throws {
        let start = threadCPUSeconds()
        defer { writeSeconds += threadCPUSeconds() - start }
        try writer.append(frame, at: milliseconds(index))
    }

    func finish() throws -> StageTimings {
        let start = threadCPUSeconds()
        try writer.finish(at: milliseconds(target.times.count) + Int((target.loopHold * 1000).rounded()))
        var timings = StageTimings()
        timings.write = writeSeconds + threadCPUSeconds() - start
        return timings
    }
}
