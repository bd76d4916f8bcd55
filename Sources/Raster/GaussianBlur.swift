/// A Gaussian blur of premultiplied ARGB pixels, approximated by three box blurs per axis.
///
/// Three successive box filters converge on a Gaussian (the central limit theorem); their widths are
/// chosen so the total variance is sigma² (Kovesi, "Fast almost-Gaussian filtering", 2010). Each pass is
/// a running sum, so the cost is linear in the pixels, plus the padding each line gets (the boxes' reach,
/// about three sigmas, at both ends; see `work`). Pixels outside are transparent.
public enum GaussianBlur {
    /// Whether a blur of `sigma` leaves nothing visible of content within a box of `contentPixels`
    /// pixels: true when sigma² ≥ 512 x contentPixels.
    ///
    /// The content's premultiplied values add up to at most M = 255 x contentPixels a channel. Each box
    /// pass averages over its width, and the three widths are each at least sigma (for sigma ≥ 2), so
    /// after the passes along both axes no value is above M / sigma² ≤ 0.5, which rounds to 0.
    public static func vanishes(sigma: Double, contentPixels: Double) -> Bool {
        sigma * sigma >= 512 * contentPixels
    }

    /// The work of blurring content whose non-transparent pixels lie in a `contentWidth` x
    /// `contentHeight` box, in a `frameWidth` x `frameHeight` surface, in pixels of line passes: the
    /// rows and the columns of the content's box grown by the reach (within the surface), each padded by
    /// the reach at both ends, halved so that a blur of an unpadded square costs its area.
    public static func work(sigma: Double, contentWidth: Double, contentHeight: Double,
                            frameWidth: Double, frameHeight: Double) -> Double {
        let w = min(max(0, contentWidth), frameWidth), h = min(max(0, contentHeight), frameHeight)
        guard sigma.isFinite, sigma > 0, w > 0, h > 0 else { return 0 }
        if vanishes(sigma: sigma, contentPixels: w * h) { return w * h }
        let reach = Double(boxRadii(sigma: sigma).reduce(0, +))
        let rw = min(frameWidth, w + 2 * reach), rh = min(frameHeight, h + 2 * reach)
        return (rw + rh) * (max(rw, rh) + 2 * reach) / 2
    }

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

    /// Blurs `width` x `height` 4-byte pixels at `data` (rows `stride` bytes apart) in place; with `alphaOnly`
    /// only the alpha bytes (the fourth of each pixel: Cairo's ARGB32 words, little-endian), for a shadow,
    /// which is used as a mask, in a quarter of the time.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double,
                     alphaOnly: Bool = false) {
        guard sigma.isFinite, sigma > 0, width > 0, height > 0 else { return }
        // Only the pixels within reach of something visible change: the bounds of the non-transparent
        // pixels, grown by the reach.
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let words = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where words[x] != 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return }
        if vanishes(sigma: sigma, contentPixels: Double((maxX - minX + 1) * (maxY - minY + 1))) {
            for y in minY...maxY { (data + y * stride + minX * 4).update(repeating: 0, count: (maxX - minX + 1) * 4) }
            return
        }
        let radii = boxRadii(sigma: sigma)
        guard radii.contains(where: { $0 > 0 }) else { return }
        // Each line is padded with transparent pixels as far as the three boxes reach, so what the first
        // pass spreads past the edge comes back in the next ones, as it does under a true Gaussian.
        let pad = radii.reduce(0, +)
        let x0 = max(0, minX - pad), x1 = min(width - 1, maxX + pad)
        let y0 = max(0, minY - pad), y1 = min(height - 1, maxY + pad)
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        // One channel at a time in a plane of floats; its lines four at a time, one in each lane of a SIMD4
        // (four rows, then four columns): each lane does exactly the scalar sums, so the result is the same
        // as blurring line by line, in about a third of the time.
        let plane = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        let lineLength = max(w, h) + 2 * pad
        let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: lineLength)
        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: lineLength)
        defer {
            plane.deallocate()
            line.deallocate()
            scratch.deallocate()
        }
        /// Blurs `lines` lines of `length` values of the plane, value j of line i at `i * lineStep + j * step`,
        /// four lines at a time (lanes past the last line hold zeros and are not stored).
        func blurLines(_ lines: Int, length: Int, lineStep: Int, step: Int) {
            var first = 0
            while first < lines {
                let lanes = min(4, lines - first)
                line.update(repeating: .zero, count: lineLength)
                for j in 0..<length {
                    var v = SIMD4<Float>.zero
                    for k in 0..<lanes { v[k] = plane[(first + k) * lineStep + j * step] }
                    line[pad + j] = v
                }
                for r in radii { box(line, scratch, count: length + 2 * pad, radius: r) }
                for j in 0..<length {
                    let v = line[pad + j]
                    for k in 0..<lanes { plane[(first + k) * lineStep + j * step] = v[k] }
                }
                first += 4
            }
        }
        for channel in alphaOnly ? 3..<4 : 0..<4 {
            for y in 0..<h {
                let row = data + (y0 + y) * stride + x0 * 4 + channel
                for x in 0..<w { plane[y * w + x] = Float(row[x * 4]) }
            }
            blurLines(h, length: w, lineStep: w, step: 1)   // the rows
            blurLines(w, length: h, lineStep: 1, step: w)   // the columns
            for y in 0..<h {
                let row = data + (y0 + y) * stride + x0 * 4 + channel
                for x in 0..<w { row[x * 4] = byte(plane[y * w + x]) }
            }
        }
    }

    /// `v` rounded half away from zero and clamped to 0...255, as `UInt8(max(0, min(255, v.rounded())))`
    /// gives for any finite `v`, without a call to libm's `roundf` a pixel: the fraction after truncating is
    /// exact, so comparing it with one half rounds exactly as `rounded()` does.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        guard v > 0 else { return 0 }
        guard v < 255 else { return 255 }
        let whole = Int(v)
        return UInt8(whole + (v - Float(whole) >= 0.5 ? 1 : 0))
    }

    /// One box pass over `line[0..<count]`, four lines at once: each value becomes the mean of the 2r + 1
    /// around it.
    private static func box(_ line: UnsafeMutablePointer<SIMD4<Float>>, _ scratch: UnsafeMutablePointer<SIMD4<Float>>,
                            count: Int, radius r: Int) {
        guard r > 0 else { return }
        let scale = SIMD4<Float>(repeating: 1 / Float(2 * r + 1))
        var sum = SIMD4<Float>.zero
        for i in 0..<min(r, count) { sum += line[i] }
        for i in 0..<count {
            if i + r < count { sum += line[i + r] }
            scratch[i] = sum * scale
            if i - r >= 0 { sum -= line[i - r] }
        }
        line.update(from: scratch, count: count)
    }
}
