import Pixels

extension Palette {
    /// The same colours, the ones that changing pixels use most first.
    ///
    /// Counts, over each pair of consecutive samples, the pixels of the later one that differ from the earlier
    /// one, by their nearest colour; colours are sorted by that count, most first (ties keep their order), so
    /// the colours of what moves get the smallest indices. The GIF writer codes indices in that order, and an
    /// image that uses only the first 127 colours (say) is compressed with 7-bit codes instead of 8-bit ones.
    public func ordered(byChangesIn samples: [PixelImage]) -> Palette {
        var counts = [Int](repeating: 0, count: colors.count)
        var cachedWord: UInt32 = 0, cachedIndex = -1
        table.withLookup { lookup in
            for (earlier, later) in zip(samples, samples.dropFirst())
            where earlier.width == later.width && earlier.height == later.height {
                earlier.pixels.withUnsafeBytes { before in
                    later.pixels.withUnsafeBytes { after in
                        // Typed pointers and a `while` loop: no call per pixel in unoptimised (debug) builds.
                        guard let now = after.baseAddress?.assumingMemoryBound(to: UInt32.self),
                              let then = before.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                        let pixelCount = after.count / 4
                        var p = -1
                        while p + 1 < pixelCount {
                            p += 1
                            let word = now[p]
                            guard word != then[p], word >> 24 >= 128 else { continue }
                            if word != cachedWord || cachedIndex < 0 {
                                cachedWord = word
                                cachedIndex = lookup.nearest(r: Int(word & 0xFF), g: Int((word >> 8) & 0xFF),
                                                             b: Int((word >> 16) & 0xFF)).index
                            }
                            counts[cachedIndex] += 1
                        }
                    }
                }
            }
        }
        let order = colors.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        return Palette(colors: order.map { colors[$0] })
    }
}
