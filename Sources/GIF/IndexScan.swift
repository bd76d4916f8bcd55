#if canImport(Glibc)
import Glibc
#endif

#if !_endian(little)
#error("IndexScan compares indices eight at a time as little-endian words")
#endif

/// Whole-frame scans over palette indices (one byte a pixel, rows top to bottom), comparing rows with
/// `memcmp` and eight bytes at a time, for the GIF writer's per-frame work.
enum IndexScan {
    /// The bounding box of the pixels where `a` and `b` differ (empty if they are equal).
    ///
    /// Rows are compared whole; in a differing row only the columns left of the box found so far are
    /// searched from the left, and those right of it from the right.
    static func changedRect(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                            width: Int, height: Int) -> GIFRect {
        guard width > 0, height > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return .empty }
        var minY = -1, maxY = -1, minX = width, maxX = -1
        for y in 0..<height {
            let rowA = pa + y * width, rowB = pb + y * width
            guard memcmp(rowA, rowB, width) != 0 else { continue }
            if minY < 0 { minY = y }
            maxY = y
            minX = firstDifference(rowA, rowB, before: minX)
            maxX = lastDifference(rowA, rowB, width: width, after: maxX)
        }
        return minY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The first column below `limit` where the rows differ, or `limit` if there is none.
    @inline(__always)
    private static func firstDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, before limit: Int) -> Int {
        var x = 0
        while x + 8 <= limit {
            let difference = UnsafeRawPointer(a + x).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(b + x).loadUnaligned(as: UInt64.self)
            if difference != 0 { return x + difference.trailingZeroBitCount / 8 }
            x += 8
        }
        while x < limit {
            if a[x] != b[x] { return x }
            x += 1
        }
        return limit
    }

    /// The last column above `limit` (and below `width`) where the rows differ, or `limit` if there is none.
    @inline(__always)
    private static func lastDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, width: Int,
                                       after limit: Int) -> Int {
        var end = width // columns limit+1 ..< end are left to search
        while end - 8 > limit {
            let difference = UnsafeRawPointer(a + end - 8).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(b + end - 8).loadUnaligned(as: UInt64.self)
            if difference != 0 { return end - 1 - difference.leadingZeroBitCount / 8 }
            end -= 8
        }
        while end - 1 > limit {
            if a[end - 1] != b[end - 1] { return end - 1 }
            end -= 1
        }
        return limit
    }

    /// The bounding box of the pixels that are `nextTransparent` in `next` but not `shownTransparent` in
    /// `shown`: where a frame turns transparent over something visible. For indices or colours; rows of
    /// indices without the transparent one are skipped with `memchr`.
    static func clearedRect<Pixel: FixedWidthInteger>(next: UnsafeBufferPointer<Pixel>, nextTransparent: Pixel,
                                                      shown: UnsafeBufferPointer<Pixel>, shownTransparent: Pixel,
                                                      width: Int, height: Int) -> GIFRect {
        guard width > 0, height > 0, let pn = next.baseAddress, let ps = shown.baseAddress else { return .empty }
        func mayHaveTransparent(_ start: Int, _ count: Int) -> Bool {
            guard Pixel.self == UInt8.self else { return true }
            return memchr(pn + start, Int32(truncatingIfNeeded: nextTransparent), count) != nil
        }
        guard mayHaveTransparent(0, width * height) else { return .empty }
        var minY = -1, maxY = -1, minX = width, maxX = -1
        for y in 0..<height {
            let row = y * width
            guard mayHaveTransparent(row, width) else { continue }
            var x = 0 // a `while` loop: no call per pixel in unoptimised (debug) builds
            while x < width {
                if pn[row + x] == nextTransparent && ps[row + x] != shownTransparent {
                    if minY < 0 { minY = y }
                    maxY = y
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                }
                x += 1
            }
        }
        return minY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The largest index in `indices` (0 if there is none).
    static func maxIndex(_ indices: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var largest: UInt8 = 0
        for index in indices { largest = max(largest, index) }
        return largest
    }

    /// Whether the two buffers hold the same bytes.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
    }
}
