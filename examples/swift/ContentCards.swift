import SwiftUI

// Views that wrap content: a Card with a @ViewBuilder content slot, a Row whose label is a closure
// returning a view, and a ViewModifier applied with .modifier. The toggle passed into the first card is
// the caller's: the script taps it by its id, and its binding animates the status text below.

struct Card<Content: View>: View {
    let title: String
    @ViewBuilder let content: Content

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(title).font(.headline)
            content
        }
        .padding(16)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color(red: 0.95, green: 0.95, blue: 0.97)))
    }
}

struct Row<Label: View>: View {
    let label: () -> Label
    var body: some View {
        HStack { label(); Spacer() }.frame(width: 200)
    }
}

struct Badge: ViewModifier {
    func body(content: Content) -> some View {
        content
            .font(.system(size: 12, weight: .semibold))
            .foregroundColor(.white)
            .padding(.horizontal, 8)
            .padding(.vertical, 3)
            .background(Capsule().fill(Color.blue))
    }
}

struct ContentCards: View {
    @State private var wifi = true
    var body: some View {
        VStack(spacing: 12) {
            Card(title: "Wi-Fi") {
                Toggle("Enabled", isOn: $wifi.animation(.spring()))
                    .accessibilityIdentifier("wifi")
            }
            Card(title: "Status") {
                Text(wifi ? "Connected" : "Off").foregroundColor(wifi ? .green : .secondary)
            }
            Row { Text("Footer").modifier(Badge()) }
        }
        .frame(width: 260)
    }
}

#Preview { ContentCards() }
