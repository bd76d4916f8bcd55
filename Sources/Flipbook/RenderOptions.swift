import ByteStream
import GIF

/// What to render and where: everything the command line can set.
public struct RenderOptions: Sendable {
    /// The output kinds.
    public enum Format: String, Sendable, CaseIterable {
        case gif, png, apng, webp

        /// The sink that writes this format.
        var sinkType: any FrameSink.Type {
            switch self {
            case .gif: return GIFSink.self
            case .png: return PNGSequenceSink.self
            case .apng: return APNGSink.self
            case .webp: return WebPSink.self
            }
        }

        /// What an existing output must be for a render of this format to replace it.
        var outputKind: OutputKind {
            switch self {
            case .gif: return .gif
            case .png: return .frameFolder
            case .apng: return .apng
            case .webp: return .webp
            }
        }
    }

    /// How much CPU the APNG and WebP encoders spend for a smaller file (`--effort`). GIF and PNG frames
    /// are written the same way at every effort.
    public enum Effort: String, Sendable, CaseIterable {
        /// Quicker than the usual tools (ffmpeg, apngasm, img2webp), for files about their size.
        case fast
        /// About as quick as those tools, for a file no larger at the same quality.
        case `default`
        /// The smallest file, whatever the time.
        case max
    }

    public var format: Format = .gif
    /// APNG and WebP: how hard the encoder works for a smaller file.
    public var effort: Effort = .default
    /// The output file (GIF) or folder (PNG); nil: `out/<outputName>.gif` or `out/<outputName>/`.
    public var output: String?
    /// The name of the default output; nil: the scene's `name`. The command line passes the scene file's
    /// name (`SceneFile.outputName(forPath:)`), so scenes in different files never write the same output.
    public var outputName: String?
    /// Frames per second; nil: the scene's. GIFs play at most 50 (2 cs a frame).
    public var fps: Double?
    /// Pixels per point; nil: the scene's (or what `width` / `height` ask for).
    public var scale: Double?
    /// The output's width and/or height in pixels: the canvas is rendered at the scale that fits both,
    /// keeping its aspect ratio (nil: the scene's scale).
    public var width: Int?
    public var height: Int?
    /// Motion-blur sub-frames per frame (1: none); nil: the scene's `motionBlur`.
    public var motionBlurSamples: Int?
    /// How many times the animation plays (0: forever); nil: the scene's `loop`.
    public var loopCount: Int?
    /// The first second rendered.
    public var start: Double = 0
    /// The end of the rendered range (exclusive); nil: the scene's duration.
    public var end: Double?
    /// The frames rendered, by index from 0 on the scene's frame grid (instead of `start` and `end`); nil: all.
    public var frames: ClosedRange<Int>?
    /// Worker threads.
    public var jobs: Int = FramePipeline.defaultJobs
    public var dither: Dither = .none
    /// WebP: lossless (exact) rather than lossy.
    public var lossless = false
    /// WebP quality 0...100 (lossy: quality; lossless: effort); nil: 72 lossy, 90 lossless (50 at `Effort.fast`).
    public var quality: Double?
    /// Create the output's folder when missing.
    public var createDirectories = false
    /// The work budget in estimated CPU seconds (`WorkEstimate`): a render estimated over it is refused
    /// before any frame is drawn. `WorkEstimate.defaultBudget` (1,800 s) unless raised or lowered.
    public var workBudget = WorkEstimate.defaultBudget
    /// Estimated CPU seconds of `workBudget` already taken by the scenes rendered before this one in the
    /// same call (`render a.json b.json` shares one budget); the render may use what is left.
    public var workSpent = 0.0
    /// Opens a byte writer on a temporary path (first) whose errors name the output (second): a file, or in
    /// tests a writer that fails on purpose.
    var makeByteWriter: @Sendable (String, String) throws -> ByteWriter = {
        try FileByteWriter(path: $0, shownPath: $1)
    }

    public init() {}
}

/// How far a render has got, for progress displays.
public struct RenderProgress: Sendable {
    public var framesDone: Int
    public var frameCount: Int
    public var elapsedSeconds: Double
    /// The shares of the render's estimated CPU (`WorkEstimate`) spent before the first frame is delivered
    /// (the sample frames a GIF's palette is built from) and after the last (the compression an APNG sink
    /// does when it finishes); the frames share the rest evenly.
    public var shareBefore = 0.0
    public var shareAfter = 0.0

    public init(framesDone: Int, frameCount: Int, elapsedSeconds: Double, shareBefore: Double = 0, shareAfter: Double = 0) {
        self.framesDone = framesDone
        self.frameCount = frameCount
        self.elapsedSeconds = elapsedSeconds
        self.shareBefore = shareBefore
        self.shareAfter = shareAfter
    }

    /// The share of the estimated work done.
    public var shareDone: Double {
        let frames = frameCount > 0 ? Double(framesDone) / Double(frameCount) : 1
        return shareBefore + (1 - shareBefore - shareAfter) * frames
    }

    /// The seconds left, if the work still to do goes at the pace of the work done so far.
    public var secondsLeft: Double {
        let done = shareDone
        return done > 0 ? elapsedSeconds * (1 - done) / done : .infinity
    }
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
