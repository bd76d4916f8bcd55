import SwiftUI

// The flowing wave background of the tutorial's SwiftUI Wave article (TUTORIALS.md section 5c): three
// Wave shapes layered behind a screen's content, their phases animated forever while nothing else
// moves. The article gives no numbers; these are scenes/wave-background.json's.
struct WaveBackground: View {
    @State private var phase1: Angle = .zero
    @State private var phase2: Angle = .zero
    @State private var phase3: Angle = .zero

    var body: some View {
        ZStack(alignment: .bottom) {
            Wave(waveHeight: 18, phase: phase1)
                .foregroundColor(Color(red: 74 / 255, green: 144 / 255, blue: 226 / 255))
                .opacity(0.35)
                .frame(height: 300)
            Wave(waveHeight: 24, phase: phase2)
                .foregroundColor(Color(red: 53 / 255, green: 122 / 255, blue: 189 / 255))
                .opacity(0.45)
                .frame(height: 240)
            Wave(waveHeight: 14, phase: phase3)
                .foregroundColor(Color(red: 31 / 255, green: 78 / 255, blue: 140 / 255))
                .opacity(0.8)
                .frame(height: 170)

            VStack(spacing: 8) {
                Text("Good morning")
                    .font(.system(size: 34, weight: .bold))
                    .foregroundColor(Color(red: 31 / 255, green: 45 / 255, blue: 61 / 255))
                Text("Nothing needs you right now.")
                    .font(.system(size: 17))
                    .foregroundColor(.secondary)
                Spacer()
                Text("Start")
                    .font(.system(size: 17, weight: .semibold))
                    .foregroundColor(.white)
                    .frame(width: 200, height: 50)
                    .background(Capsule().fill(Color(red: 31 / 255, green: 78 / 255, blue: 140 / 255)))
                    .padding(.bottom, 330)
            }
            .padding(.top, 90)
        }
        .onAppear {
            withAnimation(.linear(duration: 3).repeatForever(autoreverses: false)) {
                phase1 = .degrees(360)
            }
            withAnimation(.linear(duration: 6).repeatForever(autoreverses: false)) {
                phase2 = .degrees(-360)
            }
            withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) {
                phase3 = .degrees(360)
            }
        }
    }
}

struct Wave: Shape {

    var waveHeight: CGFloat
    var phase: Angle

    // Departs from the article: its Wave declares no animatableData, so SwiftUI would not interpolate
    // phase (and 0 -> 360 degrees draws the same wave): the waves would stand still. The article's video
    // shows them flowing, so this Wave declares its phase animatable, as the JSON scene does.
    var animatableData: Double {
        get { phase.radians }
        set { phase = .radians(newValue) }
    }

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
    WaveBackground()
}
