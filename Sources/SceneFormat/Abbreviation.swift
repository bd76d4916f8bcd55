/// Shortens values quoted in error messages, so that a 100,000-digit number or a long string in a scene
/// file gives a one-line message of sensible length.
public enum Abbreviation {
    /// The longest literal quoted whole, in characters.
    public static let maxQuoted = 60
    /// The longest message shown whole, in characters.
    public static let maxMessage = 600

    /// `text` if it has at most `maxQuoted` characters, else its first 40 and last 12 characters around
    /// "…(N characters)…"; control characters are written as JSON escapes so the message stays on one line.
    public static func literal(_ text: String) -> String {
        SceneError.escapingControlCharacters(middle(text, limit: maxQuoted, head: 40, tail: 12))
    }

    /// A whole message, shortened in its middle when it is over `maxMessage` characters (a last resort
    /// for messages that quote long values).
    static func message(_ text: String) -> String {
        middle(text, limit: maxMessage, head: 400, tail: 150)
    }

    static func middle(_ text: String, limit: Int, head: Int, tail: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var result = String.UnicodeScalarView(scalars.prefix(head))
        result.append(contentsOf: "…(\(scalars.count) characters)…".unicodeScalars)
        result.append(contentsOf: scalars.suffix(tail))
        return String(result)
    }
}
