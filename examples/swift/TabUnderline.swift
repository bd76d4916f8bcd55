import SwiftUI

// The twin of examples/tab-underline.json: a tab bar whose underline slides to the tapped tab.
// Each Tab draws the underline only when it is selected; matchedGeometryEffect moves and resizes the
// one that appears from the one that leaves. The JSON scene greys the other tabs with
// rgba(0.24, 0.24, 0.26, 0.6), a level off .secondary, so this file writes that colour.
struct Tab: View {
    let title: String
    let index: Int
    @Binding var selected: Int
    let ns: Namespace.ID

    var body: some View {
        Text(title)
            .font(.system(size: 17, weight: .semibold))
            .foregroundColor(selected == index ? .primary : Color(red: 0.24, green: 0.24, blue: 0.26, opacity: 0.6))
            .padding(.bottom, 10)
            .overlay(alignment: .bottom) {
                if selected == index {
                    Capsule()
                        .fill(Color.blue)
                        .frame(height: 3)
                        .matchedGeometryEffect(id: "underline", in: ns)
                }
            }
            .onTapGesture {
                withAnimation(.spring(response: 0.4, dampingFraction: 0.75)) { selected = index }
            }
    }
}

struct TabBar: View {
    @State private var selected = 0
    @Namespace private var ns

    var body: some View {
        HStack(spacing: 32) {
            Tab(title: "Home", index: 0, selected: $selected, ns: ns)
                .accessibilityIdentifier("home")
            Tab(title: "Explore", index: 1, selected: $selected, ns: ns)
                .accessibilityIdentifier("explore")
            Tab(title: "Me", index: 2, selected: $selected, ns: ns)
                .accessibilityIdentifier("me")
        }
    }
}

#Preview {
    TabBar()
}
