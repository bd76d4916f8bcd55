/// An RGBA image with 8 bits per channel and straight (not premultiplied) alpha, rows top to bottom.
///
/// This is the hand-off between the rasterizer and the encoders: Raster produces it, GIF and PNG
/// writers consume it. `pixels` holds `width * height * 4` bytes in R, G, B, A order.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// An image filled with one colour (transparent black by default).
    public init(width: Int, height: Int, fill: RGBA8 = RGBA8(r: 0, g: 0, b: 0, a: 0)) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        var row = [UInt8]()
        row.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { row.append(contentsOf: [fill.r, fill.g, fill.b, fill.a]) }
        self.pixels = row
    }

    /// An image over existing RGBA bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            let i = (y * width + x) * 4
            return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }
}

/// One RGBA pixel, 8 bits per channel, straight alpha.
public struct RGBA8: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
