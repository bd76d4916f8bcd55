#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// One layer of a symbol: its outline in the 256-unit design square (y down), and its place among the
/// symbol's variable layers (0 = the first to light), or nil for a layer that is always drawn.
public struct SymbolDesignLayer: Sendable {
    public var path: Path
    public var variableIndex: Int?

    public init(path: Path, variableIndex: Int?) {
        self.path = path
        self.variableIndex = variableIndex
    }
}

/// The symbols Flipbook draws in layers, for variable colour (`Image(systemName:variableValue:)` and
/// `.symbolEffect(.variableColor)`).
///
/// SF Symbols draws these names in layers that light one after another: the waves of a speaker, the arcs
/// of `wifi`, the bars of `cellularbars`. Phosphor's glyphs are single outlines, so these names are drawn
/// from Flipbook's own geometry (circles, round-capped arcs, rounded bars; the speaker's body is Phosphor's
/// `speaker-none` at 85 %), each layer a separate path. The variable layers are listed in the order SF Symbols
/// lights them: inner to outer, low to high. Stroke widths follow Phosphor's weights (thin 8, light 12,
/// regular 16, bold 24 units) so the layered names sit with the others.
enum LayeredSymbols {
    /// The names, in the documentation's order.
    static let names = ["wifi", "speaker.wave.1", "speaker.wave.1.fill", "speaker.wave.2", "speaker.wave.2.fill",
                        "speaker.wave.3", "speaker.wave.3.fill", "antenna.radiowaves.left.and.right", "cellularbars"]

    /// What each name is made of, for the documentation: (layers, variable layers).
    static let descriptions: [String: String] = [
        "wifi": "a dot and two arcs, all three variable (dot, inner arc, outer arc)",
        "speaker.wave.1": "the speaker (always drawn) and one wave",
        "speaker.wave.1.fill": "the filled speaker (always drawn) and one wave",
        "speaker.wave.2": "the speaker (always drawn) and two waves, inner to outer",
        "speaker.wave.2.fill": "the filled speaker (always drawn) and two waves, inner to outer",
        "speaker.wave.3": "the speaker (always drawn) and three waves, inner to outer",
        "speaker.wave.3.fill": "the filled speaker (always drawn) and three waves, inner to outer",
        "antenna.radiowaves.left.and.right": "the mast (always drawn) and two pairs of arcs, inner pair then outer pair",
        "cellularbars": "four bars of rising height, all variable, low to high",
    ]

    /// The stroke width of a layered symbol's lines at a Phosphor weight.
    static func strokeWidth(_ weight: String) -> Double {
        switch weight {
        case "thin": return 8
        case "light": return 12
        case "bold": return 24
        default: return 16
        }
    }

    /// The layers of `name` at a Phosphor weight ("thin", "light", "regular", "bold"), or nil when the name
    /// is not layered.
    static func layers(_ name: String, weight: String) -> [SymbolDesignLayer]? {
        let w = strokeWidth(weight)
        let up = -Double.pi / 2
        switch name {
        case "wifi":
            // A dot and two arcs about it, opening 90 degrees upwards.
            let c = Point(128, 200)
            let half = Double.pi / 4
            return [
                SymbolDesignLayer(path: Path.circle(in: Rect(x: c.x - (w / 2 + 8), y: c.y - (w / 2 + 8),
                                                             width: w + 16, height: w + 16)), variableIndex: 0),
                SymbolDesignLayer(path: .roundCappedArc(center: c, radius: 80, width: w, startAngle: up - half, sweep: 2 * half),
                                  variableIndex: 1),
                SymbolDesignLayer(path: .roundCappedArc(center: c, radius: 140, width: w, startAngle: up - half, sweep: 2 * half),
                                  variableIndex: 2),
            ]
        case let speaker where speaker.hasPrefix("speaker.wave."):
            let parts = speaker.split(separator: ".")
            guard parts.count >= 3, let waves = Int(parts[2]), (1...3).contains(waves) else { return nil }
            let filled = parts.count == 4
            guard let body = PhosphorGlyphs.pathData["speaker-none/\(filled ? "fill" : weight)"].flatMap(Path.init(svgPathData:)) else {
                return nil
            }
            // The speaker at 85 % about its left middle, so three waves fit in the square: waves about a
            // point inside the cone, 80 degrees tall, 32 units apart.
            let shrink = Transform.translation(-16, -128).concatenating(.scale(0.85, 0.85)).concatenating(.translation(16, 128))
            let c = Point(128, 128)
            let half = 40 * Double.pi / 180
            var layers = [SymbolDesignLayer(path: body.applying(shrink), variableIndex: nil)]
            for k in 0..<waves {
                layers.append(SymbolDesignLayer(path: .roundCappedArc(center: c, radius: 48 + 32 * Double(k), width: w,
                                                                      startAngle: -half, sweep: 2 * half),
                                                variableIndex: k))
            }
            return layers
        case "antenna.radiowaves.left.and.right":
            // A mast under a dot, and two pairs of arcs about the dot, to the left and to the right.
            let c = Point(128, 96)
            let half = 40 * Double.pi / 180
            var mast = Path.roundedRect(Rect(x: c.x - w / 2, y: c.y, width: w, height: 224 - c.y), cornerRadius: w / 2)
            mast.addEllipse(in: Rect(x: c.x - (w / 2 + 8), y: c.y - (w / 2 + 8), width: w + 16, height: w + 16))
            var layers = [SymbolDesignLayer(path: mast, variableIndex: nil)]
            for (k, radius) in [52.0, 92.0].enumerated() {
                var pair = Path.roundCappedArc(center: c, radius: radius, width: w, startAngle: Double.pi - half, sweep: 2 * half)
                pair.addPath(.roundCappedArc(center: c, radius: radius, width: w, startAngle: -half, sweep: 2 * half))
                layers.append(SymbolDesignLayer(path: pair, variableIndex: k))
            }
            return layers
        case "cellularbars":
            // Four bars on one baseline, 56 to 176 units tall; a heavier weight draws wider bars.
            let barWidth = 28 + w / 2, span = 204.0
            let gap = (span - 4 * barWidth) / 3
            return (0..<4).map { k in
                let height = 56 + 40 * Double(k)
                let rect = Rect(x: 26 + Double(k) * (barWidth + gap), y: 224 - height, width: barWidth, height: height)
                return SymbolDesignLayer(path: .roundedRect(rect, cornerRadius: 8), variableIndex: k)
            }
        default:
            return nil
        }
    }
}
