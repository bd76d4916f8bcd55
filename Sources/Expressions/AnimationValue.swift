/// A SwiftUI `Animation` as a value, so it can be stored in a parameter or a state variable and passed
/// around, as SwiftUI code passes `Animation` values: the links of its code (`.spring(duration: 0.4,
/// bounce: 0.5).delay(0.2)` is a base and a modifier) with their arguments already evaluated.
///
/// The expression language makes one from an implicit member chain (`.easeIn(duration: 0.3)`) and adds a
/// link for a modifier called on one (`bounce.delay(0.2)`); which names and labels are animations is the
/// scene format's business (`AnimationSyntax`, checked at load), and Timeline's `AnimationInterpreter`
/// turns the links into motion.
public struct AnimationValue: Sendable, Equatable, CustomStringConvertible {
    /// One base or modifier: `.easeIn(duration: 0.3)`, `.repeatForever()`, `.default` (no parentheses).
    public struct Link: Sendable, Equatable {
        public var name: String
        /// The evaluated arguments with their labels; nil when the member is not called (`.easeIn`).
        public var arguments: [Argument]?

        public init(name: String, arguments: [Argument]?) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// One evaluated argument: `duration: 0.3` or `0.2`.
    public struct Argument: Sendable, Equatable {
        public var label: String?
        public var value: Value

        public init(label: String?, value: Value) {
            self.label = label
            self.value = value
        }
    }

    /// The base first, then the modifiers in the order written.
    public var links: [Link]

    public init(links: [Link]) {
        self.links = links
    }

    /// The SwiftUI code of the animation: `.spring(duration: 0.4, bounce: 0.5).delay(0.2)`.
    public var description: String {
        links.map { link in
            "." + link.name + (link.arguments.map { arguments in
                "(" + arguments.map { ($0.label.map { "\($0): " } ?? "") + $0.value.text(quotingStrings: true) }
                    .joined(separator: ", ") + ")"
            } ?? "")
        }.joined()
    }
}
