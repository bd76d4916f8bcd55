import Pixels
@testable import GIF

/// Small deterministic inputs for the GIF tests.
enum TestImages {
    /// A 64-bit linear congruential generator, so "random" test data is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    /// A `width` x `height` image of `background` with an axis-aligned square of `color`.
    static func square(width: Int, height: Int, background: RGBA8, color: RGBA8,
                       x: Int, y: Int, side: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height, fill: background)
        for py in max(y, 0)..<min(y + side, height) {
            for px in max(x, 0)..<min(x + side, width) { image[px, py] = color }
        }
        return image
    }

    /// Whether two images show the same thing: equal RGB where opaque, and transparent in the same places.
    static func sameVisible(_ a: PixelImage, _ b: PixelImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if (p.a >= 128) != (q.a >= 128) { return false }
                if p.a >= 128 && (p.r != q.r || p.g != q.g || p.b != q.b) { return false }
            }
        }
        return true
    }

    /// The RGBA image an indexed frame stands for under `palette`.
    static func expand(_ frame: IndexedFrame, _ palette: Palette) -> PixelImage {
        var image = PixelImage(width: frame.width, height: frame.height)
        for (i, index) in frame.indices.enumerated() where Int(index) < palette.colors.count {
            let c = palette.colors[Int(index)]
            image[i % frame.width, i / frame.width] = RGBA8(r: c.r, g: c.g, b: c.b)
        }
        return image
    }
}
