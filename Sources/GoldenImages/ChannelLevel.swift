/// Converts between a YIQ distance and the per-channel tolerance level that ignores it.
///
/// The distance is a convex quadratic form of the RGB difference, so over all differences whose channels
/// are each at most `c` levels it is largest at a corner of that cube: `unitCornerDistance * c * c`.
enum ChannelLevel {
    /// The largest YIQ distance of a difference of one level in each channel (the worst sign pattern).
    static let unitCornerDistance: Double = {
        var largest = 0.0
        for red in [-1.0, 1.0] {
            for green in [-1.0, 1.0] {
                for blue in [-1.0, 1.0] {
                    largest = max(largest, VisibleColor.yiqDistance(red, green, blue))
                }
            }
        }
        return largest
    }()

    /// The level beyond every tolerance: a distance no channel level up to 255 ignores.
    static let beyondAll = 256

    /// The largest YIQ distance ignored at `level`, with room for rounding in the last bits.
    static func maximumDistance(atLevel level: Int) -> Double {
        unitCornerDistance * Double(level * level) * (1 + 1e-9)
    }

    /// The smallest level (0...255) that ignores `distance`, or `beyondAll`.
    static func level(ignoring distance: Double) -> Int {
        var level = Int((distance / unitCornerDistance).squareRoot().rounded(.up))
        level = min(max(level, 0), beyondAll)
        while level > 0 && distance <= maximumDistance(atLevel: level - 1) { level -= 1 }
        while level < beyondAll && distance > maximumDistance(atLevel: level) { level += 1 }
        return level
    }
}
