import Pixels

extension Palette {
    /// The same colours, the ones that changing pixels use most first.
    ///
    /// Counts, over each pair of consecutive samples, the pixels of the later one that differ from the earlier
    /// one, by their nearest colour; colours are sorted by that count, most first (ties keep their order), so
    /// the colours of what moves get the smallest indices. The GIF writer codes indices in that order, and an
    /// image that uses only the first 127 colours (say) is compressed with 7-bit codes instead of 8-bit ones.
    public func ordered(byChangesIn samples: [PixelImage]) -> Palette {
        ordered(byChangesIn: PaletteSamples(samples))
    }

    /// `ordered(byChangesIn:)` from samples gathered one at a time (their changed pixels counted by colour).
    public func ordered(byChangesIn samples: PaletteSamples) -> Palette {
        var counts = [Int](repeating: 0, count: colors.count)
        table.withLookup { lookup in
            for (word, count) in samples.changedColors {
                counts[lookup.nearest(r: Int(word & 0xFF), g: Int((word >> 8) & 0xFF), b: Int((word >> 16) & 0xFF)).index] += count
            }
        }
        let order = colors.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        return Palette(colors: order.map { colors[$0] }, table: NearestColorTable(reordering: table, by: order))
    }
}
