extension PixelImage {
    /// Whether every pixel is fully opaque (alpha 255).
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 }
        }
    }
}
