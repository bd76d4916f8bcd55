import SwiftUI

// The twin of examples/slider-stepper.json: a Slider and a Stepper in a settings card.
struct DisplaySettings: View {
    @State private var volume = 0.3
    @State private var size = 18.0

    var body: some View {
        VStack(spacing: 10) {
            Text("Volume \(Int((volume * 100).rounded()))%")
                .font(.system(size: 15))
                .foregroundColor(.secondary)
                .frame(maxWidth: .infinity, alignment: .leading)
            Slider(value: $volume, in: 0...1)
                .frame(width: 256)
                .accessibilityIdentifier("volume")
            Divider()
            Stepper("Font size: \(Int(size)) pt", value: $size, in: 12...24, step: 2)
                .accessibilityIdentifier("size")
            Text("Aa")
                .font(.system(size: size, weight: .semibold))
                .frame(maxWidth: .infinity, minHeight: 34, alignment: .leading)
                .animation(.spring(duration: 0.4), value: size)
        }
        .padding(16)
        .background(RoundedRectangle(cornerRadius: 10).fill(.white))
        .frame(width: 288)
    }
}

#Preview {
    DisplaySettings()
}
