import SwiftUI

// A segmented tab bar made of a ForEach over its options. Each segment is named by the id its option
// gives it (.accessibilityIdentifier("tab-\(option)") is tab-Home, tab-Search, tab-Settings), which is
// how the script taps one. The white thumb fades to the tapped segment with an animation chosen by a
// ternary: a bouncy spring at first, a quick one once `quick` is set.
struct SegmentedTabs: View {
    @State private var options = ["Home", "Search", "Settings"]
    @State private var selected = "Home"
    @State private var quick = false

    var body: some View {
        HStack(spacing: 0) {
            ForEach(options, id: \.self) { option in
                Text(option)
                    .font(.system(size: 13, weight: .medium))
                    .foregroundColor(selected == option ? .primary : .secondary)
                    .frame(width: 96, height: 28)
                    .background(
                        RoundedRectangle(cornerRadius: 7)
                            .fill(Color.white)
                            .shadow(color: Color.black.opacity(0.12), radius: 4, x: 0, y: 2)
                            .opacity(selected == option ? 1 : 0)
                            .scaleEffect(selected == option ? 1 : 0.8)
                    )
                    .accessibilityIdentifier("tab-\(option)")
                    .onTapGesture {
                        withAnimation(quick ? .snappy(duration: 0.2) : .spring(duration: 0.6, bounce: 0.4)) {
                            selected = option
                        }
                    }
            }
        }
        .padding(2)
        .background(RoundedRectangle(cornerRadius: 9).fill(Color(red: 0.46, green: 0.46, blue: 0.5, opacity: 0.12)))
    }
}

#Preview {
    SegmentedTabs()
}
