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

/// A test animation with still "anti-aliased text" beside moving content.
enum StillStrip {
    static let width = 96, height = 64

    /// Whether column `x` is in the still strip on the left.
    static func isStill(_ x: Int) -> Bool { x < 16 }

    /// Frame `n`: on the left, a still strip of "anti-aliased text" with about 600 shades on two colour ramps;
    /// on the right, five times as many pixels of a colour field that scrolls every frame, on which a global
    /// palette spends most of its colours.
    static func frame(_ n: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        func mix(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ t: Int, of steps: Int) -> RGBA8 {
            func channel(_ u: Int, _ v: Int) -> UInt8 { UInt8((u * (steps - 1 - t) + v * t) / (steps - 1)) }
            return RGBA8(r: channel(a.0, b.0), g: channel(a.1, b.1), b: channel(a.2, b.2))
        }
        for y in 0..<height {
            for x in 0..<width {
                if isStill(x) {
                    let t = (x * 7 + y * 13) % 300
                    image[x, y] = y < height / 2 ? mix((20, 30, 45), (240, 245, 250), t, of: 300)
                                                 : mix((30, 80, 160), (255, 255, 255), t, of: 300)
                } else {
                    let u = (x * 5 + 9 * n) % 256, v = (y * 4) % 256
                    image[x, y] = RGBA8(r: UInt8(u), g: UInt8(v), b: UInt8((u + v) / 2))
                }
            }
        }
        return image
    }

    /// Writes `frames` (with their sources) under `global`, frame `localAt` under `local` if given, to `path`,
    /// and reads the file back.
    static func writeAndRead(_ frames: [PixelImage], global: Palette, local: Palette?, at localAt: Int,
                             path: String) throws -> DecodedGIF {
        let writer = try GIFWriter(path: path, width: width, height: height, palette: global)
        for (n, image) in frames.enumerated() {
            var frame = Quantizer(palette: global).quantize(image)
            if n == localAt, let local {
                frame = Quantizer(palette: local).quantize(image)
                frame.localPalette = local
            }
            try writer.append(frame, source: image, delayCentiseconds: 5)
        }
        try writer.finish()
        return try GIFReader.read(path: path)
    }

    /// The summed squared RGB error of the still strip of `image` against `source`.
    static func stillError(_ image: PixelImage, against source: PixelImage) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width where isStill(x) {
                let a = image[x, y], b = source[x, y]
                let d = [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b)]
                total += d.reduce(0) { $0 + $1 * $1 }
            }
        }
        return total
    }
}
