import Expressions
import SceneFormat

/// `progressView`: SwiftUI's linear `ProgressView(value:total:)`, as iOS 17 draws it in light mode.
extension Composer {
    /// A linear `ProgressView`'s bar height, in points.
    static let progressBarHeight = 4.0

    /// A 4 pt capsule track across the width offered, the bar filled to value / total (clamped to 0...1)
    /// in the tint; the bar's width is a frame, so a change of the value animates with its transaction.
    static func progressViewBody(_ spec: ProgressViewSpec, _ parts: ControlParts) -> StackSpec {
        let fraction = Expr.binary(spec.value.tree, .divide, spec.total?.tree ?? .number(1))
        let height = parts.constant(progressBarHeight)
        var track = parts.shape(.capsule, fill: parts.constant(ControlColors.systemFill), "track")
        track.frame = .sized(height: height)
        var bar = parts.shape(.capsule, fill: spec.tint ?? parts.constant(ControlColors.systemBlue), "bar")
        // w * clamp(value / total, 0, 1)
        bar.frame = .sized(width: parts.tree(.binary(.name("w"), .multiply, .function("clamp", [fraction, .number(0), .number(1)]))),
                           height: height)
        return .of(.z, alignment: parts.constant(.string("leading")), [track, bar])
    }
}
