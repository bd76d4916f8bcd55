#if canImport(Glibc)
import Glibc
#endif
import Pixels

/// Carries forward, between two consecutive frames, whatever the frame wanted where its source pixels did not change.
enum SourceDiff {
    /// Sets `values[i]` (one per pixel) to `previous[i]` wherever `source` and `previousSource` have the same
    /// RGBA pixel; rows that are equal whole, and runs of unchanged pixels, are copied at once.
    ///
    /// Pixels are compared through typed pointers and values copied as bytes, run by run, so that unoptimised
    /// (debug) builds make no generic call per pixel.
    static func keepUnchanged<Value: BitwiseCopyable>(_ values: inout [Value], from previous: [Value], source: PixelImage,
                                                      previousSource: PixelImage) {
        let width = source.width, height = source.height
        precondition(previousSource.width == width && previousSource.height == height
                     && values.count == width * height && previous.count == values.count, "sizes differ")
        let size = MemoryLayout<Value>.stride
        source.pixels.withUnsafeBytes { now in
            previousSource.pixels.withUnsafeBytes { before in
                previous.withUnsafeBytes { previous in
                    values.withUnsafeMutableBytes { values in
                        guard let now = now.baseAddress?.assumingMemoryBound(to: UInt32.self),
                              let before = before.baseAddress?.assumingMemoryBound(to: UInt32.self),
                              let from = previous.baseAddress, let to = values.baseAddress else { return }
                        func keep(_ start: Int, _ end: Int) {
                            (to + start * size).copyMemory(from: from + start * size, byteCount: (end - start) * size)
                        }
                        var y = 0
                        while y < height {
                            let row = y * width, end = row + width
                            y += 1
                            if memcmp(now + row, before + row, width * 4) == 0 {
                                keep(row, end)
                                continue
                            }
                            var i = row
                            while i < end {
                                if now[i] != before[i] {
                                    i += 1
                                    continue
                                }
                                let start = i
                                while i < end && now[i] == before[i] { i += 1 }
                                keep(start, i)
                            }
                        }
                    }
                }
            }
        }
    }
}

extension SourceDiff {
    /// `keepUnchanged` for screen colours when the frame comes under another palette than the previous one:
    /// where the source did not change, `colors[i]` keeps `previous[i]` unless it is strictly closer to the
    /// source colour (in the module's metric), so a new palette can refine still content but never worsen it.
    static func keepUnlessCloser(_ colors: inout [UInt32], from previous: [UInt32], source: PixelImage,
                                 previousSource: PixelImage) {
        let count = source.width * source.height
        precondition(previousSource.width == source.width && previousSource.height == source.height
                     && colors.count == count && previous.count == count, "sizes differ")
        /// The distance from a screen colour to a source pixel's colour (transparent: farther than any colour).
        func distance(_ color: UInt32, _ r: Int, _ g: Int, _ b: Int) -> Int {
            guard color != ScreenColor.transparent else { return Int.max }
            return ColorDistance.squared(Int((color >> 16) & 0xFF), Int((color >> 8) & 0xFF), Int(color & 0xFF), r, g, b)
        }
        source.pixels.withUnsafeBytes { now in
            previousSource.pixels.withUnsafeBytes { before in
                for i in 0..<count {
                    let word = now.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    guard word == before.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) else { continue }
                    let (r, g, b) = (Int(word & 0xFF), Int((word >> 8) & 0xFF), Int((word >> 16) & 0xFF))
                    if word >> 24 < 128 || distance(colors[i], r, g, b) >= distance(previous[i], r, g, b) {
                        colors[i] = previous[i]
                    }
                }
            }
        }
    }
}
