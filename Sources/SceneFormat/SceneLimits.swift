import Expressions

/// Resource limits checked before any work starts, so a hostile or mistaken scene file cannot exhaust
/// memory or run for hours. Each is documented in docs/scene-format.md.
public enum SceneLimits {
    /// Pixels in one frame (width x height x scale squared): 50 million, about 8000 x 6000.
    public static let maxFramePixels = 50_000_000.0
    /// Frames in one render (duration x fps).
    public static let maxFrames = 100_000
    /// Pixels over all frames: 20 billion (2000 frames of 1500 x 3248 px is 9.7 billion).
    public static let maxTotalPixels = 20_000_000_000.0
    /// Commands in one path.
    public static let maxPathCommands = 10_000
    /// Passes of one canvas `repeat` (`for i in 0..<count`).
    public static let maxCanvasRepeat = 10_000
    /// Drawing operations (fills, strokes, texts, transforms...) one canvas may run in one frame, nested
    /// repeats multiplied: 100,000.
    public static let maxCanvasOperations = 100_000
    /// Entries in the script.
    public static let maxScriptEvents = 10_000
    /// Path points one frame may draw (every shape's points, each plot sample one): 250,000.
    public static let maxFramePathPoints = 250_000
    /// The `forEach` items one frame may expand, counted each time a layout pass asks for them (a stack is
    /// laid out a few times a frame: a list of 1,000 rows expands about 5,000 times).
    public static let maxFrameForEachItems = 100_000
    /// Path points a whole render may draw, over all its frames: 100 million.
    public static let maxRenderPathPoints = 100_000_000
    /// Characters of text one frame may draw: 20,000.
    public static let maxFrameTextCharacters = 20_000
    /// Characters of text a whole render may draw, over all its frames: 20 million.
    public static let maxRenderTextCharacters = 20_000_000

    /// Pixels in one frame of an animated file (GIF, APNG, WebP): 8 million (about 3264 x 2448). Their
    /// writers keep several whole frames (palette samples, the previous frame for differences, frames
    /// being compressed), so larger frames would take over 1 GB (measured, 8000 x 6000 px: APNG 1.6 GB,
    /// WebP 2.3 GB); PNG sequences stream frames up to `maxFramePixels`.
    public static let maxGIFFramePixels = 8_000_000.0

    /// Checks a scene to be written as a GIF: its frames within `maxGIFFramePixels`.
    public static func checkGIF(_ scene: Scene) throws(SceneError) {
        try checkAnimated(scene, format: "GIF", article: "a")
    }

    /// Checks a scene to be written as an animated file of `format` ("GIF", "APNG", "WebP"): its frames
    /// within `maxGIFFramePixels`.
    public static func checkAnimated(_ scene: Scene, format: String, article: String) throws(SceneError) {
        let pixelWidth = scene.canvas.width * scene.canvas.scale
        let pixelHeight = scene.canvas.height * scene.canvas.scale
        guard pixelWidth * pixelHeight <= maxGIFFramePixels else {
            throw SceneError(file: scene.file, path: JSONPath([.key("canvas")]),
                             message: "\(article) \(format) frame of \(Int(pixelWidth)) x \(Int(pixelHeight)) px is over the \(format) limit of "
                             + "\(Int(maxGIFFramePixels / 1e6)) million pixels (the \(format) writer keeps several frames in memory); "
                             + "lower the size or the scale, or write PNG frames (--format png), which stream up to "
                             + "\(Int(maxFramePixels / 1e6)) million")
        }
    }

    /// Checks a scene (after any command-line overrides of fps and scale).
    public static func check(_ scene: Scene) throws(SceneError) {
        let pixelWidth = scene.canvas.width * scene.canvas.scale
        let pixelHeight = scene.canvas.height * scene.canvas.scale
        let framePixels = pixelWidth * pixelHeight
        guard pixelWidth.rounded() >= 1, pixelHeight.rounded() >= 1 else {
            throw SceneError(file: scene.file, path: JSONPath([.key("canvas")]),
                             message: "a frame of \(NumberFormat.shortest(pixelWidth)) x \(NumberFormat.shortest(pixelHeight)) px "
                             + "is less than one pixel wide or high; raise the size or the scale")
        }
        guard framePixels <= maxFramePixels else {
            throw SceneError(file: scene.file, path: JSONPath([.key("canvas")]),
                             message: "a frame of \(Int(pixelWidth)) x \(Int(pixelHeight)) px is over the limit of \(Int(maxFramePixels / 1e6)) million pixels; lower the size or the scale")
        }
        guard scene.frameCount <= maxFrames else {
            throw SceneError(file: scene.file, path: JSONPath([.key("duration")]),
                             message: "\(scene.frameCount) frames is over the limit of \(maxFrames); shorten the scene or lower the fps")
        }
        let total = framePixels * Double(scene.frameCount)
        guard total <= maxTotalPixels else {
            throw SceneError(file: scene.file, path: JSONPath([.key("duration")]),
                             message: "\(scene.frameCount) frames of \(Int(pixelWidth)) x \(Int(pixelHeight)) px is over the limit of \(Int(maxTotalPixels / 1e9)) billion pixels in all")
        }
        guard scene.script.count <= maxScriptEvents else {
            throw SceneError(file: scene.file, path: JSONPath([.key("script")]),
                             message: "the script has \(scene.script.count) events; the limit is \(maxScriptEvents)")
        }
    }
}
