/// A Gaussian blur of premultiplied ARGB pixels, approximated by three box blurs per axis.
///
/// Three successive box filters converge on a Gaussian (the central limit theorem); their widths are
/// chosen so the total variance is sigma² (Kovesi, "Fast almost-Gaussian filtering", 2010). Each pass is
/// a running sum, so the cost is linear in the pixels whatever sigma is. Pixels outside are transparent.
enum GaussianBlur {
    /// The three box radii whose variances add up closest to `sigma²` (a box of width w = 2r + 1 has
    /// variance (w² - 1) / 12).
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let wl = Double(lower)
        let m = ((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// Blurs `width` x `height` 4-byte pixels at `data` (rows `stride` bytes apart) in place.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma)
        guard !radii.isEmpty, radii.contains(where: { $0 > 0 }), width > 0, height > 0 else { return }
        // Each line is padded with transparent pixels as far as the three boxes reach, so what the first
        // pass spreads past the edge comes back in the next ones, as it does under a true Gaussian.
        let pad = radii.reduce(0, +)
        var plane = [Float](repeating: 0, count: width * height)
        var line = [Float](repeating: 0, count: max(width, height) + 2 * pad)
        var scratch = line
        func blurLine(count: Int) {
            for r in radii { box(&line, &scratch, count: count + 2 * pad, radius: r) }
        }
        for channel in 0..<4 {
            for y in 0..<height {
                for x in 0..<width { plane[y * width + x] = Float(data[y * stride + x * 4 + channel]) }
            }
            for y in 0..<height {
                for i in line.indices { line[i] = 0 }
                for x in 0..<width { line[pad + x] = plane[y * width + x] }
                blurLine(count: width)
                for x in 0..<width { plane[y * width + x] = line[pad + x] }
            }
            for x in 0..<width {
                for i in line.indices { line[i] = 0 }
                for y in 0..<height { line[pad + y] = plane[y * width + x] }
                blurLine(count: height)
                for y in 0..<height { plane[y * width + x] = line[pad + y] }
            }
            for y in 0..<height {
                for x in 0..<width {
                    data[y * stride + x * 4 + channel] = UInt8(max(0, min(255, plane[y * width + x].rounded())))
                }
            }
        }
    }

    /// One box pass over `line[0..<count]`: each value becomes the mean of the 2r + 1 around it.
    private static func box(_ line: inout [Float], _ scratch: inout [Float], count: Int, radius r: Int) {
        guard r > 0 else { return }
        let scale = 1 / Float(2 * r + 1)
        var sum: Float = 0
        for i in 0..<min(r, count) { sum += line[i] }
        for i in 0..<count {
            if i + r < count { sum += line[i + r] }
            scratch[i] = sum * scale
            if i - r >= 0 { sum -= line[i - r] }
        }
        for i in 0..<count { line[i] = scratch[i] }
    }
}
