import Geometry

/// Maps premultiplied ARGB pixels through a projective transform (a homography), for
/// `.rotation3DEffect`: each destination pixel's centre is mapped back by the inverse transform and the
/// source is sampled there, bilinearly.
///
/// Source pixels outside the image are transparent, so the bilinear weights fade the edges over one
/// pixel (anti-aliased edges). Where the projection shrinks the source (a view seen nearly edge-on), one
/// destination pixel covers several source pixels: it then averages n x n bilinear samples spread over
/// it, n the source pixels one destination pixel spans (at most 4), so fine detail does not alias. Points on or behind the eye (w <= 0 under the forward transform) are not
/// drawn, as Core Animation clips them; a face turned away is drawn mirrored, as on a device.
struct ProjectiveWarp {
    /// Bytes of the source, rows `stride` bytes apart, `width` x `height` 4-byte pixels.
    var source: UnsafePointer<UInt8>
    /// The device pixel of the source's first pixel: the source covers device pixels
    /// originX..<originX + width and originY..<originY + height.
    var originX = 0, originY = 0
    var width: Int, height: Int, stride: Int
    /// From destination device pixels to source device pixels (row vectors).
    var inverse: ProjectionTransform

    /// The bounds (x0, y0, x1, y1), end exclusive, of the source pixels that are not fully transparent
    /// (the source's own pixels, not device pixels), or nil when all are.
    func visibleBounds() -> (Int, Int, Int, Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        source.withMemoryRebound(to: UInt32.self, capacity: height * stride / 4) { words in
            let rowWords = stride / 4
            for y in 0..<height {
                let row = words + y * rowWords
                var first = -1, last = -1
                for x in 0..<width where row[x] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                minX = min(minX, first); maxX = max(maxX, last)
                minY = min(minY, y); maxY = y
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX + 1, maxY + 1)
    }

    /// Fills `count`-wide rows of `destination` (rows `destinationStride` bytes apart), whose pixel (0, 0)
    /// is device pixel (`originX`, `originY`).
    func warp(into destination: UnsafeMutablePointer<UInt8>, originX: Int, originY: Int, width dw: Int,
              height dh: Int, stride destinationStride: Int) {
        let m = inverse
        for j in 0..<dh {
            let row = destination + j * destinationStride
            let y = Double(originY + j) + 0.5
            for i in 0..<dw {
                let x = Double(originX + i) + 0.5
                let w = m.m13 * x + m.m23 * y + m.m33
                let out = row + i * 4
                guard w > 0 else {
                    out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
                    continue
                }
                // Source coordinates relative to pixel centres.
                let su = (m.m11 * x + m.m21 * y + m.m31) / w, sv = (m.m12 * x + m.m22 * y + m.m32) / w
                // How far the source moves for one destination pixel (the inverse's derivatives).
                let dudx = (m.m11 - su * m.m13) / w, dvdx = (m.m12 - sv * m.m13) / w
                let dudy = (m.m21 - su * m.m23) / w, dvdy = (m.m22 - sv * m.m23) / w
                let step = max(abs(dudx) + abs(dvdx), abs(dudy) + abs(dvdy))
                guard step > 1.25, step.isFinite else {
                    sample(su - 0.5, sv - 0.5, into: out)
                    continue
                }
                // Clamped before converting: seen edge-on, the step can pass Int.max.
                supersample(x, y, n: Int(min(4, step.rounded(.up))), into: out)
            }
        }
    }

    /// The average of n x n bilinear samples at sub-pixel centres of the destination pixel centred at
    /// (x, y), each mapped back exactly; samples behind the eye count as transparent.
    private func supersample(_ x: Double, _ y: Double, n: Int, into out: UnsafeMutablePointer<UInt8>) {
        let m = inverse
        var sums = (0, 0, 0, 0)
        var one: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for j in 0..<n {
            let sy = y - 0.5 + (Double(j) + 0.5) / Double(n)
            for i in 0..<n {
                let sx = x - 0.5 + (Double(i) + 0.5) / Double(n)
                let w = m.m13 * sx + m.m23 * sy + m.m33
                guard w > 0 else { continue }
                withUnsafeMutableBytes(of: &one) { bytes in
                    guard let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                    sample((m.m11 * sx + m.m21 * sy + m.m31) / w - 0.5, (m.m12 * sx + m.m22 * sy + m.m32) / w - 0.5, into: p)
                }
                sums.0 += Int(one.0); sums.1 += Int(one.1); sums.2 += Int(one.2); sums.3 += Int(one.3)
            }
        }
        let count = n * n
        out[0] = UInt8((sums.0 + count / 2) / count); out[1] = UInt8((sums.1 + count / 2) / count)
        out[2] = UInt8((sums.2 + count / 2) / count); out[3] = UInt8((sums.3 + count / 2) / count)
    }

    /// The bilinear blend of the four source pixels around (u, v) (device pixel-centre coordinates).
    /// The weights are worked out in device coordinates, so the origin moves no pixel value.
    @inline(__always)
    private func sample(_ u: Double, _ v: Double, into out: UnsafeMutablePointer<UInt8>) {
        guard u > Double(originX - 1), v > Double(originY - 1), u < Double(originX + width), v < Double(originY + height) else {
            out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
            return
        }
        let fx = u.rounded(.down), fy = v.rounded(.down)
        let x0 = Int(fx) - originX, y0 = Int(fy) - originY
        let ax = u - fx, ay = v - fy
        var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0
        @inline(__always) func add(_ x: Int, _ y: Int, _ weight: Double) {
            guard weight > 0, x >= 0, x < width, y >= 0, y < height else { return }
            let p = source + y * stride + x * 4
            c0 += weight * Double(p[0]); c1 += weight * Double(p[1])
            c2 += weight * Double(p[2]); c3 += weight * Double(p[3])
        }
        add(x0, y0, (1 - ax) * (1 - ay))
        add(x0 + 1, y0, ax * (1 - ay))
        add(x0, y0 + 1, (1 - ax) * ay)
        add(x0 + 1, y0 + 1, ax * ay)
        out[0] = UInt8(min(255, c0 + 0.5)); out[1] = UInt8(min(255, c1 + 0.5))
        out[2] = UInt8(min(255, c2 + 0.5)); out[3] = UInt8(min(255, c3 + 0.5))
    }
}
