import Expressions

/// An id written as a template over a `forEach`'s element (`"id": "tab-${option}"`), on a view inside the
/// `forEach`'s content: each item's view gets its own id, which the script taps or drags
/// (`{"tap": "tab-Settings"}`) and `render inspect` lists. SwiftUI code writes
/// `.accessibilityIdentifier("tab-\(option)")` inside the `ForEach`.
public struct ItemIDSpec: Sendable {
    /// The template, evaluated with the item's element named.
    public var template: Binding
    /// The template as written, for messages.
    public var text: String
    /// The literal text before the first interpolation and after the last: every expanded id starts and
    /// ends with them, which is how a script's target is matched to the template at load.
    public var prefix: String
    public var suffix: String

    public init(template: Binding, text: String) {
        self.template = template
        self.text = text
        let start = text.range(of: "${")?.lowerBound ?? text.endIndex
        prefix = String(text[..<start])
        let end = text.range(of: "}", options: .backwards)?.upperBound ?? text.endIndex
        suffix = end < start ? "" : String(text[end...])
    }

    /// Whether `target` (a full id) could be one of the ids this template gives under `idPrefix`.
    public func mayName(_ target: String, idPrefix: String) -> Bool {
        let head = idPrefix + prefix
        return target.count >= head.count + suffix.count && target.hasPrefix(head) && target.hasSuffix(suffix)
    }
}
