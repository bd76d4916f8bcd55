import Expressions

/// SwiftUI modifiers the format spells differently or lacks, with the closest supported way, so a key
/// written as SwiftUI code gets a useful answer instead of a list of allowed keys.
extension NodeDecoder {
    static let swiftUIModifiers: [String: String] = [
        "rotationEffect": "write \"rotation\": degrees (positive clockwise on screen)",
        "rotation3DEffect": "did you mean \"rotation3D\"? write \"rotation3D\": {\"angle\": 45, \"axis\": [0, 1, 0]} "
            + "(anchor, anchorZ and perspective as in SwiftUI)",
        "scaleEffect": "write \"scale\": 1.2 or {\"x\": 1, \"y\": 0.5}",
        "foregroundStyle": "write \"foregroundColor\"",
        "tint": "write \"foregroundColor\"",
        "accentColor": "write \"foregroundColor\"",
        "border": "write \"overlay\": {\"shape\": \"rectangle\", \"stroke\": {\"color\": \"red\", \"lineWidth\": 2}}",
        "cornerRadius": "write \"clipShape\": {\"shape\": \"roundedRectangle\", \"cornerRadius\": 12} "
            + "(\"cornerRadius\" is an option of a roundedRectangle shape)",
        "position": "place views with stack and frame alignment, then \"offset\"",
        "hidden": "write \"opacity\": 0",
        "onTapGesture": "write \"onTap\": [actions]",
        "gesture": "write \"onDrag\" for a DragGesture",
        "onLongPressGesture": "only taps (\"onTap\") and drags (\"onDrag\") are scripted",
        "scaledToFit": "images fit their frame with \"contentMode\": \"fit\"",
        "scaledToFill": "images fill their frame with \"contentMode\": \"fill\"",
        "aspectRatio": "images take \"contentMode\"; give other views a \"frame\"",
        "fixedSize": "not in the format; give the view a \"frame\"",
        "layoutPriority": "not in the format; stacks size their least flexible children first",
        "ignoresSafeArea": "not needed: the canvas has no safe area",
        "edgesIgnoringSafeArea": "not needed: the canvas has no safe area",
        "compositingGroup": "not needed: \"opacity\" already composites the view as one group; \"drawingGroup\": true "
            + "flattens it into one bitmap",
        "blendMode": "not in the format",
        "brightness": "not in the format",
        "contrast": "not in the format",
        "saturation": "not in the format",
        "grayscale": "not in the format",
        "hueRotation": "not in the format",
        "colorInvert": "not in the format",
        "colorMultiply": "not in the format",
        "contentTransition": "on a \"text\" view (\".numericText()\", \".opacity\") or a \"systemImage\" "
            + "(\".symbolEffect(.replace)\"); it does not pass down to the views inside a stack",
        "symbolEffect": "\"symbolEffect\" applies to \"systemImage\" views",
        "variableValue": "\"variableValue\" applies to \"systemImage\" views (Image(systemName:variableValue:))",
        "symbolRenderingMode": "not in the format: symbols are filled with the foreground colour (layered symbols dim "
            + "their layers only for variable colour)",
        "transaction": "give the change its animation in the action (\"animation\" beside \"set\") or use "
            + "\"animation\": {\"curve\", \"value\"}",
        "onChange": "run the actions where the state changes (in the script or the action that sets it)",
        "task": "write \"onAppear\": [actions] (with \"after\" for delays)",
        "disabled": "\"disabled\" applies to \"button\" views (a tap on a disabled button does nothing)",
        "allowsHitTesting": "not in the format: taps go to the view with the id the script taps",
        "contentShape": "not needed: taps name a view by id",
        "lineSpacing": "not in the format",
        "kerning": "not in the format",
        "tracking": "not in the format",
        "bold": "write \"font\": {\"weight\": \"bold\"}",
        "italic": "write \"font\": {\"italic\": true}",
        "fontWeight": "write \"font\": {\"weight\": \"semibold\"}",
        "trim": "\"trim\" applies to \"shape\" and \"path\" views",
        "fill": "\"fill\" applies to \"shape\" and \"path\" views; text takes \"foregroundColor\"",
        "stroke": "\"stroke\" applies to \"shape\" and \"path\" views",
    ]

    /// Throws for the first key of `members` that is not allowed and is a SwiftUI modifier in the table.
    static func checkSwiftUIModifiers(_ reader: JSONReader, allowed: [String]) throws(SceneError) {
        for (key, value) in try reader.members() where !allowed.contains(key) {
            guard let hint = swiftUIModifiers[key] else { continue }
            throw SceneError(path: value.path, location: value.value.location,
                             message: "\"\(key)\" is SwiftUI's .\(key); the format has no such key: \(hint)")
        }
    }
}
