/// Builds scene files from the format's vocabulary, steered by the fuzzer's bytes: each byte picks a
/// kind of view, a modifier, an expression, a number or a size, so every input is a scene of plausible
/// shape with random values and sizes (tiny to the limits), rather than mostly broken JSON.
struct SceneGenerator {
    private var bytes: [UInt8]
    private var position = 0
    /// The ids given to views so far (tap targets).
    private var ids: [String] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 once the input is used up (so every input gives a finite scene).
    mutating func byte() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[byte() % choices.count] }

    /// A number, mostly ordinary, sometimes at or past the edges of what the format accepts.
    mutating func number() -> String {
        pick(["0", "1", "2", "0.5", "10", "37.5", "100", "-1", "-50", "1000", "360", "1e6", "1e-9", "0.004", "16384",
              "\(byte() * 4)", "\(byte())", "\(byte()).\(byte())"])
    }

    /// A size: mostly those of screens, sometimes up to the limits.
    mutating func size() -> String {
        byte() % 4 != 0 ? pick(["1", "8", "40", "100", "200", "375", "\(byte() + 1)"])
                        : pick(["667", "1000", "4000", "8000", "16384", "\(byte() * 8 + 1)"])
    }

    /// Where an expression is used, which decides the names it may read.
    enum Place { case view, plot, action, canvas }

    /// A numeric expression over the names `place` offers.
    mutating func expression(_ place: Place = .view, depth: Int = 0) -> String {
        var leaves = ["n", "count(s)", "count(l)", number(), "l[0]", "(flag ? 1 : 0)"]
        if place != .action { leaves += ["t", "w", "h"] }
        if place == .plot { leaves += ["x", "x", "x"] }
        if place == .canvas { leaves += ["timeline.date", "i", "i", "timeline.date * 90"] }
        let leaf = pick(leaves)
        guard depth < 3, byte() % 3 != 0 else { return leaf }
        let op = pick([" + ", " - ", " * ", " / ", " % "])
        var functions = ["sin", "cos", "abs", "sqrt", "min", "max", ""]
        if place == .action { functions += ["random", "randomInt"] }
        let f = pick(functions)
        let inner = expression(place, depth: depth + 1)
        switch byte() % 4 {
        case 0: return "(\(leaf)\(op)\(inner))"
        case 1 where ["min", "max", "random", "randomInt"].contains(f): return "\(f)(\(leaf), \(inner))"
        case 1 where !f.isEmpty: return "\(f)(\(inner))"
        default: return leaf + op + inner
        }
    }

    /// A gradient paint: linear, radial, elliptical or angular, sized from nothing to past the frame.
    mutating func gradient() -> String {
        switch byte() % 4 {
        case 0: return "{\"linearGradient\": {\"colors\": [\"blue\", \"red\"], \"startPoint\": \"top\", \"endPoint\": \"bottom\"}}"
        case 1: return "{\"radialGradient\": {\"colors\": [\"blue\", \"red\"], \"center\": \"center\", \"startRadius\": 0, \"endRadius\": \(number())}}"
        case 2: return "{\"ellipticalGradient\": {\"colors\": [\"blue\", \"red\"]}}"
        default: return "{\"angularGradient\": {\"colors\": [\"blue\", \"red\"], \"endAngle\": \(number())}}"
        }
    }

    mutating func color() -> String {
        pick(["\"red\"", "\"blue\"", "\"#336699\"", "\"#0008\"", "\"clear\"", "\"secondary\"", "\"\(expression())\""])
    }

    mutating func pathCommand() -> String {
        switch byte() % 7 {
        case 0: return "[\"move\", \(number()), \(number())]"
        case 1: return "[\"line\", \"\(expression())\", \(number())]"
        case 2: return "[\"quad\", \(number()), \(number()), \(number()), \(number())]"
        case 3: return "[\"cubic\", \(number()), \(number()), \(number()), \(number()), \"w\", \"h\"]"
        case 4: return "[\"arc\", \"w/2\", \"h/2\", \(number()), 0, \(number()), \(pick(["true", "false"]))]"
        case 5: return "[\"close\"]"
        default:
            return "[\"plot\", \(pick(["0", "-100"])), \(pick(["\"w\"", "400", "99999", "399.99"])), "
                + "\(pick(["1", "0.5", "0.004", "0.09", "\"w/100\""])), \"\(pick(["h * ((x * 7919) % 400) / 400", "h/2 * sin(x / 50 + t)", expression(.plot)]))\"]"
        }
    }

    mutating func modifiers(id: Int) -> String {
        var parts: [String] = []
        var used: Set<Int> = []
        for _ in 0..<(byte() % 5) {
            let choice = byte() % 14
            guard used.insert(choice).inserted, !(choice == 9 && id < 0) else { continue }
            switch choice {
            case 0: parts.append("\"frame\": {\"width\": \(size()), \"height\": \"\(expression())\"}")
            case 1: parts.append("\"padding\": \(number())")
            case 2: parts.append("\"offset\": {\"x\": \"\(expression())\", \"y\": \(number())}")
            case 3: parts.append("\"rotation\": \"\(expression())\"")
            case 4: parts.append("\"scale\": \(pick(["0.5", "2", "100", "\"1 + t\""]))")
            case 5: parts.append("\"opacity\": \"\(expression())\"")
            case 6: parts.append("\"foregroundColor\": \(color())")
            case 7: parts.append("\"font\": {\"size\": \(pick(["1", "17", "400", "2000", number()]))}")
            case 8: parts.append("\"clipped\": true")
            case 9:
                ids.append("v\(id)")
                parts.append("\"id\": \"v\(id)\", \"onTap\": [\(action(depth: 0))]")
            case 11: parts.append("\"blur\": \(pick(["1", "10", "40", "\"t * 20\"", number()]))")
            case 12: parts.append("\"shadow\": {\"radius\": \(pick(["2", "20", "100", number()])), \"x\": \(number())}")
            case 10: parts.append("\"rotation3D\": {\"angle\": \"\(expression())\", \"axis\": [0, 1, \(number())], \"perspective\": \(number())}")
            default: parts.append("\"background\": {\"shape\": \"capsule\", \"fill\": \(color())}")
            }
        }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }

    mutating func node(depth: Int, id: inout Int, inComponent: Bool = false) -> String {
        id += 1
        let me = id
        let kind: String
        var choice = depth >= 4 ? byte() % 3 : byte() % 8
        if inComponent && choice == 3 { choice = 0 }
        switch choice {
        case 0:
            let shape = pick(["\"circle\"", "\"rectangle\"", "\"capsule\"", "\"ellipse\""])
            let fill = byte() % 3 == 0 ? gradient() : color()
            kind = "\"shape\": \(shape), \"fill\": \(fill)"
        case 1:
            var commands: [String] = []
            for _ in 0..<(1 + byte() % 6) { commands.append(pathCommand()) }
            let stroke = byte() % 2 == 0 ? ", \"stroke\": {\"color\": \"black\", \"lineWidth\": \(pick(["1", "10", "100", "0"])), \"lineJoin\": \"\(pick(["round", "miter", "bevel"]))\"}" : ", \"fill\": \(color())"
            kind = "\"path\": [\(commands.joined(separator: ", "))]" + stroke
        case 2 where byte() % 3 == 0:
            let schedule = pick([".animation", ".animation(minimumInterval: 0.1)", ".animation(paused: flag)",
                                 ".periodic(from: 0, by: 0.5)", ".everyMinute", ".explicit([0, 0.5, l[0]])"])
            var commands = ["{\"let\": {\"i\": 0}}"]
            for _ in 0..<(1 + byte() % 5) { commands.append(canvasCommand(depth: 0)) }
            kind = "\"timelineView\": \"\(schedule)\", \"content\": {\"canvas\": [\(commands.joined(separator: ", "))], "
                + "\"frame\": {\"width\": \(size()), \"height\": \(size())}}"
        case 2:
            kind = "\"text\": \"\(pick(["Hello", "${s}", "${n} s", "${l}", "${s}${s}${s}${s}", "${str(l)}"]))\""
                + (byte() % 3 == 0 ? ", \"lineLimit\": \(1 + byte() % 4)" : "")
                + (byte() % 3 == 0 ? ", \"font\": {\"size\": \(pick(["1", "17", "200", "2000", "\"2000 - i\""]))}" : "")
        case 3:
            kind = "\"use\": \"\(pick(["Row", "Dot"]))\""
        case 6:
            // Deep nesting: a view inside tens to thousands of stacks, each with a modifier or not (the JSON
            // reader refuses more than 128 levels of nesting; this probes both sides of that).
            let levels = pick([10, 30, 50, 60, 1000, 20000])
            let stack = pick(["zstack", "vstack", "hstack"])
            let modifier = pick(["", ", \"opacity\": 0.9", ", \"offset\": {\"x\": 1}", ", \"blur\": 1"])
            let inner = node(depth: 4, id: &id, inComponent: inComponent)
            return String(repeating: "{\"\(stack)\": [", count: levels) + inner
                + String(repeating: "]\(modifier)}", count: levels)
        case 7:
            // A repeat count: a forEach of up to a million views, or forEach inside forEach.
            let count = pick(["3", "100", "10000", "1000000", "n", "count(s)"])
            let content = byte() % 3 == 0 ? node(depth: 3, id: &id, inComponent: inComponent)
                : "{\"zstack\": [{\"forEach\": \"0..<\(pick(["10", "1000", "100000"]))\", \"as\": \"j\", \"content\": "
                    + "\(node(depth: 4, id: &id, inComponent: inComponent))}]}"
            kind = "\"zstack\": [{\"forEach\": \"0..<\(count)\", \"as\": \"i\", \"content\": \(content)}]"
        default:
            var children: [String] = []
            for _ in 0..<(1 + byte() % 4) { children.append(node(depth: depth + 1, id: &id, inComponent: inComponent)) }
            kind = "\"\(pick(["zstack", "vstack", "hstack"]))\": [\(children.joined(separator: ", "))]"
        }
        return "{" + kind + modifiers(id: inComponent ? -me : me) + "}"
    }

    /// A `GraphicsContext` command inside a canvas in a timelineView (`i` is 0 outside a repeat's
    /// passes: a `let` at the top names it).
    mutating func canvasCommand(depth: Int) -> String {
        switch byte() % 10 {
        case 0, 1:
            let shape = pick(["circle", "ellipse", "rect", "capsule"])
            return "{\"fill\": {\"\(shape)\": [\"\(expression(.canvas))\", \(number()), \(size()), \(size())]}, \"with\": \(color())}"
        case 2:
            var commands: [String] = []
            for _ in 0..<(1 + byte() % 4) { commands.append(pathCommand()) }
            return "{\"stroke\": [\(commands.joined(separator: ", "))], \"with\": \"black\", \"lineWidth\": \(pick(["1", "10", "100", "0"]))}"
        case 3: return "{\"rotate\": \"\(expression(.canvas))\"}"
        case 4: return "{\"translateBy\": [\"\(expression(.canvas))\", \(number())]}"
        case 5: return "{\"scaleBy\": \(pick(["0.5", "2", "0", "-1", "1000", "[1, 0.001]"]))}"
        case 6: return "{\"opacity\": \"\(expression(.canvas))\"}"
        case 7: return "{\"text\": \"\(pick(["Hi", "${i}", "${s}${s}${s}"]))\", \"at\": [\(number()), \(number())]}"
        case 8 where depth < 3:
            var commands: [String] = []
            for _ in 0..<(1 + byte() % 3) { commands.append(canvasCommand(depth: depth + 1)) }
            return "{\"repeat\": \(pick(["3", "100", "10000", "\"n\"", "\"count(l)\""])), \"as\": \"i\", \"draw\": [\(commands.joined(separator: ", "))]}"
        case 9 where byte() % 2 == 0:
            return "{\"clip\": {\"\(pick(["circle", "rect"]))\": [\(number()), \(number()), \(size()), \(size())]}}"
        case 9 where depth < 3:
            var commands: [String] = []
            for _ in 0..<(1 + byte() % 3) { commands.append(canvasCommand(depth: depth + 1)) }
            return "{\"layer\": [{\"opacity\": 0.5}, \(commands.joined(separator: ", "))]}"
        default: return "{\"let\": {\"i\": \(number())}}"
        }
    }

    mutating func action(depth: Int) -> String {
        switch byte() % 6 {
        case 0: return "{\"set\": {\"s\": \"\(pick(["s + s", "s + str(n)", "str(l)"]))\"}}"
        case 1: return "{\"set\": {\"l\": \"\(pick(["[l, l]", "[n, n, n]", "[s, l]"]))\"}}"
        case 2: return "{\"set\": {\"n\": \"\(expression(.action))\"}, \"animation\": \"\(pick([".easeInOut(duration: 0.5)", ".spring()", ".linear(duration: 1).repeatForever()"]))\"}"
        case 3 where depth < 2: return "{\"after\": \(pick(["0.01", "0.1", "1"])), \"do\": [\(action(depth: depth + 1))]}"
        case 4: return "{\"set\": {\"flag\": \"!flag\"}}"
        default: return "{\"set\": {\"n\": \"n + 1\"}}"
        }
    }

    /// A whole scene file.
    mutating func scene() -> String {
        var id = 0
        let width = size(), height = size()
        let scale = pick(["0.25", "1", "2", "3", "8"])
        let fps = pick(["1", "20", "50", "120"])
        let duration = pick(["0.01", "0.1", "1", "5", "60"])
        let root = node(depth: 0, id: &id)
        let rowBody = node(depth: 2, id: &id, inComponent: true)
        let dotBody = "{\"zstack\": [" + Array(repeating: "{\"use\": \"Row\"}", count: 1 + byte() % 9).joined(separator: ", ") + "]}"
        var script: [String] = []
        for _ in 0..<(byte() % 4) {
            switch byte() % 3 {
            case 0: script.append("{\"at\": 0, \"do\": [{\"timer\": \(pick(["0.01", "0.1", "\"displayLink\""])), \"count\": \(pick(["3", "40", "1000"])), \"do\": [\(action(depth: 0))]}]}")
            case 1: script.append("{\"at\": \(pick(["0", "0.005"])), \"do\": [\(action(depth: 0))]}")
            default: if !ids.isEmpty { script.append("{\"at\": 0, \"tap\": \"\(pick(ids))\"}") }
            }
        }
        return """
            {"name": "fuzz", "canvas": {"width": \(width), "height": \(height), "scale": \(scale), "background": "white"},
             "fps": \(fps), "duration": \(duration),
             "state": {"n": 0, "s": "ab", "l": [1, 2], "flag": false},
             "components": {"Row": {"body": \(rowBody)}, "Dot": {"body": \(dotBody)}},
             "root": \(root),
             "script": [\(script.joined(separator: ", "))]}
            """
    }
}
