import Expressions
import SceneFormat

/// Where a piece of a scene runs: the scene itself, or one instance of a component inside it.
///
/// Names resolve from the inside out: the instance's own state, its parameters (the caller's argument,
/// evaluated where the caller wrote it, or the default), then the scene's state.
public final class InstanceContext: Sendable {
    /// Prefix of this instance's state keys: "" for the scene, "forward." for the instance with id forward.
    public let prefix: String
    /// Prefix of the ids of the views inside: the instance's id and a dot after its parent's, as `prefix`,
    /// but without a `forEach` item's key (the ids there are the items' own, `row-${n}`).
    public let idPrefix: String
    public let component: Component?
    /// Arguments the caller passed, by parameter name.
    public let arguments: [String: Binding]
    /// Action slots the caller filled, with the context they run in.
    public let slotActions: [String: [Action]]
    public let parent: InstanceContext?
    /// Own state names.
    public let stateNames: Set<String>
    /// Where the instance sits in a `forEach` item, when its state is kept per item (nil otherwise).
    public let item: ItemPlace?
    /// Names the caller's arguments see besides the caller's own: the element of the `forEach` item the
    /// instance is in (the simulator's contexts; Compose evaluates the arguments in the caller's scope).
    public let argumentInputs: [String: Value]

    /// Where an instance with state sits in a `forEach` item. SwiftUI keeps each item's `@State` with the
    /// item's identity (a view's identity holds "for example, its state", `View.id(_:)`), so its state keys
    /// hold the item's id: `<forEach path>["id=<item id>"]`, then `/` and the use's path.
    public enum ItemPlace: Sendable {
        /// The outermost instance with state in an item of the `forEach` at `forEach`: its prefix is the
        /// item's key (nil while the item is not known: the simulator's walk of the tree), then `part`.
        case root(forEach: JSONPath, part: String, itemKey: String?)
        /// An instance with state in the body of one inside an item: its parent's prefix, then `part`.
        case nested(part: String)
    }

    /// The scene's own context.
    public init() {
        prefix = ""
        idPrefix = ""
        component = nil
        arguments = [:]
        slotActions = [:]
        parent = nil
        stateNames = []
        item = nil
        argumentInputs = [:]
    }

    /// The context of an instance of `component` used at `instance` inside `parent`.
    public convenience init(component: Component, instance: InstanceSpec, id: String?, parent: InstanceContext, item: ItemPlace? = nil) {
        var arguments: [String: Binding] = [:]
        for (name, binding) in instance.arguments { arguments[name] = binding }
        self.init(component: component, arguments: arguments, slotActions: instance.actions, parent: parent,
                  ownPrefix: id.map { $0 + "." } ?? "", item: item, argumentInputs: [:])
    }

    private init(component: Component, arguments: [String: Binding], slotActions: [String: [Action]], parent: InstanceContext,
                 ownPrefix: String, item: ItemPlace?, argumentInputs: [String: Value]) {
        switch item {
        case nil: self.prefix = parent.prefix + ownPrefix
        case .root(let forEach, let part, let itemKey)?:
            self.prefix = parent.prefix + (itemKey ?? forEach.description + "[item]") + part + "."
        case .nested(let part)?: self.prefix = parent.prefix + part + "."
        }
        self.idPrefix = parent.idPrefix + (item == nil ? ownPrefix : "")
        self.component = component
        self.arguments = arguments
        self.slotActions = slotActions
        self.parent = parent
        self.stateNames = Set(component.state.map(\.name))
        self.item = item
        self.argumentInputs = argumentInputs
    }

    /// Whether the item this context's state is kept in is known (true outside `forEach` items).
    public var isItemBound: Bool {
        if case .root(_, _, let itemKey)? = item { return itemKey != nil }
        return parent?.isItemBound ?? true
    }

    /// The key of the `forEach` item with id `id`: the one Compose gives the item's view (`id=<id>` after
    /// the `forEach`'s path).
    public static func itemKey(forEach: JSONPath, id: String) -> String {
        forEach.appending("id=" + id).description
    }

    /// This context in the `forEach` item with id `itemID` and element `element` (its name and value):
    /// the state keys hold the item's key. Unchanged when the item is known already.
    public func bound(itemID: String, element: [String: Value]) -> InstanceContext {
        guard !isItemBound, let component, let parent else { return self }
        let ownPrefix = String(prefix.dropFirst(parent.prefix.count))
        if case .root(let forEach, let part, nil)? = item {
            return InstanceContext(component: component, arguments: arguments, slotActions: slotActions, parent: parent,
                                   ownPrefix: ownPrefix,
                                   item: .root(forEach: forEach, part: part, itemKey: Self.itemKey(forEach: forEach, id: itemID)),
                                   argumentInputs: element)
        }
        return InstanceContext(component: component, arguments: arguments, slotActions: slotActions,
                               parent: parent.bound(itemID: itemID, element: element), ownPrefix: ownPrefix, item: item,
                               argumentInputs: argumentInputs)
    }

    /// This context in a `forEach` item whose content is walked in `outer` (the `forEach`'s own context),
    /// with the item's element (its name and value): the instance used in the item's content evaluates its
    /// arguments with the element named, as `bound(itemID:element:)` gives a row with state; the instances
    /// inside it keep their own callers' names. Unchanged outside any instance in the item.
    public func withElement(_ element: [String: Value], under outer: InstanceContext) -> InstanceContext {
        guard self !== outer, let component, let parent else { return self }
        let ownPrefix = String(prefix.dropFirst(parent.prefix.count))
        let isOuterUse = parent === outer
        return InstanceContext(component: component, arguments: arguments, slotActions: slotActions,
                               parent: isOuterUse ? parent : parent.withElement(element, under: outer), ownPrefix: ownPrefix,
                               item: item, argumentInputs: isOuterUse ? element : argumentInputs)
    }

    /// The state key a name refers to in this context, if it is state.
    public func stateKey(for name: String, globals: Set<String>) -> StateKey? {
        if stateNames.contains(name) { return prefix + name }
        if globals.contains(name) { return name }
        return nil
    }

    /// The binding that gives parameter `name`, and the context to evaluate it in.
    public func parameter(_ name: String) -> (Binding, InstanceContext)? {
        guard let component, let parent else { return nil }
        if let argument = arguments[name] { return (argument, parent) }
        if let entry = component.parameters.first(where: { $0.name == name }), let defaultValue = entry.defaultValue {
            return (defaultValue, parent)
        }
        return nil
    }

    /// The actions a `run` of `slot` performs, and where they run: the caller's actions in the caller's
    /// context, or the component's default actions in this one.
    public func slot(_ name: String) -> ([Action], InstanceContext)? {
        if let actions = slotActions[name], let parent { return (actions, parent) }
        if let actions = component?.actionSlots[name] { return (actions, self) }
        return nil
    }
}
