/// A SwiftUI `Animation`: a base curve (a timing curve with a duration, or a spring) plus the modifiers
/// `delay`, `speed`, `repeatCount` and `repeatForever`, kept in the order they were written.
///
/// Each modifier wraps everything written before it, as in SwiftUI, where `.delay(1).speed(2)` is a
/// speed animation around a delay animation around the base (see `Animation+Progress.swift`).
public struct Animation: Sendable, Hashable {
    /// The curve an animation starts from.
    public enum Base: Sendable, Hashable {
        /// A cubic Bézier timing curve played over `duration` seconds.
        case curve(UnitBezier, duration: Double)
        /// A spring, played until it settles.
        case spring(Spring)
        /// UIScrollView's deceleration: progress `1 - rate^(1000 t)` (velocity falls by `rate` every
        /// millisecond), until `duration`, when what is left is below a tenth of a point.
        case deceleration(rate: Double, duration: Double)
    }

    /// A change to the timing of everything written before it.
    public enum Modifier: Sendable, Hashable {
        /// Holds the start for the given seconds.
        case delay(Double)
        /// Plays time faster by the given factor (2 = twice as fast).
        case speed(Double)
        /// Plays the given number of passes, alternately backwards when autoreversing.
        case repeatCount(Int, autoreverses: Bool)
        /// Plays passes forever, alternately backwards when autoreversing.
        case repeatForever(autoreverses: Bool)
        /// Reports logical completion (for `withAnimation`'s `.logicallyComplete` completions) after the
        /// given seconds if the animation has not logically completed before; the motion is unchanged.
        case logicallyComplete(after: Double)
    }

    /// The curve.
    public var base: Base
    /// The modifiers, in the order they were written.
    public var modifiers: [Modifier]
    /// Whether this is one of SwiftUI's retargeting springs (`spring`, `interactiveSpring`, `smooth`,
    /// `snappy`, `bouncy`, `default`): started while such a spring still runs on the same property, it
    /// takes over that spring's offset and velocity instead of adding its own motion to it.
    /// `interpolatingSpring` and timing curves are false: they always combine additively.
    public var retargets: Bool

    /// Creates an animation from a base and modifiers in written order.
    public init(base: Base, modifiers: [Modifier] = [], retargets: Bool = false) {
        self.base = base
        self.modifiers = modifiers
        self.retargets = retargets
    }

    /// The spring that retargets running springs: a retargeting spring without modifiers (a delayed,
    /// sped-up or repeating spring combines additively); nil otherwise.
    public var retargetingSpring: Spring? {
        guard retargets, modifiers.isEmpty, case .spring(let spring) = base else { return nil }
        return spring
    }
}

extension Animation {
    /// SwiftUI's `linear(duration:)` (0.35 s by default).
    public static func linear(duration: Double = 0.35) -> Animation {
        Animation(base: .curve(.linear, duration: duration))
    }

    /// SwiftUI's `easeIn(duration:)` (0.35 s by default).
    public static func easeIn(duration: Double = 0.35) -> Animation {
        Animation(base: .curve(.easeIn, duration: duration))
    }

    /// SwiftUI's `easeOut(duration:)` (0.35 s by default).
    public static func easeOut(duration: Double = 0.35) -> Animation {
        Animation(base: .curve(.easeOut, duration: duration))
    }

    /// SwiftUI's `easeInOut(duration:)` (0.35 s by default).
    public static func easeInOut(duration: Double = 0.35) -> Animation {
        Animation(base: .curve(.easeInOut, duration: duration))
    }

    /// SwiftUI's `timingCurve(_:_:_:_:duration:)` (0.35 s by default).
    public static func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                                   duration: Double = 0.35) -> Animation {
        Animation(base: .curve(UnitBezier(x1, y1, x2, y2), duration: duration))
    }

    /// A spring animation that retargets running springs (SwiftUI's `spring(_:)`).
    public static func spring(_ spring: Spring) -> Animation {
        Animation(base: .spring(spring), retargets: true)
    }

    /// SwiftUI's `spring(response:dampingFraction:blendDuration:)`.
    public static func spring(response: Double, dampingFraction: Double, blendDuration: Double = 0) -> Animation {
        .spring(Spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// SwiftUI's `spring(duration:bounce:blendDuration:)`.
    public static func spring(duration: Double, bounce: Double, blendDuration: Double = 0) -> Animation {
        var spring = Spring(duration: duration, bounce: bounce)
        spring.blendDuration = blendDuration
        return .spring(spring)
    }

    /// SwiftUI's `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`.
    /// Unlike the other springs it does not retarget: started over a running spring, it adds its motion.
    ///
    /// A damping above critical (`2 sqrt(mass stiffness)`) is treated as critical damping: SwiftUI's
    /// interpolating spring (`SpringAnimation` in OpenSwiftUI's reconstruction) evaluates every damping
    /// ratio of 1 or more with the critically damped solution `1 - (1 + (w0 - v0) t) e^(-w0 t)`, as
    /// `Spring(mass:stiffness:damping:allowOverDamping: false)` does
    /// (https://developer.apple.com/documentation/swiftui/spring/init(mass:stiffness:damping:allowoverdamping:)).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        let critical = 2 * (mass * stiffness).squareRoot()
        let clamped = critical.isFinite && damping > critical ? critical : damping
        return Animation(base: .spring(Spring(mass: mass, stiffness: stiffness, damping: clamped,
                                              initialVelocity: initialVelocity)), retargets: false)
    }

    /// SwiftUI's `interpolatingSpring(duration:bounce:initialVelocity:)` (and `.interpolatingSpring`,
    /// its defaults: duration 0.5, bounce 0): mass 1, stiffness `(2 pi / duration)^2`, damping ratio
    /// `1 - bounce` (`1 / (1 + bounce)` below 0, then critical as above), not retargeting.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        let spring = Spring(duration: duration, bounce: bounce)
        return interpolatingSpring(mass: 1, stiffness: spring.stiffness, damping: spring.damping,
                                   initialVelocity: initialVelocity)
    }

    /// SwiftUI's `interactiveSpring(response:dampingFraction:blendDuration:)`, with its defaults
    /// (disfavoured, as in SwiftUI: `interactiveSpring()` is the duration form below).
    @_disfavoredOverload
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        .spring(.interactive(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// SwiftUI's `interactiveSpring(duration:extraBounce:blendDuration:)` (and `.interactiveSpring`):
    /// `spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)`.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0,
                                         blendDuration: Double = 0.25) -> Animation {
        .spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// SwiftUI's `.smooth`: a spring of duration 0.5 and bounce 0.
    public static let smooth = Animation.spring(.smooth)
    /// SwiftUI's `.snappy`: a spring of duration 0.5 and bounce 0.15.
    public static let snappy = Animation.spring(.snappy)
    /// SwiftUI's `.bouncy`: a spring of duration 0.5 and bounce 0.3.
    public static let bouncy = Animation.spring(.bouncy)

    /// SwiftUI's `Animation.default` since iOS 17: a spring with response 0.55, dampingFraction 1.0 and
    /// blendDuration 0, as Apple documents it
    /// (https://developer.apple.com/documentation/swiftui/animation/default); `withAnimation` without an
    /// animation uses it.
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1.0)

    /// `Animation.default` before iOS 17 (macOS 14, tvOS 17, watchOS 10): `easeInOut`, 0.35 s
    /// (same Apple page).
    public static let legacyDefault = Animation.easeInOut(duration: 0.35)
}

extension Animation {
    /// Holds the start for `d` seconds before everything written before it.
    public func delay(_ d: Double) -> Animation { appending(.delay(d)) }

    /// Plays everything written before it `s` times as fast.
    public func speed(_ s: Double) -> Animation { appending(.speed(s)) }

    /// Plays everything written before it `n` times; autoreversing passes alternate forward and back.
    public func repeatCount(_ n: Int, autoreverses: Bool = true) -> Animation {
        appending(.repeatCount(n, autoreverses: autoreverses))
    }

    /// Plays everything written before it forever; autoreversing passes alternate forward and back.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        appending(.repeatForever(autoreverses: autoreverses))
    }

    /// Reports logical completion after `d` seconds, if the animation has not before (SwiftUI's
    /// `logicallyComplete(after:)`); the motion is unchanged.
    public func logicallyComplete(after d: Double) -> Animation { appending(.logicallyComplete(after: d)) }

    private func appending(_ modifier: Modifier) -> Animation {
        Animation(base: base, modifiers: modifiers + [modifier], retargets: retargets)
    }
}
