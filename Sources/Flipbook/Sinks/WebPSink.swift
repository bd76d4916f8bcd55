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
    /// minimize_size, allow_mixed and sharp YUV (`WebPAnimationWriter.Settings.smallest`). `default` is
    /// method 4, img2webp's and ffmpeg's, with minimize_size on lossy frames: every way of cutting each frame
    /// tried costs about 1.7 times method 4's encoding and makes the file 2 to 19 % smaller and more faithful
    /// than img2webp's at the same quality (seek 213.6 against 218.0 KB, 42.34 against 42.08 dB;
    /// wave-background 150.2 against 186.3 KB); lossless, it gained 1 % for 3 times the time, so lossless
    /// `default` goes without it (wave-background 355.9 KB against img2webp's 356.2). allow_mixed with
    /// minimize_size encodes every frame lossless too (4.5 times the time), and sharp YUV made seek larger
    /// at method 4. `fast` is method 2 for lossy frames: about half of method 4's encoding, 3 to 10 % larger;
    /// lossless, method 4 at a lower effort (`losslessEffort`).
    ///
    /// At `default`, lossy frames over half a million pixels go without minimize_size: where most of a large
    /// frame changes, it has little to cut, and it cost 1.7 times the encoding for 0.1 % (an 840 x 840 px
    /// card dragged across the frame, bench/scenes/drag-card.json: 387.2 against 387.7 KB, as img2webp with
    /// and without `-min_size`). Every bundled scene but circle-control is under the limit.
    static let defaultMinimizeSizePixels = 500_000

    static func settings(_ effort: RenderOptions.Effort, lossless: Bool) -> WebPAnimationWriter.Settings {
        switch effort {
        case .fast: return .init(method: lossless ? 4 : 2, minimizeSize: false, allowMixed: false, sharpYUV: false)
        case .default: return .init(method: 4, minimizeSize: !lossless, minimizeSizeLossyPixels: defaultMinimizeSizePixels,
                                    allowMixed: false, sharpYUV: false)
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
