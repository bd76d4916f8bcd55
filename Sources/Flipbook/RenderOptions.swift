import GIF

/// What to render and where: everything the command line can set.
public struct RenderOptions: Sendable {
    /// The output kinds.
    public enum Format: String, Sendable, CaseIterable {
        case gif, png
    }

    public var format: Format = .gif
    /// The output file (GIF) or folder (PNG); nil: `out/<outputName>.gif` or `out/<outputName>/`.
    public var output: String?
    /// The name of the default output; nil: the scene's `name`. The command line passes the scene file's
    /// name (`SceneFile.outputName(forPath:)`), so scenes in different files never write the same output.
    public var outputName: String?
    /// Frames per second; nil: the scene's. GIFs play at most 50 (2 cs a frame).
    public var fps: Double?
    /// Pixels per point; nil: the scene's.
    public var scale: Double?
    /// The first second rendered.
    public var start: Double = 0
    /// The end of the rendered range (exclusive); nil: the scene's duration.
    public var end: Double?
    /// The frames rendered, by index from 0 on the scene's frame grid (instead of `start` and `end`); nil: all.
    public var frames: ClosedRange<Int>?
    /// Worker threads.
    public var jobs: Int = FramePipeline.defaultJobs
    public var dither: Dither = .none
    /// Create the output's folder when missing.
    public var createDirectories = false

    public init() {}
}

/// How far a render has got, for progress displays.
public struct RenderProgress: Sendable {
    public var framesDone: Int
    public var frameCount: Int
    public var elapsedSeconds: Double
}

/// What a finished render wrote.
public struct RenderSummary: Sendable {
    public var output: String
    public var frameCount: Int
    public var fps: Double
    public var bytes: Int
    public var seconds: Double
    /// Notes for the user (an fps clamped for GIF, say).
    public var notes: [String]
    /// Where the time went, stage by stage (`render --timings` prints it).
    public var timings: StageTimings
}
