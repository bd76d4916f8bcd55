/// When a `forEach` item holds its state: from `start` (its appearance) until `end` (its removal; infinite
/// while it stays to the end of the scene).
public struct ItemSpan: Sendable, Equatable {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double = .infinity) {
        self.start = start
        self.end = end
    }
}
