/// One image's pixels as the GIF writer hands them to `LZWPool`: palette indices, the alternatives some
/// pixels may take instead, and the codes the file writes for each index.
struct LZWImage: Sendable {
    /// The identity map of indices to codes.
    static let identity = (0...255).map { UInt8($0) }

    /// One palette index per pixel, rows top to bottom.
    var indices: [UInt8]
    /// Per pixel, another index that shows the same (`LZWEncoder.encode(_:alternates:)`), or nil for none.
    var alternates: [UInt8]?
    /// The code the file uses for each index (256 entries): the writer's colour tables put the transparent
    /// index first.
    var codes: [UInt8]
    /// The minimum code size to use, or nil for the smallest that holds every code.
    var codeSize: Int? = nil

    /// Maps the pixels to their codes and compresses them with `codeSize`, or else the smallest minimum code
    /// size that holds every code (at least 2), using (and keeping) an encoder of that size from `encoders`.
    func encode(with encoders: inout [Int: LZWEncoder]) -> LZWData {
        var mapped = [UInt8](repeating: 0, count: indices.count)
        var largest: UInt8 = 0
        for k in indices.indices {
            let code = codes[Int(indices[k])]
            mapped[k] = code
            largest = max(largest, code)
        }
        var mappedAlternates: [UInt8]?
        if let alternates {
            var other = [UInt8](repeating: 0, count: alternates.count)
            for k in alternates.indices {
                let code = codes[Int(alternates[k])]
                other[k] = code
                largest = max(largest, code)
            }
            mappedAlternates = other
        }
        var minCodeSize = 2
        while (1 << minCodeSize) <= Int(largest) { minCodeSize += 1 }
        if let codeSize { minCodeSize = max(minCodeSize, codeSize) }
        var encoder = encoders[minCodeSize] ?? LZWEncoder(minCodeSize: minCodeSize)
        let data = mapped.withUnsafeBufferPointer { indices in
            guard let mappedAlternates else { return encoder.encode(indices) }
            return mappedAlternates.withUnsafeBufferPointer { encoder.encode(indices, alternates: $0) }
        }
        encoders[minCodeSize] = encoder
        return data
    }
}
