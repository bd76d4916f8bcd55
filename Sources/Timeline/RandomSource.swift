/// The scene's seeded random generator (SplitMix64): the same seed gives the same numbers everywhere.
public final class RandomSource: @unchecked Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in lo ... hi (53 random bits).
    public func uniform(_ lo: Double, _ hi: Double) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return lo + (hi - lo) * unit
    }
}
