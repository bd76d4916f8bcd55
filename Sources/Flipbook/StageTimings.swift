#if canImport(Glibc)
import Glibc
#endif

/// Where a render spent its time, stage by stage, in seconds.
///
/// The per-frame stages (`compose`, `rasterize`, `encode`, `write`) are CPU time of the threads that ran
/// them, summed over the worker threads, so they add up to the work done whatever `--jobs` is and however
/// busy the machine is. `total` is wall-clock time from the start of the render to the finished file.
public struct StageTimings: Sendable, Equatable {
    /// Simulating the scene's script (once, before any frame).
    public var simulate = 0.0
    /// Estimating the render's work from a few composed frames (`WorkEstimate`), before any frame is drawn;
    /// wall-clock (the frames are composed on a large-stack thread).
    public var estimate = 0.0
    /// The CPU seconds the estimate predicted for the whole render (`WorkEstimate.seconds`).
    public var estimatedWork = 0.0
    /// Evaluating frames into display lists, summed over workers.
    public var compose = 0.0
    /// Drawing display lists into pixels with Cairo and Pango, summed over workers.
    public var rasterize = 0.0
    /// Per-frame encoding on the workers: GIF quantization, or PNG compression; summed over workers.
    public var encode = 0.0
    /// Building the GIF's global palette from the sampled frames.
    public var palette = 0.0
    /// Writing in frame order on the calling thread: the GIF writer, or the PNG files.
    public var write = 0.0
    /// Wall-clock time of the whole render.
    public var total = 0.0

    /// No time spent yet.
    public init() {}

    /// The stage times of `a` and `b` added together.
    public static func + (a: StageTimings, b: StageTimings) -> StageTimings {
        var sum = StageTimings()
        sum.simulate = a.simulate + b.simulate
        sum.estimate = a.estimate + b.estimate
        sum.estimatedWork = a.estimatedWork + b.estimatedWork
        sum.compose = a.compose + b.compose
        sum.rasterize = a.rasterize + b.rasterize
        sum.encode = a.encode + b.encode
        sum.palette = a.palette + b.palette
        sum.write = a.write + b.write
        sum.total = a.total + b.total
        return sum
    }
}

/// The CPU time the calling thread has used so far, in seconds.
/// CPU seconds of the whole process: for a stage that runs on a thread of its own (simulation and
/// planning run on a large-stack thread) while no other thread works.
func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
