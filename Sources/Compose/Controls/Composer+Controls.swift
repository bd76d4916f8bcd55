import Expressions
import SceneFormat

/// System controls, laid out and drawn as iOS 17 draws them in light mode, from their specs.
///
/// A control's look is a stack of the format's own views (shapes, text) over the state it is bound to,
/// as a SwiftUI `ToggleStyle` or `ButtonStyle` makes its body of views: built once per render from the
/// spec (`controlBodies`), then laid out, animated and drawn like any stack. The reference measurements,
/// and where they come from, are in docs/scene-format.md ("System controls") and beside each constant.
extension Composer {
    /// The stack a control draws as in `env`: enabled or disabled, and for an enabled button, its title in
    /// the foreground set around it (built once per render; see `ControlBodies`).
    func controlBody(_ node: Node, _ control: ControlSpec, _ env: LayoutEnvironment) throws(SceneError) -> StackSpec {
        let inherits = env.isEnabled && env.setsForeground
        if let bodies = controlBodies.bodies[node.path] {
            return !env.isEnabled ? bodies.disabled : inherits ? bodies.inheriting ?? bodies.enabled : bodies.enabled
        }
        return try Self.makeControlBody(control, id: node.id, enabled: env.isEnabled, inheritsForeground: inherits)
    }

    /// The stack `control` draws as. Disabled (SwiftUI's `isEnabled` false, from a `disabled` on the view or
    /// above it), a control draws "with a dimmed appearance" (UIKit's `UIControl.State.disabled`,
    /// https://developer.apple.com/documentation/uikit/uicontrol/state-swift.struct/disabled); see each
    /// control's file for what it dims.
    /// `inheritsForeground`: a foreground is set around the control (only a button's title reads it).
    static func makeControlBody(_ control: ControlSpec, id: String?, enabled: Bool,
                                inheritsForeground: Bool = false) throws(SceneError) -> StackSpec {
        let parts = ControlParts(site: control.site)
        switch control {
        case .toggle(let spec): return try toggleBody(spec, enabled: enabled, parts)
        case .progressView(let spec): return try progressViewBody(spec, parts)
        case .slider(let spec): return try sliderBody(spec, enabled: enabled, parts)
        case .stepper(let spec): return try stepperBody(spec, id: id, enabled: enabled, parts)
        case .button(let spec): return try buttonBody(spec, enabled: enabled, inheritsForeground: inheritsForeground, parts)
        case .textField(let spec): return try textFieldBody(spec, enabled: enabled, parts)
        }
    }

    /// `node` with a control's body in place of its spec (other views unchanged), for the code that reads a
    /// stack's layout (baselines).
    func expandingControl(_ node: Node, _ env: LayoutEnvironment) throws(SceneError) -> Node {
        guard case .control(let control) = node.kind else { return node }
        var expanded = node
        expanded.kind = .stack(try controlBody(node, control, env))
        return expanded
    }

    /// UIKit publishes no value for a disabled control's dimming; Flipbook draws a disabled switch, slider
    /// and text field at half opacity. (A disabled button and stepper take UIKit's disabled colours instead:
    /// see `Composer+Button.swift` and `Composer+Stepper.swift`.)
    static let disabledControlOpacity = 0.5
}

/// The bodies of a scene's controls, enabled and disabled (and a button's, enabled, with its title in the
/// foreground set around it), by the control's JSON path, built when the composer is made.
struct ControlBodies: Sendable {
    var bodies: [JSONPath: (enabled: StackSpec, disabled: StackSpec, inheriting: StackSpec?)] = [:]

    init() {}

    init(_ scene: Scene) {
        _ = scene.containsView { node in
            if case .control(let control) = node.kind,
               let enabled = try? Composer.makeControlBody(control, id: node.id, enabled: true),
               let disabled = try? Composer.makeControlBody(control, id: node.id, enabled: false) {
                var inheriting: StackSpec?
                if case .button = control {
                    inheriting = try? Composer.makeControlBody(control, id: node.id, enabled: true, inheritsForeground: true)
                }
                bodies[node.path] = (enabled, disabled, inheriting)
            }
            return false
        }
    }

    /// The views inside the bodies (for the planner's watched names).
    var views: [Node] { bodies.values.flatMap { $0.enabled.children + $0.disabled.children + ($0.inheriting?.children ?? []) } }
}

/// Colours the controls share: UIKit's light-appearance values.
enum ControlColors {
    /// `UIColor.systemGreen` (light): a switch's default on colour.
    static let systemGreen = ColorValue(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
    /// `UIColor.secondarySystemFill` (light): a switch's off track.
    static let secondarySystemFill = ColorValue(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
    /// `UIColor.systemFill` (light): a progress view's and a slider's track.
    static let systemFill = ColorValue(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2)
    /// `UIColor.tertiarySystemFill` (light): a segmented control's and a stepper's background, and a
    /// disabled bordered button's.
    static let tertiarySystemFill = ColorValue(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
    /// `UIColor.systemBlue` (light): the default tint (accent colour).
    static let systemBlue = ColorValue(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    /// `UIColor.systemRed` (light): a destructive button's tint.
    static let systemRed = ColorValue(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
    /// White: a switch's knob, a slider's thumb, a rounded text field.
    static let white = ColorValue(red: 1, green: 1, blue: 1, alpha: 1)
    /// `UIColor.label` (light): black.
    static let label = ColorValue(red: 0, green: 0, blue: 0, alpha: 1)
    /// `UIColor.tertiaryLabel` (light), RGB 60 60 67 at 30 %: a disabled button's title.
    static let tertiaryLabel = ColorValue(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// The shadow under a switch's knob and a slider's thumb: UIKit's private `_controlShadowColor`, whose
    /// value is not published; black at 15 % by eye.
    static let controlShadow = ColorValue(red: 0, green: 0, blue: 0, alpha: 0.15)
}

/// Builds the parts of one control's look: views with no modifiers, bindings at the control's key.
struct ControlParts {
    let site: ControlSite

    /// An expression over the control's names, reported at the control's key if it does not parse.
    func binding(_ source: String) throws(SceneError) -> Binding {
        do {
            return Binding(.expression(try Expression(parsing: source)), path: site.path, location: site.location)
        } catch {
            throw SceneError(path: site.path, location: site.location, message: "invalid expression \"\(source)\": \(error.message)")
        }
    }

    func constant(_ v: Value) -> Binding { Binding(.constant(v), path: site.path, location: site.location) }
    func constant(_ n: Double) -> Binding { constant(.number(n)) }
    func constant(_ c: ColorValue) -> Binding { constant(.color(c)) }

    /// A view of `kind` with no modifiers, at `part` under the control's key.
    func part(_ kind: NodeKind, _ part: String) -> Node { Node.empty(kind, path: site.path.appending(part)) }

    /// A shape with a fill.
    func shape(_ geometry: ShapeSpec.Geometry, fill: Binding, _ name: String) -> Node {
        part(.shape(.filled(geometry, fill)), name)
    }

    /// A stack.
    func stack(_ axis: StackSpec.Axis, _ children: [Node], _ name: String) -> Node {
        part(.stack(.of(axis, children)), name)
    }

    /// A control's label: one line of text, leading, taking the width the control leaves (SwiftUI's
    /// `Toggle` and `Stepper` put the label leading and the control trailing).
    static func label(_ label: Binding) -> Node {
        var text = Node.empty(.text(.line(label, alignment: .leading)), path: label.path)
        func constant(_ v: Value) -> Binding { Binding(.constant(v), path: label.path, location: label.location) }
        text.frame = .sized(maxWidth: constant(.number(.infinity)), alignment: constant(.string("leading")))
        return text
    }

    /// A binding as an expression operand: a constant number in its shortest form, a colour as `rgba(...)`,
    /// a bool as `true` or `false`, an expression parenthesised.
    static func operand(_ binding: Binding) -> String {
        switch binding.source {
        case .constant(.number(let n)): return NumberFormat.shortest(n)
        case .constant(.color(let c)): return operand(c)
        case .constant(.bool(let b)): return b ? "true" : "false"
        case .constant(let v): return "(\(v))"
        case .expression(let e): return "(\(e.source))"
        case .template: return "''"
        }
    }

    /// A constant colour as an expression, exactly.
    static func operand(_ c: ColorValue) -> String {
        "rgba(\(c.red), \(c.green), \(c.blue), \(c.alpha))"
    }
}
