import Flipbook
import SwiftSource
import XCTest

/// A keyframe's `duration:` (and a spring's) written as an expression lowers to its expression text,
/// which the scene reads each time the keyframes play.
final class AnimatorDurationLoweringTests: XCTestCase {
    func testKeyframeDurationsLowerAsExpressions() throws {
        let (json, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Hop: View {
                @State private var speed = 2.0
                @State private var taps = 0
                var body: some View {
                    Circle()
                        .keyframeAnimator(initialValue: 0.0, trigger: taps) { content, y in
                            content.offset(y: y)
                        } keyframes: { _ in
                            KeyframeTrack {
                                LinearKeyframe(-40, duration: 0.2 * speed)
                                SpringKeyframe(0, duration: speed, spring: Spring(duration: speed / 4, bounce: 0.3))
                            }
                        }
                }
            }
            #Preview { Hop() }
            """)
        let keyframes = try XCTUnwrap(json["root"]?["keyframeAnimator"]?["keyframes"])
        XCTAssertEqual(keyframes.pretty(), """
            [
              {"linear": -40, "duration": "0.2 * speed"},
              {"spring": 0, "duration": "speed", "springDuration": "speed / 4", "bounce": 0.3}
            ]

            """)
        XCTAssertEqual(scene.root.keyframeAnimator?.durations.count, 3)
    }
}
