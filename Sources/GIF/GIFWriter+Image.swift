import Pixels
#if canImport(Glibc)
import Glibc
#endif

/// Which image to write for a frame: the changed rectangle's indices, its transparent index, and the
/// equally faithful versions (`Candidate`) whose smallest compression is kept.
extension GIFWriter {
    /// Fills `transparentImage`, `runsImage` and `alternatesImage` with the indices written for `frame` over
    /// `rect`, rows top to bottom, and returns whether the runs differ (if not, only `transparentImage` is worth
    /// compressing) and the image's transparent index.
    ///
    /// Redrawn pixels get their index in all three. Unchanged pixels are the transparent index in
    /// `transparentImage`; in `runsImage` each stretch of consecutive unchanged pixels (in scan order) that
    /// shows a single palette colour is written in that colour, extending the runs around it, and only
    /// stretches of several colours are transparent; in `alternatesImage` they are their colour's index, for
    /// the encoder that may write either. All show the same picture.
    ///
    /// Under a full palette the transparent index is the first one no redrawn pixel uses (`unusedIndex`); if
    /// the image redraws all 256, it has none: unchanged pixels are written in their colour, and any whose
    /// colour is not in the palette is redrawn. The screen is read as indices (`shown`, under the global
    /// palette) or as colours (`screen` and `drawn`, which a redrawn pixel updates).
    func imageIndices(_ frame: IndexedFrame, shown: [UInt8]?, rect: GIFRect, palette framePalette: Palette)
        -> (runsDiffer: Bool, transparent: UInt8?) {
        if let shown {
            return frame.indices.withUnsafeBufferPointer { wanted in
                shown.withUnsafeBufferPointer { shown in
                    var pixels = IndexScreenPixels(wanted: wanted, shown: shown)
                    return imageIndices(&pixels, rect: rect, palette: framePalette)
                }
            }
        }
        let colorOf = ScreenColor.table(framePalette)
        var indexOfColor = [UInt32: UInt8]()
        for (index, color) in colorOf.prefix(framePalette.colors.count).enumerated() where indexOfColor[color] == nil {
            indexOfColor[color] = UInt8(index)
        }
        var after: [UInt32] = []
        swap(&after, &drawn) // a local while it changes: no exclusivity check on the writer's property per pixel
        defer { swap(&after, &drawn) }
        return frame.indices.withUnsafeBufferPointer { indices in
            screen.withUnsafeBufferPointer { before in
                after.withUnsafeMutableBufferPointer { after in
                    var pixels = ColorScreenPixels(indices: indices, before: before, after: after, colorOf: colorOf,
                                                   indexOfColor: indexOfColor)
                    return imageIndices(&pixels, rect: rect, palette: framePalette)
                }
            }
        }
    }

    /// `imageIndices(_:shown:rect:palette:)` over either view of the screen.
    private func imageIndices<Pixels: ScreenPixels>(_ pixels: inout Pixels, rect: GIFRect, palette framePalette: Palette)
        -> (runsDiffer: Bool, transparent: UInt8?) {
        let transparent = framePalette.transparentIndex ?? unusedIndex(pixels, rect: rect)
        let count = rect.width * rect.height
        prepareImages(count: count, transparent: transparent ?? 0)
        var plain: [UInt8] = [], runs: [UInt8] = [], alternates: [UInt8] = []
        swap(&plain, &transparentImage)
        swap(&runs, &runsImage)
        swap(&alternates, &alternatesImage)
        defer {
            swap(&plain, &transparentImage)
            swap(&runs, &runsImage)
            swap(&alternates, &alternatesImage)
        }
        var runsDiffer = false
        plain.withUnsafeMutableBufferPointer { plain in
          runs.withUnsafeMutableBufferPointer { runs in
            alternates.withUnsafeMutableBufferPointer { alternates in
                var stretchStart = -1
                var stretchShows: UInt32 = 0, stretchIndex: UInt8? = nil // nil: several colours, or none of the palette
                func closeStretch(at end: Int) {
                    if stretchStart >= 0, let index = stretchIndex, index != transparent {
                        for j in stretchStart..<end { runs[j] = index }
                        runsDiffer = true
                    }
                    stretchStart = -1
                }
                var k = 0
                for y in rect.y..<(rect.y + rect.height) {
                    let row = y * width
                    for i in (row + rect.x)..<(row + rect.x + rect.width) {
                        var kept: UInt8? = nil
                        var redrawn = pixels.isChanged(i)
                        if !redrawn {
                            kept = pixels.keptIndex(i)
                            if transparent == nil && kept == nil {
                                pixels.redraw(i) // cannot be kept without a transparent index
                                redrawn = true
                            }
                        }
                        if redrawn {
                            closeStretch(at: k)
                            let index = pixels.index(i)
                            plain[k] = index
                            runs[k] = index
                            alternates[k] = index
                        } else if let transparent {
                            alternates[k] = kept ?? transparent
                            let shows = pixels.shows(i)
                            if stretchStart < 0 {
                                (stretchStart, stretchShows, stretchIndex) = (k, shows, kept)
                            } else if shows != stretchShows {
                                stretchIndex = nil
                            }
                        } else if let kept {
                            plain[k] = kept
                            runs[k] = kept
                            alternates[k] = kept
                        }
                        k += 1
                    }
                }
                closeStretch(at: count)
            }
          }
        }
        return (runsDiffer, transparent)
    }

    /// The smallest index of a full palette that no changed pixel over `rect` is written with, for the image's
    /// transparent index (the smallest, so the image's codes stay small); nil if the image draws all 256.
    private func unusedIndex<Pixels: ScreenPixels>(_ pixels: Pixels, rect: GIFRect) -> UInt8? {
        var used = [Bool](repeating: false, count: 256)
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * width
            for i in (row + rect.x)..<(row + rect.x + rect.width) where pixels.isChanged(i) {
                used[Int(pixels.index(i))] = true
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
    func candidates(runsDiffer: Bool, transparent: Bool) -> [Candidate] {
        var candidates = Candidate.bothOrders(transparentImage)
        guard transparent else { return candidates } // every pixel written in its colour
        if runsDiffer { candidates.append(Candidate(kind: .runs, indices: runsImage)) }
        candidates.append(Candidate(kind: .choosing, indices: transparentImage, alternates: alternatesImage))
        return candidates
    }

    /// Sizes the image buffers to `count` pixels, all `transparent`.
    func prepareImages(count: Int, transparent: UInt8) {
        Self.reset(&transparentImage, count: count, to: transparent)
        Self.reset(&runsImage, count: count, to: transparent)
        Self.reset(&alternatesImage, count: count, to: transparent)
    }

    /// Makes `buffer` `count` bytes of `value`, keeping its capacity. `memset`, not `append(contentsOf:
    /// repeatElement(...))`, which copies byte by byte through generic code in unoptimised (debug) builds.
    static func reset(_ buffer: inout [UInt8], count: Int, to value: UInt8) {
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer += [UInt8](repeating: value, count: count - buffer.count)
        }
        buffer.withUnsafeMutableBytes { bytes in
            if let start = bytes.baseAddress { _ = memset(start, Int32(value), bytes.count) }
        }
    }
}

/// One way to compress an image: its kind, indices, the alternates the encoder may choose, and the row order.
struct Candidate {
    /// The ways `GIFWriter.candidates(runsDiffer:transparent:)` writes an image.
    enum Kind: CaseIterable {
        /// The indices as they are (unchanged pixels transparent), rows in order.
        case inOrder
        /// The same, rows interlaced.
        case interlaced
        /// Single-colour stretches of unchanged pixels in their colour.
        case runs
        /// Unchanged pixels either way, as the encoder chooses.
        case choosing
    }

    var kind: Kind
    var indices: [UInt8]
    var alternates: [UInt8]? = nil

    /// Whether the rows are compressed in interlaced order.
    var interlaced: Bool { kind == .interlaced }

    /// The image with its rows in order and interlaced.
    static func bothOrders(_ indices: [UInt8]) -> [Candidate] {
        [Candidate(kind: .inOrder, indices: indices), Candidate(kind: .interlaced, indices: indices)]
    }
}

/// A frame's pixels against the screen, as the image builder reads them, pixel by pixel (screen offsets).
protocol ScreenPixels {
    /// Whether pixel `i` must be redrawn: the frame wants another colour than the screen shows.
    func isChanged(_ i: Int) -> Bool
    /// The index pixel `i` is written with when it is redrawn.
    func index(_ i: Int) -> UInt8
    /// What the screen shows at `i`: equal values for equal colours.
    func shows(_ i: Int) -> UInt32
    /// The palette index of the colour the screen shows at unchanged pixel `i`; nil if the palette lacks it.
    mutating func keptIndex(_ i: Int) -> UInt8?
    /// Makes unchanged pixel `i` redrawn (its colour cannot be written).
    mutating func redraw(_ i: Int)
}

/// The screen as indices of the global palette (colours distinct): a pixel is unchanged where the indices are
/// equal, and its index is its colour's.
struct IndexScreenPixels: ScreenPixels {
    let wanted: UnsafeBufferPointer<UInt8>
    let shown: UnsafeBufferPointer<UInt8>

    @inline(__always) func isChanged(_ i: Int) -> Bool { wanted[i] != shown[i] }
    @inline(__always) func index(_ i: Int) -> UInt8 { wanted[i] }
    @inline(__always) func shows(_ i: Int) -> UInt32 { UInt32(shown[i]) }
    @inline(__always) func keptIndex(_ i: Int) -> UInt8? { shown[i] }
    func redraw(_ i: Int) {} // every shown index is in the palette
}

/// The screen as colours, `before` the frame and `after` it (as `drawColors` drew it): a pixel is
/// unchanged where the colours are equal, and kept in its colour's index in the frame's palette, if any.
struct ColorScreenPixels: ScreenPixels {
    let indices: UnsafeBufferPointer<UInt8>
    let before: UnsafeBufferPointer<UInt32>
    let after: UnsafeMutableBufferPointer<UInt32>
    let colorOf: [UInt32]
    let indexOfColor: [UInt32: UInt8]
    private var lastColor: UInt32? = nil, lastIndex: UInt8? = nil

    init(indices: UnsafeBufferPointer<UInt8>, before: UnsafeBufferPointer<UInt32>,
         after: UnsafeMutableBufferPointer<UInt32>, colorOf: [UInt32], indexOfColor: [UInt32: UInt8]) {
        (self.indices, self.before, self.after) = (indices, before, after)
        (self.colorOf, self.indexOfColor) = (colorOf, indexOfColor)
    }

    @inline(__always) func isChanged(_ i: Int) -> Bool { after[i] != before[i] }
    @inline(__always) func index(_ i: Int) -> UInt8 { indices[i] }
    @inline(__always) func shows(_ i: Int) -> UInt32 { before[i] }

    @inline(__always) mutating func keptIndex(_ i: Int) -> UInt8? {
        let shown = before[i]
        if shown == lastColor { return lastIndex } // runs of one colour are the common case: no dictionary lookup
        (lastColor, lastIndex) = (shown, indexOfColor[shown])
        return lastIndex
    }

    func redraw(_ i: Int) { after[i] = colorOf[Int(indices[i])] }
}
