import Expressions

/// A value as the components an animation interpolates, SwiftUI's `VectorArithmetic`: a number is one
/// component, a colour four (how a colour maps is the caller's: `color`), a record the components of its
/// fields taken in name order (`CGSize`'s `AnimatablePair(width, height)`), a list those of its items in
/// order. Strings and booleans have none: inside a record or a list they are not interpolated and take
/// their new value at the start of the change, as SwiftUI's non-animatable data does.
/// (https://developer.apple.com/documentation/swiftui/animatablepair,
/// https://developer.apple.com/documentation/swiftui/vectorarithmetic)
public enum AnimatableData {
    /// The components of `value`, nil when it has none (a string, a boolean, a record or list of them).
    public static func components(_ value: Value, color: (ColorValue) -> [Double]) -> [Double]? {
        var result: [Double] = []
        append(value, to: &result, color: color)
        return result.isEmpty ? nil : result
    }

    private static func append(_ value: Value, to result: inout [Double], color: (ColorValue) -> [Double]) {
        switch value {
        case .number(let n): result.append(n)
        case .color(let c): result += color(c)
        case .record(let record):
            for name in record.names.sorted() { append(record[name]!, to: &result, color: color) }
        case .list(let items):
            for item in items { append(item, to: &result, color: color) }
        case .string, .bool, .animation: break
        }
    }

    /// `components` back into a value shaped like `model` (whose strings and booleans are kept); `model`
    /// itself when the components are not of its shape (a list that changed length).
    public static func value(_ components: [Double], like model: Value,
                             color: ([Double], ColorValue) -> ColorValue) -> Value {
        guard count(model) == components.count else { return model }
        var next = 0
        return rebuild(model, from: components, at: &next, color: color)
    }

    private static func count(_ value: Value) -> Int {
        switch value {
        case .number: 1
        case .color: 4
        case .record(let record): record.values.reduce(0) { $0 + count($1) }
        case .list(let items): items.reduce(0) { $0 + count($1) }
        case .string, .bool, .animation: 0
        }
    }

    private static func rebuild(_ model: Value, from components: [Double], at next: inout Int,
                                color: ([Double], ColorValue) -> ColorValue) -> Value {
        switch model {
        case .number:
            defer { next += 1 }
            return .number(components[next])
        case .color(let c):
            defer { next += 4 }
            return .color(color(Array(components[next..<next + 4]), c))
        case .record(var record):
            for name in record.names.sorted() {
                record[name] = rebuild(record[name]!, from: components, at: &next, color: color)
            }
            return .record(record)
        case .list(let items):
            return .list(items.map { rebuild($0, from: components, at: &next, color: color) })
        case .string, .bool, .animation:
            return model
        }
    }
}
