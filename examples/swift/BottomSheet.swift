import SwiftUI

// The twin of examples/bottom-sheet.json: a sheet that slides up over a dimmed backdrop and back down.
struct BottomSheetDemo: View {
    @State private var isPresented = false
    var body: some View {
        ZStack(alignment: .bottom) {
            Button("Show sheet") {
                withAnimation(.spring(response: 0.4, dampingFraction: 0.85)) { isPresented = true }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .accessibilityIdentifier("showButton")
            if isPresented {
                Color.black.opacity(0.3)
                    .onTapGesture {
                        withAnimation(.spring(response: 0.4, dampingFraction: 0.85)) { isPresented = false }
                    }
                    .transition(.opacity)
                    .accessibilityIdentifier("backdrop")
                VStack(spacing: 16) {
                    Capsule().fill(Color.gray.opacity(0.4)).frame(width: 36, height: 5)
                    Text("Share").font(.headline)
                    HStack(spacing: 24) {
                        Image(systemName: "paperplane.fill")
                        Image(systemName: "envelope.fill")
                        Image(systemName: "link")
                        Image(systemName: "square.and.arrow.up")
                    }
                    .font(.title2)
                    .foregroundColor(.blue)
                }
                .padding(.top, 8)
                .padding(.bottom, 40)
                .frame(maxWidth: .infinity)
                .background(RoundedRectangle(cornerRadius: 20).fill(Color.white).padding(.bottom, -20))
                .transition(.move(edge: .bottom))
            }
        }
    }
}

#Preview {
    BottomSheetDemo()
}
