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
/// that show the same: the transparent index, or its own colour. Four versions of the image are compressed
/// (with `LZWEncoder`) and the smallest is written: unchanged pixels transparent, with the rows top to bottom
/// and again interlaced (a standard GIF row order, which LZW sometimes finds more repeats in); single-colour
/// stretches of them in their colour, extending the runs around them; and transparent again with the encoder
/// choosing, pixel by pixel, whichever way extends the string it is matching (`LZWEncoder.encode(_:alternates:)`).
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
    private let globalCodes: [UInt8]
    /// Loop count and optimisation tolerance.
    public let options: GIFOptions
    /// How many images have been written to the file so far.
    public private(set) var imagesWritten = 0
    /// The CPU seconds the writer's compression threads spent so far (0 without threads).
    public var compressionSeconds: Double { compressor.threadSeconds }

    /// The byte stream, nil once finished or abandoned.
    private var stream: GIFStream?
    private var failure: Error?
    private var isFinished = false
    /// The screen after the last written image and its disposal, as global palette indices (the transparent
    /// index where nothing shows); nil once the screen is tracked as colours (`screen`).
    private var shownIndices: [UInt8]?
    /// The colours on screen after the last written image and its disposal (`ScreenColor`), when
    /// `shownIndices` is nil.
    private var screen: [UInt32] = []
    /// Scratch buffer: the screen after the pending frame is drawn, when `shownIndices` is nil.
    private var drawn: [UInt32] = []
    /// One image's indices, both ways of writing unchanged pixels; handed to the compressor with the image.
    private var transparentImage: [UInt8] = []
    private var runsImage: [UInt8] = []
    /// Per pixel of the image, the other index it may be written as (its colour's, where it is unchanged).
    private var alternatesImage: [UInt8] = []
    /// How many images have been made (queued or written).
    private var imagesMade = 0
    /// Compresses the images, on its threads or on the calling one.
    private let compressor: LZWPool
    /// Images made but not yet written, oldest first.
    private var waiting: [WaitingImage] = []
    /// The most images `waiting` holds before the calling thread waits for the oldest.
    private let maxWaiting: Int
    /// The most bytes of index buffers the images waiting for compression may hold (at least one image): 12 MiB.
    static let waitingBytes = 12 << 20
    private var pending: WantedFrame?
    private var pendingDelay = 0
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

    // MARK: - Frames

    /// Writes `frame` against the screen; `next` decides whether it must be disposed to background.
    private func write(_ wanted: WantedFrame, delay: Int, next: WantedFrame?) throws {
        let frame = wanted.frame
        let framePalette = frame.localPalette ?? palette
        let shown = shownIndices
        let changed: GIFRect
        let clearRect: GIFRect
        if let shown {
            (changed, clearRect) = indexedChanges(frame, shown: shown, next: next?.frame)
        } else {
            (changed, clearRect) = colorChanges(wanted, palette: framePalette, next: next)
        }
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
                let (runsDiffer, transparent) = shown.map { imageIndices(frame, shown: $0, rect: rect) }
                    ?? imageIndices(frame, rect: rect, palette: framePalette)
                try queueImage(rect: rect, delay: partDelay, disposal: partDisposal, palette: frame.localPalette,
                               transparent: transparent,
                               candidates: candidates(runsDiffer: runsDiffer, transparent: transparent != nil))
                transparentImage = []
                runsImage = []
                alternatesImage = []
            } else {
                let holdRect = isLast && !clearRect.isEmpty ? clearRect : GIFRect(x: 0, y: 0, width: 1, height: 1)
                // An image that draws nothing: any index of a full palette can be its transparent one.
                let transparent = palette.transparentIndex ?? 0
                let image = [UInt8](repeating: transparent, count: holdRect.width * holdRect.height)
                try queueImage(rect: holdRect, delay: partDelay, disposal: partDisposal, palette: nil,
                               transparent: transparent, candidates: [Candidate(indices: image)])
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

    /// The changed and cleared rectangles of `frame` (under the global palette) against the screen `shown`
    /// as indices: with tolerance 0 the frame is drawn exactly, so a pixel changes where the indices differ,
    /// and it is cleared where `next` is transparent over an opaque pixel of `frame`.
    private func indexedChanges(_ frame: IndexedFrame, shown: [UInt8], next: IndexedFrame?)
        -> (changed: GIFRect, cleared: GIFRect) {
        let (width, height) = (self.width, self.height)
        let changed = frame.indices.withUnsafeBufferPointer { wanted in
            shown.withUnsafeBufferPointer { IndexScan.changedRect(wanted, $0, width: width, height: height) }
        }
        // A full palette has no transparent pixel, so nothing is ever cleared.
        guard let next, let transparent = palette.transparentIndex else { return (changed, .empty) }
        let nextTransparent = transparent
        let shownTransparent = transparent
        let cleared = next.indices.withUnsafeBufferPointer { next in
            frame.indices.withUnsafeBufferPointer { drawn in
                IndexScan.clearedRect(next: next, nextTransparent: nextTransparent, shown: drawn,
                                      shownTransparent: shownTransparent, width: width, height: height)
            }
        }
        return (changed, cleared)
    }

    /// The changed and cleared rectangles of `wanted` against the screen as colours, drawing the frame into
    /// `drawn`: a pixel whose wanted colour is on screen (or within the tolerance) keeps it, any other is
    /// drawn with its index's colour.
    private func colorChanges(_ wanted: WantedFrame, palette framePalette: Palette, next: WantedFrame?)
        -> (changed: GIFRect, cleared: GIFRect) {
        let colorOf = ScreenColor.table(framePalette)
        let wantedColors = wanted.colors ?? ScreenColor.colors(of: wanted.frame.indices, table: colorOf)
        var changed = BoundingBox()
        var cleared = BoundingBox()
        // Typed pointers and `while` loops: no call per pixel in unoptimised (debug) builds.
        wanted.frame.indices.withUnsafeBufferPointer { indices in
            wantedColors.withUnsafeBufferPointer { wanted in
                screen.withUnsafeBufferPointer { before in
                    drawn.withUnsafeMutableBufferPointer { after in
                      colorOf.withUnsafeBufferPointer { colorOf in
                        guard let indices = indices.baseAddress, let wanted = wanted.baseAddress,
                              let before = before.baseAddress, let after = after.baseAddress,
                              let colorOf = colorOf.baseAddress else { return }
                        let tolerance = options.tolerance
                        for y in 0..<height {
                            let row = y * width
                            // A row the frame wants exactly as it is on screen stays as it is.
                            if memcmp(wanted + row, before + row, width * 4) == 0 {
                                UnsafeMutableRawPointer(after + row).copyMemory(from: before + row, byteCount: width * 4)
                                continue
                            }
                            var x = 0
                            while x < width {
                                let i = row + x
                                let shown = before[i]
                                if shown == wanted[i] || ScreenColor.keeps(shown, wanted: wanted[i], tolerance: tolerance) {
                                    after[i] = shown
                                } else {
                                    after[i] = colorOf[Int(indices[i])]
                                    changed.include(x: x, y: y)
                                }
                                x += 1
                            }
                        }
                      }
                    }
                }
            }
        }
        if let nextColors = next?.colors {
            nextColors.withUnsafeBufferPointer { next in
                drawn.withUnsafeBufferPointer { after in
                    guard let next = next.baseAddress, let after = after.baseAddress else { return }
                    for y in 0..<height {
                        var x = 0
                        while x < width {
                            let i = y * width + x
                            if next[i] == ScreenColor.transparent && after[i] != ScreenColor.transparent {
                                cleared.include(x: x, y: y)
                            }
                            x += 1
                        }
                    }
                }
            }
        }
        return (changed.rect, cleared.rect)
    }

    /// `frame` as it wants the screen: with its own indices and colours, except where `source` equals the
    /// last frame's source, where it wants what that frame wanted (under another palette than the last
    /// frame's, unless its own colour is closer to the source: a new palette may refine still content).
    private func resolve(_ frame: IndexedFrame, source: PixelImage?) -> WantedFrame {
        let colors: [UInt32]?
        if shownIndices == nil {
            let colorOf = ScreenColor.table(frame.localPalette ?? palette)
            colors = ScreenColor.colors(of: frame.indices, table: colorOf)
        } else {
            colors = nil
        }
        var wanted = WantedFrame(frame: frame, colors: colors)
        guard let source, let lastSource, let last = lastWanted else { return wanted }
        if let colors = wanted.colors, let lastColors = last.colors {
            wanted.colors = nil // no copy while it is changed
            var changed = colors
            if frame.localPalette != last.frame.localPalette {
                SourceDiff.keepUnlessCloser(&changed, from: lastColors, source: source, previousSource: lastSource)
            } else {
                SourceDiff.keepUnchanged(&changed, from: lastColors, source: source, previousSource: lastSource)
            }
            wanted.colors = changed
        } else {
            SourceDiff.keepUnchanged(&wanted.frame.indices, from: last.frame.indices, source: source,
                                     previousSource: lastSource)
        }
        return wanted
    }

    /// Switches the screen from indices to colours (for good), before a frame the indices cannot describe;
    /// the pending and last frames get their wanted colours.
    private func trackColors() {
        guard let shown = shownIndices else { return }
        let colorOf = ScreenColor.table(palette)
        screen = ScreenColor.colors(of: shown, table: colorOf)
        drawn = screen
        shownIndices = nil
        if let indices = pending?.frame.indices { pending?.colors = ScreenColor.colors(of: indices, table: colorOf) }
        if let indices = lastWanted?.frame.indices { lastWanted?.colors = ScreenColor.colors(of: indices, table: colorOf) }
    }

    /// Sets every pixel of `rect` in the screen-sized `pixels` to `value`.
    private func fill<Element>(_ pixels: inout [Element], _ rect: GIFRect, with value: Element) {
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * width
            for x in rect.x..<(rect.x + rect.width) { pixels[row + x] = value }
        }
    }

    /// Fills `transparentImage` and `runsImage` with the indices written for `frame` over `rect`, rows top
    /// to bottom, and returns whether they differ (if not, only `transparentImage` is worth compressing) and
    /// the image's transparent index.
    ///
    /// Redrawn pixels get their index in both. Unchanged pixels (screen equals drawn) are the transparent
    /// index in `transparentImage`; in `runsImage` each stretch of consecutive unchanged pixels (in scan
    /// order) that shows a single palette colour is written in that colour, extending the runs around it,
    /// and only stretches of several colours are transparent. Both show the same picture.
    ///
    /// Under a full palette the transparent index is the first one no redrawn pixel uses (`unusedIndex`);
    /// if the image redraws all 256, it has none: unchanged pixels are written in their colour, and any
    /// whose colour is not in the palette is redrawn.
    private func imageIndices(_ frame: IndexedFrame, rect: GIFRect, palette framePalette: Palette)
        -> (runsDiffer: Bool, transparent: UInt8?) {
        let transparent = framePalette.transparentIndex ?? unusedIndex(frame, rect: rect)
        let count = rect.width * rect.height
        prepareImages(count: count, transparent: transparent ?? 0)
        let colorOf = ScreenColor.table(framePalette)
        var indexOfColor = [UInt32: UInt8]()
        for (index, color) in colorOf.prefix(framePalette.colors.count).enumerated() {
            if indexOfColor[color] == nil { indexOfColor[color] = UInt8(index) }
        }
        // The buffers are moved into locals for the loop (no exclusivity checks on the writer's properties).
        var plain: [UInt8] = [], runs: [UInt8] = [], alternates: [UInt8] = [], after: [UInt32] = []
        swap(&plain, &transparentImage)
        swap(&runs, &runsImage)
        swap(&alternates, &alternatesImage)
        swap(&after, &drawn)
        defer {
            swap(&plain, &transparentImage)
            swap(&runs, &runsImage)
            swap(&alternates, &alternatesImage)
            swap(&after, &drawn)
        }
        let before = screen, indices = frame.indices
        var lastColor: UInt32? = nil, lastIndex: UInt8? = nil
        var stretchStart = -1
        var stretchColor: UInt32? = nil
        var runsDiffer = false
        func closeStretch(at end: Int) {
            guard stretchStart >= 0 else { return }
            if let color = stretchColor, let index = indexOfColor[color], index != transparent {
                for k in stretchStart..<end { runs[k] = index }
                runsDiffer = true
            }
            stretchStart = -1
        }
        var k = 0
        for y in rect.y..<(rect.y + rect.height) {
            for i in (y * width + rect.x)..<(y * width + rect.x + rect.width) {
                defer { k += 1 }
                let shown = before[i]
                let keptIndex: UInt8?
                if after[i] != shown {
                    keptIndex = nil
                } else if shown == lastColor {
                    keptIndex = lastIndex // runs of one colour are the common case: no dictionary lookup
                } else {
                    keptIndex = indexOfColor[shown]
                    (lastColor, lastIndex) = (shown, keptIndex)
                }
                if after[i] == shown, transparent == nil, keptIndex == nil {
                    after[i] = colorOf[Int(indices[i])] // cannot be kept without a transparent index
                }
                if after[i] != shown {
                    closeStretch(at: k)
                    plain[k] = indices[i]
                    runs[k] = indices[i]
                    alternates[k] = indices[i]
                } else if let transparent {
                    alternates[k] = keptIndex ?? transparent
                    if stretchStart < 0 {
                        stretchStart = k
                        stretchColor = shown
                    } else if stretchColor != shown {
                        stretchColor = nil
                    }
                } else if let keptIndex {
                    plain[k] = keptIndex
                    runs[k] = keptIndex
                    alternates[k] = keptIndex
                }
            }
        }
        closeStretch(at: count)
        return (runsDiffer, transparent)
    }

    /// The smallest index of a full palette that no pixel `drawn` over `rect` uses, for the image's transparent
    /// index (the smallest, so the image's codes stay small); nil if the image draws all 256.
    private func unusedIndex(_ frame: IndexedFrame, rect: GIFRect) -> UInt8? {
        var used = [Bool](repeating: false, count: 256)
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * width
            for i in (row + rect.x)..<(row + rect.x + rect.width) where drawn[i] != screen[i] {
                used[Int(frame.indices[i])] = true
            }
        }
        return used.firstIndex(of: false).map { UInt8($0) }
    }

    /// `imageIndices(_:rect:palette:)` for a frame under the global palette drawn over the screen `shown` as
    /// indices: a pixel is unchanged where the indices are equal, and a stretch shows one colour where its
    /// shown indices are all the same (colours are distinct), transparent staying transparent.
    private func imageIndices(_ frame: IndexedFrame, shown: [UInt8], rect: GIFRect) -> (runsDiffer: Bool, transparent: UInt8?) {
        let width = self.width
        let count = rect.width * rect.height
        guard let transparent = palette.transparentIndex ?? unusedIndex(frame, shown: shown, rect: rect) else {
            // A full palette, all of whose colours the image redraws: every pixel is written in its colour.
            prepareImages(count: count, transparent: 0)
            for row in 0..<rect.height {
                let from = (rect.y + row) * width + rect.x
                transparentImage.replaceSubrange(row * rect.width..<(row + 1) * rect.width,
                                                 with: frame.indices[from..<(from + rect.width)])
            }
            return (false, nil)
        }
        prepareImages(count: count, transparent: transparent)
        let runsDiffer = frame.indices.withUnsafeBufferPointer { wanted in
            shown.withUnsafeBufferPointer { shown in
                transparentImage.withUnsafeMutableBufferPointer { plain in
                  alternatesImage.withUnsafeMutableBufferPointer { alternates in
                    runsImage.withUnsafeMutableBufferPointer { runs in
                        var runsDiffer = false
                        var stretchStart = -1
                        var stretchIndex = -1 // -1: the stretch shows several colours
                        func closeStretch(at end: Int) {
                            if stretchIndex >= 0 && stretchIndex != Int(transparent) {
                                for j in stretchStart..<end { runs[j] = UInt8(truncatingIfNeeded: stretchIndex) }
                                runsDiffer = true
                            }
                            stretchStart = -1
                        }
                        var k = 0
                        for y in rect.y..<(rect.y + rect.height) {
                            let row = y * width
                            for i in (row + rect.x)..<(row + rect.x + rect.width) {
                                let index = wanted[i], before = shown[i]
                                alternates[k] = index
                                if index != before {
                                    if stretchStart >= 0 { closeStretch(at: k) }
                                    plain[k] = index
                                    runs[k] = index
                                } else if stretchStart < 0 {
                                    stretchStart = k
                                    stretchIndex = Int(before)
                                } else if stretchIndex != Int(before) {
                                    stretchIndex = -1
                                }
                                k += 1
                            }
                        }
                        if stretchStart >= 0 { closeStretch(at: k) }
                        return runsDiffer
                    }
                  }
                }
            }
        }
        return (runsDiffer, transparent)
    }

    /// `unusedIndex(_:rect:)` for the screen as indices: the smallest index that no pixel of `frame` differing
    /// from `shown` over `rect` uses, or nil.
    private func unusedIndex(_ frame: IndexedFrame, shown: [UInt8], rect: GIFRect) -> UInt8? {
        var used = [Bool](repeating: false, count: 256)
        frame.indices.withUnsafeBufferPointer { wanted in
            shown.withUnsafeBufferPointer { shown in
                for y in rect.y..<(rect.y + rect.height) {
                    let row = y * width
                    for i in (row + rect.x)..<(row + rect.x + rect.width) where wanted[i] != shown[i] {
                        used[Int(wanted[i])] = true
                    }
                }
            }
        }
        return used.firstIndex(of: false).map { UInt8($0) }
    }

    /// The ways of writing the image in `transparentImage`, `runsImage` and `alternatesImage`, all showing the
    /// same picture, to compress and keep the smallest of: unchanged pixels transparent, with the rows in order
    /// and interlaced; in runs of their colour (if that differs); and transparent again with the LZW encoder
    /// free to write each unchanged pixel either way (`LZWEncoder.encode(_:alternates:)`). An image without a
    /// transparent index has one picture, compressed in both row orders.
    ///
    /// These four were kept from the eight combinations of {transparent, runs} x {fixed, choosing} x {in order,
    /// interlaced}, measured image by image on every scene (bench/README.md): together they come within 0.3 %
    /// of all eight (0.8 % on the busiest scene) for about half the compression work.
    private func candidates(runsDiffer: Bool, transparent: Bool) -> [Candidate] {
        var candidates = Candidate.bothOrders(transparentImage)
        guard transparent else { return candidates } // every pixel written in its colour
        if runsDiffer { candidates.append(Candidate(indices: runsImage)) }
        candidates.append(Candidate(indices: transparentImage, alternates: alternatesImage))
        return candidates
    }

    /// Sizes the image buffers to `count` pixels, all `transparent`.
    private func prepareImages(count: Int, transparent: UInt8) {
        Self.reset(&transparentImage, count: count, to: transparent)
        Self.reset(&runsImage, count: count, to: transparent)
        Self.reset(&alternatesImage, count: count, to: transparent)
    }

    /// Makes `buffer` `count` bytes of `value`, keeping its capacity. `memset`, not `append(contentsOf:
    /// repeatElement(...))`, which copies byte by byte through generic code in unoptimised (debug) builds.
    private static func reset(_ buffer: inout [UInt8], count: Int, to value: UInt8) {
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer += [UInt8](repeating: value, count: count - buffer.count)
        }
        buffer.withUnsafeMutableBytes { bytes in
            if let start = bytes.baseAddress { _ = memset(start, Int32(value), bytes.count) }
        }
    }

    /// The code the file gives each index of `palette`: its colour tables put the transparent index first, as
    /// code 0, and the colours after it in order, so an image that uses only the first colours of the palette
    /// (and transparency) needs only small codes and is compressed with a smaller minimum code size.
    /// A full palette has no transparent index: its codes are its indices.
    static func fileCodes(_ palette: Palette) -> [UInt8] {
        guard let transparentIndex = palette.transparentIndex else { return (0...255).map { UInt8($0) } }
        let transparent = Int(transparentIndex)
        return (0...255).map { index in index == transparent ? 0 : UInt8(truncatingIfNeeded: index + 1) }
    }

    /// Hands the candidate index buffers of one image over `rect` (`rect.width` a row, rows top to bottom,
    /// each showing the same picture) to the compressor, and writes the images that are ready, waiting for
    /// the oldest while too many are waiting.
    private func queueImage(rect: GIFRect, delay: Int, disposal: GIFDisposal, palette local: Palette?,
                            transparent: UInt8?, candidates: [Candidate]) throws {
        let codes = local.map(Self.fileCodes) ?? globalCodes
        let transparentCode = transparent.map { codes[Int($0)] }
        // An image under a local colour table is coded with at least that table's bits.
        let codeSize = local.map { Self.tableBits($0) }
        // Interlacing reorders only images of three rows or more.
        let jobs = candidates.filter { !$0.interlaced || rect.height > 2 }.map {
            compressor.compress(LZWImage(indices: $0.indices, alternates: $0.alternates, codes: codes, codeSize: codeSize,
                                         width: rect.width, interlaced: $0.interlaced))
        }
        waiting.append(WaitingImage(rect: rect, delay: delay, disposal: disposal, palette: local,
                                    transparentCode: transparentCode, candidates: jobs))
        imagesMade += 1
        try writeWaiting(all: false)
    }

    /// Writes the waiting images in order: all of them, or those already compressed plus as many as it takes
    /// to leave fewer than `maxWaiting`.
    private func writeWaiting(all: Bool) throws {
        var written = 0
        defer { waiting.removeFirst(written) }
        for image in waiting {
            let mustWait = all || waiting.count - written >= maxWaiting
            guard mustWait || image.candidates.allSatisfy(\.isDone) else { break }
            try writeImage(image)
            written += 1
        }
    }

    /// Writes one image with the candidate that compressed smallest (the first of equals), and its local
    /// colour table if it has one.
    private func writeImage(_ image: WaitingImage) throws {
        var best = image.candidates[0].data
        for job in image.candidates.dropFirst() where job.data.bitCount < best.bitCount { best = job.data }
        let table = image.palette.map(Self.colorTable)
        try writing { stream in
            try stream.writeImage(rect: image.rect, delay: image.delay, disposal: image.disposal,
                                  transparentCode: image.transparentCode, table: table, data: best)
        }
        imagesWritten += 1
    }

    /// Whether `frame` can be merged into `pending`: every pixel wants the same colour (or within the tolerance).
    private func looksSame(_ frame: WantedFrame, _ pending: WantedFrame) -> Bool {
        guard let frameColors = frame.colors, let pendingColors = pending.colors else {
            return frame.frame.indices.withUnsafeBufferPointer { a in
                pending.frame.indices.withUnsafeBufferPointer { IndexScan.equal(a, $0) }
            }
        }
        if options.tolerance == 0 { return frameColors == pendingColors }
        return zip(frameColors, pendingColors).allSatisfy {
            ScreenColor.keeps($0.1, wanted: $0.0, tolerance: options.tolerance)
        }
    }

    /// The bits of the colour table of `palette` and its transparent index, if it has one (at least 2, as LZW needs).
    static func tableBits(_ palette: Palette) -> Int {
        let entries = palette.colors.count + (palette.transparentIndex == nil ? 0 : 1)
        var bits = 2
        while 1 << bits < entries { bits += 1 }
        return bits
    }

    /// The colour table of `palette`: the transparent index (black; a full palette has none) followed by
    /// the palette's colours, padded to a power of two (`tableBits`); see `fileCodes`.
    static func colorTable(_ palette: Palette) -> [RGB8] {
        var colors = palette.transparentIndex == nil ? [] : [RGB8(r: 0, g: 0, b: 0)]
        colors += palette.colors
        colors += Array(repeating: RGB8(r: 0, g: 0, b: 0), count: (1 << tableBits(palette)) - colors.count)
        return colors
    }

    // MARK: - Errors

    private func checkUsable() throws {
        if let failure { throw failure }
        if isFinished { throw GIFError(path: path, operation: "writing", reason: "the writer is already finished") }
    }

    /// Runs `body` on the byte stream; a write fault is recorded (the output abandoned) and thrown.
    private func writing(_ body: (inout GIFStream) throws -> Void) throws {
        guard var current = stream else { throw fail("writing", "the output is closed") }
        do {
            try body(&current)
            stream = current
        } catch {
            throw record(error)
        }
    }

    /// Records a failure with a reason, closes and removes the file, and returns the error to throw.
    private func fail(_ operation: String, _ reason: String) -> GIFError {
        record(GIFError(path: path, operation: operation, reason: reason))
    }

    private func record<E: Error>(_ error: E) -> E {
        failure = error
        abandon()
        return error
    }

    /// Stops the compression threads and abandons the output: an unfinished GIF is never left behind.
    private func abandon() {
        compressor.stop()
        stream?.output.abandon()
        stream = nil
    }
}

/// One way to compress an image: its indices, the alternates the encoder may choose, and the row order.
private struct Candidate {
    var indices: [UInt8]
    var alternates: [UInt8]? = nil
    var interlaced = false

    /// The image with its rows in order and interlaced.
    static func bothOrders(_ indices: [UInt8]) -> [Candidate] {
        [Candidate(indices: indices), Candidate(indices: indices, interlaced: true)]
    }
}

/// An image made by `GIFWriter`, waiting for its compression to be written.
private struct WaitingImage {
    let rect: GIFRect
    let delay: Int
    let disposal: GIFDisposal
    let palette: Palette?
    /// The file code of the image's transparent index, if it has one.
    let transparentCode: UInt8?
    /// The compressions of equally faithful index buffers; the smallest is written.
    let candidates: [LZWJob]
}
