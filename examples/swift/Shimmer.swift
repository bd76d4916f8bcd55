import SwiftUI

// The twin of examples/shimmer.json: a skeleton row with a moving gradient masked to its shapes.
struct SkeletonRow: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 12) {
                Circle().frame(width: 44, height: 44)
                VStack(alignment: .leading, spacing: 8) {
                    RoundedRectangle(cornerRadius: 6).frame(width: 140, height: 12)
                    RoundedRectangle(cornerRadius: 6).frame(width: 90, height: 12)
                }
            }
            RoundedRectangle(cornerRadius: 6).frame(height: 12)
            RoundedRectangle(cornerRadius: 6).frame(width: 180, height: 12)
        }
        .foregroundColor(Color(white: 0.88))
        .frame(width: 260)
    }
}

struct ShimmerPlaceholder: View {
    @State private var phase: CGFloat = -0.5
    var body: some View {
        SkeletonRow()
            .overlay(
                LinearGradient(colors: [.white.opacity(0), .white.opacity(0.8), .white.opacity(0)],
                               startPoint: UnitPoint(x: phase - 0.25, y: 0.5),
                               endPoint: UnitPoint(x: phase + 0.25, y: 0.5))
            )
            .mask(SkeletonRow())
            .onAppear {
                withAnimation(.linear(duration: 1.5).repeatForever(autoreverses: false)) { phase = 1.5 }
            }
    }
}

#Preview {
    ShimmerPlaceholder()
}
