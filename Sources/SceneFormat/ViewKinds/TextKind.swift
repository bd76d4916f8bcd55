/// `{"text": "Score: ${score}"}` or `{"text": [{"text": "a"}, {"text": "b", "font": {...}}]}`: SwiftUI's
/// `Text("...")` and `Text("a") + Text("b")`.
enum TextKind: ViewKindUnit {
    static let key = "text"
    static let companionKeys = ["multilineTextAlignment", "lineLimit", "minimumScaleFactor", "contentTransition"]
    static let swiftUINames = ["Text": "Text(\"...\"); write \"text\": \"...\""]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required(key)
        let runs: [TextSpec.Run]
        if case .array = value.value.kind {
            var list: [TextSpec.Run] = []
            for item in try value.array() {
                let run = try item.object(allowing: ["text", "foregroundColor", "font", "baselineOffset"])
                list.append(TextSpec.Run(text: try BindingDecoder.template(run.required("text")),
                                         color: try run["foregroundColor"].map(BindingDecoder.color),
                                         font: try run["font"].map(NodeDecoder.decodeFont),
                                         baselineOffset: try run["baselineOffset"].map(BindingDecoder.number)))
            }
            guard !list.isEmpty else { throw value.error("text needs at least one run") }
            runs = list
        } else {
            runs = [TextSpec.Run(text: try BindingDecoder.template(value), color: nil, font: nil, baselineOffset: nil)]
        }
        let text = TextSpec(runs: runs,
                            alignment: try object["multilineTextAlignment"].map { r throws(SceneError) in
                                MultilineAlignment(rawValue: try r.choice(MultilineAlignment.allCases.map(\.rawValue))) ?? .leading
                            } ?? .leading,
                            lineLimit: try object["lineLimit"]?.integer(in: 1...1_000),
                            minimumScaleFactor: try object["minimumScaleFactor"].map(NodeDecoder.decodeScaleFactor),
                            contentTransition: try object["contentTransition"].map(NodeDecoder.decodeContentTransition))
        return try view(.text(text), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .text(let text) = node.kind else { return nil }
        var uses: [ViewKindUse] = []
        for run in text.runs {
            uses += [.reads(run.text), .reads(run.color)] + ViewKindUse.reads(run.font) + [.reads(run.baselineOffset)]
        }
        switch text.contentTransition {
        case .numericText(let countsDown?)?: uses.append(.reads(countsDown))
        case .numericValue(let value)?: uses.append(.reads(value))
        default: break
        }
        return uses + [.reads(text.minimumScaleFactor)]
    }
}
