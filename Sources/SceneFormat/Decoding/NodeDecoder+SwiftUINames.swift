import Expressions

/// SwiftUI modifiers the format lacks or keeps on some view kinds only, with the closest supported way, so a
/// key written as SwiftUI code gets a useful answer instead of a list of allowed keys. (Modifiers the format
/// has under another name carry their SwiftUI names in their own units: `ModifierRegistry.swiftUINames`.)
extension NodeDecoder {
    static let swiftUIModifiersNotInFormat: [String: String] = [
        "scaledToFit": "images fit their frame with \"contentMode\": \"fit\"",
        "scaledToFill": "images fill their frame with \"contentMode\": \"fill\"",
        "aspectRatio": "images take \"contentMode\"; give other views a \"frame\"",
        "fixedSize": "not in the format; give the view a \"frame\"",
        "colorInvert": "not in the format",
        "contentTransition": "on a \"text\" view (\".numericText()\", \".opacity\") or a \"systemImage\" "
            + "(\".symbolEffect(.replace)\"); it does not pass down to the views inside a stack",
        "symbolEffect": "\"symbolEffect\" applies to \"systemImage\" views",
        "variableValue": "\"variableValue\" applies to \"systemImage\" views (Image(systemName:variableValue:))",
        "symbolRenderingMode": "not in the format: symbols are filled with the foreground colour (layered symbols dim "
            + "their layers only for variable colour)",
        "onChange": "run the actions where the state changes (in the script or the action that sets it)",
        "allowsHitTesting": "not in the format: taps go to the view with the id the script taps",
        "contentShape": "not needed: taps name a view by id",
        "lineSpacing": "not in the format",
        "kerning": "not in the format",
        "tracking": "not in the format",
        "trim": "\"trim\" applies to \"shape\" and \"path\" views",
        "fill": "\"fill\" applies to \"shape\" and \"path\" views; text takes \"foregroundColor\"",
        "stroke": "\"stroke\" applies to \"shape\" and \"path\" views",
    ]

    /// Throws for the first key of `members` that is not allowed and is a SwiftUI modifier in the table.
    static func checkSwiftUIModifiers(_ reader: JSONReader, allowed: [String]) throws(SceneError) {
        for (key, value) in try reader.members() where !allowed.contains(key) {
            guard let hint = ModifierRegistry.swiftUINames[key] else { continue }
            throw SceneError(path: value.path, location: value.value.location,
                             message: "\"\(key)\" is SwiftUI's .\(key); the format has no such key: \(hint)")
        }
    }
}
