import DisplayList
import Expressions
import SceneFormat

/// Colour effects and blend modes: one `ColorEffectItem` around the view as drawn.
extension Composer {
    /// `items` (the view with its effects and opacity) under its colour matrix and blend mode. Each
    /// amount is an attribute of the node (`hueRotation`, `saturation`, ...; `colorMultiply` a colour).
    func applyColorEffects(_ node: Node, to items: [DisplayItem], _ scope: ComposeScope) throws(SceneError) -> [DisplayItem] {
        let spec = node.colorEffects
        guard !spec.isEmpty, !items.isEmpty else { return items }
        var matrix: ColorMatrix?
        func then(_ next: ColorMatrix) { matrix = matrix.map { next.after($0) } ?? next }
        if let binding = spec.colorMultiply {
            then(.multiply(scope.animated(node, "colorMultiply", Composer.color(try scope.color(binding)))))
        }
        func amount(_ binding: Binding?, _ name: String) throws(SceneError) -> Double? {
            guard let binding else { return nil }
            let value = try scope.number(binding)
            guard value.isFinite else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "\(scope.timeLabel): \(name) must be a finite number, got \(NumberFormat.shortest(value))")
            }
            return scope.animated(node, name, value)
        }
        if let degrees = try amount(spec.hueRotation, "hueRotation") { then(.hueRotation(degrees: degrees)) }
        if let s = try amount(spec.saturation, "saturation") { then(.saturation(s)) }
        if let g = try amount(spec.grayscale, "grayscale") { then(.grayscale(g)) }
        if let b = try amount(spec.brightness, "brightness") { then(.brightness(b)) }
        if let c = try amount(spec.contrast, "contrast") { then(.contrast(c)) }
        let blend = spec.blendMode?.drawn ?? .normal
        if matrix == nil && blend == .normal { return items }
        return [.colorEffect(ColorEffectItem(matrix: matrix, blendMode: blend, children: items))]
    }
}

extension ViewBlendMode {
    /// The display list's blend mode that draws this one.
    var drawn: BlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationOut: return .destinationOut
        case .plusLighter: return .plusLighter
        }
    }
}
