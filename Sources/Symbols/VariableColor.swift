/// Variable colour: `Image(systemName:variableValue:)` and `.symbolEffect(.variableColor)`, as pure
/// functions of a value or of the time since the effect started.
///
/// Apple documents what lights (https://developer.apple.com/documentation/symbols/variablecoloreffect:
/// `.cumulative` keeps the layers lit as the next one lights, `.iterative` lights one at a time,
/// `.reversing` plays back down after the last layer, `.dimInactiveLayers` or `.hideInactiveLayers`) but
/// not the timing. The step, the fade and the dimmed opacity here are estimates from the WWDC23 session
/// "Animate symbols in your app", not measurements on a device.
public enum VariableColor {
    /// The opacity of a layer that is not lit, with `.dimInactiveLayers` (the default) and for a
    /// `variableValue` below the layer's threshold.
    public static let dimmedOpacity = 0.3
    /// How long each layer stays the front of the effect (an estimate: one cycle of `speaker.wave.3`,
    /// three layers and a rest, is 1 s).
    public static let step = 0.25
    /// How long a layer takes to light or to go out, from the start of a step (smoothstep).
    public static let fade = 0.1

    /// The effect's options, as SwiftUI chains them on `.variableColor`.
    public struct Options: Sendable, Equatable {
        /// `.iterative`: one layer at a time; false is `.cumulative` (the default).
        public var iterative: Bool
        /// `.reversing`: after the last layer the effect plays back down; false is `.nonReversing` (the default).
        public var reversing: Bool
        /// `.hideInactiveLayers`: layers that are not lit are hidden; false is `.dimInactiveLayers` (the default).
        public var hideInactiveLayers: Bool

        public init(iterative: Bool = false, reversing: Bool = false, hideInactiveLayers: Bool = false) {
            self.iterative = iterative
            self.reversing = reversing
            self.hideInactiveLayers = hideInactiveLayers
        }
    }

    /// Whether variable layer `k` (0 = the first to light) of `n` is lit by a variable value: the value
    /// (clamped to 0...1) reaches the layer's threshold `(k + 1) / n`. A value of 0 lights none, 1 lights all.
    public static func isLit(layer k: Int, of n: Int, value: Double) -> Bool {
        guard n > 0 else { return true }
        let v = min(1, max(0, value))
        // Compare v n >= k + 1 rather than v >= (k + 1) / n, so 1/3 * 3 lights the first of three.
        return v * Double(n) >= Double(k + 1) - 1e-9
    }

    /// The phases of one cycle for `n` variable layers: `.nonReversing` lights layers 0 ... n-1 as the
    /// front in turn and then rests with none lit (n + 1 phases); `.reversing` goes up 0 ... n-1, back down
    /// n-2 ... 0, and rests (2n phases).
    public static func phaseCount(layers n: Int, reversing: Bool) -> Int {
        reversing ? 2 * n : n + 1
    }

    /// The front layer of phase `p` of a cycle, or nil for the rest phase.
    public static func front(phase p: Int, layers n: Int, reversing: Bool) -> Int? {
        if p < n { return p }
        if reversing && p < 2 * n - 1 { return 2 * n - 2 - p }
        return nil
    }

    /// Whether layer `k` is lit in phase `p`: the front only (`.iterative`), or the front and the layers
    /// before it (`.cumulative`); none in the rest phase.
    public static func isLit(layer k: Int, phase p: Int, layers n: Int, options: Options) -> Bool {
        guard let f = front(phase: p, layers: n, reversing: options.reversing) else { return false }
        return options.iterative ? k == f : k <= f
    }

    /// How lit (0...1) layer `k` of `n` is at `tau` seconds after the effect started, where `normal` is
    /// how lit it is without the effect (1, or 0 below a variable value's threshold).
    ///
    /// Phase `p = floor(tau / step)`. Repeating (an active indefinite effect), phase p is phase `p mod P`
    /// of the cycle; played once (a discrete effect), phases 0 ... P-2 play and the rest phase is the
    /// normal state, in which the symbol stays. Within each phase the layer goes from its state in the
    /// previous phase (the normal state before phase 0) to its state in this one by a smoothstep over
    /// `fade` seconds.
    public static func level(layer k: Int, of n: Int, at tau: Double, options: Options, repeating: Bool,
                             normal: Double = 1) -> Double {
        guard n > 0, tau >= 0 else { return normal }
        let count = phaseCount(layers: n, reversing: options.reversing)
        func state(_ p: Int) -> Double {
            if p < 0 { return normal }
            if !repeating && p >= count - 1 { return normal }
            return isLit(layer: k, phase: p % count, layers: n, options: options) ? 1 : 0
        }
        let p = Int((tau / step).rounded(.down))
        let x = min(1, (tau - Double(p) * step) / fade)
        let s = x * x * (3 - 2 * x)
        return state(p - 1) + (state(p) - state(p - 1)) * s
    }

    /// How long a discrete (`value:`) variable colour plays: the cycle without its rest phase, and the
    /// fade back to the normal state.
    public static func playDuration(layers n: Int, reversing: Bool) -> Double {
        Double(phaseCount(layers: n, reversing: reversing) - 1) * step + fade
    }

    /// The opacity of a layer that is `level` lit: from the dimmed opacity (or 0 with
    /// `.hideInactiveLayers`) to 1.
    public static func opacity(level: Double, hideInactiveLayers: Bool) -> Double {
        let floor = hideInactiveLayers ? 0 : dimmedOpacity
        return floor + (1 - floor) * level
    }
}
