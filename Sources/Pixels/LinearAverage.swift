#if canImport(Glibc)
import Glibc
#endif

/// Averages images in linear light, for motion blur: each image's sRGB colours are turned into linear
/// light, premultiplied by alpha, summed, and the mean turned back into straight-alpha sRGB.
///
/// Averaging sRGB values directly would darken the blend of a light and a dark colour (the mean of black
/// and white would be 50 % grey in sRGB code values, about 21 % of the light); in linear light it is the
/// light a camera's open shutter collects. The sums run in a fixed order, so the result is the same on
/// any thread. Pixels that are the same in every image are that colour, without a round trip through
/// linear light, and cost no arithmetic: only the region where the images differ is averaged.
public struct LinearAverage {
    /// sRGB code value -> linear light, 0...1 (IEC 61966-2-1).
    static let toLinear: [Float] = (0...255).map { code in
        let c = Double(code) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// A rectangle of pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
    struct Region: Equatable {
        var x0, y0, x1, y1: Int

        func union(_ other: Region) -> Region {
            Region(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
        }

        func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
    }

    public let width: Int
    public let height: Int
    /// The first image added: the mean wherever every image equals it (most of a motion-blurred frame,
    /// where nothing moves), so only `changed` is averaged.
    private var first: PixelImage?
    /// Where some image differs from the first, or nil while none does.
    private var changed: Region?
    /// Per pixel: linear R, G, B premultiplied by alpha, and alpha (0...1), summed over the images; kept
    /// inside `changed` only.
    private var sums: [Float] = []
    public private(set) var count = 0

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Adds one image of the same size.
    public mutating func add(_ image: PixelImage) {
        precondition(image.width == width && image.height == height, "images of one size")
        defer { count += 1 }
        guard let first else {
            first = image
            return
        }
        guard let difference = Self.difference(image, first) else {
            if let changed { accumulate(image, in: changed) }
            return
        }
        let grown = changed.map { $0.union(difference) } ?? difference
        if grown != changed {
            // Pixels joining the averaged region held the first image's colour in every image so far.
            if sums.isEmpty { sums = [Float](repeating: 0, count: width * height * 4) }
            let old = changed
            for _ in 0..<count { accumulate(first, in: grown, skipping: old) }
            changed = grown
        }
        accumulate(image, in: grown)
    }

    /// The smallest region holding every pixel where `a` and `b` differ, or nil when they are equal.
    static func difference(_ a: PixelImage, _ b: PixelImage) -> Region? {
        let rowBytes = a.width * 4
        guard rowBytes > 0 else { return nil }
        return a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                guard let base = pa.baseAddress, let other = pb.baseAddress else { return nil }
                func rowDiffers(_ y: Int) -> Bool { memcmp(base + y * rowBytes, other + y * rowBytes, rowBytes) != 0 }
                guard let top = (0..<a.height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<a.height).last(where: rowDiffers) ?? top
                // Columns: the nearest differing pixel to each side, over the differing rows.
                var left = a.width, right = 0
                let words = UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
                let otherWords = UnsafeRawPointer(other).assumingMemoryBound(to: UInt32.self)
                for y in top...bottom {
                    let row = y * a.width
                    var x = 0
                    while x < left, words[row + x] == otherWords[row + x] { x += 1 }
                    left = min(left, x)
                    guard x < a.width else { continue }
                    var end = a.width
                    while end > right, words[row + end - 1] == otherWords[row + end - 1] { end -= 1 }
                    right = max(right, end)
                }
                return left < right ? Region(x0: left, y0: top, x1: right, y1: bottom + 1) : nil
            }
        }
    }

    /// Adds `image`'s premultiplied linear light to the sums in `region`, leaving out `skipped`.
    private mutating func accumulate(_ image: PixelImage, in region: Region, skipping skipped: Region? = nil) {
        let table = Self.toLinear
        let width = self.width
        table.withUnsafeBufferPointer { linear in
            image.pixels.withUnsafeBufferPointer { p in
                sums.withUnsafeMutableBufferPointer { s in
                    for y in region.y0..<region.y1 {
                        var x = region.x0
                        while x < region.x1 {
                            if let skipped, skipped.contains(x: x, y: y) {
                                x = skipped.x1
                                continue
                            }
                            let i = (y * width + x) * 4
                            let a = p[i + 3]
                            if a == 255 { // opaque, the common case: alpha is exactly 1
                                s[i] += linear[Int(p[i])]
                                s[i + 1] += linear[Int(p[i + 1])]
                                s[i + 2] += linear[Int(p[i + 2])]
                                s[i + 3] += 1
                            } else if a != 0 { // a clear pixel adds nothing
                                let alpha = Float(a) / 255
                                s[i] += linear[Int(p[i])] * alpha
                                s[i + 1] += linear[Int(p[i + 1])] * alpha
                                s[i + 2] += linear[Int(p[i + 2])] * alpha
                                s[i + 3] += alpha
                            }
                            x += 1
                        }
                    }
                }
            }
        }
    }

    /// The mean of the images added, as straight-alpha sRGB.
    public func image() -> PixelImage {
        guard let first else { return PixelImage(width: width, height: height) }
        guard let changed else { return first }
        var pixels = first.pixels
        let n = Float(count)
        // Pixels opaque in every image (alpha summed to exactly the count) share one factor.
        let opaqueSteps = 65_535 / n
        let width = self.width
        Self.coarseCodes.withUnsafeBufferPointer { coarse in
          Self.codeStarts.withUnsafeBufferPointer { starts in
            @inline(__always) func code(_ k: Int) -> UInt8 { Self.code(k, coarse, starts) }
            sums.withUnsafeBufferPointer { s in
                pixels.withUnsafeMutableBufferPointer { p in
                    for y in changed.y0..<changed.y1 {
                        var i = (y * width + changed.x0) * 4
                        let end = (y * width + changed.x1) * 4
                        while i < end {
                            let alphaSum = s[i + 3]
                            if alphaSum > 0 {
                                // Un-premultiplied: the sum of premultiplied light over the sum of alpha (the
                                // count cancels), in steps of 1/65535.
                                let opaque = alphaSum == n
                                let steps = opaque ? opaqueSteps : 65_535 / alphaSum
                                p[i] = code(Self.nearest(min(65_535, s[i] * steps)))
                                p[i + 1] = code(Self.nearest(min(65_535, s[i + 1] * steps)))
                                p[i + 2] = code(Self.nearest(min(65_535, s[i + 2] * steps)))
                                p[i + 3] = opaque ? 255 : UInt8(Self.nearest(min(255, alphaSum * 255 / n)))
                            }
                            // Clear in every image: the first image's pixel stays, clear too.
                            i += 4
                        }
                    }
                }
            }
          }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Linear light 0...1 -> the nearest sRGB code value, looked up in steps of 1/65535.
    static func toSRGB(_ value: Float) -> UInt8 {
        code(level: level(value))
    }

    /// The sRGB code of linear level k / 65535 (`fromLinear[k]`), from two tables that stay in the L1
    /// cache (5 KB, against `fromLinear`'s 64 KB, whose lookups were most of the averaging's time).
    static func code(level k: Int) -> UInt8 {
        coarseCodes.withUnsafeBufferPointer { coarse in codeStarts.withUnsafeBufferPointer { code(k, coarse, $0) } }
    }

    @inline(__always) static func code(_ k: Int, _ coarse: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int>) -> UInt8 {
        let c = coarse[k >> 4]
        return k >= starts[Int(c) + 1] ? c + 1 : c
    }

    /// The nearest step k / 65535 to `value`, clamped to 0...65535.
    @inline(__always) static func level(_ value: Float) -> Int {
        nearest(min(1, max(0, value)) * 65_535)
    }

    /// `value.rounded()` for a value of at least 0 (halves up, as `rounded()` does), without a call to libm's
    /// roundf, which took a tenth of a motion-blurred render's CPU.
    @inline(__always) static func nearest(_ value: Float) -> Int {
        let whole = Int(value) // truncated toward zero: the floor, for value >= 0
        return value - Float(whole) >= 0.5 ? whole + 1 : whole
    }

    /// The sRGB code value of each linear level k / 65535.
    static let fromLinear: [UInt8] = (0...65_535).map { k in
        let v = Double(k) / 65_535
        let c = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }

    /// The code of every 16th level: `fromLinear[16 j]`. Codes are at least 19 levels apart (the darkest,
    /// 1 / 255 / 12.92 of the light), so 16 levels hold at most one code's start.
    static let coarseCodes: [UInt8] = stride(from: 0, to: 65_536, by: 16).map { fromLinear[$0] }

    /// The first level of each code (`fromLinear` rises with the level), and past the last, a level no
    /// sum reaches.
    static let codeStarts: [Int] = (0...256).map { c in
        c > 255 ? Int.max : fromLinear.firstIndex { Int($0) >= c } ?? Int.max
    }
}
