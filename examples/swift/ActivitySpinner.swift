import SwiftUI

// The twin of examples/activity-spinner.json: a trimmed circle spun forever from onAppear.
struct ActivitySpinner: View {
    @State private var isAnimating = false

    var body: some View {
        Circle()
            .trim(from: 0, to: 0.7)
            .stroke(Color.blue, style: StrokeStyle(lineWidth: 6, lineCap: .round))
            .frame(width: 60, height: 60)
            .rotationEffect(.degrees(isAnimating ? 360 : 0))
            .onAppear {
                withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) {
                    isAnimating = true
                }
            }
    }
}

#Preview {
    ActivitySpinner()
}
