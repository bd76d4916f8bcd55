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

    /// Compresses the pixels as their codes with `codeSize`, or else the smallest minimum code size that holds
    /// every code used (at least 2), using (and keeping) an encoder of that size from `encoders`.
    func encode(with encoders: inout [Int: LZWEncoder]) -> LZWData {
        var used = [Bool](repeating: false, count: 256)
        for index in indices { used[Int(index)] = true }
        if let alternates { for index in alternates { used[Int(index)] = true } }
        let largest = used.indices.filter { used[$0] }.map { Int(codes[$0]) }.max() ?? 0
        var minCodeSize = 2
        while (1 << minCodeSize) <= largest { minCodeSize += 1 }
        if let codeSize { minCodeSize = max(minCodeSize, codeSize) }
        var encoder = encoders[minCodeSize] ?? LZWEncoder(minCodeSize: minCodeSize)
        let data = indices.withUnsafeBufferPointer { indices in
            guard let alternates else { return encoder.encode(indices, codes: codes) }
            return alternates.withUnsafeBufferPointer { encoder.encode(indices, alternates: $0, codes: codes) }
        }
        encoders[minCodeSize] = encoder
        return data
    }
}
