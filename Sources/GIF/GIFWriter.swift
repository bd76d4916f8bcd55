import ByteStream
import Pixels
#if canImport(Glibc)
import Glibc
#endif

/// Streams indexed frames to a GIF89a file, optimising each frame against what is on screen.
///
/// The file has one global colour table (the transparent index first, as code 0, then the palette's colours,
/// padded to a power of two) and a NETSCAPE2.0 loop extension. Each image is coded with the smallest LZW
/// minimum code size its codes need, so an image that uses only the palette's first colours (`Palette.ordered`
/// puts those of moving content first) takes narrower codes.
///
/// Each frame is cropped to the rectangle that changed. Inside it, an unchanged pixel can be written two ways
/// that show the same: the transparent index, or its own colour. Up to four versions of the image are
/// compressed (with `LZWEncoder`) and the smallest is written: unchanged pixels transparent, with the rows top
/// to bottom and again interlaced (a standard GIF row order, which LZW sometimes finds more repeats in);
/// single-colour stretches of them in their colour, extending the runs around them; and transparent again with
/// the encoder choosing, pixel by pixel, whichever way extends the string it is matching
/// (`LZWEncoder.encode(_:alternates:)`). Every fourth image compresses all four; the others only the
/// versions that came close to the smallest lately (`CandidateSchedule`).
///
/// Frames may come with their source pixels; where a source pixel equals the previous frame's, the pixel
/// counts as unchanged whatever its new index (`WantedFrame`), so requantized or dithered static content is
/// not redrawn. A frame under another palette than the previous one (a local one, or back to the global one)
/// redraws such a pixel only where its colour is closer to the source, so a palette can refine still content.
///
/// A full palette (256 colours, for opaque animations of exactly 256) has no transparent index: each image
/// gets as its transparent index the first one it does not draw, or none if it draws all 256.
///
/// Consecutive identical frames are merged into one longer delay, so the writer holds exactly one pending frame and
/// writes it once the next different frame (or `finish()`) arrives. When a pixel turns transparent where
/// the screen shows a colour, the pending frame gets disposal 2 ("restore to background", which browsers
/// and giflib-based decoders treat as transparent) over a rectangle that covers those pixels, and the next
/// frame repaints whatever it needs there, so the composited result always equals the frames.
///
/// Frames may carry a local palette (`IndexedFrame.localPalette`), written as a local colour table; the
/// screen is tracked as colours, so frames under different palettes are still compared pixel by pixel.
///
/// While every frame so far used the global palette, the tolerance is 0 and the palette's colours are distinct,
/// the screen is tracked as global palette indices, so frames are compared with the screen row by row
/// (`IndexScan`) rather than colour by colour; the output is the same either way.
///
/// Compression: frames are compared and cropped in order on the calling thread, and their LZW compression
/// is handed to `compressionThreads` threads of the writer's own (or done on the calling thread if 0); the
/// compressed images are written to the file strictly in order, with at most `2 * compressionThreads + 2`
/// images waiting. The file is the same for any number of threads.
///
/// Memory: the screen, the pending frame and the images waiting to be written, never the whole animation.
/// The bytes go to a `ByteWriter` (`GIFStream` lays them out). On any failure, including a write fault of an
/// image written after the `append` that made it, the compression threads are stopped, the output is
/// abandoned (`ByteWriter.abandon`) and the error is thrown, and rethrown by every later call. A writer
/// released without `finish()` also abandons its output.
///
/// The writer's jobs live in one file each: this one takes frames and keeps the state;
/// `GIFWriter+Screen.swift` works out what is on screen and what each frame changes;
/// `GIFWriter+Image.swift` makes the image to write (its indices, transparent index and candidate versions);
/// `GIFWriter+Stream.swift` schedules their compression and writes them, in order, as GIF bytes.
public final class GIFWriter {
    /// The largest delay one GIF frame can carry, in centiseconds.
    static let maxDelay = 65_535

    /// The file being written.
    public let path: String
    /// The logical screen width; every frame must have it.
    public let width: Int
    /// The logical screen height; every frame must have it.
    public let height: Int
    /// The global colour table.
    public let palette: Palette
    /// The file's code for each index of the global palette (`fileCodes`).
    let globalCodes: [UInt8]
    /// Loop count and optimisation tolerance.
    public let options: GIFOptions
    /// How many images have been written to the file so far.
    public internal(set) var imagesWritten = 0
    /// The CPU seconds the writer's compression threads spent so far (0 without threads).
    public var compressionSeconds: Double { compressor.threadSeconds }

    /// The byte stream, nil once finished or abandoned.
    var stream: GIFStream?
    var failure: Error?
    var isFinished = false
    /// The screen after the last written image and its disposal, as global palette indices (the transparent
    /// index where nothing shows); nil once the screen is tracked as colours (`screen`).
    var shownIndices: [UInt8]?
    /// The colours on screen after the last written image and its disposal (`ScreenColor`), when
    /// `shownIndices` is nil.
    var screen: [UInt32] = []
    /// Scratch buffer: the screen after the pending frame is drawn, when `shownIndices` is nil.
    var drawn: [UInt32] = []
    /// One image's indices, both ways of writing unchanged pixels; handed to the compressor with the image.
    var transparentImage: [UInt8] = []
    var runsImage: [UInt8] = []
    /// Per pixel of the image, the other index it may be written as (its colour's, where it is unchanged).
    var alternatesImage: [UInt8] = []
    /// How many images have been made (queued or written).
    var imagesMade = 0
    /// Which versions of each image to compress.
    var schedule = CandidateSchedule()
    /// Compresses the images, on its threads or on the calling one.
    let compressor: LZWPool
    /// Images made but not yet written, oldest first.
    var waiting: [WaitingImage] = []
    /// The most images `waiting` holds before the calling thread waits for the oldest.
    let maxWaiting: Int
    /// The most bytes of index buffers the images waiting for compression may hold (at least one image): 12 MiB.
    static let waitingBytes = 12 << 20
    var pending: WantedFrame?
    var pendingDelay = 0
    /// The last frame appended (merged or not) and its source, if it came with one.
    var lastWanted: WantedFrame?
    var lastSource: PixelImage?

    /// Creates (or truncates) the file at `path` and writes the header, colour table and loop extension.
    ///
    /// `compressionThreads` threads compress images while the caller goes on appending frames (0: the
    /// caller's thread compresses each image before `append` returns).
    public convenience init(path: String, width: Int, height: Int, palette: Palette,
                            options: GIFOptions = GIFOptions(), compressionThreads: Int = 0) throws {
        let output: FileByteWriter
        do {
            output = try FileByteWriter(path: path)
        } catch let error as WriteError {
            throw GIFError(path: path, operation: "opening the file", reason: error.reason)
        }
        try self.init(output: output, path: path, width: width, height: height, palette: palette, options: options,
                      compressionThreads: compressionThreads)
    }

    /// Writes the header, colour table and loop extension to `output`; errors name `path`.
    public init(output: ByteWriter, path: String, width: Int, height: Int, palette: Palette,
                options: GIFOptions = GIFOptions(), compressionThreads: Int = 0) throws {
        self.path = path
        self.width = width
        self.height = height
        self.palette = palette
        self.globalCodes = Self.fileCodes(palette)
        self.options = options
        let pixelCount = max(width, 0) * max(height, 0)
        if options.tolerance == 0 && Set(palette.colors).count == palette.colors.count {
            // Before the first image, which draws every pixel, the screen's indices do not matter.
            self.shownIndices = [UInt8](repeating: palette.transparentIndex ?? 0, count: pixelCount)
        } else {
            self.screen = [UInt32](repeating: ScreenColor.transparent, count: pixelCount)
            self.drawn = screen
        }
        let threads = min(max(compressionThreads, 0), 64)
        self.compressor = LZWPool(threads: threads)
        // Each waiting image holds up to four index buffers of its rectangle (1 byte a pixel), so the images
        // waiting are bounded by bytes as well as by threads; the file is the same for any bound.
        self.maxWaiting = max(1, min(2 * threads + 2, Self.waitingBytes / (4 * max(1, width * height))))

        stream = GIFStream(output: output)
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw fail("creating the file", "size \(width)x\(height) is not 1...65535")
        }
        guard (0...65_535).contains(options.loopCount) else {
            throw fail("creating the file", "loop count \(options.loopCount) is not 0...65535")
        }
        try writing { stream in
            try stream.writeHeader(width: width, height: height, table: Self.colorTable(palette),
                                   loopCount: options.loopCount)
        }
    }

    deinit {
        if !isFinished { abandon() }
        compressor.stop()
    }

    /// Adds a frame shown for `delayCentiseconds` (merged into the previous one if it looks the same).
    ///
    /// With `source`, the true-colour pixels the frame was quantized from, a pixel whose source equals the
    /// previous frame's source is left as it is on screen (see `WantedFrame`): frames quantized with different
    /// palettes (or dithered) then redraw only what really changed.
    public func append(_ frame: IndexedFrame, source: PixelImage? = nil, delayCentiseconds: Int) throws {
        try checkUsable()
        guard frame.width == width, frame.height == height else {
            throw fail("appending a frame", "frame is \(frame.width)x\(frame.height), the GIF is \(width)x\(height)")
        }
        if let source, source.width != width || source.height != height {
            throw fail("appending a frame", "source is \(source.width)x\(source.height), the GIF is \(width)x\(height)")
        }
        guard delayCentiseconds >= 0 else { throw fail("appending a frame", "negative delay \(delayCentiseconds)") }
        if let transparent = (frame.localPalette ?? palette).transparentIndex, transparent < 255,
           frame.indices.withUnsafeBufferPointer(IndexScan.maxIndex) > transparent,
           let bad = frame.indices.first(where: { $0 > transparent }) {
            throw fail("appending a frame", "index \(bad) is outside the palette (0...\(transparent))")
        }
        if frame.localPalette != nil { trackColors() }
        let wanted = resolve(frame, source: source)
        lastWanted = wanted
        lastSource = source
        if let pending, looksSame(wanted, pending) {
            pendingDelay += delayCentiseconds
            return
        }
        if let pending { try write(pending, delay: pendingDelay, next: wanted) }
        pending = wanted
        pendingDelay = delayCentiseconds
    }

    /// Writes the pending frame and the trailer, and closes the file.
    public func finish() throws {
        try checkUsable()
        guard let pending else { throw fail("finishing", "no frame was appended") }
        try write(pending, delay: pendingDelay, next: nil)
        self.pending = nil
        try writeWaiting(all: true)
        compressor.stop()
        try writing { try $0.finish() }
        stream = nil
        isFinished = true
    }

    /// Writes `frame` against the screen; `next` decides whether it must be disposed to background.
    func write(_ wanted: WantedFrame, delay: Int, next: WantedFrame?) throws {
        let frame = wanted.frame
        let framePalette = frame.localPalette ?? palette
        let shown = shownIndices
        let (changed, clearRect) = changes(wanted, palette: framePalette, next: next)
        var rect = imagesMade == 0 ? GIFRect(x: 0, y: 0, width: width, height: height) : changed.union(clearRect)
        if rect.isEmpty { rect = GIFRect(x: 0, y: 0, width: 1, height: 1) }
        let disposal: GIFDisposal = clearRect.isEmpty ? .keep : .background

        // Delays beyond one frame's limit continue in images of only the transparent index (no change), the last
        // of which carries the disposal, over the cleared rectangle.
        var delays = [min(delay, Self.maxDelay)]
        var rest = delay - delays[0]
        while rest > 0 {
            delays.append(min(rest, Self.maxDelay))
            rest -= delays[delays.count - 1]
        }
        var disposedRect = rect
        for (part, partDelay) in delays.enumerated() {
            let isLast = part == delays.count - 1
            let partDisposal = isLast ? disposal : .keep
            if part == 0 && imagesMade == 0 {
                // Nothing is on screen yet: the first image draws every pixel, as its indices say.
                try queueImage(rect: rect, delay: partDelay, disposal: partDisposal, palette: frame.localPalette,
                               transparent: framePalette.transparentIndex, candidates: Candidate.bothOrders(frame.indices))
            } else if part == 0 {
                let (runsDiffer, transparent) = imageIndices(frame, shown: shown, rect: rect, palette: framePalette)
                let (chosen, isSurvey) = schedule.choose(candidates(runsDiffer: runsDiffer, transparent: transparent != nil))
                let jobs = try queueImage(rect: rect, delay: partDelay, disposal: partDisposal,
                                          palette: frame.localPalette, transparent: transparent, candidates: chosen)
                if isSurvey { schedule.record(jobs) }
                transparentImage = []
                runsImage = []
                alternatesImage = []
            } else {
                let holdRect = isLast && !clearRect.isEmpty ? clearRect : GIFRect(x: 0, y: 0, width: 1, height: 1)
                // An image that draws nothing: any index of a full palette can be its transparent one.
                let transparent = palette.transparentIndex ?? 0
                let image = [UInt8](repeating: transparent, count: holdRect.width * holdRect.height)
                try queueImage(rect: holdRect, delay: partDelay, disposal: partDisposal, palette: nil,
                               transparent: transparent, candidates: [Candidate(kind: .inOrder, indices: image)])
                disposedRect = holdRect
            }
        }
        if shown != nil {
            shownIndices = frame.indices
            // Only a palette with a transparent index has transparent pixels to clear.
            if disposal == .background { fill(&shownIndices!, disposedRect, with: palette.transparentIndex ?? 0) }
        } else {
            swap(&screen, &drawn)
            if disposal == .background { fill(&screen, disposedRect, with: ScreenColor.transparent) }
        }
    }


    // MARK: - Errors

    func checkUsable() throws {
        if let failure { throw failure }
        if isFinished { throw GIFError(path: path, operation: "writing", reason: "the writer is already finished") }
    }

    /// Runs `body` on the byte stream; a write fault is recorded (the output abandoned) and thrown.
    func writing(_ body: (inout GIFStream) throws -> Void) throws {
        guard var current = stream else { throw fail("writing", "the output is closed") }
        do {
            try body(&current)
            stream = current
        } catch {
            throw record(error)
        }
    }

    /// Records a failure with a reason, closes and removes the file, and returns the error to throw.
    func fail(_ operation: String, _ reason: String) -> GIFError {
        record(GIFError(path: path, operation: operation, reason: reason))
    }

    func record<E: Error>(_ error: E) -> E {
        failure = error
        abandon()
        return error
    }

    /// Stops the compression threads and abandons the output: an unfinished GIF is never left behind.
    func abandon() {
        compressor.stop()
        stream?.output.abandon()
        stream = nil
    }
}
