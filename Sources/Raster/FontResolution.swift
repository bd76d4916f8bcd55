import CCairo
import CPango

/// What this machine's text stack is: the Cairo and Pango versions, and the font file a family resolves to.
///
/// A golden's text is drawn with the machine's fonts, so the golden tests stamp these beside the goldens
/// and name what differs when a frame fails (see `GoldenEnvironment`).
public enum FontResolution {
    /// A family resolved to an installed font.
    public struct ResolvedFont: Sendable, Equatable, Codable {
        /// The family of the font found: another one than asked for when the family is not installed.
        public var family: String
        /// The font file.
        public var file: String
        /// The font's version from its `head` table (`4.0`), when it has one.
        public var version: String?

        public init(family: String, file: String, version: String? = nil) {
            self.family = family
            self.file = file
            self.version = version
        }
    }

    /// The Cairo library's version (`1.16.0`).
    public static var cairoVersion: String { String(cString: cairo_version_string()) }
    /// The Pango library's version (`1.50.12`).
    public static var pangoVersion: String { String(cString: pango_version_string()) }

    /// The font the regular, upright face of `family` resolves to, through fontconfig's default
    /// configuration with the substitutions Pango's font map applies (`FcConfigSubstitute`,
    /// `FcDefaultSubstitute`, then the best match, which is the first font Pango tries). A family that
    /// is not installed resolves to the configuration's fallback (DejaVu Sans on Debian).
    public static func resolve(family: String) -> ResolvedFont? {
        FontLock.withLock {
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, "family", $0)
                }
            }
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            func string(_ key: String) -> String? {
                var value: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(match, key, 0, &value) == FcResultMatch, let value else { return nil }
                return String(cString: value)
            }
            guard let file = string("file"), let found = string("family") else { return nil }
            var version: Int32 = 0
            var text: String?
            if FcPatternGetInteger(match, "fontversion", 0, &version) == FcResultMatch, version > 0 {
                // A 16.16 fixed-point number: 0x00040000 is 4.0; up to three decimals, trailing zeros dropped.
                let thousandths = Int((Double(version) / 65536 * 1000).rounded())
                var fraction = String(thousandths % 1000)
                fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
                while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
                text = "\(thousandths / 1000).\(fraction)"
            }
            return ResolvedFont(family: found, file: file, version: text)
        }
    }

    /// What to say when `family` resolves to `resolved`, another family (a fallback the text is drawn with),
    /// naming the font used and what to install; nil when it is the family itself or one of fontconfig's
    /// generic names (which resolve to another family by design).
    public static func fallbackWarning(family: String, resolved: ResolvedFont) -> String? {
        guard resolved.family.caseInsensitiveCompare(family) != .orderedSame,
              !genericFamilies.contains(family.lowercased()) else { return nil }
        return "the scene asks for the font family '\(family)', which this machine does not have: it resolves to "
            + "\(resolved.described) instead; \(installAdvice(family))"
    }

    /// Fontconfig's generic names, which always resolve to another family by design.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji"]

    /// The Debian package of the families Flipbook's designs draw with (docs/ci.md installs them).
    static let debianPackages = ["inter": "fonts-inter", "quicksand": "fonts-quicksand",
                                 "dejavu sans": "fonts-dejavu-core", "dejavu sans mono": "fonts-dejavu-core",
                                 "dejavu serif": "fonts-dejavu-core"]

    /// What to install for `family`.
    public static func installAdvice(_ family: String) -> String {
        debianPackages[family.lowercased()].map { "install \($0)" } ?? "install a font of the family '\(family)'"
    }
}

extension FontResolution.ResolvedFont {
    /// `Inter 4.0 from /usr/share/fonts/opentype/inter/Inter-Regular.otf`.
    public var described: String {
        "\(family)\(version.map { " " + $0 } ?? "") from \(file)"
    }
}
