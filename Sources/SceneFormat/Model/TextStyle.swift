/// SwiftUI's Dynamic Type text styles at the default ("Large") content size on iOS.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// The point size.
    public var size: Double {
        switch self {
        case .largeTitle: return 34
        case .title: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline, .body: return 17
        case .callout: return 16
        case .subheadline: return 15
        case .footnote: return 13
        case .caption: return 12
        case .caption2: return 11
        }
    }

    /// The weight name: `headline` is semibold, every other style regular.
    public var weight: String { self == .headline ? "semibold" : "regular" }
}

/// SwiftUI's `Font.Design` values Flipbook draws, with the installed family each maps to.
public enum FontDesign: String, Sendable, CaseIterable {
    /// San Francisco; drawn with Inter (Debian's `fonts-inter`).
    case `default`
    /// SF Pro Rounded; drawn with Quicksand (Debian's `fonts-quicksand`), the closest packaged rounded sans.
    case rounded
    /// SF Mono; drawn with DejaVu Sans Mono (Debian's `fonts-dejavu-core`): every character one advance wide.
    case monospaced
    /// New York; drawn with DejaVu Serif (Debian's `fonts-dejavu-core`).
    case serif

    /// The font family used for the design.
    public var family: String {
        switch self {
        case .default: return "Inter"
        case .rounded: return "Quicksand"
        case .monospaced: return "DejaVu Sans Mono"
        case .serif: return "DejaVu Serif"
        }
    }
}
