extension PixelImage {
    /// Whether every pixel is fully opaque (alpha 255).
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            // A `while` loop, not `stride(...).allSatisfy`, which is slow in unoptimised (debug) builds.
            var alpha = 3
            while alpha < bytes.count {
                if bytes[alpha] != 255 { return false }
                alpha += 4
            }
            return true
        }
    }
}
