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
}
