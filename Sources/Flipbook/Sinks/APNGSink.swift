import APNG
import Foundation
import Pixels

/// Writes a lossless animated PNG (`APNGWriter`): exact colours, frame times in whole milliseconds on the
/// frame grid (as browsers time them).
final class APNGSink: FrameSink {
    static let fileExtensions = ["png", "apng"]
    /// Browsers show a frame of 10 ms or less for 100 ms (`WebPSink.maxFPS`).
    static let maxFPS: Double? = WebPSink.maxFPS

    let process: @Sendable (PixelImage) throws -> PixelImage = { $0 }
    private let target: SinkTarget
    private let writer: APNGWriter
    private var writeSeconds = 0.0

    init(target: SinkTarget) throws {
        self.target = target
        let output = try target.options.makeByteWriter(target.path, target.shownPath)
        writer = try APNGWriter(output: output, path: target.shownPath, width: target.width, height: target.height,
                                loopCount: target.loopCount,
                                compressionThreads: target.jobs, compression: Self.compression(target.options.effort))
        // A signal stops the compression still to do at the end, which takes seconds on large animations.
        writer.isCancelled = { Interruption.shared.receivedSignal != nil }
    }

    /// How hard the frames are compressed at each effort (bench/formats has the measurements). `max`:
    /// every way of writing each frame ranked by zlib, libdeflate 12 and `OptimalDeflate` (the smallest
    /// file; 5 to 10 times the time of `default`). `default`: every way deflated once by libdeflate at
    /// level 7, the smallest kept: smaller than ffmpeg's apng on the seven scenes (seek 512.6 against 786.1
    /// KB in 0.9 of its time) and on large smooth gradients (drag-card 0.95 of its size, in 1.15 to 1.25 times
    /// its time: large crops skip the per-row-filter ways, `APNGWriter.probed`). Level 6 stops looking at a match of 65 bytes after 35 candidates, level 7 at 130 bytes
    /// after 100 (libdeflate 1.14's `deflate_compress.c`; zlib's level 6 at 128 after 128): a turned
    /// gradient's rows repeat the row above in long matches, so level 6 wrote `bench/scenes/drag-card.json`
    /// 15 % larger than level 7 (3.81 against 3.31 MB of frame data; ffmpeg's zlib 3.48 MB), level 7 taking
    /// about a tenth more CPU. On the bundled scenes the two are within 0.4 %; level 9 took twice as long for
    /// 0.2 % less, level 12 ten times for 2 to 6 % less.
    /// `fast`: libdeflate level 1 on the rectangle as it is and with unchanged pixels transparent, unfiltered
    /// (`fewerWays`): 2 to 14 % larger than `default`, for 60 to 70 % of its CPU time (seek 0.79 against
    /// 1.35 s, lucky-wheel 1.99 against 3.21 s, the render included).
    static func compression(_ effort: RenderOptions.Effort) -> APNGWriter.Compression {
        switch effort {
        case .fast: return .libdeflate(level: 1, fewerWays: true)
        case .default: return .libdeflate(level: 7, fewerWays: false)
        case .max: return .smallest
        }
    }

    /// Frames in a palette are compressed when the file finishes (see `APNGWriter`); other frames as they
    /// come, on threads that hold `jobs + 1` frames at most, so those are left at the end.
    var encodingShareAtFinish: Double {
        if case .indexed = writer.format { return 1 }
        if case .indexedOpaque = writer.format { return 1 }
        return min(1, Double(target.jobs + 1) / Double(max(1, target.times.count)))
    }

    func write(_ frame: PixelImage, index: Int) throws {
        let start = threadCPUSeconds()
        defer { writeSeconds += threadCPUSeconds() - start }
        try writer.append(frame, frames: 1, fps: target.fps)
    }

    func finish() throws -> StageTimings {
        let start = threadCPUSeconds()
        try writer.finish(fps: target.fps, holdSeconds: target.loopHold)
        var timings = StageTimings()
        timings.write = writeSeconds + threadCPUSeconds() - start
        return timings
    }
}
