extension SceneDecoder {
    /// The longest scene name, in characters; the output's file name adds `.gif` (and a temporary
    /// name `.<name>.gif.partial-<pid>`), which must stay under the 255 bytes a file name may have.
    public static let maxNameCharacters = 100
    /// The longest scene name in UTF-8 bytes.
    public static let maxNameBytes = 200

    /// The scene's `name`: it names the default output (`out/<name>.gif`), so it must be a plain, visible
    /// file name: not empty, no `/` or `\`, no control characters (NUL, newlines, tabs, ...), not starting
    /// with `.` (a hidden file, or `..`), at most 100 characters and 200 bytes.
    static func decodeName(_ reader: JSONReader) throws(SceneError) -> String {
        let name = try reader.string()
        let shown = "\"" + Abbreviation.literal(name) + "\""
        guard !name.isEmpty else { throw reader.error("a scene name must not be empty") }
        if let bad = name.unicodeScalars.first(where: isControl) {
            throw reader.error("the scene name \(shown) contains the control character U+\(hex(bad.value)); "
                               + "a scene name must be a plain file name")
        }
        if let separator = name.first(where: { $0 == "/" || $0 == "\\" }) {
            throw reader.error("the scene name \(shown) contains \"\(separator)\"; a scene name must be a plain file name")
        }
        guard !name.hasPrefix(".") else {
            throw reader.error("the scene name \(shown) starts with \".\"; a scene name must be a plain, visible file name")
        }
        let characters = name.unicodeScalars.count
        guard characters <= maxNameCharacters, name.utf8.count <= maxNameBytes else {
            throw reader.error("the scene name has \(characters) characters (\(name.utf8.count) bytes); "
                               + "the limit is \(maxNameCharacters) characters and \(maxNameBytes) bytes")
        }
        return name
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
