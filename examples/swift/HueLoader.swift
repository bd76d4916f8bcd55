import SwiftUI

// The twin of examples/hue-loader.json: a gradient arc drawn with Path, spun and hue-rotated forever.
struct HueLoader: View {
    @State private var isSpinning = false
    @State private var isCycling = false
    var body: some View {
        ZStack {
            Circle().stroke(Color.gray.opacity(0.2), lineWidth: 10)
            Path { p in p.addArc(center: CGPoint(x: 40, y: 40), radius: 40, startAngle: .degrees(0),
                                 endAngle: .degrees(270), clockwise: false) }
                .stroke(LinearGradient(colors: [.red, .orange], startPoint: .leading, endPoint: .trailing),
                        style: StrokeStyle(lineWidth: 10, lineCap: .round))
                .rotationEffect(.degrees(isSpinning ? 360 : 0))
                .hueRotation(.degrees(isCycling ? 360 : 0))
                .onAppear {
                    withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { isSpinning = true }
                    withAnimation(.linear(duration: 3).repeatForever(autoreverses: false)) { isCycling = true }
                }
        }
        .frame(width: 80, height: 80)
    }
}

#Preview {
    HueLoader()
}
