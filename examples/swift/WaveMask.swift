import SwiftUI

// The wave mask transition of the tutorial's SwiftUI Wave article (TUTORIALS.md section 5b): a tap shows
// the next photo, which comes in through a mask of two rising waves while the old one grows away.
// The photos are scenes/wave-mask.json's (stock_1.png ... stock_4.png beside this file).
struct WaveMask: View {

    @State var index: Int = 0

    var body: some View {
        ZStack {
            // Departs from the article, which keeps the photos in `var images: [Image]` and writes
            // ForEach(images.indices) { i in if i == index { images[index]... } }: the front end has no
            // arrays of views, so the four `if`s that ForEach makes are written out.
            if index == 0 {
                Image("stock_1")
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .transition(.waveMask)
            }
            if index == 1 {
                Image("stock_2")
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .transition(.waveMask)
            }
            if index == 2 {
                Image("stock_3")
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .transition(.waveMask)
            }
            if index == 3 {
                Image("stock_4")
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .transition(.waveMask)
            }

        }.onTapGesture {
            withAnimation(.easeOut(duration: 3)) {
                index = (index + 1) % 4
            }

        }
        .accessibilityIdentifier("gallery") // the id the sidecar's script taps
        .edgesIgnoringSafeArea(.all)
    }
}

struct WaveMaskModifier: AnimatableModifier {

    var pct: CGFloat

    var animatableData: CGFloat {
        get { pct }
        set { pct = newValue }
    }

    func body(content: Content) -> some View {
        content
            .mask(
                GeometryReader { geo in
                    // Departs from the article's VStack { Spacer() ... }: with SwiftUI's default spacing
                    // and the Spacer's minimum length the strip would not sit exactly on the bottom edge;
                    // scenes/wave-mask.json makes both 0, and so does this.
                    VStack(spacing: 0) {
                        Spacer(minLength: 0)
                        ZStack {
                            Wave(waveHeight: 30, phase: Angle(degrees: (Double(pct) * 720 * -1) + 45))
                                .opacity(0.5)
                                .scaleEffect(x: 1.0, y: 1.2, anchor: .center)
                                .offset(x: 0, y: 30)
                            Wave(waveHeight: 30, phase: Angle(degrees: Double(pct) * 720))
                                .scaleEffect(x: 1.0, y: 1.2, anchor: .center)
                                .offset(x: 0, y: 30)
                        }
                        .frame(height: geo.size.height * pct, alignment: .bottom)
                    }

                }
            )
    }
}

extension AnyTransition {
    static let waveMask = AnyTransition.asymmetric(insertion:
        AnyTransition.modifier(active: WaveMaskModifier(pct: 0), identity: WaveMaskModifier(pct: 1))
        , removal:
            .scale(scale: 1.1)
    )
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
    WaveMask()
}
