import Geometry

/// Maps premultiplied ARGB pixels through a projective transform (a homography), for
/// `.rotation3DEffect`: each destination pixel's centre is mapped back by the inverse transform and the
/// source is sampled there, bilinearly.
///
/// Source pixels outside the image are transparent, so the bilinear weights fade the edges over one
/// pixel (anti-aliased edges). Points on or behind the eye (w <= 0 under the forward transform) are not
/// drawn, as Core Animation clips them; a face turned away is drawn mirrored, as on a device.
struct ProjectiveWarp {
    /// Bytes of the source, rows `stride` bytes apart, `width` x `height` 4-byte pixels.
    var source: UnsafePointer<UInt8>
    var width: Int, height: Int, stride: Int
    /// From destination device pixels to source device pixels (row vectors).
    var inverse: ProjectionTransform

    /// The bounds (x0, y0, x1, y1), end exclusive, of the source pixels that are not fully transparent,
    /// or nil when all are.
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
                let u = (m.m11 * x + m.m21 * y + m.m31) / w - 0.5
                let v = (m.m12 * x + m.m22 * y + m.m32) / w - 0.5
                sample(u, v, into: out)
            }
        }
    }

    /// The bilinear blend of the four source pixels around (u, v) (pixel-centre coordinates).
    @inline(__always)
    private func sample(_ u: Double, _ v: Double, into out: UnsafeMutablePointer<UInt8>) {
        guard u > -1, v > -1, u < Double(width), v < Double(height) else {
            out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
            return
        }
        let fx = u.rounded(.down), fy = v.rounded(.down)
        let x0 = Int(fx), y0 = Int(fy)
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
