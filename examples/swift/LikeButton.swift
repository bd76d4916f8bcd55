import SwiftUI

// The twin of examples/like-button.json: a heart that springs and bursts into dots when liked.
struct LikeButton: View {
    @State private var isLiked = false
    @State private var burst = false
    var body: some View {
        ZStack {
            if isLiked {
                ZStack {
                    ForEach(0..<8) { i in
                        Circle()
                            .fill(i % 2 == 0 ? Color.red : Color.orange)
                            .frame(width: 7, height: 7)
                            .scaleEffect(burst ? 0.3 : 1)
                            .offset(y: burst ? -56 : -28)
                            .rotationEffect(.degrees(Double(i) * 45))
                            .opacity(burst ? 0 : 1)
                            .onAppear {
                                withAnimation(.easeOut(duration: 0.6)) { burst = true }
                            }
                    }
                }
                .transition(.identity)
            }
            Image(systemName: isLiked ? "heart.fill" : "heart")
                .font(.system(size: 44))
                .foregroundColor(isLiked ? .red : .gray)
                .animation(.easeOut(duration: 0.2), value: isLiked)
                .scaleEffect(isLiked ? 1 : 0.85)
                .animation(.spring(response: 0.35, dampingFraction: 0.45), value: isLiked)
                .accessibilityIdentifier("heart")
                .onTapGesture {
                    if !isLiked { burst = false }
                    isLiked.toggle()
                }
        }
        .frame(width: 120, height: 120)
    }
}

#Preview {
    LikeButton()
}
