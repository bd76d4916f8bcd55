import SwiftUI

// Home-screen edit mode: the icons wiggle while editing; the curve is chosen by the mode, a quick
// repeating ease while editing and the default one to settle when done.
struct EditWiggle: View {
    let colors: [Color] = [.blue, .green, .orange, .pink]
    @State private var isEditing = false

    var body: some View {
        VStack(spacing: 28) {
            HStack(spacing: 18) {
                ForEach(0..<colors.count, id: \.self) { index in
                    RoundedRectangle(cornerRadius: 14)
                        .fill(colors[index])
                        .frame(width: 52, height: 52)
                        .rotationEffect(.degrees(isEditing ? 4 : 0))
                        .animation(isEditing ? .easeInOut(duration: 0.13).repeatForever() : .default, value: isEditing)
                        .accessibilityIdentifier("icon-\(index)")
                }
            }
            Button(isEditing ? "Done" : "Edit") {
                isEditing.toggle()
            }
            .accessibilityIdentifier("edit")
        }
    }
}

#Preview {
    EditWiggle()
}
