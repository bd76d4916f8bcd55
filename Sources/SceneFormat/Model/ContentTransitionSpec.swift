/// SwiftUI's `.contentTransition(_:)` on a text: how the text animates when its string changes in an
/// animated transaction.
public enum ContentTransitionSpec: Sendable {
    /// `.identity`: the new string shows at once (the format's default for text).
    case identity
    /// `.opacity`: the old string fades out as the new one fades in.
    case opacity
    /// `.numericText(countsDown:)`: the glyphs that change roll vertically (up, or down when counting
    /// down) with a fade, a blur and a scale; unchanged ones stay (they slide when the line reflows).
    case numericText(countsDown: Binding?)
    /// `.numericText(value:)` (iOS 17): as `numericText`, counting down when the value decreased.
    case numericValue(Binding)
    /// `.interpolate`: with the same string, each run's size, weight and colour interpolate; a new string
    /// cross-fades, as `.opacity`.
    case interpolate

    /// The names `contentTransition` accepts.
    public static let names = ["identity", "opacity", "numericText", "interpolate"]
}
