/// A damped harmonic oscillator pulled toward 1 (a unit step), with mass, stiffness, damping and an
/// initial velocity: SwiftUI's `Spring` and the physics behind its spring animations.
///
/// The motion is the solution of `m x'' + c x' + k (x - 1) = 0` with `x(0) = 0`, `x'(0) = initialVelocity`
/// (see `Spring+Motion.swift`). A spring with non-positive mass or stiffness, negative damping or
/// non-finite parameters is degenerate: it sits at its target from the start (an instant animation).
public struct Spring: Sendable, Hashable {
    /// The mass `m` of the object on the spring.
    public var mass: Double
    /// The spring constant `k`.
    public var stiffness: Double
    /// The damping coefficient `c` (force per unit of velocity).
    public var damping: Double
    /// `x'(0)`, in unit steps per second (1 means "the whole change per second").
    public var initialVelocity: Double
    /// How long SwiftUI blends from a running spring's parameters to a new spring's when one retargets
    /// the other; stored for the retargeting code, not used by the motion here.
    public var blendDuration: Double

    /// Creates a spring from its physical parameters, as SwiftUI's
    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.blendDuration = 0
    }

    /// Creates a spring as SwiftUI's `spring(response:dampingFraction:blendDuration:)`: mass 1,
    /// stiffness `(2 pi / response)^2`, damping `4 pi dampingFraction / response`.
    ///
    /// A response of 0 or less gives infinite stiffness, a degenerate spring: an instant change.
    public init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        let naturalFrequency = 2 * Double.pi / response
        self.init(mass: 1, stiffness: naturalFrequency * naturalFrequency,
                  damping: 2 * dampingFraction * naturalFrequency)
        self.blendDuration = blendDuration
    }

    /// Creates a spring as SwiftUI's `Spring(duration:bounce:)`: response = duration and
    /// dampingFraction = 1 - bounce for bounce >= 0 (0 for bounce above 1: undamped).
    ///
    /// For bounce < 0 (overdamped) this uses dampingFraction = 1 / (1 + bounce), SwiftUI's mapping:
    /// Apple documents negative bounce as overdamped down to -1
    /// (https://developer.apple.com/documentation/swiftui/spring/init(duration:bounce:)), and Flutter's
    /// `SpringDescription.withDurationAndBounce`, documented as producing "the same result as SwiftUI's
    /// spring(duration:bounce:blendDuration:)", uses exactly `1 / (bounce + 1)`
    /// (https://api.flutter.dev/flutter/physics/SpringDescription/SpringDescription.withDurationAndBounce.html).
    /// Bounce -1 or less (or NaN) means infinite damping: a degenerate spring.
    /// Check: Apple's example `Spring(duration: 0.5, bounce: 0.3)` has stiffness 157.9 and damping 17.6.
    public init(duration: Double, bounce: Double) {
        let dampingFraction: Double
        if bounce >= 0 {
            dampingFraction = max(0, 1 - bounce)
        } else if bounce > -1 {
            dampingFraction = 1 / (1 + bounce)
        } else {
            dampingFraction = .infinity
        }
        self.init(response: duration, dampingFraction: dampingFraction)
    }

    /// The period of the undamped oscillation, `2 pi sqrt(m / k)` (SwiftUI's `response`).
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// The damping as a fraction of critical damping, `c / (2 sqrt(m k))`: below 1 the spring bounces.
    public var dampingFraction: Double { damping / (2 * (mass * stiffness).squareRoot()) }
}

extension Spring {
    /// The defaults of SwiftUI's `spring(response:dampingFraction:blendDuration:)`: response 0.5,
    /// dampingFraction 0.825. (`.spring` and `.spring()` are `spring(duration: 0.5, bounce: 0)`, `smooth`.)
    public static let `default` = Spring(response: 0.5, dampingFraction: 0.825)
    /// SwiftUI's `.smooth`: duration 0.5, bounce 0 (critically damped).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// SwiftUI's `.snappy`: duration 0.5, bounce 0.15.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// SwiftUI's `.bouncy`: duration 0.5, bounce 0.3.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// SwiftUI's `interactiveSpring(response:dampingFraction:blendDuration:)`, with its defaults.
    public static func interactive(response: Double = 0.15, dampingFraction: Double = 0.86,
                                   blendDuration: Double = 0.25) -> Spring {
        Spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
}
