import Expressions
import Symbols

/// SwiftUI `Image(systemName:)`: an SF Symbol by name, sized and weighted by the font, coloured by the
/// foreground colour, with its iOS 17 symbol effect and content transition.
public struct SymbolSpec: Sendable {
    /// The symbol's name: a constant, or an expression giving one (`isLiked ? 'heart.fill' : 'heart'`).
    public var name: Binding
    /// `.symbolEffect(_:value:)` or `.symbolEffect(_:isActive:)`.
    public var effect: SymbolEffectSpec?
    /// `.contentTransition(.symbolEffect(.replace))`: how an animated change of name is drawn.
    public var replace: SymbolReplaceSpec?
    /// `Image(systemName:variableValue:)`: 0...1; a variable layer is lit when the value reaches its
    /// threshold, the others are dimmed (symbols without variable layers ignore it, as on iOS).
    public var variableValue: Binding?

    public init(name: Binding, effect: SymbolEffectSpec? = nil, replace: SymbolReplaceSpec? = nil,
                variableValue: Binding? = nil) {
        self.name = name
        self.effect = effect
        self.replace = replace
        self.variableValue = variableValue
    }
}

/// One of iOS 17's symbol effects on a symbol image.
public struct SymbolEffectSpec: Sendable {
    public enum Kind: String, Sendable {
        /// `.bounce`: a brief scale up (or down) and back, each time `value` changes (discrete).
        case bounce
        /// `.pulse`: the opacity fades and returns: once per change of `value`, or over and over while active.
        case pulse
        /// `.scale`: scaled up (or down) while active.
        case scale
        /// `.variableColor`: the variable layers light one after another, over and over while active or
        /// once per change of `value` (symbols without variable layers do not animate, as on iOS).
        case variableColor
    }

    /// What starts the effect.
    public enum Trigger: Sendable {
        /// `value:`: the discrete effect plays each time the value changes.
        case value(Binding)
        /// `isActive:` (true when nil): the indefinite effect runs while it holds.
        case isActive(Binding?)
    }

    public var kind: Kind
    /// `.up` (true, the default) or `.down`, for bounce and scale.
    public var up: Bool
    public var trigger: Trigger
    public var path: JSONPath
    /// `.variableColor`'s options (`.iterative`, `.reversing`, `.hideInactiveLayers`).
    public var variableColor: VariableColor.Options

    public init(kind: Kind, up: Bool, trigger: Trigger, path: JSONPath,
                variableColor: VariableColor.Options = VariableColor.Options()) {
        self.kind = kind
        self.up = up
        self.trigger = trigger
        self.path = path
        self.variableColor = variableColor
    }
}

/// `.contentTransition(.symbolEffect(.replace.downUp))`: the old symbol goes and the new one comes.
public struct SymbolReplaceSpec: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// The old symbol scales down as it fades out, the new one scales up as it fades in (the default).
        case downUp
        /// Both scale up: the old one out, the new one in.
        case upUp
        /// The old symbol disappears at once; the new one scales up as it fades in.
        case offUp
    }

    public var style: Style

    public init(style: Style) {
        self.style = style
    }
}
