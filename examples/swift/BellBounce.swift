import SwiftUI

// The twin of examples/bell-bounce.json: an SF Symbol bell that bounces on each tap and swaps to the
// muted bell with a replace transition.
struct BellBounce: View {
    @State private var count = 0
    @State private var isMuted = false

    var body: some View {
        Image(systemName: isMuted ? "bell.slash.fill" : "bell.fill")
            .font(.system(size: 56))
            .foregroundColor(.orange)
            .contentTransition(.symbolEffect(.replace))
            .symbolEffect(.bounce, value: count)
            .onTapGesture { count += 1 }
            .accessibilityIdentifier("bell")
    }
}

#Preview {
    BellBounce()
}
