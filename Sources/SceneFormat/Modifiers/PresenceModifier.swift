/// `"if": condition` with an optional `"transition"` (SwiftUI `if condition { view.transition(...) }`): the
/// view is there while the condition holds, and comes and goes with the transition.
enum PresenceModifier: ModifierUnit {
    static let key = "if"
    static let companionKeys = ["transition"]
    static let placement = ModifierPlacement.viewOnly("the condition and its transition apply to the view as a whole")

    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError) {
        node.presence = try NodeDecoder.decodePresence(object, depth: depth)
    }
}
