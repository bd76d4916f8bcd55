import Expressions
import SceneFormat

/// `button`: SwiftUI's `Button` with `.buttonStyle(_:)`, `.controlSize(_:)`, `.tint(_:)`, `role:` and
/// `.disabled(_:)`, as iOS 17 draws it in light mode: the title's text, with, for the bordered styles, a
/// fixed height, horizontal padding and a rounded rectangle behind it.
extension Composer {
    /// A bordered button's label font, height, horizontal padding and corner radius at a control size, in
    /// points. The fonts are the Dynamic Type sizes SwiftUI uses for the sizes' labels (footnote 13,
    /// subheadline 15, body 17); the heights, paddings and radii are estimated from iOS 17 screenshots (Apple
    /// publishes none of them), see docs/scene-format.md. `extraLarge`, new in iOS 17, is drawn as `large`:
    /// its iPhone metrics are not measured.
    struct ButtonMetrics {
        var fontSize: Double, height: Double, horizontalPadding: Double, cornerRadius: Double

        init(fontSize: Double, height: Double, horizontalPadding: Double, cornerRadius: Double) {
            self.fontSize = fontSize
            self.height = height
            self.horizontalPadding = horizontalPadding
            self.cornerRadius = cornerRadius
        }

        init(_ size: ButtonSpec.ControlSize) {
            switch size {
            case .mini: self.init(fontSize: 13, height: 24, horizontalPadding: 8, cornerRadius: 6)
            case .small: self.init(fontSize: 15, height: 28, horizontalPadding: 10, cornerRadius: 6)
            case .regular: self.init(fontSize: 17, height: 34, horizontalPadding: 12, cornerRadius: 8)
            case .large, .extraLarge: self.init(fontSize: 17, height: 50, horizontalPadding: 20, cornerRadius: 12)
            }
        }
    }

    /// The opacity of a `bordered` button's tinted background.
    static let borderedFillOpacity = 0.15

    /// `inheritsForeground`: a `foregroundColor` (or colour `foregroundStyle`) is set on the button or around
    /// it; the enabled title is then drawn in it, not in the style's colour, as SwiftUI draws it (the style's
    /// colour is the default the environment's foreground replaces: "Pass nil to remove any custom
    /// foreground color and to allow the system or the container to provide its own foreground color",
    /// https://developer.apple.com/documentation/swiftui/view/foregroundcolor(_:)). The bezel keeps the tint.
    static func buttonBody(_ spec: ButtonSpec, enabled: Bool, inheritsForeground: Bool = false,
                           _ parts: ControlParts) -> StackSpec {
        // A destructive role draws in systemRed whatever the tint.
        var tint = spec.tint?.tree ?? .color(ControlColors.systemBlue)
        if spec.role == .destructive { tint = .color(ControlColors.systemRed) }
        /// A colour: `whenEnabled`, or `whenDisabled` while the button is disabled.
        func color(_ whenEnabled: Expr, _ whenDisabled: ColorValue) -> Binding {
            parts.tree(enabled ? whenEnabled : .color(whenDisabled))
        }
        let metrics = ButtonMetrics(spec.controlSize)
        let titleColor: Expr
        switch spec.style {
        case .borderedProminent: titleColor = .color(ControlColors.white)
        case .plain: titleColor = .color(ControlColors.label)
        case .automatic, .borderless, .bordered: titleColor = tint
        }
        var label = parts.part(.text(.line(spec.title, alignment: .center)), "label")
        if !(enabled && inheritsForeground) {
            label.style.foregroundColor = color(titleColor, ControlColors.tertiaryLabel)
        }
        if !spec.setsFont { label.style.font = .sized(parts.constant(metrics.fontSize)) }
        switch spec.style {
        case .bordered, .borderedProminent:
            let fill = spec.style == .bordered ? .function("opacity", [tint, .number(borderedFillOpacity)]) : tint
            label.frame = .sized(height: parts.constant(metrics.height))
            label.padding = .horizontal(parts.constant(metrics.horizontalPadding))
            label.modifierValues[BackgroundModifier.self] = parts.shape(.roundedRectangle(cornerRadius: parts.constant(metrics.cornerRadius)),
                                                                        fill: color(fill, ControlColors.tertiarySystemFill), "background")
        case .automatic, .borderless, .plain:
            break
        }
        return .of(.z, [label])
    }
}
