/// `"onAppear": [actions]` (SwiftUI `.onAppear { }`): run when the view appears (at 0 for views there from
/// the start, at the insertion of a conditional view).
enum OnAppearModifier: ModifierUnit {
    static let key = "onAppear"
    static let placement = ModifierPlacement.handler
    static let swiftUINames = ["task": "write \"onAppear\": [actions] (with \"after\" for delays)"]

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        if let reader = object[key] {
            node.onAppear += try ActionDecoder.list(reader)
            node.appearanceLocation = node.appearanceLocation ?? reader.value.location
        }
    }

    static func uses(in node: Node) -> ModifierUses { ModifierUses(actions: [(node.onAppear, [])]) }
}
