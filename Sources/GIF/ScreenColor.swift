/// Colours on the GIF screen as `UInt32`: `0xFF_RR_GG_BB` for opaque pixels, 0 for transparent ones.
enum ScreenColor {
    static let transparent: UInt32 = 0

    /// The screen colour of each index of `palette` (256 entries; the transparent index and beyond are transparent).
    static func table(_ palette: Palette) -> [UInt32] {
        var table = [UInt32](repeating: transparent, count: 256)
        for (index, color) in palette.colors.enumerated() {
            table[index] = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        }
        return table
    }

    /// The screen colour of each of `indices` under `table` (from `table(_:)`).
    static func colors(of indices: [UInt8], table: [UInt32]) -> [UInt32] {
        precondition(table.count == 256, "a colour for every index")
        return [UInt32](unsafeUninitializedCapacity: indices.count) { colors, initialized in
            indices.withUnsafeBufferPointer { indices in
                table.withUnsafeBufferPointer { table in
                    // Typed pointers in a `while` loop: no call per pixel in unoptimised (debug) builds.
                    guard let from = indices.baseAddress, let colorOf = table.baseAddress,
                          let to = colors.baseAddress else { return }
                    var i = 0
                    while i < indices.count {
                        to[i] = colorOf[Int(from[i])]
                        i += 1
                    }
                }
            }
            initialized = indices.count
        }
    }

    /// Whether `shown` may stay on screen where a frame wants `wanted`: equal, or both opaque and within
    /// `tolerance` in every channel.
    @inline(__always)
    static func keeps(_ shown: UInt32, wanted: UInt32, tolerance: Int) -> Bool {
        if shown == wanted { return true }
        guard tolerance > 0, shown != transparent, wanted != transparent else { return false }
        func channel(_ color: UInt32, _ shift: UInt32) -> Int { Int((color >> shift) & 0xFF) }
        return abs(channel(shown, 16) - channel(wanted, 16)) <= tolerance
            && abs(channel(shown, 8) - channel(wanted, 8)) <= tolerance
            && abs(channel(shown, 0) - channel(wanted, 0)) <= tolerance
    }
}
