/// A `PixelImage` kept run-length encoded: each run of identical pixels as one count and one pixel.
///
/// For frames held a while (a GIF palette's samples, waiting for the full pass that writes them): flat
/// backgrounds and large shapes make long runs, so a frame takes a fraction of its bytes. A frame with
/// few runs (noise, photographs) is kept as it is, so it never takes more than its own bytes.
public struct RunLengthImage: Sendable {
    public let width: Int
    public let height: Int
    /// The runs' lengths and their pixels (RGBA bytes as one little-endian word); empty when `raw` is used.
    private let lengths: [UInt32]
    private let words: [UInt32]
    /// The pixels as they are, when runs would not save at least half.
    private let raw: [UInt8]?

    public init(_ image: PixelImage) {
        width = image.width
        height = image.height
        var lengths: [UInt32] = [], words: [UInt32] = []
        let count = image.width * image.height
        let fits = image.pixels.withUnsafeBytes { bytes -> Bool in
            guard let pixels = bytes.baseAddress?.assumingMemoryBound(to: UInt32.self), count > 0 else { return true }
            // More than count / 4 runs take more than half the frame's bytes: not worth it.
            let maxRuns = count / 4
            var p = 0
            while p < count {
                let word = pixels[p]
                var end = p + 1
                while end < count, pixels[end] == word, end - p < Int(UInt32.max) { end += 1 }
                lengths.append(UInt32(end - p))
                words.append(word)
                if lengths.count > maxRuns { return false }
                p = end
            }
            return true
        }
        if fits {
            self.lengths = lengths
            self.words = words
            raw = nil
        } else {
            self.lengths = []
            self.words = []
            raw = image.pixels
        }
    }

    /// The bytes this keeps.
    public var byteCount: Int { raw?.count ?? (lengths.count + words.count) * 4 }

    /// The image again, pixel for pixel.
    public func image() -> PixelImage {
        if let raw { return PixelImage(width: width, height: height, pixels: raw) }
        let count = width * height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            buffer.withMemoryRebound(to: UInt32.self) { pixels in
                var p = 0
                for (length, word) in zip(lengths, words) {
                    let n = Int(length)
                    guard let start = pixels.baseAddress?.advanced(by: p) else { break }
                    start.initialize(repeating: word, count: n)
                    p += n
                }
            }
            initialized = count * 4
        }
        return PixelImage(width: width, height: height, pixels: bytes)
    }
}
