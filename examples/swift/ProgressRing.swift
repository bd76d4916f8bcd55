import SwiftUI

// The twin of examples/progress-ring.json: a ring that fills to 75 % from onAppear.
struct ProgressRing: View {
    @State private var progress = 0.0
    var body: some View {
        ZStack {
            Circle().stroke(Color.gray.opacity(0.2), lineWidth: 12)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(Color.green, style: StrokeStyle(lineWidth: 12, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(Int(progress * 100))%")
                .font(.title2.bold())
        }
        .frame(width: 110, height: 110)
        .onAppear {
            withAnimation(.easeInOut(duration: 2).delay(0.3)) { progress = 0.75 }
        }
    }
}

#Preview {
    ProgressRing()
}
