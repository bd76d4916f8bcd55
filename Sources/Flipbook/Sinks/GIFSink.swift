import ByteStream
import Foundation
import GIF
import Pixels

/// Writes an animated GIF: a palette built from sample frames, frames quantized on the workers, and
/// `GIFWriter` optimising and compressing them in order.
///
/// 1. The palette's sample frames (`sampleIndices`) are drawn first; `addSample` gathers what the palettes
///    need from each (`PaletteSamples`), so none is kept here.
/// 2. `begin()` builds the palettes from that on a thread of its own while the workers already draw
///    the first frames of the full pass; they wait for the palette only to quantize. The first frame may
///    get a palette of its own (`Palette.opening`) or, if not, the second one a palette that refines what
///    the first drew imperfectly and keeps (`Palette.refinement`); both go to the writer as local palettes.
/// 3. Every frame is quantized on the workers and handed, in order, to the writer on the rendering thread.
final class GIFSink: FrameSink {
    static let fileExtensions = ["gif"]
    static let maxFPS: Double? = FrameTiming.maxFPS

    /// Bytes of sample frames kept for the global palette: as many frames as fit, from 16 to 48.
    ///
    /// More samples catch more of the colours anti-aliased edges make: on the seek scene 48 samples give
    /// 80.7 dB against 79.3 dB for 16 (bench/gif-vs-ffmpeg). The budget keeps large canvases lean:
    /// at 750 x 1624 px only the minimum of 16 frames (78 MB) is kept.
    static let paletteSampleBudget = 64 << 20

    /// Frames larger than this (20 MiB, a 3x phone screen of 1500 x 3248 px is 19.5 MB) get fewer than
    /// 16 palette samples: as many as fit in `largeFrameSampleBudget`.
    static let largeFrameBytes = 20 << 20
    /// The most bytes the palette's samples of large frames may take: 128 MiB.
    static let largeFrameSampleBudget = 128 << 20

    /// How many frames of `frameBytes` each are sampled for the palette: 16 to 48; for frames over
    /// `largeFrameBytes`, as many as fit in `largeFrameSampleBudget` (at least 1, and the last frame is
    /// always added), so that the samples of a large canvas do not take gigabytes.
    static func paletteSampleCount(frameBytes: Int) -> Int {
        let bytes = max(1, frameBytes)
        guard bytes > largeFrameBytes else { return min(48, max(16, paletteSampleBudget / bytes)) }
        return max(1, largeFrameSampleBudget / bytes)
    }

    /// The indices of the frames the global palette is built from: about `samples` spread evenly
    /// over `count` frames, always with the last one.
    static func paletteSampleIndices(count: Int, samples: Int) -> [Int] {
        let step = max(1, count / max(1, samples))
        var indices = Array(stride(from: 0, to: count, by: step))
        if let last = indices.last, last != count - 1 { indices.append(count - 1) }
        return indices
    }

    let process: @Sendable (PixelImage) throws -> (IndexedFrame, PixelImage)
    private let target: SinkTarget
    private let output: ByteWriter
    private let palettes = Deferred<(GIFPalettes, seconds: Double)>()
    private var paletteStarted = false
    private let delays: [Int]
    private var writer: GIFWriter?
    private var firstSource: PixelImage?
    private var writeSeconds = 0.0
    /// What the palette samples showed, gathered as they arrive, and the time that took.
    private var samples = PaletteSamples()
    private var sampleSeconds = 0.0

    init(target: SinkTarget) throws {
        self.target = target
        // The file exists from the start (the writer writes to it once the palette is ready), so a killed
        // render always leaves a stale temporary that the next render of this target removes.
        output = try target.options.makeByteWriter(target.path, target.shownPath)
        var delays = FrameTiming.delays(frameCount: target.times.count, fps: target.fps)
        delays[delays.count - 1] += Int((target.loopHold * 100).rounded())
        self.delays = delays
        let palettes = self.palettes
        // Frames so large that fewer workers draw them than the jobs asked for (`FramePipeline.workerCount`
        // holds the frames in flight within its memory bound) are quantized on the spare cores too:
        // circle-control at -j 2 in 0.97 s instead of 1.02 s.
        let cores = min(target.options.jobs, FramePipeline.defaultJobs)
        let parts = max(1, cores / max(1, target.jobs))
        process = { image in (palettes.value.0.global.quantize(image, parts: parts), image) }
    }

    deinit {
        // The palette thread never outlives the render.
        if paletteStarted { _ = palettes.value }
    }

    func sampleIndices() -> [Int] {
        Self.paletteSampleIndices(count: target.times.count,
                                  samples: Self.paletteSampleCount(frameBytes: target.width * target.height * 4))
    }

    func addSample(_ image: PixelImage, index: Int) throws {
        let start = threadCPUSeconds()
        samples.add(image)
        sampleSeconds += threadCPUSeconds() - start
    }

    func begin() throws {
        // The palette thread takes what the samples showed and lets go of it once the palette is built.
        var gathered = PaletteSamples()
        swap(&gathered, &samples)
        gathered.finish()
        let taken = Deferred<PaletteSamples>()
        taken.set(gathered)
        let palettes = self.palettes
        let dither = target.options.dither
        let background = target.backgroundAlpha
        let gatherSeconds = sampleSeconds
        paletteStarted = true
        Thread {
            let start = threadCPUSeconds()
            let samples = taken.take()
            let made = GIFPalettes(samples: samples, opaque: background >= 1 && samples.isOpaque, dither: dither)
            palettes.set((made, gatherSeconds + threadCPUSeconds() - start))
        }.start()
    }

    func write(_ frame: (IndexedFrame, PixelImage), index: Int) throws {
        let start = threadCPUSeconds()
        defer { writeSeconds += threadCPUSeconds() - start }
        let (quantized, source) = frame
        let palettes = self.palettes.value.0
        let written = palettes.frame(quantized, index: index, source: source, first: firstSource)
        firstSource = index == 0 ? source : nil
        let gif = try writer ?? GIFWriter(output: output, path: target.shownPath, width: target.width,
                                          height: target.height, palette: palettes.global.palette,
                                          options: GIFOptions(loopCount: target.loopCount),
                                          compressionThreads: target.jobs)
        writer = gif
        try gif.append(written, source: source, delayCentiseconds: delays[index])
    }

    func finish() throws -> StageTimings {
        let start = threadCPUSeconds()
        guard let writer else { throw RenderError.output("no frame was written to \(target.shownPath)") }
        try writer.finish()
        var timings = StageTimings()
        timings.write = writeSeconds + threadCPUSeconds() - start + writer.compressionSeconds
        timings.palette = palettes.value.seconds
        return timings
    }
}
