import Geometry

/// Text to draw: one or more styled runs laid out in a box.
///
/// The layout engine (Pango) breaks lines within `width` when it is set; `origin` is the top-left of the
/// layout box. The same description is used to measure text (see `TextMeasuring` in Compose), so what is
/// measured is what is drawn.
public struct TextItem: Sendable, Equatable {
    public var runs: [TextRun]
    public var origin: Point
    /// The wrap width in points; nil means one line per paragraph, no wrapping.
    public var width: Double?
    public var alignment: TextAlignment
    /// The most lines to show, counted over the whole text as SwiftUI does (paragraph breaks included);
    /// the last one is truncated with an ellipsis. nil: no limit.
    public var lineLimit: Int?
    /// The text view (or canvas text) that draws it; nil when not known.
    public var source: SourcePlace?

    public init(runs: [TextRun], origin: Point, width: Double? = nil, alignment: TextAlignment = .leading,
                lineLimit: Int? = nil, source: SourcePlace? = nil) {
        self.runs = runs
        self.origin = origin
        self.width = width
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.source = source
    }

    /// All runs' text, joined.
    public var string: String { runs.map(\.text).joined() }
}

/// A stretch of text in one font and colour.
public struct TextRun: Sendable, Equatable {
    public var text: String
    public var font: Font
    public var color: Color
    /// Points the run is raised above the baseline (SwiftUI `Text.baselineOffset`); negative lowers it.
    public var baselineOffset: Double

    public init(text: String, font: Font, color: Color, baselineOffset: Double = 0) {
        self.text = text
        self.font = font
        self.color = color
        self.baselineOffset = baselineOffset
    }
}

/// A font request: family, size in points, weight and slant.
public struct Font: Sendable, Hashable {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    public var italic: Bool

    public init(family: String = "Inter", size: Double = 17, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}

/// SwiftUI's `Font.Weight`, with the CSS/OpenType weight each maps to.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType weight class (100...900).
    public var value: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
}

public enum TextAlignment: String, Sendable, Equatable, CaseIterable {
    case leading, center, trailing
}
