import SwiftUI

// A segmented Picker whose binding carries a spring: a tap on a segment slides the white thumb and
// regrows the bars with the same animation, since the change runs in the binding's transaction.
struct SegmentedPicker: View {
    @State private var period = 0
    private let periods = ["Day", "Week", "Month"]
    private let heights: [[Double]] = [[48, 84, 62, 100], [96, 58, 110, 74], [70, 112, 44, 90]]

    var body: some View {
        VStack(spacing: 20) {
            Picker("Period", selection: $period.animation(.spring(duration: 0.5))) {
                ForEach(periods.indices, id: \.self) { i in
                    Text(periods[i]).tag(i)
                }
            }
            .pickerStyle(.segmented)
            .accessibilityIdentifier("period")
            HStack(alignment: .bottom, spacing: 18) {
                ForEach(0..<4) { i in
                    RoundedRectangle(cornerRadius: 6)
                        .fill(Color.blue)
                        .frame(width: 40, height: heights[period][i])
                }
            }
            .frame(height: 112, alignment: .bottom)
        }
        .padding(16)
    }
}

#Preview {
    SegmentedPicker()
}
