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
    /// The width of a row, with `interlaced`.
    var width = 0
    /// Whether to compress the rows in GIF's interlaced order (`GIFRect.interlacedRows`) rather than top to
    /// bottom.
    var interlaced = false

    /// Compresses the pixels as their codes with `codeSize`, or else the smallest minimum code size that holds
    /// every code used (at least 2), using (and keeping) an encoder of that size from `encoders`.
    func encode(with encoders: inout [Int: LZWEncoder]) -> LZWData {
        var used = [Bool](repeating: false, count: 256)
        used.withUnsafeMutableBufferPointer { used in
            Self.mark(self.indices, in: used)
            if let alternates = self.alternates { Self.mark(alternates, in: used) }
        }
        let largest = used.indices.filter { used[$0] }.map { Int(codes[$0]) }.max() ?? 0
        var minCodeSize = 2
        while (1 << minCodeSize) <= largest { minCodeSize += 1 }
        if let codeSize { minCodeSize = max(minCodeSize, codeSize) }
        // Taken out of `encoders` while in use, so that its tables are not copied on write.
        var encoder = encoders.removeValue(forKey: minCodeSize) ?? LZWEncoder(minCodeSize: minCodeSize)
        let indices = interlaced ? Self.interlace(self.indices, width: width) : self.indices
        let alternates = interlaced ? self.alternates.map { Self.interlace($0, width: width) } : self.alternates
        var data = indices.withUnsafeBufferPointer { indices in
            guard let alternates else { return encoder.encode(indices, codes: codes) }
            return alternates.withUnsafeBufferPointer { encoder.encode(indices, alternates: $0, codes: codes) }
        }
        data.interlaced = interlaced
        encoders[minCodeSize] = encoder
        return data
    }

    /// Sets `used[index]` for every index in `indices`.
    private static func mark(_ indices: [UInt8], in used: UnsafeMutableBufferPointer<Bool>) {
        indices.withUnsafeBufferPointer { indices in
            // Typed pointers and a `while` loop: no call per index in unoptimised (debug) builds.
            guard let from = indices.baseAddress, let used = used.baseAddress else { return }
            var i = 0
            while i < indices.count {
                used[Int(from[i])] = true
                i += 1
            }
        }
    }

    /// The rows of `pixels` (`width` a row) in GIF's interlaced order.
    static func interlace(_ pixels: [UInt8], width: Int) -> [UInt8] {
        guard width > 0 else { return pixels }
        var result = [UInt8]()
        result.reserveCapacity(pixels.count)
        for row in GIFRect.interlacedRows(height: pixels.count / width) {
            result.append(contentsOf: pixels[row * width..<(row + 1) * width])
        }
        return result
    }
}
