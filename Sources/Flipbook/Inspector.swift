import Compose
import DisplayList
import Expressions
import SceneFormat
import Timeline

/// The evaluated state of a scene at chosen times, as JSON, for debugging and for tests that check
/// semantics without reading pixels.
public enum Inspector {
    /// A JSON array with one object per time: `{"time": 0.35, "frame": 17, "state": {"rotation": 12.5, ...},
    /// "views": {"arrow": {"rotation": 12.5, ...}}}`. `state` holds model values (what actions read),
    /// `views` what the views with an id show (their animated attributes).
    public static func json(_ player: Player, times: [Double]) throws(SceneError) -> String {
        var out = "[\n"
        for (i, t) in times.enumerated() {
            let frame = Int((t * player.scene.fps).rounded(.down))
            out += "  {\"time\": \(number(t)), \"frame\": \(frame), \"state\": {"
            // A `forEach` item's state is listed while the item is there.
            out += player.timeline.keys.filter { player.timeline.holds($0, at: t) }.map { key in
                "\(string(key)): \(value(player.timeline.modelValue(key, at: t) ?? .number(0)))"
            }.joined(separator: ", ")
            out += "}, \"views\": {"
            out += try player.views(at: t).map { "\(string($0.id)): \(view($0.view))" }.joined(separator: ", ")
            out += "}}" + (i + 1 < times.count ? ",\n" : "\n")
        }
        return out + "]\n"
    }

    /// One view's presentation values.
    static func view(_ v: InspectedView) -> String {
        var fields = ["\"rotation\": \(number(v.rotation))",
                      "\"scale\": [\(number(v.scale.x)), \(number(v.scale.y))]",
                      "\"offset\": [\(number(v.offset.x)), \(number(v.offset.y))]",
                      "\"opacity\": \(number(v.opacity))",
                      "\"frame\": [" + [v.frame.minX, v.frame.minY, v.frame.width, v.frame.height].map(number).joined(separator: ", ") + "]"]
        if let c = v.foregroundColor { fields.append("\"foregroundColor\": " + color(c)) }
        if let c = v.fill { fields.append("\"fill\": " + color(c)) }
        if let text = v.text { fields.append("\"text\": " + string(text)) }
        if let date = v.timelineDate { fields.append("\"timelineDate\": " + number(date)) }
        if let control = v.control { fields.append("\"control\": " + string(control)) }
        if let r = v.rotation3D, r.count == 6 {
            fields.append("\"rotation3D\": {\"angle\": \(number(r[0])), \"axis\": [\(number(r[1])), \(number(r[2])), \(number(r[3]))], "
                          + "\"anchorZ\": \(number(r[4])), \"perspective\": \(number(r[5]))}")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func color(_ c: Color) -> String {
        value(.color(ColorValue(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)))
    }

    static func value(_ v: Value) -> String {
        switch v {
        case .number(let n): return number(n)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return string(s)
        case .color(let c):
            func hex(_ x: Double) -> String {
                let n = Int((min(1, max(0, x)) * 255).rounded())
                return (n < 16 ? "0" : "") + String(n, radix: 16)
            }
            return string("#" + hex(c.red) + hex(c.green) + hex(c.blue) + hex(c.alpha))
        case .list(let items): return "[" + items.map(value).joined(separator: ", ") + "]"
        case .record(let r):
            return "{" + r.fields.map { "\(string($0.name)): \(value($0.value))" }.joined(separator: ", ") + "}"
        case .animation(let a): return string(a.description)
        }
    }

    /// A number with at most 6 decimals and no trailing zeros (stable across runs and platforms).
    static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        let rounded = (n * 1e6).rounded() / 1e6
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var s = String(rounded)
        if s.contains("e") { s = String(format6(rounded)) }
        return s
    }

    private static func format6(_ n: Double) -> String {
        let scaled = Int((abs(n) * 1e6).rounded())
        var frac = String(scaled % 1_000_000)
        frac = String(repeating: "0", count: 6 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        return (n < 0 ? "-" : "") + String(scaled / 1_000_000) + (frac.isEmpty ? "" : "." + frac)
    }

    static func string(_ s: String) -> String { JSONString.quoted(s) }
}
