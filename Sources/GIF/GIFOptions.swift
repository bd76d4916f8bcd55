/// Settings of a GIF file that do not depend on the frames.
public struct GIFOptions: Sendable, Equatable {
    /// The NETSCAPE2.0 loop count, 0...65535, written as is: 0 loops forever.
    public var loopCount: Int = 0
    /// When optimising, a pixel whose palette colour differs from what is on screen by at most this much in
    /// every channel is treated as unchanged (0: only identical indices are unchanged, the output is exact).
    public var tolerance: Int = 0

    /// Options with the given loop count and tolerance.
    public init(loopCount: Int = 0, tolerance: Int = 0) {
        self.loopCount = loopCount
        self.tolerance = tolerance
    }
}
