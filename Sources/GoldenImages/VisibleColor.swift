/// A pixel's colour as it looks over a white background, in 8-bit units (0...255, fractional).
///
/// This is the colour space of pixelmatch: straight-alpha RGBA is blended over white, then compared in
/// NTSC YIQ, whose weighted squared distance follows perceived colour difference.
struct VisibleColor: Equatable {
    var red: Double
    var green: Double
    var blue: Double

    /// The colour of the straight-alpha pixel whose four bytes start at `offset` in `pixels`, over white.
    init(pixels: [UInt8], offset: Int) {
        let alpha = Double(pixels[offset + 3]) / 255
        red = 255 + (Double(pixels[offset]) - 255) * alpha
        green = 255 + (Double(pixels[offset + 1]) - 255) * alpha
        blue = 255 + (Double(pixels[offset + 2]) - 255) * alpha
    }

    /// A colour from its three channels.
    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The Y (luma) component of YIQ.
    var luma: Double { Self.luma(red, green, blue) }

    /// The perceptual distance to `other`: the weighted squared difference of Y, I and Q.
    func yiqDistance(to other: VisibleColor) -> Double {
        Self.yiqDistance(red - other.red, green - other.green, blue - other.blue)
    }

    /// The largest difference of one channel from `other`, rounded up to whole levels.
    func largestChannelDifference(to other: VisibleColor) -> Int {
        let largest = max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
        return Int((largest - 1e-9).rounded(.up))
    }

    /// The weighted squared YIQ length of a colour difference (YIQ is linear in RGB).
    static func yiqDistance(_ red: Double, _ green: Double, _ blue: Double) -> Double {
        let y = luma(red, green, blue)
        let i = red * 0.59597799 - green * 0.27417610 - blue * 0.32180189
        let q = red * 0.21147017 - green * 0.52261711 + blue * 0.31114694
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The Y component of an RGB triple.
    private static func luma(_ red: Double, _ green: Double, _ blue: Double) -> Double {
        red * 0.29889531 + green * 0.58662247 + blue * 0.11448223
    }
}
