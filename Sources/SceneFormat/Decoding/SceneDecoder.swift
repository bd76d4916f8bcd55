import Expressions

/// Reads a scene file into a `Scene`, checking every key, type and name on the way.
public enum SceneDecoder {
    /// The format version this decoder reads.
    public static let formatVersion = 1

    static let topLevelKeys = ["$schema", "version", "name", "description", "canvas", "fps", "duration", "loop", "loopHold", "motionBlur",
                               "seed", "state", "components", "root", "script"]

    /// Decodes scene JSON. `file` names the file in errors; `directory` resolves relative paths.
    public static func decode(_ bytes: [UInt8], file: String = "", directory: String? = nil) throws(SceneError) -> Scene {
        try LargeStack.run { () throws(SceneError) -> Scene in try decodeInPlace(bytes, file: file, directory: directory) }
    }

    private static func decodeInPlace(_ bytes: [UInt8], file: String, directory: String?) throws(SceneError) -> Scene {
        do throws(SceneError) {
            let json: JSONValue
            do {
                json = try JSONParser.parse(bytes)
            } catch {
                throw SceneError(path: .document, location: error.location, message: "invalid JSON: \(error.message)")
            }
            var scene = try decodeScene(JSONReader(json))
            scene.directory = directory
            scene.file = file
            var validator = SceneValidator(scene: scene)
            try validator.validate()
            try SceneLimits.check(scene)
            return scene
        } catch {
            throw error.inFile(file)
        }
    }

    static func decodeScene(_ reader: JSONReader) throws(SceneError) -> Scene {
        let top = try reader.object(allowing: topLevelKeys)
        if let version = top["version"] {
            let v = try version.integer(in: 1...1_000)
            guard v == formatVersion else {
                throw version.error("this Flipbook reads scene format version \(formatVersion), the file is version \(v)")
            }
        }
        let name = try top["name"].map(decodeName) ?? "scene"
        _ = try top["description"]?.string()
        let canvas = try decodeCanvas(top.required("canvas"))
        let fps = try top["fps"]?.number(in: 1...120) ?? 50
        let duration = try top.required("duration").number(in: 0.01...3_600)
        let loop = try top["loop"]?.integer(in: 0...65_535) ?? 0
        let loopHold = try top["loopHold"]?.number(in: 0...60) ?? 0
        var motionBlur: MotionBlur?
        if let blur = top["motionBlur"] {
            let object = try blur.object(allowing: ["samples", "shutter"])
            motionBlur = MotionBlur(samples: try object.required("samples").integer(in: 1...64),
                                    shutter: try object["shutter"]?.number(in: 0...1) ?? 0.5)
        }
        let seed = try top["seed"]?.integer(in: 0...Int(Int32.max)) ?? 1
        let state = try top["state"].map(decodeState) ?? []
        var components: [String: Component] = [:]
        if let list = top["components"] {
            for (key, value) in try list.members() {
                guard isIdentifier(key) else { throw value.error("a component name must be an identifier") }
                components[key] = try decodeComponent(name: key, value)
            }
        }
        let root = try NodeDecoder.decode(top.required("root"))
        let script = try top["script"].map(decodeScript) ?? []
        for event in script where event.time > duration {
            throw SceneError(path: event.path.appending("at"), location: event.location,
                             message: "\(format(event.time)) s is after the end of the scene (duration \(format(duration)) s)")
        }
        try checkDragsEnd(script, duration: duration)
        var scene = Scene(name: name, canvas: canvas, fps: fps, duration: duration, loopCount: loop,
                          seed: UInt64(seed), state: state, components: components, root: root, script: script,
                          directory: nil)
        scene.loopHold = loopHold
        scene.motionBlur = motionBlur
        return scene
    }

    static func decodeCanvas(_ reader: JSONReader) throws(SceneError) -> Canvas {
        let object = try reader.object(allowing: ["width", "height", "scale", "background", "safeArea"])
        let width = try object.required("width").number(in: 1...16_384)
        let height = try object.required("height").number(in: 1...16_384)
        let scale = try object["scale"]?.number(in: 0.25...8) ?? 2
        var background: ColorValue?
        if let bg = object["background"], !bg.isNull {
            let binding = try BindingDecoder.color(bg)
            var value = binding.constant
            if value == nil, case .expression(let e) = binding.source {
                value = try? e.evaluate(in: EmptyScope()) // a colour's name
            }
            guard case .color(let c)? = value else {
                throw bg.error("the background must be a constant colour such as \"#141414\" or \"white\"")
            }
            background = c
        }
        var canvas = Canvas(width: width, height: height, scale: scale, background: background)
        if let insets = object["safeArea"] {
            let o = try insets.object(allowing: ["top", "leading", "bottom", "trailing"])
            func inset(_ key: String, _ limit: Double) throws(SceneError) -> Double { try o[key]?.number(in: 0...limit) ?? 0 }
            canvas.safeArea = SafeAreaInsets(top: try inset("top", height), leading: try inset("leading", width),
                                             bottom: try inset("bottom", height), trailing: try inset("trailing", width))
            guard canvas.safeArea.top + canvas.safeArea.bottom < height, canvas.safeArea.leading + canvas.safeArea.trailing < width else {
                throw insets.error("the safe area leaves no room: its insets must add up to less than the canvas's width and height")
            }
        }
        return canvas
    }

    static func decodeState(_ reader: JSONReader) throws(SceneError) -> [StateDeclaration] {
        var declarations: [StateDeclaration] = []
        for (key, value) in try reader.members() {
            guard isIdentifier(key) else {
                throw value.error("a state name must be an identifier (letters, digits, _; not starting with a digit)")
            }
            guard !BindingDecoder.reservedNames.contains(key) else {
                throw value.error("\"\(key)\" is a reserved name and cannot be a state variable")
            }
            var initial: Value
            if let animation = try animationLiteral(value) { initial = animation } else { initial = try literal(value) }
            declarations.append(StateDeclaration(name: key, initial: initial, path: value.path))
        }
        return declarations
    }

    /// `".spring(duration: 0.4, bounce: 0.5)"`: a state variable holding an animation (SwiftUI's
    /// `@State var anim: Animation = .spring(duration: 0.4, bounce: 0.5)`), as a `#` string that is a hex
    /// colour is a colour. A string is one when it starts with a dot and a SwiftUI animation's name
    /// (`.default`, `.easeIn(duration: 0.3).delay(0.1)`); its arguments are constants. Other strings are text.
    static func animationLiteral(_ reader: JSONReader) throws(SceneError) -> Value? {
        guard case .string(let source) = reader.value.kind, source.hasPrefix("."),
              let expression = try? Expression(parsing: source), let chain = expression.root.implicitMemberChain,
              let first = chain.first, AnimationSyntax.baseNames.contains(first.name) else { return nil }
        if let problem = AnimationSyntax.problem(in: expression.root) {
            throw reader.error("invalid animation \"\(source)\": \(problem)")
        }
        do {
            return try expression.evaluate(in: EmptyScope())
        } catch {
            throw reader.error("a state variable's animation is written with constant arguments: \(error.message)")
        }
    }

    /// A JSON literal as an expression value: numbers, strings, booleans, arrays and objects.
    static func literal(_ reader: JSONReader) throws(SceneError) -> Value {
        switch reader.value.kind {
        case .null: throw reader.error("null is not a value; write 0, \"\" or false")
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s):
            if s.hasPrefix("#"), let color = BindingDecoder.hexColor(s) { return .color(color) }
            guard s.utf8.count <= ValueLimits.maxStringBytes else {
                throw reader.error("a string of \(s.utf8.count) bytes; strings are limited to \(ValueLimits.maxStringBytes) bytes")
            }
            return .string(s)
        case .array:
            var items: [Value] = []
            for item in try reader.array() { items.append(try literal(item)) }
            do {
                try ValueLimits.checkList(items, offset: nil)
            } catch {
                throw reader.error(error.message)
            }
            return .list(items)
        case .object:
            var record = Record()
            for (key, value) in try reader.members() { record[key] = try literal(value) }
            return .record(record)
        }
    }

    static func decodeComponent(name: String, _ reader: JSONReader) throws(SceneError) -> Component {
        let object = try reader.object(allowing: ["params", "animatable", "actions", "views", "state", "body", "comment"])
        _ = try object["comment"]?.string()
        var parameters: [(name: String, defaultValue: Binding?)] = []
        if let params = object["params"] {
            for (key, value) in try params.members() {
                guard isIdentifier(key) else { throw value.error("a parameter name must be an identifier") }
                parameters.append((key, value.isNull ? nil : try BindingDecoder.any(value)))
            }
        }
        var slots: [String: [Action]] = [:]
        if let actions = object["actions"] {
            for (key, value) in try actions.members() {
                guard isIdentifier(key) else { throw value.error("an action slot name must be an identifier") }
                slots[key] = try ActionDecoder.list(value)
            }
        }
        let state = try object["state"].map(decodeState) ?? []
        // A component is a struct: a parameter and a state variable of one name would be two properties of
        // one name, and the body could read only one of them (a parameter named like the scene's state is
        // fine: inside the body the parameter hides it, as a view sees its own properties).
        for (key, value) in try object["params"]?.members() ?? [] where state.contains(where: { $0.name == key }) {
            throw value.error("the parameter \"\(key)\" of \"\(name)\" has the name of its state variable \"\(key)\"; "
                + "a view cannot have two properties of one name: rename one of them")
        }
        let body = try NodeDecoder.decode(object.required("body"))
        var component = Component(name: name, parameters: parameters, actionSlots: slots, state: state, body: body,
                                  path: reader.path)
        if let list = object["views"] {
            for item in try list.array() {
                let slot = try item.string()
                guard isIdentifier(slot) else { throw item.error("a view slot's name must be an identifier, as \"content\"") }
                guard !component.viewSlots.contains(slot) else { throw item.error("the view slot \"\(slot)\" is declared twice") }
                component.viewSlots.append(slot)
            }
        }
        if let list = object["animatable"] {
            for item in try list.array() {
                let parameter = try item.string()
                let names = parameters.map(\.name)
                guard names.contains(parameter) else {
                    var message = "\"\(parameter)\" is not a parameter of \"\(name)\""
                    if let near = Suggestion.closest(to: parameter, in: names) { message += "; did you mean \"\(near)\"?" }
                    throw item.error(message)
                }
                component.animatable.append(parameter)
            }
        }
        return component
    }

    static func decodeScript(_ reader: JSONReader) throws(SceneError) -> [ScriptEvent] {
        var events: [ScriptEvent] = []
        for item in try reader.array() {
            let object = try item.object(allowing: ["at", "tap", "do", "drag", "points", "duration", "comment"]
                                              + scrollEventKeys)
            let time = try object.required("at").number(in: 0...3_600)
            _ = try object["comment"]?.string()
            if let drag = object["drag"] {
                events.append(try decodeDrag(drag, object, at: time, item))
                continue
            }
            for key in ["points", "duration"] where object.has(key) {
                throw try object.required(key).error("\"\(key)\" belongs to a \"drag\" event")
            }
            if let scroll = try decodeScrollEvent(object, item) {
                events.append(ScriptEvent(time: time, kind: .scroll(scroll), path: item.path, location: item.value.location))
                continue
            }
            switch (object["tap"], object["do"]) {
            case (let tap?, nil):
                events.append(ScriptEvent(time: time, kind: .tap(target: try tap.string()), path: item.path,
                                          location: item.value.location))
            case (nil, let actions?):
                events.append(ScriptEvent(time: time, kind: .actions(try ActionDecoder.list(actions)), path: item.path,
                                          location: item.value.location))
            case (.some, .some):
                throw item.error("a script event is either a \"tap\" or \"do\" actions, not both")
            case (nil, nil):
                throw item.error("a script event needs an input: \"tap\" (a view id) or \"do\" (actions)")
            }
        }
        // Stable sort: events at the same time keep file order.
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first.properties.isAlphabetic && first.isASCII)
        else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
