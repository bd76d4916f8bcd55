import SwiftUI

// The twin of examples/keyframe-bounce.json: a ball that hops, squashes on landing and springs back,
// with its shadow widening as it rises, both driven by keyframe tracks.
struct Hop {
    var y = 0.0
    var squash = 1.0
}

struct BouncingBall: View {
    var body: some View {
        ZStack {
            Ellipse().fill(.black.opacity(0.15)).frame(width: 48, height: 8)
                .keyframeAnimator(initialValue: Hop(), repeating: true) { shadow, hop in
                    shadow.scaleEffect(x: 1 + hop.y / 200).offset(y: 28)
                } keyframes: { _ in
                    KeyframeTrack(\.y) {
                        LinearKeyframe(-100, duration: 0.45, timingCurve: .easeOut)
                        LinearKeyframe(0, duration: 0.45, timingCurve: .easeIn)
                        LinearKeyframe(0, duration: 0.4)
                    }
                }
            Circle().fill(.orange).frame(width: 48, height: 48)
                .keyframeAnimator(initialValue: Hop(), repeating: true) { ball, hop in
                    ball.scaleEffect(x: 2 - hop.squash, y: hop.squash, anchor: .bottom)
                        .offset(y: hop.y)
                } keyframes: { _ in
                    KeyframeTrack(\.y) {
                        LinearKeyframe(-100, duration: 0.45, timingCurve: .easeOut)   // up
                        LinearKeyframe(0, duration: 0.45, timingCurve: .easeIn)       // down
                        LinearKeyframe(0, duration: 0.4)
                    }
                    KeyframeTrack(\.squash) {
                        LinearKeyframe(1, duration: 0.9)
                        LinearKeyframe(0.8, duration: 0.08)
                        SpringKeyframe(1, duration: 0.32, spring: Spring(duration: 0.3, bounce: 0.5))
                    }
                }
        }
        .offset(y: 40)
    }
}

#Preview {
    BouncingBall()
}
