import Expressions

/// `"contentTransition": ".numericText()"` on a text: SwiftUI's `.contentTransition(_:)` written as Swift
/// code (`.identity`, `.opacity`, `.interpolate`, `.numericText()`, `.numericText(countsDown: true)`,
/// `.numericText(value: count)`), its arguments expressions.
extension NodeDecoder {
    static func decodeContentTransition(_ reader: JSONReader) throws(SceneError) -> ContentTransitionSpec {
        let source = try reader.string()
        let binding = try BindingDecoder.expression(source, reader)
        guard case .expression(let expression) = binding.source, let chain = expression.implicitMemberChain,
              chain.count == 1, let call = chain.first else {
            throw reader.error("expected a content transition such as \".numericText()\" or \".opacity\", got \"\(source)\"")
        }
        guard ContentTransitionSpec.names.contains(call.name) else {
            throw reader.error("unknown content transition .\(call.name); expected .numericText(), .interpolate, .opacity or .identity")
        }
        let arguments = call.arguments ?? []
        func argument(_ index: Int) throws(SceneError) -> Binding {
            let range = arguments[index].value.range
            let characters = Array(source)
            let start = min(max(0, range.offset), characters.count)
            let text = String(characters[start..<min(characters.count, start + max(0, range.length))])
            return try BindingDecoder.expression(text, reader)
        }
        switch call.name {
        case "numericText":
            guard arguments.count <= 1 else { throw reader.error(".numericText takes one argument, countsDown: or value:") }
            guard let first = arguments.first else { return .numericText(countsDown: nil) }
            switch first.label {
            case "countsDown": return .numericText(countsDown: try argument(0))
            case "value": return .numericValue(try argument(0))
            default: throw reader.error(".numericText has no argument \(first.label.map { "\"\($0):\"" } ?? "without a label"); "
                + "it takes countsDown: or value:")
            }
        default:
            guard arguments.isEmpty, call.arguments == nil else { throw reader.error(".\(call.name) takes no arguments") }
            switch call.name {
            case "opacity": return .opacity
            case "interpolate": return .interpolate
            default: return .identity
            }
        }
    }
}
