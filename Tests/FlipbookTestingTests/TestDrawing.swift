import Pixels

/// Hand-drawn test pictures: filled rectangles and anti-aliased discs whose edge coverage is computed here
/// by supersampling, independently of any renderer.
extension PixelImage {

    /// Paints `color` over every pixel of the rectangle (clipped to the image).
    mutating func fillRect(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, color: RGBA8) {
        for row in max(y, 0)..<min(y + rectHeight, height) {
            for column in max(x, 0)..<min(x + rectWidth, width) {
                self[column, row] = color
            }
        }
    }

    /// Paints a disc of `color` over the image, each pixel weighted by the share of its 16 x 16 sample
    /// points inside the circle.
    mutating func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RGBA8) {
        let samples = 16
        for row in 0..<height {
            for column in 0..<width {
                var inside = 0
                for sampleY in 0..<samples {
                    for sampleX in 0..<samples {
                        let dx = Double(column) + (Double(sampleX) + 0.5) / Double(samples) - centerX
                        let dy = Double(row) + (Double(sampleY) + 0.5) / Double(samples) - centerY
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                guard inside > 0 else { continue }
                self[column, row] = Self.over(color, coverage: Double(inside) / Double(samples * samples),
                                              onto: self[column, row])
            }
        }
    }

    /// Straight-alpha `source` at `coverage` composited over `destination` (Porter-Duff over), rounded.
    static func over(_ source: RGBA8, coverage: Double, onto destination: RGBA8) -> RGBA8 {
        let sourceAlpha = Double(source.a) / 255 * coverage
        let destinationAlpha = Double(destination.a) / 255
        let alpha = sourceAlpha + destinationAlpha * (1 - sourceAlpha)
        guard alpha > 0 else { return .clear }
        func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
            let value = (Double(s) * sourceAlpha + Double(d) * destinationAlpha * (1 - sourceAlpha)) / alpha
            return UInt8(value.rounded())
        }
        return RGBA8(r: channel(source.r, destination.r), g: channel(source.g, destination.g),
                     b: channel(source.b, destination.b), a: UInt8((alpha * 255).rounded()))
    }

    /// A `width` x `height` image filled with `color`.
    static func canvas(_ width: Int, _ height: Int, _ color: RGBA8 = .white) -> PixelImage {
        PixelImage(width: width, height: height, fill: color)
    }

    /// A white canvas with a black anti-aliased disc.
    static func disc(centerX: Double, centerY: Double, radius: Double, size: Int = 64) -> PixelImage {
        var image = canvas(size, size)
        image.fillCircle(centerX: centerX, centerY: centerY, radius: radius, color: .black)
        return image
    }
}

/// The colours of the test pictures.
extension RGBA8 {
    static let white = RGBA8(r: 255, g: 255, b: 255)
    static let black = RGBA8(r: 0, g: 0, b: 0)
    static let blue = RGBA8(r: 0, g: 122, b: 255)
    static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
}
