#if canImport(Glibc)
import Glibc
#endif

/// Averages images in linear light, for motion blur: each image's sRGB colours are turned into linear
/// light, premultiplied by alpha, summed, and the mean turned back into straight-alpha sRGB.
///
/// Averaging sRGB values directly would darken the blend of a light and a dark colour (the mean of black
/// and white would be 50 % grey in sRGB code values, about 21 % of the light); in linear light it is the
/// light a camera's open shutter collects. The sums run in a fixed order, so the result is the same on
/// any thread.
public struct LinearAverage {
    /// sRGB code value -> linear light, 0...1 (IEC 61966-2-1).
    static let toLinear: [Float] = (0...255).map { code in
        let c = Double(code) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    public let width: Int
    public let height: Int
    /// Per pixel: linear R, G, B premultiplied by alpha, and alpha (0...1), summed over the images.
    private var sums: [Float]
    public private(set) var count = 0

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        sums = [Float](repeating: 0, count: width * height * 4)
    }

    /// Adds one image of the same size.
    public mutating func add(_ image: PixelImage) {
        precondition(image.width == width && image.height == height, "images of one size")
        let table = Self.toLinear
        table.withUnsafeBufferPointer { linear in
            image.pixels.withUnsafeBufferPointer { p in
                sums.withUnsafeMutableBufferPointer { s in
                    var i = 0
                    while i < p.count {
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
                        i += 4
                    }
                }
            }
        }
        count += 1
    }

    /// The mean of the images added, as straight-alpha sRGB.
    public func image() -> PixelImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        guard count > 0 else { return PixelImage(width: width, height: height, pixels: pixels) }
        let n = Float(count)
        Self.fromLinear.withUnsafeBufferPointer { fromLinear in
            sums.withUnsafeBufferPointer { s in
                pixels.withUnsafeMutableBufferPointer { p in
                    var i = 0
                    while i < s.count {
                        let alphaSum = s[i + 3]
                        if alphaSum > 0 {
                            // Un-premultiplied: the sum of premultiplied light over the sum of alpha (the
                            // count cancels), in steps of 1/65535; one division a pixel.
                            let steps = 65_535 / alphaSum
                            p[i] = fromLinear[Self.nearest(min(65_535, s[i] * steps))]
                            p[i + 1] = fromLinear[Self.nearest(min(65_535, s[i + 1] * steps))]
                            p[i + 2] = fromLinear[Self.nearest(min(65_535, s[i + 2] * steps))]
                            p[i + 3] = UInt8(Self.nearest(min(255, alphaSum * 255 / n)))
                        }
                        i += 4
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Linear light 0...1 -> the nearest sRGB code value, looked up in steps of 1/65535.
    static func toSRGB(_ value: Float) -> UInt8 {
        fromLinear[level(value)]
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
}
