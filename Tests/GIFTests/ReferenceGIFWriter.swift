import CGIF
@testable import GIF
#if canImport(Glibc)
import Glibc
#endif

/// The GIF writer as it was before its per-frame work was optimised (commit ce07373), kept verbatim as the
/// oracle for `GIFWriterEquivalenceTests` (palettes with a transparent index only).
final class ReferenceGIFWriter {
    /// The largest delay one GIF frame can carry, in centiseconds.
    static let maxDelay = 65_535

    /// The file being written.
    let path: String
    /// The logical screen width; every frame must have it.
    let width: Int
    /// The logical screen height; every frame must have it.
    let height: Int
    /// The global colour table.
    let palette: Palette
    /// Loop count and optimisation tolerance.
    let options: GIFOptions
    /// How many images have been written to the file so far.
    private(set) var imagesWritten = 0

    private var file: UnsafeMutablePointer<GifFileType>?
    private var failure: GIFError?
    private var isFinished = false
    private var isRemoved = false
    /// The colours on screen after the last written image and its disposal (`ScreenColor`).
    private var screen: [UInt32]
    /// Scratch buffer: the screen after the pending frame is drawn.
    private var drawn: [UInt32]
    private var pending: IndexedFrame?
    private var pendingDelay = 0

    /// Creates (or truncates) the file at `path` and writes the header, colour table and loop extension.
    init(path: String, width: Int, height: Int, palette: Palette, options: GIFOptions = GIFOptions()) throws {
        self.path = path
        self.width = width
        self.height = height
        self.palette = palette
        self.options = options
        self.screen = [UInt32](repeating: ScreenColor.transparent, count: max(width, 0) * max(height, 0))
        self.drawn = screen

        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw GIFError(path: path, operation: "creating the file", reason: "size \(width)x\(height) is not 1...65535")
        }
        guard (0...65_535).contains(options.loopCount) else {
            throw GIFError(path: path, operation: "creating the file", reason: "loop count \(options.loopCount) is not 0...65535")
        }
        var code: Int32 = 0
        guard let file = EGifOpenFileName(path, false, &code) else {
            throw GIFError(path: path, operation: "opening the file", giflibCode: code)
        }
        self.file = file
        EGifSetGifVersion(file, true)
        try writeHeader(file)
    }

    deinit {
        if !isFinished { abandon() }
    }

    /// Adds a frame shown for `delayCentiseconds` (merged into the previous one if it looks the same).
    func append(_ frame: IndexedFrame, delayCentiseconds: Int) throws {
        try checkUsable()
        guard frame.width == width, frame.height == height else {
            throw fail("appending a frame", "frame is \(frame.width)x\(frame.height), the GIF is \(width)x\(height)")
        }
        guard delayCentiseconds >= 0 else { throw fail("appending a frame", "negative delay \(delayCentiseconds)") }
        let transparent = (frame.localPalette ?? palette).transparentIndex!
        if let bad = frame.indices.first(where: { $0 > transparent }) {
            throw fail("appending a frame", "index \(bad) is outside the palette (0...\(transparent))")
        }
        if let pending, looksSame(frame, pending) {
            pendingDelay += delayCentiseconds
            return
        }
        if let pending { try write(pending, delay: pendingDelay, next: frame) }
        pending = frame
        pendingDelay = delayCentiseconds
    }

    /// Writes the pending frame and the trailer, and closes the file.
    func finish() throws {
        try checkUsable()
        guard let pending else { throw fail("finishing", "no frame was appended") }
        try write(pending, delay: pendingDelay, next: nil)
        self.pending = nil
        var code: Int32 = 0
        let result = EGifCloseFile(file, &code)
        file = nil
        guard result == GIF_OK else { throw fail("closing the file", giflibCode: code) }
        isFinished = true
    }

    // MARK: - Frames

    /// Writes `frame` against the screen; `next` decides whether it must be disposed to background.
    private func write(_ frame: IndexedFrame, delay: Int, next: IndexedFrame?) throws {
        let framePalette = frame.localPalette ?? palette
        let colorOf = ScreenColor.table(framePalette)
        let transparent = framePalette.transparentIndex!
        var changed = BoundingBox()
        var cleared = BoundingBox()
        frame.indices.withUnsafeBufferPointer { wanted in
            screen.withUnsafeBufferPointer { before in
                drawn.withUnsafeMutableBufferPointer { after in
                    for y in 0..<height {
                        for x in 0..<width {
                            let i = y * width + x
                            let color = colorOf[Int(wanted[i])]
                            if ScreenColor.keeps(before[i], wanted: color, tolerance: options.tolerance) {
                                after[i] = before[i]
                            } else {
                                after[i] = color
                                changed.include(x: x, y: y)
                            }
                        }
                    }
                }
            }
        }
        if let next {
            let nextTransparent = (next.localPalette ?? palette).transparentIndex!
            next.indices.withUnsafeBufferPointer { next in
                drawn.withUnsafeBufferPointer { after in
                    for y in 0..<height {
                        for x in 0..<width where next[y * width + x] == nextTransparent
                            && after[y * width + x] != ScreenColor.transparent {
                            cleared.include(x: x, y: y)
                        }
                    }
                }
            }
        }
        let clearRect = cleared.rect
        var rect = imagesWritten == 0 ? GIFRect(x: 0, y: 0, width: width, height: height) : changed.rect.union(clearRect)
        if rect.isEmpty { rect = GIFRect(x: 0, y: 0, width: 1, height: 1) }
        let disposal = clearRect.isEmpty ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND

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
            let partDisposal = isLast ? disposal : DISPOSE_DO_NOT
            if part == 0 {
                let pixels = imageIndices(frame, rect: rect, palette: framePalette)
                try writeImage(rect: rect, delay: partDelay, disposal: partDisposal, palette: frame.localPalette,
                               transparent: transparent) { x, y in
                    pixels[(y - rect.y) * rect.width + (x - rect.x)]
                }
            } else {
                let holdRect = isLast && !clearRect.isEmpty ? clearRect : GIFRect(x: 0, y: 0, width: 1, height: 1)
                try writeImage(rect: holdRect, delay: partDelay, disposal: partDisposal, palette: nil,
                               transparent: palette.transparentIndex!) { _, _ in palette.transparentIndex! }
                disposedRect = holdRect
            }
        }
        swap(&screen, &drawn)
        if disposal == DISPOSE_BACKGROUND {
            for y in disposedRect.y..<(disposedRect.y + disposedRect.height) {
                for x in disposedRect.x..<(disposedRect.x + disposedRect.width) {
                    screen[y * width + x] = ScreenColor.transparent
                }
            }
        }
    }

    /// The indices written for `frame` over `rect`, rows top to bottom: redrawn pixels get their index, and
    /// unchanged pixels (screen equals drawn) are written whichever of two ways LZW compresses smaller.
    ///
    /// Both ways show the same picture: either every unchanged pixel is the transparent index, or each
    /// stretch of consecutive unchanged pixels (in scan order) that shows a single palette colour is written
    /// in that colour, extending the runs around it, and only stretches of several colours are transparent.
    private func imageIndices(_ frame: IndexedFrame, rect: GIFRect, palette framePalette: Palette) -> [UInt8] {
        let transparent = framePalette.transparentIndex!
        let count = rect.width * rect.height
        var allTransparent = [UInt8](repeating: transparent, count: count)
        var runs = allTransparent
        var indexOfColor = [UInt32: UInt8]()
        for (index, color) in ScreenColor.table(framePalette).prefix(framePalette.colors.count).enumerated() {
            if indexOfColor[color] == nil { indexOfColor[color] = UInt8(index) }
        }
        var stretchStart = -1
        var stretchColor: UInt32? = nil
        func closeStretch(at end: Int) {
            guard stretchStart >= 0 else { return }
            if let color = stretchColor, let index = indexOfColor[color] {
                for k in stretchStart..<end { runs[k] = index }
            }
            stretchStart = -1
        }
        for k in 0..<count {
            let i = (rect.y + k / rect.width) * width + rect.x + k % rect.width
            if drawn[i] != screen[i] {
                closeStretch(at: k)
                allTransparent[k] = frame.indices[i]
                runs[k] = frame.indices[i]
            } else if stretchStart < 0 {
                stretchStart = k
                stretchColor = screen[i]
            } else if stretchColor != screen[i] {
                stretchColor = nil
            }
        }
        closeStretch(at: count)
        guard runs != allTransparent else { return allTransparent }
        var tableSize = 2
        while tableSize < framePalette.colors.count + 1 { tableSize *= 2 }
        var cost = LZWCost(minCodeSize: tableSize.trailingZeroBitCount)
        let runsBits = cost.bits(count: count) { runs[$0] }
        let transparentBits = cost.bits(count: count) { allTransparent[$0] }
        return runsBits < transparentBits ? runs : allTransparent
    }

    /// Writes one graphics control extension and image over `rect`, with pixels from `pixel(x, y)` and an
    /// optional local colour table.
    private func writeImage(rect: GIFRect, delay: Int, disposal: Int32, palette local: Palette?, transparent: UInt8,
                            pixel: (Int, Int) -> UInt8) throws {
        var control = GraphicsControlBlock(DisposalMode: disposal, UserInputFlag: false, DelayTime: Int32(delay),
                                           TransparentColor: Int32(transparent))
        var bytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &bytes)
        try check("writing a graphics control extension",
                  EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes))
        let localMap = try local.map { try makeColorMap($0) }
        defer { if let localMap { GifFreeMapObject(localMap) } }
        try check("writing an image descriptor",
                  EGifPutImageDesc(file, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false,
                                   localMap))
        var line = [GifPixelType](repeating: 0, count: rect.width)
        for y in rect.y..<(rect.y + rect.height) {
            for x in 0..<rect.width { line[x] = pixel(rect.x + x, y) }
            try check("writing image data", EGifPutLine(file, &line, Int32(rect.width)))
        }
        imagesWritten += 1
    }

    /// Whether `frame` can be merged into `pending`: every pixel shows the same colour (or within the tolerance).
    private func looksSame(_ frame: IndexedFrame, _ pending: IndexedFrame) -> Bool {
        if options.tolerance == 0 && frame.localPalette == pending.localPalette {
            return frame.indices == pending.indices
        }
        let frameColors = ScreenColor.table(frame.localPalette ?? palette)
        let pendingColors = ScreenColor.table(pending.localPalette ?? palette)
        return zip(frame.indices, pending.indices).allSatisfy {
            ScreenColor.keeps(pendingColors[Int($0.1)], wanted: frameColors[Int($0.0)], tolerance: options.tolerance)
        }
    }

    /// A giflib colour map of `palette` plus the transparent index, padded to a power of two (caller frees it).
    private func makeColorMap(_ palette: Palette) throws -> UnsafeMutablePointer<ColorMapObject> {
        var tableSize = 2
        while tableSize < palette.colors.count + 1 { tableSize *= 2 }
        var colors = palette.colors.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: tableSize - colors.count)
        guard let colorMap = GifMakeMapObject(Int32(tableSize), colors) else {
            throw fail("making a colour table", "giflib could not allocate \(tableSize) colours")
        }
        return colorMap
    }

    // MARK: - Header

    private func writeHeader(_ file: UnsafeMutablePointer<GifFileType>) throws {
        let colorMap = try makeColorMap(palette)
        defer { GifFreeMapObject(colorMap) }
        try check("writing the screen descriptor",
                  EGifPutScreenDesc(file, Int32(width), Int32(height), 8, Int32(palette.transparentIndex!), colorMap))
        let loop = [UInt8(1), UInt8(options.loopCount & 0xFF), UInt8(options.loopCount >> 8)]
        try check("writing the loop extension", EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        try check("writing the loop extension", EGifPutExtensionBlock(file, 11, Array("NETSCAPE2.0".utf8)))
        try check("writing the loop extension", EGifPutExtensionBlock(file, 3, loop))
        try check("writing the loop extension", EGifPutExtensionTrailer(file))
    }

    // MARK: - Errors

    private func checkUsable() throws {
        if let failure { throw failure }
        if isFinished { throw GIFError(path: path, operation: "writing", reason: "the writer is already finished") }
    }

    /// Throws giflib's error if `result` is not `GIF_OK`.
    private func check(_ operation: String, _ result: Int32) throws {
        guard result == GIF_OK else { throw fail(operation, giflibCode: file?.pointee.Error ?? 0) }
    }

    /// Records a failure with giflib's message, closes and removes the file, and returns the error to throw.
    private func fail(_ operation: String, giflibCode code: Int32) -> GIFError {
        record(GIFError(path: path, operation: operation, giflibCode: code))
    }

    /// Records a failure with a reason, closes and removes the file, and returns the error to throw.
    private func fail(_ operation: String, _ reason: String) -> GIFError {
        record(GIFError(path: path, operation: operation, reason: reason))
    }

    private func record(_ error: GIFError) -> GIFError {
        failure = error
        abandon()
        return error
    }

    /// Closes the file if open and deletes it: an unfinished GIF is never left behind.
    private func abandon() {
        if let file {
            var code: Int32 = 0
            _ = EGifCloseFile(file, &code)
            self.file = nil
        }
        if !isFinished && !isRemoved {
            unlink(path)
            isRemoved = true
        }
    }
}
