import Expressions

/// A system control (SwiftUI `Toggle`, `Slider`, `Stepper`, `Button`, `TextField`, `ProgressView`, `Picker`): what the
/// scene says about it, typed. Compose lays it out and draws it as iOS draws it (`Composer+Controls.swift`);
/// what a tap or drag on it does is decoded into the view's own `onTap` and `onDrag` (a stepper's two
/// segments into `StepperSpec.decrement` and `increment`, a picker's segments into `PickerSpec.taps`).
public enum ControlSpec: Sendable {
    case toggle(ToggleSpec)
    case progressView(ProgressViewSpec)
    case slider(SliderSpec)
    case stepper(StepperSpec)
    case button(ButtonSpec)
    case textField(TextFieldSpec)
    case picker(PickerSpec)

    /// The control's key in the format (`"toggle"`), as `render inspect` names its kind.
    public var name: String {
        switch self {
        case .toggle: return "toggle"
        case .progressView: return "progressView"
        case .slider: return "slider"
        case .stepper: return "stepper"
        case .button: return "button"
        case .textField: return "textField"
        case .picker: return "picker"
        }
    }

    /// Where the control's key is written: its value's JSON path and line:column.
    public var site: ControlSite {
        switch self {
        case .toggle(let spec): return spec.site
        case .progressView(let spec): return spec.site
        case .slider(let spec): return spec.site
        case .stepper(let spec): return spec.site
        case .button(let spec): return spec.site
        case .textField(let spec): return spec.site
        case .picker(let spec): return spec.site
        }
    }

    /// The bindings the control reads in the view's scope (checked by the validator).
    public var bindings: [Binding] {
        switch self {
        case .toggle(let spec): return [spec.value, spec.label, spec.tint].compactMap { $0 }
        case .progressView(let spec): return [spec.value, spec.total, spec.tint].compactMap { $0 }
        case .slider(let spec): return [spec.value, spec.label, spec.tint].compactMap { $0 }
        case .stepper(let spec): return [spec.value, spec.label].compactMap { $0 }
        case .button(let spec): return [spec.title, spec.tint].compactMap { $0 }
        case .textField(let spec): return [spec.value, spec.prompt, spec.focused].compactMap { $0 }
        case .picker(let spec): return spec.scopeBindings
        }
    }
}

/// Where a control's key is written, for the parts Compose builds and the errors they report.
public struct ControlSite: Sendable {
    public var path: JSONPath
    public var location: SourceLocation

    public init(path: JSONPath, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// A control's `in` range and `step`, checked at load: `low <= high`, `step > 0`.
public struct ControlRange: Sendable {
    public var low: Double
    public var high: Double
    public var step: Double?

    public init(low: Double, high: Double, step: Double?) {
        self.low = low
        self.high = high
        self.step = step
    }

    /// `value` clamped to the range: `clamp(value, low, high)`.
    public func clamped(_ value: Expr) -> Expr { .function("clamp", [value, .number(low), .number(high)]) }

    /// `value` clamped to the range, then, with a step, rounded to the nearest low + k * step not above high:
    /// `min(low + round((clamped - low) / step) * step, low + floor((high - low) / step) * step)`.
    public func snapped(_ value: Expr) -> Expr {
        guard let step else { return clamped(value) }
        let (lo, s) = (Expr.number(low), Expr.number(step))
        /// `low + function((x - low) / step) * step`.
        func onStep(_ function: String, _ x: Expr) -> Expr {
            .binary(lo, .add, .binary(.function(function, [.binary(.binary(x, .subtract, lo), .divide, s)]), .multiply, s))
        }
        return .function("min", [onStep("round", clamped(value)), onStep("floor", .number(high))])
    }
}

/// The parts of a control's look are views of the format; Compose builds them, so their specs take
/// public constructors here.
extension FrameSpec {
    public static func sized(width: Binding? = nil, height: Binding? = nil, maxWidth: Binding? = nil,
                             alignment: Binding? = nil) -> FrameSpec {
        FrameSpec(width: width, height: height, minWidth: nil, maxWidth: maxWidth, minHeight: nil, maxHeight: nil,
                  alignment: alignment)
    }
}

extension EdgeBindings {
    /// The same inset on the leading and trailing edges.
    public static func horizontal(_ inset: Binding) -> EdgeBindings {
        EdgeBindings(top: nil, leading: inset, bottom: nil, trailing: inset)
    }
}

extension StackSpec {
    public static func of(_ axis: Axis, spacing: Binding? = nil, alignment: Binding? = nil, _ children: [Node]) -> StackSpec {
        StackSpec(axis: axis, spacing: spacing, alignment: alignment, children: children)
    }
}

extension ShapeSpec {
    public static func filled(_ geometry: Geometry, _ fill: Binding, stroke: StrokeSpec? = nil) -> ShapeSpec {
        ShapeSpec(geometry: geometry, fill: .color(fill), stroke: stroke)
    }
}

extension StrokeSpec {
    /// A solid stroke with butt caps and miter joins.
    public static func solid(_ color: Binding, lineWidth: Binding) -> StrokeSpec {
        StrokeSpec(paint: .color(color), lineWidth: lineWidth, lineCap: .butt, lineJoin: .miter, dash: [])
    }
}

extension ShadowSpec {
    public static func below(color: Binding, radius: Binding, y: Binding) -> ShadowSpec {
        ShadowSpec(color: color, radius: radius, x: nil, y: y)
    }
}

extension FontSpec {
    public static func sized(_ size: Binding) -> FontSpec {
        FontSpec(style: nil, design: nil, family: nil, size: size, weight: nil, italic: nil)
    }
}

extension TextSpec {
    /// One run of `text` on one line, with no colour or font of its own.
    public static func line(_ text: Binding, alignment: MultilineAlignment) -> TextSpec {
        TextSpec(runs: [Run(text: text, color: nil, font: nil, baselineOffset: nil)], alignment: alignment, lineLimit: 1,
                 minimumScaleFactor: nil)
    }
}

extension AnimationSpec {
    public static func at(_ expression: Expression, path: JSONPath, location: SourceLocation) -> AnimationSpec {
        AnimationSpec(expression: expression, path: path, location: location)
    }
}

extension TextSpec.Run {
    /// A run of `text` in `color` and `font`, for a canvas's text command.
    public static func styled(_ text: Binding, color: Binding?, font: FontSpec?) -> TextSpec.Run {
        TextSpec.Run(text: text, color: color, font: font, baselineOffset: nil)
    }
}

extension FontSpec {
    /// A size and a weight (a weight's name, or an expression choosing one).
    public static func sized(_ size: Binding, weight: Binding) -> FontSpec {
        FontSpec(style: nil, design: nil, family: nil, size: size, weight: weight, italic: nil)
    }
}

extension Binding {
    /// The binding as an expression tree: a constant as a literal, a template as an interpolated string.
    public var tree: Expr {
        switch source {
        case .constant(let v): return .value(v)
        case .expression(let e): return e.root
        case .template(let t): return .template(t.pieces, at: Expr.built)
        }
    }
}
