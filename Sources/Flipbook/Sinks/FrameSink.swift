import Pixels
import SceneFormat

/// Where a render's frames go: one sink per output format, owning that format's policy.
///
/// `Renderer` evaluates frames and streams them to a sink: first, if the sink asks for them, a few
/// sample frames (`sampleIndices`, each given back through `addSample(_:index:)` in order, then `begin()`),
/// then every frame, each through
/// `process` on a worker thread and then, strictly in frame order, `write` on the rendering thread;
/// `finish` completes the output. The output goes to `SinkTarget.path`, a temporary name that the
/// renderer publishes only once `finish` returns, and removes if anything throws.
protocol FrameSink: AnyObject {
    /// What `process` makes of a frame on a worker thread.
    associatedtype Processed: Sendable

    /// The file name extensions this sink writes (the first is the default); empty for a folder.
    static var fileExtensions: [String] { get }
    /// The highest frame rate the format can store, if it has one.
    static var maxFPS: Double? { get }

    /// Prepares to write to `target` (nothing is written before the first frame or `begin`).
    init(target: SinkTarget) throws

    /// The indices of the frames the sink wants to see before the full pass (none by default).
    func sampleIndices() -> [Int]
    /// One sample frame (frame `index`), in the order of `sampleIndices`, on the rendering thread.
    func addSample(_ image: PixelImage, index: Int) throws
    /// The samples are all in; the full pass starts.
    func begin() throws
    /// Turns a frame into what `write` takes; runs on worker threads, in any order.
    var process: @Sendable (PixelImage) throws -> Processed { get }
    /// Writes frame `index`; called in frame order.
    func write(_ frame: Processed, index: Int) throws
    /// Completes the output; returns the time spent in the sink's own threads (palette, compression).
    func finish() throws -> StageTimings
    /// The share of the encoding that `finish` does, as far as the frames written so far tell (0 by default:
    /// each frame is encoded as it comes).
    var encodingShareAtFinish: Double { get }
}

extension FrameSink {
    func sampleIndices() -> [Int] { [] }
    func addSample(_ image: PixelImage, index: Int) throws {}
    func begin() throws {}
    var encodingShareAtFinish: Double { 0 }
}

/// What a sink writes and how: the output path, the frames' size and timing, and the user's options.
struct SinkTarget {
    /// The temporary file (or folder) to write.
    let path: String
    /// The path the user asked for, for messages.
    let shownPath: String
    /// The frame size in pixels.
    let width: Int
    let height: Int
    /// The frames' times, in seconds, and the scene's frame rate.
    let times: [Double]
    let fps: Double
    /// How many times the animation plays (0: forever).
    let loopCount: Int
    /// Seconds the last frame is held, beyond its own frame time, before the animation starts over.
    let loopHold: Double
    /// The canvas background's opacity (0 when there is none).
    let backgroundAlpha: Double
    /// Worker threads; sinks with threads of their own use as many.
    let jobs: Int
    let options: RenderOptions
}
