import SwiftUI

// The twin of examples/wifi-search.json: the wifi symbol's arcs light one at a time while it searches;
// once connected it turns blue and a checkmark appears. The sidecar's script starts the search and
// connects.
struct WiFiRow: View {
    @State private var searching = false
    @State private var connected = false

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: "wifi")
                .font(.system(size: 24, weight: .semibold))
                .foregroundColor(connected ? .blue : .gray)
                .symbolEffect(.variableColor.iterative, isActive: searching)
                .frame(width: 32)
            Text(connected ? "Connected" : (searching ? "Searching…" : "Wi-Fi"))
                .font(.system(size: 17))
            Spacer()
            if connected {
                Image(systemName: "checkmark")
                    .font(.system(size: 17, weight: .semibold))
                    .foregroundColor(.blue)
                    .transition(.scale.combined(with: .opacity))
            }
        }
        .padding(.horizontal, 16)
        .frame(height: 56)
        .background(RoundedRectangle(cornerRadius: 10).fill(.white))
    }
}

#Preview {
    WiFiRow()
}
