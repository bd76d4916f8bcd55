/// A value an expression computes or a scope supplies.
public enum Value: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case string(String)
    case color(ColorValue)
    case list([Value])
    case record(Record)
    /// A SwiftUI animation, stored and passed as a value (`var animation: Animation = .spring()`).
    case animation(AnimationValue)

    /// The type's name as error messages say it: "number", "bool", "string", "color", "list", "record" or
    /// "animation".
    public var typeName: String {
        switch self {
        case .number: "number"
        case .bool: "bool"
        case .string: "string"
        case .color: "color"
        case .list: "list"
        case .record: "record"
        case .animation: "animation"
        }
    }

    /// The number, if this is one.
    public var asNumber: Double? {
        if case .number(let number) = self { number } else { nil }
    }

    /// The bool, if this is one.
    public var asBool: Bool? {
        if case .bool(let bool) = self { bool } else { nil }
    }

    /// The string, if this is one.
    public var asString: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The colour, if this is one.
    public var asColor: ColorValue? {
        if case .color(let color) = self { color } else { nil }
    }

    /// The list, if this is one.
    public var asList: [Value]? {
        if case .list(let list) = self { list } else { nil }
    }

    /// The record, if this is one.
    public var asRecord: Record? {
        if case .record(let record) = self { record } else { nil }
    }

    /// The animation, if this is one.
    public var asAnimation: AnimationValue? {
        if case .animation(let animation) = self { animation } else { nil }
    }

    /// The text a label shows for this value: strings as they are, numbers as `NumberFormat.shortest`.
    public var description: String { text(quotingStrings: false) }

    /// The text of this value; strings are single-quoted when `quotingStrings` (inside lists and records).
    func text(quotingStrings: Bool) -> String {
        switch self {
        case .number(let number): NumberFormat.shortest(number)
        case .bool(let bool): bool ? "true" : "false"
        case .string(let string): quotingStrings ? quotedLiteral(string) : string
        case .color(let color): color.description
        case .list(let items): "[" + items.map { $0.text(quotingStrings: true) }.joined(separator: ", ") + "]"
        case .record(let record): record.description
        case .animation(let animation): animation.description
        }
    }
}
