import SwiftUI

// The twin of examples/phase-pulse.json: a location dot whose halo pulses with a phase animator.
struct LocationDot: View {
    var body: some View {
        ZStack {
            Circle()
                .fill(Color.blue.opacity(0.35))
                .frame(width: 44, height: 44)
                .phaseAnimator([false, true]) { halo, expanded in
                    halo.scaleEffect(expanded ? 2.6 : 1).opacity(expanded ? 0 : 1)
                } animation: { expanded in
                    expanded ? .easeOut(duration: 1.2) : .linear(duration: 0)
                }
            Circle().fill(.white).frame(width: 44, height: 44)
            Circle().fill(.blue).frame(width: 32, height: 32)
        }
    }
}

#Preview {
    LocationDot()
}
