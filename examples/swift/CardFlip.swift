import SwiftUI

// The twin of examples/card-flip.json: a card that flips over with rotation3DEffect under a spring,
// 0.3 s after it appears and back when tapped. FlipCard is Animatable, so its body sees the in-between
// angle and swaps the faces at 90 degrees.
struct FlipCard: View, Animatable {
    var angle: Double

    var animatableData: Double {
        get { angle }
        set { angle = newValue }
    }

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 18).fill(Color.blue)
                .overlay(
                    VStack(spacing: 4) {
                        Text("VISA").font(.title2.bold())
                        Text("•••• 4242")
                    }
                    .foregroundColor(.white)
                )
                .opacity(angle < 90 ? 1 : 0)
            RoundedRectangle(cornerRadius: 18).fill(Color.orange)
                .overlay(Text("CVC 123").font(.headline).foregroundColor(.white))
                .rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0))
                .opacity(angle < 90 ? 0 : 1)
        }
        .frame(width: 160, height: 100)
        .rotation3DEffect(.degrees(angle), axis: (x: 0, y: 1, z: 0))
    }
}

struct CardFlip: View {
    @State private var isFlipped = false

    var body: some View {
        FlipCard(angle: isFlipped ? 180 : 0)
            .onTapGesture {
                withAnimation(.spring(response: 0.7, dampingFraction: 0.75)) { isFlipped.toggle() }
            }
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
                    withAnimation(.spring(response: 0.7, dampingFraction: 0.75)) { isFlipped = true }
                }
            }
            .accessibilityIdentifier("card")
    }
}

#Preview {
    CardFlip()
}
