import SwiftUI

// After Apple's Landmarks HikeGraph: one capsule per observation, scaled to the largest, that ripple
// from left to right when the graph switches between elevation and heart rate.
struct HikeGraph: View {
    let elevation: [Double] = [291, 310, 352, 398, 441, 470, 452, 418, 380, 402, 437, 475, 430, 365]
    let heartRate: [Double] = [92, 104, 121, 138, 149, 155, 146, 131, 120, 127, 140, 158, 134, 110]
    @State private var showHeartRate = false

    var body: some View {
        let data = showHeartRate ? heartRate : elevation
        let highest = data.max()!
        let heights = data.map { $0 / highest * 150 }
        VStack(spacing: 16) {
            HStack(alignment: .bottom, spacing: 6) {
                ForEach(heights.indices, id: \.self) { index in
                    Capsule()
                        .fill(showHeartRate ? Color.pink : Color.green)
                        .frame(width: 12, height: heights[index])
                        .frame(height: 150, alignment: .bottom)
                        .animation(.spring(response: 0.55, dampingFraction: 0.5).delay(0.03 * Double(index)),
                                   value: showHeartRate)
                        .accessibilityIdentifier("bar-\(index)")
                }
            }
            .frame(height: 160, alignment: .bottom)
            Button(showHeartRate ? "Elevation" : "Heart Rate") {
                showHeartRate.toggle()
            }
            .accessibilityIdentifier("switch")
        }
    }
}

#Preview {
    HikeGraph()
}
