/// One opaque colour, 8 bits per channel: an entry of a GIF colour table.
public struct RGB8: Sendable, Hashable {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8

    /// A colour from its red, green and blue channels.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}
