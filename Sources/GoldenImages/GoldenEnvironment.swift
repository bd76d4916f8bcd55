import Flipbook
import Foundation

/// The text stack a folder of goldens was recorded with, stamped beside them as
/// `flipbook-environment.json`, and what differs on the machine that checks them.
///
///     {"cairo": "1.16.0", "flipbook": "0.6.0", "pango": "1.50.12",
///      "fonts": {"Inter": {"family": "Inter", "file": "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "version": "4.0"}}}
///
/// Text is drawn with the machine's fonts, FreeType, Cairo and Pango: goldens recorded on one machine
/// and checked on another with a different font fail by many pixels. The stamp turns such a failure
/// into a sentence naming the difference. `fonts` maps each family the scenes asked for to the font file
/// it resolved to (its regular face; see `FontResolution.resolve(family:)`).
public struct GoldenEnvironment: Sendable, Equatable, Codable {
    public var flipbook: String
    public var cairo: String
    public var pango: String
    public var fonts: [String: FontResolution.ResolvedFont]

    public init(flipbook: String, cairo: String, pango: String, fonts: [String: FontResolution.ResolvedFont]) {
        self.flipbook = flipbook
        self.cairo = cairo
        self.pango = pango
        self.fonts = fonts
    }

    /// The stamp's file name, in the goldens' folder.
    public static let fileName = "flipbook-environment.json"

    /// This machine's environment for `families`.
    public static func current(families: Set<String>) -> GoldenEnvironment {
        var fonts: [String: FontResolution.ResolvedFont] = [:]
        for family in families { fonts[family] = FontResolution.resolve(family: family) }
        return GoldenEnvironment(flipbook: FlipbookVersion.current, cairo: FontResolution.cairoVersion,
                                 pango: FontResolution.pangoVersion, fonts: fonts)
    }

    /// The stamp in `folder`, when there is a readable one.
    public static func read(folder: String) -> GoldenEnvironment? {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: path) else { return nil }
        return try? JSONDecoder().decode(GoldenEnvironment.self, from: data)
    }

    /// Writes this environment as the stamp of `folder`, keeping the fonts an earlier stamp lists for
    /// other families (goldens of other scenes in the same folder).
    public func write(folder: String) throws {
        var stamp = self
        if let earlier = Self.read(folder: folder) {
            stamp.fonts = earlier.fonts.merging(fonts) { _, new in new }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(stamp) + Data("\n".utf8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// What differs between these goldens' stamp (`self`) and `current`, one sentence each.
    public func differences(from current: GoldenEnvironment) -> [String] {
        var notes: [String] = []
        for family in fonts.keys.sorted() {
            guard let recorded = fonts[family] else { continue }
            guard let now = current.fonts[family] ?? FontResolution.resolve(family: family) else {
                notes.append("goldens were recorded with \(recorded.described); this machine resolves no font for '\(family)'")
                continue
            }
            if now.file != recorded.file || now.family != recorded.family || now.version != recorded.version {
                var note = "goldens were recorded with \(recorded.described); this machine resolves '\(family)' to \(now.described)"
                if now.family.caseInsensitiveCompare(family) != .orderedSame { note += ": " + FontResolution.installAdvice(family) }
                notes.append(note)
            }
        }
        if cairo != current.cairo { notes.append("goldens were recorded with Cairo \(cairo); this machine has Cairo \(current.cairo)") }
        if pango != current.pango { notes.append("goldens were recorded with Pango \(pango); this machine has Pango \(current.pango)") }
        if flipbook != current.flipbook {
            notes.append("goldens were recorded with Flipbook \(flipbook); this is Flipbook \(current.flipbook)")
        }
        return notes
    }

    /// A warning for each family of `current` that resolves to another family (a fallback).
    public static func fallbackWarnings(_ current: GoldenEnvironment) -> [String] {
        current.fonts.keys.sorted().compactMap { family in
            current.fonts[family].flatMap { FontResolution.fallbackWarning(family: family, resolved: $0) }
        }
    }

    /// The font families `player` draws text with at `times`.
    public static func families(of player: Player, at times: [Double]) -> Set<String> {
        var families: Set<String> = []
        for time in times { if let list = try? player.displayList(at: time) { families.formUnion(list.fontFamilies) } }
        return families
    }
}
