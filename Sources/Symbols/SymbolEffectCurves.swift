#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The curves Flipbook draws iOS 17's symbol effects with, as functions of the time since the effect
/// started (`tau`, seconds).
///
/// Apple does not publish these curves; they follow what Apple documents (bounce: "a transitory scaling
/// effect", up or down; pulse: the opacity fades and returns; scale: scaled up or down while active;
/// replace: the old symbol goes as the new one comes, `.downUp` by default) with durations and amounts
/// chosen to look like the WWDC23 session "Animate symbols in your app" shows them.
public enum SymbolEffectCurves {
    /// How long one bounce lasts.
    public static let bounceDuration = 1.0
    /// The bounce's amplitude before its decay: the first swing reaches about 14%.
    public static let bounceAmplitude = 0.28
    /// The bounce's period and decay time.
    public static let bouncePeriod = 0.5, bounceDecay = 0.15

    /// The scale of a bouncing symbol: `1 ± A e^(-tau/decay) sin(2 pi tau / period)` over one second
    /// (two periods, so it ends at 1), up first for `.up`, down first for `.down`; 1 outside.
    public static func bounceScale(_ tau: Double, up: Bool) -> Double {
        guard tau > 0, tau < bounceDuration else { return 1 }
        let swing = bounceAmplitude * exp(-tau / bounceDecay) * sin(2 * Double.pi * tau / bouncePeriod)
        return 1 + (up ? swing : -swing)
    }

    /// How long one pulse lasts.
    public static let pulseDuration = 1.0
    /// The lowest opacity of a pulse, halfway through.
    public static let pulseMinimumOpacity = 0.3

    /// The opacity of a pulsing symbol: `1 - (1 - min) sin^2(pi tau / duration)`; 1 outside one pulse.
    public static func pulseOpacity(_ tau: Double) -> Double {
        guard tau > 0, tau < pulseDuration else { return 1 }
        let s = sin(Double.pi * tau / pulseDuration)
        return 1 - (1 - pulseMinimumOpacity) * s * s
    }

    /// The scale of `.scale.up` and `.scale.down` while active.
    public static func activeScale(up: Bool) -> Double { up ? 1.2 : 0.8 }
    /// How long the scale effect takes to come and to go.
    public static let scaleTransition = 0.3

    /// Smoothstep `3x^2 - 2x^3` of the fraction of the scale transition done, 0...1.
    public static func scaleProgress(_ tau: Double) -> Double {
        let x = min(1, max(0, tau / scaleTransition))
        return x * x * (3 - 2 * x)
    }

    /// How long a replace takes.
    public static let replaceDuration = 0.5
    /// The scale the symbols shrink to (`down`) or grow to (`up`) at their invisible end.
    public static let replaceSmall = 0.5, replaceLarge = 1.3

    /// The outgoing symbol of a replace: over the first 0.25 s it fades out and scales to 0.5 (`downUp`)
    /// or 1.3 (`upUp`); `offUp` removes it at once. Returns (scale, opacity).
    public static func replaceOutgoing(_ tau: Double, style: String) -> (scale: Double, opacity: Double) {
        if style == "offUp" { return (1, 0) }
        let x = min(1, max(0, tau / 0.25))
        let eased = x * x  // ease in
        let end = style == "upUp" ? replaceLarge : replaceSmall
        return (1 + (end - 1) * eased, 1 - eased)
    }

    /// The incoming symbol of a replace: from 0.15 s to 0.5 s it scales up from 0.5 with an ease-out
    /// that overshoots by a few percent (a back-out curve), fading in over its first 0.15 s. Returns (scale, opacity).
    public static func replaceIncoming(_ tau: Double) -> (scale: Double, opacity: Double) {
        let x = min(1, max(0, (tau - 0.15) / 0.35))
        // Back-out: 1 + c3 (x - 1)^3 + c1 (x - 1)^2 with c1 = 1.2, c3 = c1 + 1 (overshoots about 4%).
        let c1 = 1.2, c3 = c1 + 1
        let back = 1 + c3 * pow(x - 1, 3) + c1 * pow(x - 1, 2)
        return (replaceSmall + (1 - replaceSmall) * back, min(1, x / (0.15 / 0.35)))
    }
}
