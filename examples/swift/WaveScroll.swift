import SwiftUI

// The tutorial's first Wave example (TUTORIALS.md section 5a): two Wave shapes in a ScrollView whose
// phases follow the strip's global position, so the waves slide against each other as it scrolls. The
// article's "Other Views..." are scenes/wave-scroll.json's cards.
struct WaveScroll: View {
    var body: some View {
        ScrollView(.vertical, showsIndicators: false) {
            VStack(spacing: 0) {
                Text("Waves")
                    .font(.system(size: 34, weight: .bold))
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding(.horizontal, 20)
                    .padding(.top, 60)
                    .padding(.bottom, 20)
                Card(title: "Morning run", tint: .blue)
                Card(title: "Lunch", tint: .green)
                Card(title: "Reading", tint: .purple)

                // Room above the strip for the crests, which rise 30 pt over its top.
                Spacer(minLength: 40)

                GeometryReader { geo in
                    ZStack {
                        Wave(waveHeight: 30, phase: Angle(degrees: (Double(geo.frame(in: .global).minY) + 45) * -1 * 0.7))
                            .foregroundColor(.orange)
                            .opacity(0.5)
                        Wave(waveHeight: 30, phase: Angle(degrees: Double(geo.frame(in: .global).minY) * 0.7))
                            .foregroundColor(.red)
                    }
                }.frame(height: 70, alignment: .center)

                Card(title: "Meetings", tint: .orange)
                Card(title: "Gym", tint: .red)
                Card(title: "Dinner", tint: .teal)
                Card(title: "Sleep", tint: .indigo)
            }
        }
        .accessibilityIdentifier("scroll") // the id the sidecar's script scrolls
    }
}

/// One of the "Other Views..." around the waves: a rounded card with a title.
struct Card: View {
    var title: String
    var tint: Color

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 16)
                .fill(tint.opacity(0.15))
            Text(title)
                .font(.system(size: 20, weight: .semibold))
                .foregroundColor(tint)
        }
        .frame(height: 120)
        .padding(.horizontal, 20)
        .padding(.vertical, 10)
    }
}

struct Wave: Shape {

    var waveHeight: CGFloat
    var phase: Angle

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: rect.maxY)) // Bottom Left

        for x in stride(from: 0, through: rect.width, by: 1) {
            let relativeX: CGFloat = x / 50 //wavelength
            let sine = CGFloat(sin(relativeX + CGFloat(phase.radians)))
            let y = waveHeight * sine //+ rect.midY
            path.addLine(to: CGPoint(x: x, y: y))
        }

        path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY)) // Top Right
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY)) // Bottom Right

        return path
    }
}

#Preview {
    WaveScroll()
}
