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
                        let alpha = Float(p[i + 3]) / 255
                        s[i] += linear[Int(p[i])] * alpha
                        s[i + 1] += linear[Int(p[i + 1])] * alpha
                        s[i + 2] += linear[Int(p[i + 2])] * alpha
                        s[i + 3] += alpha
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
        sums.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < s.count {
                    let alpha = s[i + 3] / n
                    if alpha > 0 {
                        for c in 0..<3 { p[i + c] = Self.toSRGB(s[i + c] / n / alpha) }
                        p[i + 3] = UInt8(min(255, max(0, (alpha * 255).rounded())))
                    }
                    i += 4
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Linear light 0...1 -> the nearest sRGB code value, looked up in steps of 1/65535.
    static func toSRGB(_ value: Float) -> UInt8 {
        fromLinear[Int((min(1, max(0, value)) * 65_535).rounded())]
    }

    /// The sRGB code value of each linear level k / 65535.
    static let fromLinear: [UInt8] = (0...65_535).map { k in
        let v = Double(k) / 65_535
        let c = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }
}
