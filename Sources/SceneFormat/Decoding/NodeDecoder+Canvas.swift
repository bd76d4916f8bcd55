import Expressions

/// `{"canvas": [commands]}`: SwiftUI's `Canvas { context, size in ... }`, each command one
/// `GraphicsContext` call (see `CanvasCommand`).
extension NodeDecoder {
    /// The key that names each command, and the keys it may have besides.
    static let canvasCommandKeys: [String: [String]] = [
        "fill": ["with"],
        "stroke": ["with", "lineWidth", "lineCap", "lineJoin", "dash"],
        "text": ["at", "anchor", "font", "foregroundColor"],
        "clip": [], "opacity": [], "translateBy": [], "rotate": [], "scaleBy": [], "let": [],
        "repeat": ["as", "draw"],
        "layer": [],
    ]
    static let canvasShapeKeys = CanvasShape.allCases.map(\.rawValue)

    static func decodeCanvas(_ reader: JSONReader, depth: Int) throws(SceneError) -> CanvasSpec {
        CanvasSpec(commands: try decodeCanvasCommands(reader, depth: depth))
    }

    static func decodeCanvasCommands(_ reader: JSONReader, depth: Int) throws(SceneError) -> [CanvasCommand] {
        guard depth < maxDepth else { throw reader.error("canvas commands are nested deeper than \(maxDepth) levels") }
        var commands: [CanvasCommand] = []
        for item in try reader.array() { commands.append(try decodeCanvasCommand(item, depth: depth)) }
        return commands
    }

    static func decodeCanvasCommand(_ reader: JSONReader, depth: Int) throws(SceneError) -> CanvasCommand {
        guard case .object(let members) = reader.value.kind else {
            throw reader.error("expected a canvas command such as {\"fill\": {\"ellipse\": [0, 0, 10, 10]}, \"with\": \"red\"}, "
                               + "got \(reader.value.kindName)")
        }
        let names = canvasCommandKeys.keys.sorted()
        let kinds = members.map(\.key).filter { canvasCommandKeys[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                throw reader.error("a canvas command needs exactly one of " + names.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            throw reader.error("a canvas command can do only one thing, but has " + kinds.map { "\"\($0)\"" }.joined(separator: " and "))
        }
        let object = try reader.object(allowing: [kind, "comment"] + (canvasCommandKeys[kind] ?? []))
        _ = try object["comment"]?.string()
        let value = try object.required(kind)
        switch kind {
        case "fill":
            return .fill(try decodeCanvasPath(value), color: try BindingDecoder.color(object.required("with")), path: reader.path)
        case "stroke":
            var dash: [Binding] = []
            if let d = object["dash"] { for item in try d.array() { dash.append(try BindingDecoder.number(item)) } }
            let lineWidth = try object["lineWidth"].map(BindingDecoder.number)
                ?? Binding(.constant(.number(1)), path: reader.path, location: reader.value.location)
            if case .number(let width)? = lineWidth.constant, !(width >= 0) {
                throw SceneError(path: lineWidth.path, location: lineWidth.location,
                                 message: "a line width cannot be negative (\(format(width)))")
            }
            let (cap, join) = try object.strokeCapAndJoin()
            return .stroke(try decodeCanvasPath(value), color: try BindingDecoder.color(object.required("with")),
                           lineWidth: lineWidth, lineCap: cap, lineJoin: join, dash: dash, path: reader.path)
        case "text":
            let run = TextSpec.Run(text: try BindingDecoder.template(value),
                                   color: try object["foregroundColor"].map(BindingDecoder.color),
                                   font: try object["font"].map(decodeFont), baselineOffset: nil)
            var anchor = (x: 0.5, y: 0.5)
            if let a = object["anchor"] {
                let name = try a.choice(unitPointNames.sorted())
                let unit = unitPoints[name] ?? (0.5, 0.5)
                anchor = (unit.0, unit.1)
            }
            return .text(run, at: try decodeCanvasPair(object.required("at"), what: "a point"), anchor: anchor, path: reader.path)
        case "clip":
            return .clip(try decodeCanvasPath(value), path: reader.path)
        case "opacity":
            return .opacity(try BindingDecoder.number(value))
        case "translateBy":
            let xy = try decodeCanvasPair(value, what: "a translation")
            return .translate(x: xy[0], y: xy[1])
        case "rotate":
            return .rotate(degrees: try BindingDecoder.number(value))
        case "scaleBy":
            if case .array = value.value.kind {
                let xy = try decodeCanvasPair(value, what: "a scale")
                return .scale(x: xy[0], y: xy[1])
            }
            let s = try BindingDecoder.number(value)
            return .scale(x: s, y: s)
        case "let":
            var lets: [(name: String, value: Binding)] = []
            for (key, binding) in try value.members() {
                guard SceneDecoder.isIdentifier(key), !BindingDecoder.reservedNames.contains(key) else {
                    throw binding.error("\"\(key)\" cannot be a let name")
                }
                lets.append((key, try BindingDecoder.any(binding)))
            }
            return .lets(lets)
        case "repeat":
            let count = try BindingDecoder.number(value)
            if case .number(let n)? = count.constant {
                guard n >= 0, n == n.rounded(), n <= Double(SceneLimits.maxCanvasRepeat) else {
                    throw value.error("a repeat count must be a whole number from 0 to \(SceneLimits.maxCanvasRepeat), got \(format(n))")
                }
            }
            var name = ""
            if let nameReader = object["as"] {
                name = try nameReader.string()
                guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
                    throw nameReader.error("\"\(name)\" cannot be a repeat's name")
                }
            }
            return .repeatCommands(count: count, name: name, commands: try decodeCanvasCommands(object.required("draw"), depth: depth + 1),
                                   path: reader.path)
        default:
            return .layer(try decodeCanvasCommands(value, depth: depth + 1), path: reader.path)
        }
    }

    /// `[x, y]`: two numbers or expressions.
    static func decodeCanvasPair(_ reader: JSONReader, what: String) throws(SceneError) -> [Binding] {
        guard case .array(let items) = reader.value.kind else {
            throw reader.error("expected \(what) as [x, y], got \(reader.value.kindName)")
        }
        guard items.count == 2 else { throw reader.error("expected \(what) as [x, y], got \(items.count) value\(items.count == 1 ? "" : "s")") }
        var result: [Binding] = []
        for item in try reader.array() { result.append(try BindingDecoder.number(item)) }
        return result
    }

    /// Path commands (`[["move", 0, 0], ["line", 10, 0]]`) or a shape in a rectangle
    /// (`{"ellipse": [x, y, width, height]}`, `{"roundedRect": [...], "cornerRadius": 4}`).
    static func decodeCanvasPath(_ reader: JSONReader) throws(SceneError) -> CanvasPath {
        if case .array = reader.value.kind {
            var commands: [PathCommand] = []
            for item in try reader.array() { commands.append(try decodePathCommand(item)) }
            guard !commands.isEmpty else { throw reader.error("a path needs at least one command") }
            guard commands.count <= SceneLimits.maxPathCommands else {
                throw reader.error("a path of \(commands.count) commands is over the limit of \(SceneLimits.maxPathCommands)")
            }
            return .commands(commands)
        }
        guard case .object(let members) = reader.value.kind else {
            throw reader.error("expected path commands or a shape such as {\"ellipse\": [0, 0, 10, 10]}, got \(reader.value.kindName)")
        }
        let shapes = members.map(\.key).filter { canvasShapeKeys.contains($0) }
        guard shapes.count == 1, let name = shapes.first, let shape = CanvasShape(rawValue: name) else {
            throw reader.error("a canvas path needs exactly one of " + canvasShapeKeys.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        let object = try reader.object(allowing: [name] + (shape == .roundedRect ? ["cornerRadius"] : []))
        let rectReader = try object.required(name)
        guard case .array(let items) = rectReader.value.kind else {
            throw rectReader.error("expected a rectangle as [x, y, width, height], got \(rectReader.value.kindName)")
        }
        guard items.count == 4 else {
            throw rectReader.error("expected a rectangle as [x, y, width, height], got \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        var rect: [Binding] = []
        for item in try rectReader.array() { rect.append(try BindingDecoder.number(item)) }
        let radius = shape == .roundedRect ? try BindingDecoder.number(object.required("cornerRadius")) : nil
        return .shape(shape, rect: rect, cornerRadius: radius)
    }
}
