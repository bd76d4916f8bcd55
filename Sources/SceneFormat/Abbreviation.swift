/// Shortens values quoted in error messages, so that a 100,000-digit number or a long string in a scene
/// file gives a one-line message of sensible length.
public enum Abbreviation {
    /// The longest literal quoted whole, in characters.
    public static let maxQuoted = 60

    /// `text` if it has at most `maxQuoted` characters, else its start and end around
    /// "…(N characters)…"; control characters are shown as `\u{...}` escapes so the message stays on one line.
    public static func literal(_ text: String) -> String {
        let characters = Array(text.unicodeScalars)
        guard characters.count > maxQuoted else { return escaped(characters[...]) }
        return escaped(characters[0..<40]) + "…(\(characters.count) characters)…" + escaped(characters[(characters.count - 12)...])
    }

    static func escaped(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var out = ""
        for scalar in scalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
