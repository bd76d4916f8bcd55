import SwiftUI

// A card that follows the finger and springs back to where it started when it is let go.
struct DragCard: View {
    @State private var drag = CGSize.zero

    var body: some View {
        RoundedRectangle(cornerRadius: 20)
            .fill(LinearGradient(colors: [.pink, .orange], startPoint: .topLeading, endPoint: .bottomTrailing))
            .frame(width: 150, height: 200)
            .overlay(
                Text("Drag me")
                    .font(.headline)
                    .foregroundColor(.white)
            )
            .offset(x: drag.width, y: drag.height)
            .rotationEffect(.degrees(drag.width / 20))
            .gesture(
                DragGesture()
                    .onChanged { value in drag = value.translation }
                    .onEnded { _ in
                        withAnimation(.spring(response: 0.5, dampingFraction: 0.6)) {
                            drag = .zero
                        }
                    }
            )
            .accessibilityIdentifier("card")
    }
}

#Preview {
    DragCard()
}
