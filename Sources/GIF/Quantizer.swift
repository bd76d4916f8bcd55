import Dispatch
import Pixels

#if !_endian(little)
#error("Quantizer reads RGBA pixels as little-endian words")
#endif

/// Maps RGBA frames to palette indices: a pure, deterministic function, safe to call from any thread.
///
/// Alpha < 128 becomes the transparent index (under a full palette, which has none, every pixel counts as
/// opaque); other pixels use their straight RGB colour and the nearest
/// palette entry in the module's weighted RGB metric (3 : 4 : 2), found through the palette's exact
/// per-cell candidate table, with a cache for runs of equal pixels.
///
/// With a `localPaletteBudget`, a frame whose mean error under the global palette exceeds the budget is
/// quantized with a palette built from the frame alone (a GIF local colour table), if that lowers its error.
public struct Quantizer: Sendable {
    /// The global palette frames are mapped to.
    public let palette: Palette
    /// How colours between palette entries are approximated.
    public let dither: Dither
    /// The largest acceptable mean error (Euclidean RGB distance to the nearest palette colour, over opaque
    /// pixels, before dithering) under the global palette; nil never uses local palettes.
    public let localPaletteBudget: Double?
    /// The amplitude of the ordered-dither offsets: the mean channel distance from a palette colour to its nearest other.
    let orderedSpread: Int
    /// The palette's lookup table, or with dithering (a lookup for nearly every pixel) a fine one of its own.
    let table: NearestColorTable

    /// A quantizer for one palette and dithering mode.
    public init(palette: Palette, dither: Dither = .none, localPaletteBudget: Double? = nil) {
        self.palette = palette
        self.dither = dither
        self.localPaletteBudget = localPaletteBudget
        self.orderedSpread = Self.meanNeighbourDistance(palette.colors)
        table = dither == .none ? palette.table : NearestColorTable(colors: palette.colors, fine: true)
    }

    /// Frames of fewer than twice this many pixels are mapped in one stretch.
    static let minimumPart = 65_536

    /// The frame as palette indices (with a local palette if the global one is over budget for it).
    ///
    /// Without dithering, the frame is mapped in `parts` stretches of pixels at once (each index is a function of
    /// its pixel alone, so the result is the same), for a caller with cores to spare.
    public func quantize(_ image: PixelImage, parts: Int = 1) -> IndexedFrame {
        if let budget = localPaletteBudget {
            let globalError = Self.meanError(of: image, under: palette)
            if globalError > budget {
                let local = Palette.build(from: [image])
                if Self.meanError(of: image, under: local) < globalError {
                    var frame = Quantizer(palette: local, dither: dither).quantize(image)
                    frame.localPalette = local
                    return frame
                }
            }
        }
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        indices.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { pixels in
                table.withLookup { lookup in
                    switch dither {
                    case .none where parts > 1 && out.count >= 2 * Self.minimumPart:
                        // Stretches of a whole number of 4-pixel groups, so each starts aligned as `mapNearest` reads.
                        let stretch = ((out.count + parts - 1) / parts + 3) & ~3 // rounded up: the stretches cover every pixel
                        let shared = SharedBuffers(pixels: pixels, indices: out, lookup: lookup)
                        DispatchQueue.concurrentPerform(iterations: parts) { part in
                            let count = shared.indices.count
                            let start = min(count, part * stretch), end = min(count, start + stretch)
                            mapNearest(UnsafeBufferPointer(rebasing: shared.pixels[(start * 4)..<(end * 4)]),
                                       UnsafeMutableBufferPointer(rebasing: shared.indices[start..<end]), shared.lookup)
                        }
                    case .none: mapNearest(pixels, out, lookup)
                    case .ordered: mapOrdered(pixels, width: image.width, out, lookup)
                    case .floydSteinberg: mapDiffused(pixels, width: image.width, height: image.height, out, lookup)
                    }
                }
            }
        }
        return IndexedFrame(width: image.width, height: image.height, indices: indices)
    }

    /// Maps each pixel to its nearest palette index, reading pixels as 32-bit words, four at a time: four
    /// pixels equal to the last one looked up are stored at once, and any other pixel is looked up only when
    /// its word differs from that last one (the result is a function of the word alone).
    ///
    /// Typed pointers and no capturing local functions: their subscripts are inlined even in unoptimised
    /// (debug) builds, where `loadUnaligned`, `storeBytes` and captured variables cost a call each.
    /// Swift arrays' storage is 16-byte aligned, so the 8-byte pixel pairs and 4-byte index quads are aligned.
    static let seenShift: UInt32 = 20
    static let seenSlots = 1 << (32 - Int(seenShift))

    private func mapNearest(_ pixels: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutableBufferPointer<UInt8>,
                            _ lookup: NearestColorTable.Lookup) {
        guard let source = pixels.baseAddress.map(UnsafeRawPointer.init),
              let target = out.baseAddress else { return }
        let words = source.assumingMemoryBound(to: UInt32.self)
        let pairs = source.assumingMemoryBound(to: UInt64.self)
        let quads = UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt32.self)
        let opaqueAlpha = palette.isFull ? UInt32(0) : 128
        let transparent = palette.transparentIndex ?? 0
        // The word of a pixel is 0xAABBGGRR (bytes R, G, B, A in memory, read little-endian); the cache starts
        // at word 0, transparent black. `cachedPair` is two cached pixels, `cachedQuad` four cached indices.
        var cachedWord = UInt32(0)
        var cachedIndex = palette.transparentIndex ?? UInt8(truncatingIfNeeded: lookup.nearest(r: 0, g: 0, b: 0).index)
        var cachedPair = UInt64(0)
        var cachedQuad = UInt32(cachedIndex) &* 0x0101_0101
        // Words seen before, direct-mapped by a hash of the word: every slot starts as word 0 and its index.
        let seenWords = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.seenSlots)
        let seenIndices = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.seenSlots)
        defer {
            seenWords.deallocate()
            seenIndices.deallocate()
        }
        seenWords.initialize(repeating: 0, count: Self.seenSlots)
        seenIndices.initialize(repeating: cachedIndex, count: Self.seenSlots)
        let count = out.count
        var i = 0
        while i < count {
            if i &+ 4 <= count && pairs[i >> 1] == cachedPair && pairs[(i >> 1) &+ 1] == cachedPair {
                quads[i >> 2] = cachedQuad
                i &+= 4
                continue
            }
            // Up to four pixels one by one (to the end of this group of four).
            let end = i &+ 4 <= count ? i &+ 4 : count
            while i < end {
                let word = words[i]
                if word != cachedWord {
                    cachedWord = word
                    let slot = Int((word &* 2_654_435_761) >> Self.seenShift)
                    if seenWords[slot] == word {
                        cachedIndex = seenIndices[slot]
                    } else {
                        cachedIndex = word >> 24 < opaqueAlpha ? transparent
                            : UInt8(truncatingIfNeeded: lookup.nearest(r: Int(word & 0xFF), g: Int((word >> 8) & 0xFF),
                                                                       b: Int((word >> 16) & 0xFF)).index)
                        seenWords[slot] = word
                        seenIndices[slot] = cachedIndex
                    }
                    cachedPair = UInt64(word) &* 0x1_0000_0001
                    cachedQuad = UInt32(cachedIndex) &* 0x0101_0101
                }
                target[i] = cachedIndex
                i &+= 1
            }
        }
    }

    private func mapOrdered(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, _ out: UnsafeMutableBufferPointer<UInt8>,
                            _ lookup: NearestColorTable.Lookup) {
        let transparent = palette.transparentIndex ?? 0
        let opaqueAlpha: UInt8 = palette.isFull ? 0 : 128
        let spread = orderedSpread
        var exact = ExactMatchCache()
        let height = width == 0 ? 0 : out.count / width
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x, p = i * 4
                guard pixels[p + 3] >= opaqueAlpha else {
                    out[i] = transparent
                    continue
                }
                let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
                if exact.isExact(r: r, g: g, b: b, lookup) || spread == 0 {
                    out[i] = exact.nearestIndex
                } else {
                    // Threshold in (-spread/2, spread/2): (2 m + 1 - 64) / 128 of the spread.
                    let offset = (2 * Int(Self.bayer8[(y & 7) * 8 + (x & 7)]) + 1 - 64) * spread / 128
                    out[i] = UInt8(lookup.nearest(r: clampByte(r + offset), g: clampByte(g + offset),
                                                  b: clampByte(b + offset)).index)
                }
            }
        }
    }

    private func mapDiffused(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                             _ out: UnsafeMutableBufferPointer<UInt8>, _ lookup: NearestColorTable.Lookup) {
        let transparent = palette.transparentIndex ?? 0
        let opaqueAlpha: UInt8 = palette.isFull ? 0 : 128
        let channels = lookup.channels
        var exact = ExactMatchCache()
        // Errors in 1/16 units, for this row and the next; one guard cell on each side.
        var rows = [Int](repeating: 0, count: 2 * (width + 2) * 3)
        rows.withUnsafeMutableBufferPointer { rows in
            let rowLength = (width + 2) * 3
            var current = 0, next = rowLength
            for y in 0..<height {
                let leftToRight = y % 2 == 0
                let dir = leftToRight ? 3 : -3
                for step in 0..<width {
                    let x = leftToRight ? step : width - 1 - step
                    let i = y * width + x, p = i * 4
                    let e = (x + 1) * 3
                    guard pixels[p + 3] >= opaqueAlpha else {
                        out[i] = transparent
                        continue
                    }
                    let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
                    if exact.isExact(r: r, g: g, b: b, lookup) {
                        out[i] = exact.nearestIndex
                        continue
                    }
                    let wr = clampByte(r + rows[current + e] / 16)
                    let wg = clampByte(g + rows[current + e + 1] / 16)
                    let wb = clampByte(b + rows[current + e + 2] / 16)
                    let chosen = lookup.nearest(r: wr, g: wg, b: wb).index
                    out[i] = UInt8(chosen)
                    let here = current + e, below = next + e
                    func diffuse(_ error: Int, channel c: Int) {
                        rows[here + dir + c] += error * 7
                        rows[below - dir + c] += error * 3
                        rows[below + c] += error * 5
                        rows[below + dir + c] += error
                    }
                    diffuse(wr - channels[chosen * 3], channel: 0)
                    diffuse(wg - channels[chosen * 3 + 1], channel: 1)
                    diffuse(wb - channels[chosen * 3 + 2], channel: 2)
                }
                swap(&current, &next)
                for k in next..<(next + rowLength) { rows[k] = 0 }
            }
        }
    }

    /// The mean Euclidean RGB distance from each opaque pixel to its nearest colour in `palette` (0 if none is opaque).
    public static func meanError(of image: PixelImage, under palette: Palette) -> Double {
        var total = 0.0, count = 0
        var cachedKey = -1, cachedError = 0.0
        image.pixels.withUnsafeBufferPointer { pixels in
            palette.table.withLookup { lookup in
                var p = -4
                while p + 4 < pixels.count {
                    p += 4
                    guard pixels[p + 3] >= 128 else { continue }
                    let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
                    let key = r << 16 | g << 8 | b
                    if key != cachedKey {
                        cachedKey = key
                        let e = lookup.nearest(r: r, g: g, b: b).index * 3
                        let dr = r - lookup.channels[e], dg = g - lookup.channels[e + 1], db = b - lookup.channels[e + 2]
                        cachedError = Double(dr * dr + dg * dg + db * db).squareRoot()
                    }
                    total += cachedError
                    count += 1
                }
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }

    @inline(__always)
    private func clampByte(_ value: Int) -> Int {
        min(max(value, 0), 255)
    }

    /// Remembers whether the last colour looked up is exactly in the palette, for runs of equal pixels.
    private struct ExactMatchCache {
        private var key = -1
        private var exact = false
        /// The nearest palette entry to the last colour looked up.
        private(set) var nearestIndex: UInt8 = 0

        /// Whether the colour is exactly a palette entry; also sets `nearestIndex`.
        @inline(__always)
        mutating func isExact(r: Int, g: Int, b: Int, _ lookup: NearestColorTable.Lookup) -> Bool {
            let newKey = r << 16 | g << 8 | b
            if newKey != key {
                key = newKey
                let nearest = lookup.nearest(r: r, g: g, b: b)
                exact = nearest.distance == 0
                nearestIndex = UInt8(nearest.index)
            }
            return exact
        }
    }

    /// The 8 x 8 Bayer matrix, values 0..<64, row-major.
    static let bayer8: [UInt8] = {
        var matrix = [UInt8](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                // Interleave the bits of x ^ y and y, the lowest coordinate bits becoming the highest value bits.
                var value = 0
                let xy = x ^ y
                for bit in 0..<3 {
                    value = (value << 2) | (((xy >> bit) & 1) << 1) | ((y >> bit) & 1)
                }
                matrix[y * 8 + x] = UInt8(value)
            }
        }
        return matrix
    }()

    /// The mean distance from each colour to its nearest other colour, measured as the largest channel
    /// difference (so black and white are 255 apart, the step a grey needs), or 0 for a single colour.
    static func meanNeighbourDistance(_ colors: [RGB8]) -> Int {
        guard colors.count > 1 else { return 0 }
        var total = 0
        for (i, a) in colors.enumerated() {
            var nearest = Int.max
            for (j, b) in colors.enumerated() where j != i {
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                nearest = min(nearest, d)
            }
            total += nearest
        }
        return (total + colors.count / 2) / colors.count
    }
}

/// A frame's pixels, its indices and the palette's lookup, lent to the threads that quantize stretches of it:
/// each writes only its own stretch of `indices`, and all are done before the buffers go away.
private struct SharedBuffers: @unchecked Sendable {
    let pixels: UnsafeBufferPointer<UInt8>
    let indices: UnsafeMutableBufferPointer<UInt8>
    let lookup: NearestColorTable.Lookup
}
