import SwiftUI

// The twin of examples/settings-toggle.json: a settings card with two toggles; turning Wi-Fi on starts
// a download whose progress bar fills over two seconds.
struct SettingsCard: View {
    @State private var airplane = false
    @State private var wifi = false
    @State private var progress = 0.0
    @State private var downloaded = false

    var body: some View {
        VStack(spacing: 0) {
            Toggle("Airplane Mode", isOn: $airplane)
                .padding(.horizontal, 16)
                .frame(height: 44)
                .accessibilityIdentifier("airplane")
            Divider().padding(.leading, 16)
            Toggle("Wi-Fi", isOn: $wifi)
                .padding(.horizontal, 16)
                .frame(height: 44)
                .onChange(of: wifi) { _, on in
                    if on {
                        withAnimation(.linear(duration: 2)) {
                            progress = 1
                        } completion: {
                            downloaded = true
                        }
                    } else {
                        progress = 0
                        downloaded = false
                    }
                }
                .accessibilityIdentifier("wifi")
            Divider().padding(.leading, 16)
            VStack(alignment: .leading, spacing: 8) {
                Text(downloaded ? "Update downloaded" : (wifi ? "Downloading update…" : "Waiting for Wi-Fi"))
                    .font(.system(size: 15))
                    .foregroundColor(.secondary)
                    .frame(maxWidth: .infinity, alignment: .leading)
                ProgressView(value: progress, total: 1)
            }
            .padding(.horizontal, 16)
            .padding(.vertical, 11)
        }
        .padding(.horizontal, 16)
        .background(RoundedRectangle(cornerRadius: 10).fill(.white))
    }
}

#Preview {
    SettingsCard()
}
