import Expressions

/// SwiftUI `Image(systemName:)`: an SF Symbol by name, sized and weighted by the font, coloured by the
/// foreground colour.
public struct SymbolSpec: Sendable {
    /// The symbol's name: a constant, or an expression giving one (`isLiked ? 'heart.fill' : 'heart'`).
    public var name: Binding

    public init(name: Binding) {
        self.name = name
    }
}
