/// PNG's per-row filters: each row is written as its difference from a prediction (none, left, up,
/// average, Paeth), the one chosen per row by the usual heuristic (the least sum of absolute differences,
/// PNG specification 12.8), which is what makes the rows compress.
enum PNGRows {
    /// The filtered bytes of `rows` rows of `rowBytes` bytes each (pixels of `bytesPerPixel` bytes), each
    /// row led by its filter type: `only` that filter on every row, or each row's best by the heuristic.
    static func filter(_ data: [UInt8], rowBytes: Int, rows: Int, bytesPerPixel bpp: Int, only: Int? = nil) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: rows * (rowBytes + 1))
        var trial = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        data.withUnsafeBufferPointer { data in
            for y in 0..<rows {
                let row = data.baseAddress! + y * rowBytes
                let up: UnsafePointer<UInt8>? = y > 0 ? row - rowBytes : nil
                var bestScore = Int.max
                var best = 0
                for type in only.map({ $0...$0 }) ?? 0...4 {
                    var score = 0
                    trial[type].withUnsafeMutableBufferPointer { out in
                        for i in 0..<rowBytes {
                            let x = row[i]
                            let a = i >= bpp ? row[i - bpp] : 0
                            let b = up?[i] ?? 0
                            let c = i >= bpp ? (up?[i - bpp] ?? 0) : 0
                            let predicted: UInt8
                            switch type {
                            case 0: predicted = 0
                            case 1: predicted = a
                            case 2: predicted = b
                            case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                            default: predicted = paeth(a, b, c)
                            }
                            let value = x &- predicted
                            out[i] = value
                            score += value < 128 ? Int(value) : 256 - Int(value)
                        }
                    }
                    if score < bestScore {
                        bestScore = score
                        best = type
                    }
                }
                let start = y * (rowBytes + 1)
                output[start] = UInt8(best)
                output.withUnsafeMutableBufferPointer { out in
                    trial[best].withUnsafeBufferPointer { chosen in
                        for i in 0..<rowBytes { out[start + 1 + i] = chosen[i] }
                    }
                }
            }
        }
        return output
    }

    /// The rows of `filtered` (each led by its filter type, as `filter` writes them) back as they were.
    static func unfilter(_ filtered: [UInt8], rowBytes: Int, rows: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: rows * rowBytes)
        guard filtered.count == rows * (rowBytes + 1) else { return output }
        for y in 0..<rows {
            let type = filtered[y * (rowBytes + 1)]
            let start = y * (rowBytes + 1) + 1, row = y * rowBytes
            for i in 0..<rowBytes {
                let a = i >= bpp ? output[row + i - bpp] : 0
                let b = y > 0 ? output[row - rowBytes + i] : 0
                let c = i >= bpp && y > 0 ? output[row - rowBytes + i - bpp] : 0
                let predicted: UInt8
                switch type {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                default: predicted = paeth(a, b, c)
                }
                output[row + i] = filtered[start + i] &+ predicted
            }
        }
        return output
    }

    /// Paeth's predictor: whichever of left, up and upper-left is nearest to left + up - upper-left.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
