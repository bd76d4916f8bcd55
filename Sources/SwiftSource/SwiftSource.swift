import Foundation
import SwiftParser
import SwiftSyntax

/// What the command line adds to a Swift file: the view to render and the scene keys a sidecar would give.
public struct SwiftSourceOptions: Sendable {
    /// The View struct to render (default: the one `#Preview` shows).
    public var view: String?
    public var duration: Double?
    public var fps: Double?
    /// Script taps appended to the sidecar's script: (view id, time in seconds).
    public var taps: [(id: String, at: Double)] = []
    public var canvas: (width: Double, height: Double)?
    /// Read `X.flipbook.json` beside `X.swift` when converting a path.
    public var readsSidecar = true

    /// Whether a flag other than fps is set (`--view`, `--duration`, `--tap`, `--canvas`), which only a
    /// Swift file takes.
    public var setsSwiftOnlyKeys: Bool { view != nil || duration != nil || !taps.isEmpty || canvas != nil }

    public init(view: String? = nil, duration: Double? = nil, fps: Double? = nil,
                taps: [(id: String, at: Double)] = [], canvas: (width: Double, height: Double)? = nil) {
        self.view = view
        self.duration = duration
        self.fps = fps
        self.taps = taps
        self.canvas = canvas
    }
}

/// The Swift front end: a SwiftUI view file lowered onto the JSON scene format (docs/swift-source.md).
/// Its output is scene JSON, as a person could write it, which the scene decoder then reads as any other.
public enum SwiftSource {
    /// The scene keys a sidecar may give: every key of a scene file except the views.
    public static let sidecarKeys = ["$schema", "version", "name", "description", "canvas", "fps", "duration", "loop",
                                     "loopHold", "motionBlur", "seed", "script"]

    /// The sidecar of `MyView.swift`: `MyView.flipbook.json` in the same folder.
    public static func sidecarPath(forSwiftFile path: String) -> String {
        (path.hasSuffix(".swift") ? String(path.dropLast(6)) : path) + ".flipbook.json"
    }

    /// Converts the Swift file at `path` (and its sidecar, if there is one) to a scene.
    public static func convert(path: String, options: SwiftSourceOptions = .init()) throws(SwiftSourceError) -> JSON {
        try convertMapped(path: path, options: options).json
    }

    /// The Swift file's text and its sidecar's, if there is one.
    private static func read(path: String, options: SwiftSourceOptions) throws(SwiftSourceError) -> (String, String?, String) {
        let source: String
        do {
            source = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SwiftSourceError(file: path, message: "cannot read the file: \(error.localizedDescription)")
        }
        var sidecar: String?
        let sidecarFile = sidecarPath(forSwiftFile: path)
        if options.readsSidecar, FileManager.default.fileExists(atPath: sidecarFile) {
            do { sidecar = try String(contentsOfFile: sidecarFile, encoding: .utf8) } catch {
                throw SwiftSourceError(file: sidecarFile, message: "cannot read the sidecar: \(error.localizedDescription)")
            }
        }
        return (source, sidecar, sidecarFile)
    }

    /// Converts Swift source text to a scene.
    ///
    /// - Parameters:
    ///   - file: the name errors give (`file:line:column: ...`); its stem is the scene's default name.
    ///   - sidecar: the sidecar's JSON text: canvas, duration, fps, script and the other non-view keys.
    public static func convert(source: String, file: String = "View.swift", sidecar: String? = nil,
                               sidecarFile: String? = nil, options: SwiftSourceOptions = .init()) throws(SwiftSourceError) -> JSON {
        try convertMapped(source: source, file: file, sidecar: sidecar, sidecarFile: sidecarFile, options: options).json
    }

    /// Converts the Swift file at `path`, with the map from the scene's JSON paths to the Swift file's
    /// lines, which moves a decoder error on the JSON to the Swift construct it came from.
    public static func convertMapped(path: String, options: SwiftSourceOptions = .init()) throws(SwiftSourceError) -> (json: JSON, map: SwiftSourceMap) {
        let (source, sidecar, sidecarFile) = try read(path: path, options: options)
        return try convertMapped(source: source, file: path, sidecar: sidecar, sidecarFile: sidecarFile, options: options)
    }

    /// Converts Swift source text to a scene, with the map from its JSON paths to the Swift positions.
    public static func convertMapped(source: String, file: String = "View.swift", sidecar: String? = nil,
                                     sidecarFile: String? = nil, options: SwiftSourceOptions = .init()) throws(SwiftSourceError) -> (json: JSON, map: SwiftSourceMap) {
        let tree = Parser.parse(source: source)
        let diagnostics = Diagnostics(file: file, converter: SourceLocationConverter(fileName: file, tree: tree))
        if let bad = firstSyntaxError(tree) {
            let text = bad.shortText
            throw diagnostics.error(bad, text.isEmpty ? "this is not valid Swift: something is missing here" : "this is not valid Swift ('\(text)')")
        }
        let model = try FileModel(tree, diagnostics)
        let lowerer = Lowerer(model: model, diagnostics: diagnostics)
        let (state, root) = try lowerRoot(model, lowerer, options, file: file)

        var scene = JSONObject()
        let extra = try sidecar.map { text throws(SwiftSourceError) in try readSidecar(text, file: sidecarFile ?? sidecarPath(forSwiftFile: file)) }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        scene["version"] = .number(1)
        scene["name"] = .string(stem.isEmpty ? "scene" : stem)
        scene["canvas"] = .object([("width", .number(300)), ("height", .number(300)), ("background", .string("white"))])
        scene["duration"] = .number(2)
        for (key, value) in extra?.pairs ?? [] where key != "script" {
            // A sidecar's canvas keys replace the default's one by one: a view is drawn on the white
            // system background unless the sidecar gives another.
            if key == "canvas", case .object(let pairs) = value, var canvas = scene["canvas"]?.objectPairs.map({ JSONObject($0) }) {
                for (name, setting) in pairs { canvas[name] = setting }
                scene[key] = canvas.json
            } else {
                scene[key] = value
            }
        }
        if let canvas = options.canvas {
            var object = JSONObject(scene["canvas"]?.objectPairs ?? [])
            object["width"] = .number(canvas.width)
            object["height"] = .number(canvas.height)
            scene["canvas"] = object.json
        }
        if let fps = options.fps { scene["fps"] = .number(fps) }
        if let duration = options.duration { scene["duration"] = .number(duration) }
        if !state.isEmpty { scene["state"] = state.json }
        // A Shape used only stroked is drawn by its stroked twin: components no view uses are left out.
        var used: Set<String> = []
        collectUses(root, into: &used)
        var pending = Array(used)
        while let name = pending.popLast() {
            guard let definition = lowerer.components.first(where: { $0.0 == name })?.1 else { continue }
            var inner: Set<String> = []
            collectUses(definition, into: &inner)
            for other in inner where !used.contains(other) { used.insert(other); pending.append(other) }
        }
        let components = lowerer.components.filter { used.contains($0.0) }
        if !components.isEmpty { scene["components"] = .object(components) }
        scene["root"] = root
        var script: [JSON] = []
        if case .array(let items)? = extra?["script"] { script = items }
        for tap in options.taps { script.append(.object([("at", .number(tap.at)), ("tap", .string(tap.id))])) }
        if !script.isEmpty { scene["script"] = .array(script) }
        var map = SwiftSourceMap()
        map.file = file
        let json = map.strip(canonicalOrder(scene).json)
        return (json, map)
    }

    /// Whether `text` has `name(` with no identifier character before it.
    private static func mentions(_ text: String, call name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name + "(") {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    private static func collectUses(_ json: JSON, into names: inout Set<String>) {
        switch json {
        case .object(let pairs):
            for (key, value) in pairs {
                if key == "use", case .string(let name) = value { names.insert(name) }
                collectUses(value, into: &names)
            }
        case .array(let items):
            for item in items { collectUses(item, into: &names) }
        default: break
        }
    }

    /// The scene's keys in the order of docs/scene-format.md's file structure table.
    private static func canonicalOrder(_ scene: JSONObject) -> JSONObject {
        let order = ["$schema", "version", "name", "description", "canvas", "fps", "duration", "loop", "loopHold",
                     "motionBlur", "seed", "state", "components", "root", "script"]
        var out = JSONObject()
        for key in order { if let value = scene[key] { out[key] = value } }
        return out
    }

    private static func firstSyntaxError(_ tree: SourceFileSyntax) -> Syntax? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) where token.presence == .missing || token.hasError || token.parent?.is(UnexpectedNodesSyntax.self) == true {
            return Syntax(token)
        }
        return Syntax(tree)
    }

    /// The root struct's body and its state: @State and parameters (with the #Preview's arguments) become
    /// the scene's state; #Preview's modifiers apply to the root.
    private static func lowerRoot(_ model: FileModel, _ lowerer: Lowerer, _ options: SwiftSourceOptions,
                                  file: String) throws(SwiftSourceError) -> (JSONObject, JSON) {
        let diagnostics = lowerer.diagnostics
        var previewCall: FunctionCallExprSyntax?
        var previewModifiers: [(String, FunctionCallExprSyntax)] = []
        if let preview = model.preview, options.view == nil {
            guard preview.count == 1, let item = preview.first, case .expr(var expr) = item.item else {
                throw diagnostics.unsupported(preview, "this #Preview", "#Preview { MyView() } with one view is")
            }
            while let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let base = member.base {
                previewModifiers.insert((member.declName.baseName.text, call), at: 0)
                expr = base
            }
            guard let call = expr.as(FunctionCallExprSyntax.self),
                  let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  model.structs[name]?.kind == .view else {
                throw diagnostics.unsupported(expr, "this #Preview content", "a View struct of this file, MyView(...), is")
            }
            previewCall = call
        }
        let rootName: String
        if let view = options.view {
            guard model.structs[view]?.kind == .view else {
                let views = model.order.filter { model.structs[$0]?.kind == .view }
                throw SwiftSourceError(file: file, message: "no View struct named '\(view)'; the file has \(views.joined(separator: ", "))")
            }
            rootName = view
        } else if let previewCall, let name = previewCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            rootName = name
        } else {
            // The file's View struct that no other struct uses.
            let all = model.order.filter { model.structs[$0]?.kind == .view }
            let views = all.filter { name in
                !model.order.contains { other in
                    other != name && mentions(model.structs[other]?.node.trimmedDescription ?? "", call: name)
                }
            }
            guard views.count == 1 else {
                throw SwiftSourceError(file: file, message: views.isEmpty ? "the file has no View struct"
                    : "the file has several View structs (\(views.joined(separator: ", "))) and no #Preview; add #Preview { \(views[0])() } or pass --view NAME")
            }
            rootName = views[0]
        }
        let root = model.structs[rootName]!
        var state = JSONObject()
        for slot in root.slots {
            throw diagnostics.unsupported(slot.node, "a closure parameter on the root view \(root.name)", "closure parameters on views used inside it are")
        }
        for property in root.properties where property.kind == .binding || property.isPassed {
            throw diagnostics.unsupported(property.node, "a \(property.kind == .binding ? "@Binding" : "Namespace.ID") on the root view \(root.name)",
                                          "@State on the root and @Binding on views used inside it are")
        }
        lowerer.rootName = root.name
        for property in root.properties where property.kind == .state || property.kind == .parameter {
            if let argument = previewCall?.arguments.first(where: { $0.label?.text == property.name }) {
                state[property.name] = try lowerer.literal(argument.expression)
            } else if let initial = property.initializer {
                state[property.name] = try lowerer.literal(initial, type: property.type)
            } else {
                throw diagnostics.error(property.node, "the root view's parameter '\(property.name)' needs a default or an argument in #Preview")
            }
        }
        for argument in previewCall?.arguments ?? [] where !root.properties.contains(where: { $0.name == argument.label?.text }) {
            throw diagnostics.error(argument, "\(root.name) has no parameter '\(argument.label?.text ?? "_")'")
        }
        let scope = lowerer.scope(of: root)
        var node = try lowerer.inlineNode(try lowerer.singleView(root.body!, scope, at: root.node))
        for (name, call) in previewModifiers {
            try lowerer.applyModifier(name, call, to: &node, Scope())
        }
        return (state, node.json())
    }

    /// The sidecar's keys, checked against the scene keys it may give.
    private static func readSidecar(_ text: String, file: String) throws(SwiftSourceError) -> JSONObject {
        var parser = JSONParser(text: text, file: file)
        let value = try parser.parseDocument()
        guard case .object(let pairs) = value else {
            throw SwiftSourceError(file: file, message: "a sidecar is one JSON object")
        }
        for (key, _) in pairs where !sidecarKeys.contains(key) {
            throw SwiftSourceError(file: file, message: ["state", "components", "root"].contains(key)
                ? "'\(key)' comes from the Swift file; a sidecar gives \(sidecarKeys.joined(separator: ", "))"
                : "unknown key '\(key)'; a sidecar gives \(sidecarKeys.joined(separator: ", "))")
        }
        return JSONObject(pairs)
    }
}

/// A small JSON reader that keeps object keys in order (for the sidecar).
struct JSONParser {
    let bytes: [UInt8]
    let file: String
    var index = 0

    init(text: String, file: String) {
        bytes = Array(text.utf8)
        self.file = file
    }

    mutating func parseDocument() throws(SwiftSourceError) -> JSON {
        let value = try parseValue()
        skipSpace()
        if index < bytes.count { throw failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> SwiftSourceError {
        let before = bytes[..<min(index, bytes.count)]
        let line = before.filter { $0 == 10 }.count + 1
        let column = before.count - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
        return SwiftSourceError(file: file, line: line, column: column, message: message)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(SwiftSourceError) -> JSON {
        skipSpace()
        guard index < bytes.count else { throw failure("the JSON ended where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var pairs: [(String, JSON)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard case .string(let key) = try parseValue() else { throw failure("an object key must be a string") }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                if pairs.contains(where: { $0.0 == key }) { throw failure("duplicate key '\(key)'") }
                pairs.append((key, try parseValue()))
                skipSpace()
                guard index < bytes.count else { throw failure("unclosed object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
                throw failure("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try parseValue())
                skipSpace()
                guard index < bytes.count else { throw failure("unclosed array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw failure("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            index += 1
            var scalars: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "n"): scalars.append(10)
                    case UInt8(ascii: "t"): scalars.append(9)
                    case UInt8(ascii: "r"): scalars.append(13)
                    case UInt8(ascii: "u"):
                        guard index + 4 < bytes.count, let code = UInt32(String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(code) else { throw failure("bad \\u escape") }
                        scalars += Array(String(Character(scalar)).utf8)
                        index += 4
                    default: scalars.append(bytes[index])
                    }
                } else {
                    scalars.append(bytes[index])
                }
                index += 1
            }
            guard index < bytes.count else { throw failure("unclosed string") }
            index += 1
            return .string(String(decoding: scalars, as: UTF8.self))
        default:
            let start = index
            while index < bytes.count, !([44, 93, 125, 32, 9, 10, 13] as [UInt8]).contains(bytes[index]) { index += 1 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                guard let number = Double(word) else { index = start; throw failure("unexpected '\(word)'") }
                return .number(number)
            }
        }
    }
}
