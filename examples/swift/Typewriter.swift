import SwiftUI

// A line that types itself out one character at a time, then erases itself, over and over.
struct Typewriter: View {
    private let message = "Hello, Flipbook!"
    private let timer = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()
    @State private var count = 0
    @State private var step = 1

    var body: some View {
        HStack(spacing: 1) {
            Text(String(message.prefix(count)))
                .font(.system(size: 22, weight: .semibold, design: .monospaced))
                .accessibilityIdentifier("typed")
            Rectangle()
                .fill(Color.blue)
                .frame(width: 2, height: 26)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(.horizontal, 24)
        .onReceive(timer) { _ in
            if count + step > message.count || count + step < 0 {
                step = -step
            }
            count += step
        }
    }
}

#Preview {
    Typewriter()
}
