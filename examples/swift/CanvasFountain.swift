import SwiftUI

// The twin of examples/canvas-fountain.json: a particle fountain drawn in a Canvas inside
// TimelineView(.animation). Each of 80 drops is a function of its index and the time alone (launched
// every 2 seconds at its own phase, with a spread and speed from a hash of the index, falling under
// gravity and fading), so any frame can be drawn alone and the loop is seamless.
struct CanvasFountain: View {
    @State private var start = Date()

    var body: some View {
        TimelineView(.animation) { timeline in
            let time = timeline.date.timeIntervalSince(start)
            Canvas { context, size in
                context.fill(Capsule().path(in: CGRect(x: size.width / 2 - 60, y: size.height - 34, width: 120, height: 14)),
                             with: .color(Color(red: 0.35, green: 0.55, blue: 1, opacity: 0.25)))
                context.translateBy(x: size.width / 2, y: size.height - 30)
                for i in 0..<80 {
                    let period = 2.0
                    let age = (time + Double(i) * 0.025).truncatingRemainder(dividingBy: period)
                    let hashU = sin(Double(i) * 12.9898) * 43758.5453
                    let u = hashU - floor(hashU)
                    let hashV = sin(Double(i) * 78.233) * 12345.6789
                    let v = hashV - floor(hashV)
                    let x = (u - 0.5) * 100 * age
                    let y = -(185 + 45 * v) * age + 0.5 * 200 * age * age
                    let drop = 6 - 3.5 * age / period
                    context.opacity = 1 - age / period
                    context.fill(Circle().path(in: CGRect(x: x - drop / 2, y: y - drop / 2, width: drop, height: drop)),
                                 with: .color(Color(hue: 0.52 + 0.12 * u, saturation: 0.65, brightness: 1)))
                }
                context.opacity = 1
                context.fill(Path(roundedRect: CGRect(x: -6, y: -8, width: 12, height: 10), cornerRadius: 3),
                             with: .color(Color(red: 142 / 255, green: 162 / 255, blue: 200 / 255)))
            }
            .frame(width: 240, height: 240)
        }
    }
}

#Preview {
    CanvasFountain()
}
