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
                                compressionThreads: target.jobs)
        // A signal stops the compression still to do at the end, which takes seconds on large animations.
        writer.isCancelled = { Interruption.shared.receivedSignal != nil }
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
