import SwiftUI

// The twin of examples/typing-indicator.json: three dots that pulse one after another in a grey bubble.
struct TypingIndicator: View {
    @State private var isAnimating = false

    var body: some View {
        HStack(spacing: 6) {
            ForEach(0..<3) { i in
                Circle()
                    .fill(Color.gray)
                    .frame(width: 10, height: 10)
                    .scaleEffect(isAnimating ? 1 : 0.5)
                    .opacity(isAnimating ? 1 : 0.3)
                    .animation(.easeInOut(duration: 0.6).repeatForever().delay(Double(i) * 0.2),
                               value: isAnimating)
            }
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 12)
        .background(Capsule().fill(Color(red: 0.949, green: 0.949, blue: 0.969)))  // the JSON scene's systemGray6
        .onAppear { isAnimating = true }
    }
}

#Preview {
    TypingIndicator()
}
