import Expressions

/// SwiftUI's `ForEach`: a stack child repeated for each element of a range or a list.
///
/// The node carrying it is a one-child ZStack around the content; the stack expands it into one such
/// view per element, with the element named `name`. Elements keep their identity by `id` (default: the
/// element itself, as `ForEach(values, id: \.self)`); an element inserted or removed by a transaction
/// comes in or goes out through `transition`, as a `ForEach` item does.
public struct ForEachSpec: Sendable {
    /// The most views one `forEach` may expand into.
    public static let maxItems = 1_000

    /// What is iterated.
    public enum Source: Sendable {
        /// `lower..<upper` (`closed`: `lower...upper`), integers.
        case range(lower: Binding, upper: Binding, closed: Bool)
        /// A list expression.
        case list(Binding)
    }

    public var source: Source
    /// The element's name in the content (`ForEach(0..<8) { i in ... }`'s `i`).
    public var name: String
    /// The identity of an element, an expression in `name`; nil: the element itself.
    public var id: Binding?
    public var transition: TransitionSpec

    public init(source: Source, name: String, id: Binding?, transition: TransitionSpec) {
        self.source = source
        self.name = name
        self.id = id
        self.transition = transition
    }

    /// The collection's elements: the whole numbers of the range, or the list, at most `maxItems`.
    ///
    /// `evaluate` gives a binding's value; `label` starts each error message ("at t = 0.5 s").
    public func elements(label: @autoclosure () -> String, evaluate: (Binding) throws(SceneError) -> Value) throws(SceneError) -> [Value] {
        switch source {
        case .range(let lowerBinding, let upperBinding, let closed):
            guard case .number(let lower) = try evaluate(lowerBinding), case .number(let upper) = try evaluate(upperBinding),
                  lower.isFinite, upper.isFinite, lower == lower.rounded(), upper == upper.rounded() else {
                throw SceneError(path: lowerBinding.path, location: lowerBinding.location,
                                 message: "\(label()): a forEach range's bounds must be whole numbers")
            }
            let count = max(0, upper - lower + (closed ? 1 : 0))
            guard count <= Double(Self.maxItems) else {
                throw SceneError(path: lowerBinding.path, location: lowerBinding.location,
                                 message: "\(label()): a forEach of \(Int(count)) items is more than \(Self.maxItems) views")
            }
            return (0..<Int(count)).map { .number(lower + Double($0)) }
        case .list(let binding):
            guard case .list(let list) = try evaluate(binding) else {
                throw SceneError(path: binding.path, location: binding.location, message: "\(label()): forEach needs a list or a range")
            }
            guard list.count <= Self.maxItems else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "\(label()): a forEach of \(list.count) items is more than \(Self.maxItems) views")
            }
            return list
        }
    }
}
