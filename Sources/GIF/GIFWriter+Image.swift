import Pixels
#if canImport(Glibc)
import Glibc
#endif

/// Which image to write for a frame: the changed rectangle's indices, its transparent index, and the
/// equally faithful versions (`Candidate`) whose smallest compression is kept.
extension GIFWriter {
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
    func imageIndices(_ frame: IndexedFrame, rect: GIFRect, palette framePalette: Palette)
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
    func unusedIndex(_ frame: IndexedFrame, rect: GIFRect) -> UInt8? {
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
    func imageIndices(_ frame: IndexedFrame, shown: [UInt8], rect: GIFRect) -> (runsDiffer: Bool, transparent: UInt8?) {
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
    func unusedIndex(_ frame: IndexedFrame, shown: [UInt8], rect: GIFRect) -> UInt8? {
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
    func candidates(runsDiffer: Bool, transparent: Bool) -> [Candidate] {
        var candidates = Candidate.bothOrders(transparentImage)
        guard transparent else { return candidates } // every pixel written in its colour
        if runsDiffer { candidates.append(Candidate(indices: runsImage)) }
        candidates.append(Candidate(indices: transparentImage, alternates: alternatesImage))
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

/// One way to compress an image: its indices, the alternates the encoder may choose, and the row order.
struct Candidate {
    var indices: [UInt8]
    var alternates: [UInt8]? = nil
    var interlaced = false

    /// The image with its rows in order and interlaced.
    static func bothOrders(_ indices: [UInt8]) -> [Candidate] {
        [Candidate(indices: indices), Candidate(indices: indices, interlaced: true)]
    }
}
