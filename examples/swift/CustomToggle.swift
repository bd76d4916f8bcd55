import SwiftUI

// The twin of examples/custom-toggle.json: a toggle drawn with shapes, sprung on tap.
struct CustomToggle: View {
    @State private var isOn = false

    var body: some View {
        ZStack {
            Capsule()
                .fill(isOn ? Color.green : Color.gray.opacity(0.3))
                .frame(width: 64, height: 36)
            Circle()
                .fill(.white)
                .frame(width: 30, height: 30)
                .shadow(color: .black.opacity(0.2), radius: 2, y: 1)
                .offset(x: isOn ? 14 : -14)
        }
        .onTapGesture {
            withAnimation(.spring()) { isOn.toggle() }
        }
        .accessibilityIdentifier("toggle")
    }
}

#Preview {
    CustomToggle()
}
