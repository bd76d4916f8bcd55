/// A rectangle of pixels on the GIF canvas.
public struct GIFRect: Sendable, Hashable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// A rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle at the origin covering no pixel.
    static let empty = GIFRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle containing both (an empty rectangle contributes nothing).
    public func union(_ other: GIFRect) -> GIFRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return GIFRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// "(x, y, widthxheight)".
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Grows a bounding box pixel by pixel.
struct BoundingBox {
    private var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    /// Includes the pixel at column `x`, row `y`.
    @inline(__always)
    mutating func include(x: Int, y: Int) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    /// The box as a rectangle (empty if no pixel was included).
    var rect: GIFRect {
        minX > maxX ? GIFRect(x: 0, y: 0, width: 0, height: 0)
            : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
