import SwiftUI

// The Netflix "forward 10 s" seek button of the tutorial (TUTORIALS.md section 1), written as the
// article writes it: three Shape structs, a GeometryReader text and private animation methods.
struct SeekDemo: View {
    @State private var position = 20

    var body: some View {
        VStack(spacing: 28) {
            SeekButton(interval: 10) {
                withAnimation(.easeOut(duration: 0.25)) { position = min(position + 10, 120) }
            }
            .accessibilityIdentifier("forward")
            Text("\(position) s")
                .font(.system(size: 13, weight: .medium))
                .foregroundColor(Color(white: 0.7))
        }
    }
}

struct SeekButton: View {
    var interval = 10
    var action: () -> Void = {}

    @State private var rotation: Angle = .zero
    @State private var backgroundOpacity: Double = 0.0
    @State private var durationLabelOpacity: Double = 1.0
    @State private var xOffset: CGFloat = 0.0
    @State private var accumulationLabelOpacity: Double = 0.0

    var body: some View {
        ZStack {
            Group {
                RoundArrowBackground()
                    .fill()
                    .opacity(backgroundOpacity)
                RoundArrow()
                    .stroke(lineWidth: 3)
                RoundArrowHead()
                    .fill()
            }
            .rotationEffect(rotation)
            .accessibilityIdentifier("arrow")

            // Duration label
            ScalableText(string: "\(interval)")
                .opacity(durationLabelOpacity)

            ScalableText(string: "+\(interval)", fontWeight: .bold, xOffset: xOffset)
                .opacity(accumulationLabelOpacity)
        }
        .frame(width: 64, height: 64)
        .foregroundColor(.white)
        .contentShape(Rectangle())
        .onTapGesture {
            self.animateArrowAndBackground()
            self.animateDurationLabel()
            self.animateAccumulationLabel()
            self.action()
        }
    }

    private func animateArrowAndBackground() {
        // Arrow and background animate out
        withAnimation(.easeInOut(duration: 0.1)) {
            rotation = .degrees(20)
            backgroundOpacity = 0.3
        }
        // Arrow and background animate in
        withAnimation(Animation.easeInOut(duration: 0.1).delay(0.1)) {
            rotation = .zero
            backgroundOpacity = 0.0
        }
    }

    private func animateDurationLabel() {
        durationLabelOpacity = 1.0
        withAnimation(.easeInOut(duration: 0.1)) {
            durationLabelOpacity = 0.0
        }
    }

    private func animateAccumulationLabel() {
        // Reset the label's animation values
        accumulationLabelOpacity = 0
        xOffset = 0.0
        // Fade in
        withAnimation(.easeInOut(duration: 0.1)) {
            accumulationLabelOpacity = 1.0
        }
        // Animate out offset
        withAnimation(Animation.timingCurve(0.0, 0.0, 0.2, 1.0, duration: 0.35)) {
            xOffset = 80
        }
        // Fade out
        withAnimation(Animation.timingCurve(0.0, 0.0, 0.2, 1.0, duration: 0.45).delay(0.5)) {
            accumulationLabelOpacity = 0.0
        }
    }
}

extension SeekButton {
    fileprivate struct RoundArrow: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            let w = rect.size.width
            let h = rect.size.height
            path.addArc(center: CGPoint(x: w * 0.5, y: h * 0.5), radius: h * 0.5,
                        startAngle: Angle(degrees: 0), endAngle: Angle(degrees: 270), clockwise: false)
            return path
        }
    }

    fileprivate struct RoundArrowHead: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            let w = rect.size.width
            let arrowHead = w * 0.3
            let x = w * 0.6
            path.move(to: CGPoint(x: x, y: 0))
            path.addLine(to: CGPoint(x: x - arrowHead, y: -arrowHead * 0.75))
            path.addLine(to: CGPoint(x: x - arrowHead, y: arrowHead * 0.75))
            path.addLine(to: CGPoint(x: x, y: 0))
            path.closeSubpath()
            path.move(to: CGPoint(x: x + arrowHead, y: 0))
            path.addLine(to: CGPoint(x: x, y: -arrowHead * 0.75))
            path.addLine(to: CGPoint(x: x, y: arrowHead * 0.75))
            path.addLine(to: CGPoint(x: x + arrowHead, y: 0))
            path.closeSubpath()
            return path
        }
    }

    fileprivate struct RoundArrowBackground: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            let w = rect.size.width
            let h = rect.size.height
            path.addArc(center: CGPoint(x: w * 0.5, y: h * 0.5), radius: h * 0.5,
                        startAngle: Angle(degrees: 0), endAngle: Angle(degrees: 360), clockwise: false)
            return path
        }
    }
}

private struct ScalableText: View {
    var string: String
    var fontWeight: Font.Weight = .regular
    var xOffset: CGFloat = 0

    var animatableData: CGFloat {
        get { return xOffset }
        set { xOffset = newValue }
    }

    var body: some View {
        GeometryReader { geometry in
            Text(self.string)
                .font(.system(size: geometry.size.width * 0.4))
                .fontWeight(self.fontWeight)
                .offset(x: self.xOffset * geometry.size.width / 44.0, y: 0.0)
        }
    }
}

#Preview {
    SeekDemo()
}
