import Expressions
import SceneFormat

/// `textField`: SwiftUI's `TextField(_:text:)` with `.textFieldStyle(_:)`, as iOS 17 draws it in light mode:
/// the bound string in one line of text, the prompt in placeholder grey over it while the string is empty,
/// and for `roundedBorder` a white rounded rectangle with a hairline border behind them; with `focused`, a
/// blinking insertion point after the text.
extension Composer {
    /// A `roundedBorder` field (a `UITextField` with `borderStyle = .roundedRect`): its height, corner
    /// radius, the text's inset from the sides and the border's width, in points.
    static let roundedBorderField = (height: 34.0, cornerRadius: 5.0, inset: 7.0, borderWidth: 0.5)
    /// `UIColor.placeholderText` (light): RGB 60 60 67 at 30 %.
    static let placeholderText = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// `UIColor.separator` (light): RGB 60 60 67 at 29 %, the rounded border's colour.
    static let separatorColor = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    /// The text field's font size: body, 17 pt.
    static let textFieldFontSize = 17.0
    /// The insertion point: a 2 pt wide bar with round ends, as high as the 17 pt line (estimated).
    static let caretSize = (width: 2.0, height: 20.0)
    /// The insertion point's blink: shown for the first half of each period, hidden for the second.
    static let caretBlinkPeriod = 1.0

    static func textFieldBody(_ spec: TextFieldSpec, enabled: Bool, _ parts: ControlParts) -> StackSpec {
        let string = Expr.name(spec.name)
        func line(_ text: Binding, _ name: String) -> Node { parts.part(.text(.line(text, alignment: .leading)), name) }
        // The prompt is drawn while the string is empty; it also gives an empty field its line's height.
        var prompt = line(spec.prompt ?? parts.constant(.string(" ")), "prompt")
        prompt.style.foregroundColor = parts.constant(placeholderText)
        prompt.effects.opacity = parts.tree(.choose(.binary(string, .equal, .value(.string(""))), .number(1), .number(0)))
        var text = line(parts.tree(string), "text")
        if let focused = spec.focused {
            // `.focused($isFocused)`: while focused, the insertion point blinks after the text, in the tint.
            var caret = parts.shape(.capsule, fill: parts.constant(ControlColors.systemBlue), "caret")
            caret.frame = .sized(width: parts.constant(caretSize.width), height: parts.constant(caretSize.height))
            // focused && mod(time, period) < period / 2 ? 1 : 0
            let period = Expr.number(caretBlinkPeriod)
            let shown = Expr.binary(.function("mod", [.name("time"), period]), .less, .binary(period, .divide, .number(2)))
            caret.effects.opacity = parts.tree(.choose(.binary(focused.tree, .and, shown), .number(1), .number(0)))
            text = parts.part(.stack(.of(.horizontal, spacing: parts.constant(0), [text, caret])), "line")
        }
        var field = parts.part(.stack(.of(.z, alignment: parts.constant(.string("leading")), [prompt, text])), "field")
        if !spec.setsFont { field.style.font = .sized(parts.constant(textFieldFontSize)) }
        // A text field takes the whole width offered; its text starts at the leading edge.
        field.frame = .sized(maxWidth: parts.constant(.infinity), alignment: parts.constant(.string("leading")))
        switch spec.style {
        case .roundedBorder:
            let geometry = roundedBorderField
            field.frame?.height = parts.constant(geometry.height)
            field.padding = .horizontal(parts.constant(geometry.inset))
            let border = StrokeSpec.solid(parts.constant(separatorColor), lineWidth: parts.constant(geometry.borderWidth))
            field.modifierValues[BackgroundModifier.self] = parts.part(.shape(.filled(.roundedRectangle(cornerRadius: parts.constant(geometry.cornerRadius)),
                                                                      parts.constant(ControlColors.white), stroke: border)), "border")
        case .automatic, .plain:
            break
        }
        // Disabled: the field dimmed (`disabledControlOpacity`).
        if !enabled { field.effects.opacity = parts.constant(disabledControlOpacity) }
        return .of(.z, [field])
    }
}
