import Pixels

/// Maps RGBA frames to palette indices: a pure, deterministic function, safe to call from any thread.
///
/// Alpha < 128 becomes the transparent index; other pixels use their straight RGB colour and the nearest
/// palette entry in the module's weighted RGB metric (3 : 4 : 2), found through the palette's exact
/// per-cell candidate table, with a cache for runs of equal pixels.
public struct Quantizer: Sendable {
    public let palette: Palette
    public let dither: Dither
    /// The amplitude of the ordered-dither offsets: the mean channel distance from a palette colour to its nearest other.
    let orderedSpread: Int

    /// A quantizer for one palette and dithering mode.
    public init(palette: Palette, dither: Dither = .none) {
        self.palette = palette
        self.dither = dither
        self.orderedSpread = Self.meanNeighbourDistance(palette.colors)
    }

    /// The frame as palette indices.
    public func quantize(_ image: PixelImage) -> IndexedFrame {
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        indices.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { pixels in
                palette.table.withLookup { lookup in
                    switch dither {
                    case .none: mapNearest(pixels, out, lookup)
                    case .ordered: mapOrdered(pixels, width: image.width, out, lookup)
                    case .floydSteinberg: mapDiffused(pixels, width: image.width, height: image.height, out, lookup)
                    }
                }
            }
        }
        return IndexedFrame(width: image.width, height: image.height, indices: indices)
    }

    private func mapNearest(_ pixels: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutableBufferPointer<UInt8>,
                            _ lookup: NearestColorTable.Lookup) {
        let transparent = palette.transparentIndex
        var cachedKey: UInt32 = .max
        var cachedIndex: UInt8 = 0
        for i in 0..<out.count {
            let p = i * 4
            guard pixels[p + 3] >= 128 else {
                out[i] = transparent
                continue
            }
            let key = UInt32(pixels[p]) << 16 | UInt32(pixels[p + 1]) << 8 | UInt32(pixels[p + 2])
            if key != cachedKey {
                cachedKey = key
                cachedIndex = UInt8(lookup.nearest(r: Int(pixels[p]), g: Int(pixels[p + 1]), b: Int(pixels[p + 2])).index)
            }
            out[i] = cachedIndex
        }
    }

    private func mapOrdered(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, _ out: UnsafeMutableBufferPointer<UInt8>,
                            _ lookup: NearestColorTable.Lookup) {
        let transparent = palette.transparentIndex
        let spread = orderedSpread
        for i in 0..<out.count {
            let p = i * 4
            guard pixels[p + 3] >= 128 else {
                out[i] = transparent
                continue
            }
            let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
            let exact = lookup.nearest(r: r, g: g, b: b)
            if exact.distance == 0 || spread == 0 {
                out[i] = UInt8(exact.index)
                continue
            }
            let x = i % width, y = i / width
            // Threshold in (-spread/2, spread/2): (2 m + 1 - 64) / 128 of the spread.
            let offset = (2 * Int(Self.bayer8[(y & 7) * 8 + (x & 7)]) + 1 - 64) * spread / 128
            out[i] = UInt8(lookup.nearest(r: clampByte(r + offset), g: clampByte(g + offset), b: clampByte(b + offset)).index)
        }
    }

    private func mapDiffused(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                             _ out: UnsafeMutableBufferPointer<UInt8>, _ lookup: NearestColorTable.Lookup) {
        let transparent = palette.transparentIndex
        let channels = palette.table.channels
        // Errors in 1/16 units, for this row and the next; one guard cell on each side.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<height {
            let leftToRight = y % 2 == 0
            for step in 0..<width {
                let x = leftToRight ? step : width - 1 - step
                let dir = leftToRight ? 1 : -1
                let i = y * width + x
                let p = i * 4
                let e = (x + 1) * 3
                guard pixels[p + 3] >= 128 else {
                    out[i] = transparent
                    continue
                }
                let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
                let exact = lookup.nearest(r: r, g: g, b: b)
                if exact.distance == 0 {
                    out[i] = UInt8(exact.index)
                    continue
                }
                let wr = clampByte(r + current[e] / 16)
                let wg = clampByte(g + current[e + 1] / 16)
                let wb = clampByte(b + current[e + 2] / 16)
                let chosen = lookup.nearest(r: wr, g: wg, b: wb).index
                out[i] = UInt8(chosen)
                diffuse(wr - channels[chosen * 3], channel: 0)
                diffuse(wg - channels[chosen * 3 + 1], channel: 1)
                diffuse(wb - channels[chosen * 3 + 2], channel: 2)

                func diffuse(_ error: Int, channel c: Int) {
                    current[e + dir * 3 + c] += error * 7
                    next[e - dir * 3 + c] += error * 3
                    next[e + c] += error * 5
                    next[e + dir * 3 + c] += error
                }
            }
            swap(&current, &next)
            for k in next.indices { next[k] = 0 }
        }
    }

    @inline(__always)
    private func clampByte(_ value: Int) -> Int {
        min(max(value, 0), 255)
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
