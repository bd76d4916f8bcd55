import Expressions

/// `{"use": "Card", "args": {...}, "actions": {...}, "views": {...}}`: an instance of a component, as an
/// instance of your own SwiftUI `View` struct.
enum UseKind: ViewKindUnit {
    static let key = "use"
    static let companionKeys = ["args", "actions", "views"]

    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required(key)
        let name = try value.string()
        var arguments: [(name: String, value: Binding)] = []
        if let args = object["args"] {
            for (key, arg) in try args.members() { arguments.append((key, try BindingDecoder.any(arg))) }
        }
        var actions: [String: [Action]] = [:]
        if let slots = object["actions"] {
            for (key, list) in try slots.members() { actions[key] = try ActionDecoder.list(list) }
        }
        var instance = InstanceSpec(component: name, arguments: arguments, actions: actions)
        instance.views = try object["views"].map { r throws(SceneError) in try NodeDecoder.decodeSlotViews(r, depth: depth) } ?? [:]
        instance.location = value.value.location
        return try view(.instance(instance), object, at: reader, depth: depth)
    }

    static func uses(of node: Node) -> [ViewKindUse]? {
        guard case .instance(let instance) = node.kind else { return nil }
        return [.instance(instance)]
    }
}
