/// The colour distance used everywhere in this module: squared RGB distance with channel weights 3 : 4 : 2.
///
/// Green matters most to the eye and blue least; the weights are a cheap, well-known approximation of
/// perceptual distance (close to luma weights, but without starving blue). Because the metric is a
/// diagonal quadratic form, the weighted mean of a cluster is still its optimal centre, so k-means stays exact.
enum ColorDistance {
    static let redWeight = 3
    static let greenWeight = 4
    static let blueWeight = 2

    /// The weighted squared distance between two colours given as channel values.
    @inline(__always)
    static func squared(_ r0: Int, _ g0: Int, _ b0: Int, _ r1: Int, _ g1: Int, _ b1: Int) -> Int {
        let dr = r0 - r1, dg = g0 - g1, db = b0 - b1
        return redWeight * dr * dr + greenWeight * dg * dg + blueWeight * db * db
    }

    /// The weighted squared distance between two colours with fractional channels.
    @inline(__always)
    static func squared(_ r0: Double, _ g0: Double, _ b0: Double, _ r1: Double, _ g1: Double, _ b1: Double) -> Double {
        let dr = r0 - r1, dg = g0 - g1, db = b0 - b1
        return Double(redWeight) * dr * dr + Double(greenWeight) * dg * dg + Double(blueWeight) * db * db
    }
}
