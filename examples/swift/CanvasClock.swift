import SwiftUI

// The twin of examples/canvas-clock.json: an analog clock drawn in a Canvas inside
// TimelineView(.periodic(from:by: 1)), its hands turned from timeline.date, so the second hand ticks
// once a second. The dial's 60 marks come from one loop that rotates the context 6 degrees a pass.
struct CanvasClock: View {
    /// The time shown when the view appears: 10:09:30, in seconds since midnight.
    var start = 36570.0
    @State private var appeared = Date()

    var body: some View {
        TimelineView(.periodic(from: appeared, by: 1)) { timeline in
            let s = start + timeline.date.timeIntervalSince(appeared)
            let hours = Int(s / 3600) % 12
            let minutes = Int(s / 60) % 60
            let seconds = Int(s) % 60
            VStack(spacing: 14) {
                Canvas { context, size in
                    let ink = Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255)
                    context.fill(Circle().path(in: CGRect(origin: .zero, size: size)), with: .color(.white))
                    context.stroke(Circle().path(in: CGRect(x: 1, y: 1, width: size.width - 2, height: size.height - 2)),
                                   with: .color(ink), lineWidth: 2)
                    context.translateBy(x: size.width / 2, y: size.height / 2)
                    let r = min(size.width, size.height) / 2
                    for i in 0..<60 {
                        let major = i % 5 == 0
                        context.fill(Path(CGRect(x: major ? -1.5 : -0.5, y: -r + 8, width: major ? 3 : 1, height: major ? 12 : 6)),
                                     with: .color(major ? Color(red: 0.11, green: 0.11, blue: 0.12) : Color(red: 0.56, green: 0.56, blue: 0.58)))
                        context.rotate(by: .degrees(6))
                    }
                    for i in 0..<12 {
                        let angle = Double(i) * 30 * .pi / 180
                        context.draw(Text("\(i == 0 ? 12 : i)")
                                        .font(.system(size: 17, weight: .medium, design: .rounded))
                                        .foregroundColor(ink),
                                     at: CGPoint(x: sin(angle) * (r - 32), y: -cos(angle) * (r - 32)))
                    }
                    context.drawLayer { hand in
                        hand.rotate(by: .degrees((s / 3600).truncatingRemainder(dividingBy: 12) * 30))
                        hand.fill(Path(roundedRect: CGRect(x: -3.5, y: -r * 0.5, width: 7, height: r * 0.5 + 10), cornerRadius: 3.5),
                                  with: .color(ink))
                    }
                    context.drawLayer { hand in
                        hand.rotate(by: .degrees((s / 60).truncatingRemainder(dividingBy: 60) * 6))
                        hand.fill(Path(roundedRect: CGRect(x: -2.5, y: -r * 0.78, width: 5, height: r * 0.78 + 10), cornerRadius: 2.5),
                                  with: .color(ink))
                    }
                    context.drawLayer { hand in
                        hand.rotate(by: .degrees(floor(s).truncatingRemainder(dividingBy: 60) * 6))
                        hand.stroke(Path { p in
                                        p.move(to: CGPoint(x: 0, y: 18))
                                        p.addLine(to: CGPoint(x: 0, y: -r * 0.86))
                                    },
                                    with: .color(.orange), style: StrokeStyle(lineWidth: 1.5, lineCap: .round))
                        hand.fill(Circle().path(in: CGRect(x: -4.5, y: -4.5, width: 9, height: 9)), with: .color(.orange))
                    }
                    context.fill(Circle().path(in: CGRect(x: -1.5, y: -1.5, width: 3, height: 3)), with: .color(.white))
                }
                .frame(width: 200, height: 200)
                Text("\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)")
                    .font(.system(size: 17, weight: .semibold))
                    .foregroundColor(.secondary)
            }
        }
    }
}

#Preview {
    CanvasClock()
}
