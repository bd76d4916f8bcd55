/// A point in points (SwiftUI/UIKit coordinates: origin top-left, y down).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

    /// The distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(0, 0)

    public var description: String { "\(width) x \(height)" }
}

/// A point in a rectangle's unit square, as SwiftUI's `UnitPoint`: (0, 0) top-leading, (1, 1) bottom-trailing.
public struct UnitPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let center = UnitPoint(0.5, 0.5)
    public static let topLeading = UnitPoint(0, 0)
    public static let top = UnitPoint(0.5, 0)
    public static let topTrailing = UnitPoint(1, 0)
    public static let leading = UnitPoint(0, 0.5)
    public static let trailing = UnitPoint(1, 0.5)
    public static let bottomLeading = UnitPoint(0, 1)
    public static let bottom = UnitPoint(0.5, 1)
    public static let bottomTrailing = UnitPoint(1, 1)

    /// SwiftUI's named unit points, by their Swift names.
    public static let named: [String: UnitPoint] = [
        "center": .center, "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing,
        "leading": .leading, "trailing": .trailing, "bottomLeading": .bottomLeading,
        "bottom": .bottom, "bottomTrailing": .bottomTrailing,
    ]
}
