#if canImport(Glibc)
import Glibc
#endif
import Pixels

/// Carries forward, between two consecutive frames, whatever the frame wanted where its source pixels did not change.
enum SourceDiff {
    /// Sets `values[i]` (one per pixel) to `previous[i]` wherever `source` and `previousSource` have the same
    /// RGBA pixel; rows that are equal whole are copied at once.
    static func keepUnchanged<Value>(_ values: inout [Value], from previous: [Value], source: PixelImage,
                                     previousSource: PixelImage) {
        let width = source.width, height = source.height
        precondition(previousSource.width == width && previousSource.height == height
                     && values.count == width * height && previous.count == values.count, "sizes differ")
        source.pixels.withUnsafeBytes { now in
            previousSource.pixels.withUnsafeBytes { before in
                previous.withUnsafeBufferPointer { previous in
                    values.withUnsafeMutableBufferPointer { values in
                        guard let now = now.baseAddress, let before = before.baseAddress else { return }
                        let rowBytes = width * 4
                        for y in 0..<height {
                            let row = y * width
                            if memcmp(now + y * rowBytes, before + y * rowBytes, rowBytes) == 0 {
                                for i in row..<(row + width) { values[i] = previous[i] }
                                continue
                            }
                            for i in row..<(row + width)
                            where now.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                                == before.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) {
                                values[i] = previous[i]
                            }
                        }
                    }
                }
            }
        }
    }
}
