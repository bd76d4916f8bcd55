import SwiftUI

// The twin of examples/counter.json: a counter whose digits roll, changed by round - and + buttons.
struct Counter: View {
    @State private var count = 8

    var body: some View {
        HStack(spacing: 12) {
            RoundButton(symbol: "−") { withAnimation(.snappy) { count -= 1 } }
                .accessibilityIdentifier("minus")
            Text("\(count)")
                .font(.system(size: 56, weight: .bold, design: .rounded))
                .contentTransition(.numericText(value: Double(count)))
                .frame(width: 96)
            RoundButton(symbol: "+") { withAnimation(.snappy) { count += 1 } }
                .accessibilityIdentifier("plus")
        }
    }
}

struct RoundButton: View {
    let symbol: String
    let action: () -> Void

    var body: some View {
        ZStack {
            // Color(.tertiarySystemFill)
            Circle().fill(Color(red: 0.47, green: 0.47, blue: 0.5, opacity: 0.12))
            Text(symbol)
                .font(.system(size: 28, weight: .semibold))
                .foregroundColor(Color(red: 0, green: 0.478, blue: 1))
        }
        .frame(width: 48, height: 48)
        .onTapGesture(perform: action)
    }
}

#Preview {
    Counter()
}
