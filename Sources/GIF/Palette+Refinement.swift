import Pixels

extension Palette {
    /// A local palette for an animation's second frame that also refines what the first frame drew imperfectly
    /// and keeps for good, or nil if it would not pay for its colour table.
    ///
    /// Still content (text, buttons) is drawn once, by the first frame, with this (global) palette, which
    /// shares its 255 colours with what moves, so anti-aliased shades are approximated for the whole animation.
    /// The second frame's palette holds the global colours its changing pixels use (what moves needs no more)
    /// and, in the rest of a colour table of the next power of two, the exact colours of the still pixels whose
    /// error is largest (by colour: pixel count times squared error). The GIF writer redraws a still pixel
    /// under it only where that is closer to the source (`SourceDiff.keepUnlessCloser`), and keeps it after.
    ///
    /// - Parameters:
    ///   - first: the first frame, as drawn with this palette.
    ///   - second: the second frame, and `indices` it quantized with this palette.
    ///   - still: per pixel, whether it never changes (in every palette sample), so a refinement lasts.
    ///   - weight: the frames a still pixel's error counts for, in the units of `totalError`.
    ///   - totalError: the animation's summed squared error under this palette (`totalError(of:)`).
    ///   - minimumGain: the fraction of `totalError` the refined colours must remove.
    public func refinement(first: PixelImage, second: PixelImage, indices: IndexedFrame, still: [Bool],
                           weight: Double, totalError: Double, minimumGain: Double = 0.05) -> Palette? {
        let count = first.width * first.height
        guard !isFull, second.width == first.width, second.height == first.height, indices.indices.count == count,
              still.count == count, totalError > 0 else { return nil }
        var moving = [Bool](repeating: false, count: colors.count)
        var errorOfColor: [UInt32: Int] = [:]
        first.pixels.withUnsafeBytes { before in
            second.pixels.withUnsafeBytes { now in
                table.withLookup { lookup in
                    for p in 0..<count {
                        let word = now.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self)
                        if word != before.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self) {
                            let index = Int(indices.indices[p])
                            if index < colors.count { moving[index] = true }
                        } else if still[p] && word >> 24 >= 128 {
                            let distance = lookup.nearest(r: Int(word & 0xFF), g: Int((word >> 8) & 0xFF),
                                                          b: Int((word >> 16) & 0xFF)).distance
                            if distance > 0 { errorOfColor[word & 0xFF_FFFF, default: 0] += distance }
                        }
                    }
                }
            }
        }
        let kept = colors.indices.filter { moving[$0] }.map { colors[$0] }
        // A table of the next power of two after the kept colours, the transparent index and at least 16 more.
        let needed = kept.count + 1 + min(16, errorOfColor.count)
        var tableSize = 4
        while tableSize < needed { tableSize *= 2 }
        let room = min(tableSize, 256) - kept.count - 1
        guard room > 0, !errorOfColor.isEmpty else { return nil }
        let refined = errorOfColor.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(room)
        let gain = Double(refined.reduce(0) { $0 + $1.value }) * weight
        guard gain >= minimumGain * totalError else { return nil }
        return Palette(colors: kept + refined.map { RGB8(r: UInt8($0.key & 0xFF), g: UInt8(($0.key >> 8) & 0xFF),
                                                        b: UInt8($0.key >> 16)) })
    }
}
