import ByteStream
import CWebP
import Pixels

/// Writes an animated WebP with libwebp's animation encoder (`WebPAnimEncoder`): lossless (every visible
/// pixel exact; fully transparent ones may have any colour) or lossy at a quality, with millisecond frame
/// times.
///
/// Frame k starts at round(1000 k / fps) ms, so the delays are whole milliseconds whose sum stays on the
/// frame grid. The encoder itself crops each frame to what changed, chooses blending and disposal, and
/// merges identical frames. The file is assembled in memory by libwebp and written at `finish()`.
public final class WebPAnimationWriter {
    public let width: Int
    public let height: Int
    private let output: ByteWriter
    private let path: String
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var framesAdded = 0
    private var isDone = false

    /// The largest lossy frame, in pixels, that libwebp's `minimize_size` is ever used on (see `init`): 1 million.
    public static let minimizeSizePixels = 1_000_000

    /// How much libwebp searches for a smaller file (`--effort`).
    public struct Settings: Equatable, Sendable {
        /// libwebp's method, 0 (fastest) to 6 (smallest).
        public var method: Int32
        /// Every way of cutting and blending each frame tried, the smallest kept (`minimize_size`); lossy
        /// frames over `minimizeSizeLossyPixels` go without it.
        public var minimizeSize: Bool
        /// The largest lossy frame, in pixels, encoded with `minimize_size` (at most `minimizeSizePixels`).
        public var minimizeSizeLossyPixels: Int
        /// Lossy: each frame may be lossless instead where that is smaller (`allow_mixed`).
        public var allowMixed: Bool
        /// Lossy: RGB to YUV without smearing colour edges (`use_sharp_yuv`).
        public var sharpYUV: Bool

        public init(method: Int32, minimizeSize: Bool, minimizeSizeLossyPixels: Int = WebPAnimationWriter.minimizeSizePixels,
                    allowMixed: Bool, sharpYUV: Bool) {
            self.method = method
            self.minimizeSize = minimizeSize
            self.minimizeSizeLossyPixels = min(minimizeSizeLossyPixels, WebPAnimationWriter.minimizeSizePixels)
            self.allowMixed = allowMixed
            self.sharpYUV = sharpYUV
        }

        /// libwebp's most thorough search, whatever the time: method 6, minimize_size, allow_mixed and sharp YUV (see `init`).
        /// Usually the smallest file; a lossy animation whose frames are over `minimize_size`'s memory limit may come out
        /// a little larger than method 4 alone (circle-control: 1.6 %, at 0.7 dB more PSNR).
        public static let smallest = Settings(method: 6, minimizeSize: true, allowMixed: true, sharpYUV: true)
    }

    /// `quality` 0...100: lossy quality, or for `lossless` the effort spent.
    public init(output: ByteWriter, path: String, width: Int, height: Int, loopCount: Int,
                lossless: Bool, quality: Double, settings: Settings = .smallest) throws {
        self.output = output
        self.path = path
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard (1...16_383).contains(width), (1...16_383).contains(height),
              WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            output.abandon()
            throw WriteError(path: path, reason: "an animated WebP of \(width)x\(height) pixels is not possible")
        }
        options.anim_params.loop_count = Int32(min(max(loopCount, 0), 65_535))
        config.lossless = lossless ? 1 : 0
        config.quality = Float(min(max(quality, 0), 100))
        config.method = min(max(settings.method, 0), 6)
        // Not `exact`: the colour under fully transparent pixels may change, which lets the animation
        // encoder write unchanged pixels as transparent; every visible pixel stays exact.
        config.exact = 0
        config.thread_level = 1
        // Every way of cutting and blending each frame tried, the smallest kept. Lossless: lucky-wheel 5,200 KB
        // in 25 s, against 5,248 KB in 14 s without (the same bytes as img2webp -lossless). Lossy, it also
        // encodes every frame lossless, and holds all those candidates at once: 30 MB more on circle-control's
        // 1.2 million pixels (172 MB at the peak), so lossy frames over `minimizeSizePixels` go without it.
        options.minimize_size = settings.minimizeSize && (lossless || width * height <= settings.minimizeSizeLossyPixels) ? 1 : 0
        if !lossless {
            // Sharper colour edges (RGB to YUV without smearing), and each frame also tried lossless (with
            // minimize_size every frame is, not only those with few colours), the smaller kept. Against ffmpeg's
            // default libwebp_anim (quality 75, method 4), quality 72 is smaller and more faithful on all seven
            // scenes: seek 210.4 KB at 46.4 dB against 224.2 KB at 43.8 dB, wave-background 146.5 KB at 43.76 dB
            // against 189.4 KB at 43.67 dB, wave-uikit lossless at 324.6 KB against 381.9 KB. Without
            // minimize_size, 3 of 7, and no setting of quality, method, filters, segments or sharp YUV won
            // more than 5 of 7. It costs time: 1.45 times the encoding over the seven scenes (lucky-wheel 8 -> 23 s).
            // circle-control's frames are over the limit, and its file is smaller and more faithful without it
            // too: 694.2 KB at 41.96 dB against ffmpeg's 737.9 KB at 41.35 dB.
            // (`Settings.smallest`; the other settings trade these for time.)
            config.use_sharp_yuv = settings.sharpYUV ? 1 : 0
            options.allow_mixed = settings.allowMixed ? 1 : 0
        }
        guard WebPValidateConfig(&config) != 0, let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            output.abandon()
            throw WriteError(path: path, reason: "libwebp could not start the animation encoder")
        }
        self.encoder = encoder
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
        if !isDone { output.abandon() }
    }

    /// Adds `image`, shown from `milliseconds` on.
    public func append(_ image: PixelImage, at milliseconds: Int) throws {
        guard !isDone, let encoder else { throw WriteError(path: path, reason: "the WebP is already finished") }
        guard image.width == width, image.height == height else {
            throw WriteError(path: path, reason: "a frame of \(image.width)x\(image.height) in a WebP of \(width)x\(height)")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw encoderError("initialising a frame") }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        let imported = image.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw encoderError("importing a frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw encoderError("encoding a frame")
        }
        framesAdded += 1
    }

    /// Ends the last frame at `milliseconds`, assembles the file and writes it.
    public func finish(at milliseconds: Int) throws {
        guard !isDone, let encoder else { throw WriteError(path: path, reason: "the WebP is already finished") }
        guard framesAdded > 0 else { throw WriteError(path: path, reason: "no frame was appended") }
        isDone = true
        var data = WebPData()
        do {
            guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0,
                  WebPAnimEncoderAssemble(encoder, &data) != 0 else {
                throw encoderError("assembling the file")
            }
            defer { WebPDataClear(&data) }
            try output.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
            try output.close()
        } catch {
            output.abandon()
            throw error
        }
    }

    private func encoderError(_ operation: String) -> WriteError {
        let message = encoder.flatMap { WebPAnimEncoderGetError($0) }.map { String(cString: $0) } ?? ""
        return WriteError(path: path, reason: "libwebp failed \(operation)" + (message.isEmpty ? "" : ": \(message)"))
    }
}
