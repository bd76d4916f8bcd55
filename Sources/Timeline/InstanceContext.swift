import Expressions
import SceneFormat

/// Where a piece of a scene runs: the scene itself, or one instance of a component inside it.
///
/// Names resolve from the inside out: the instance's own state, its parameters (the caller's argument,
/// evaluated where the caller wrote it, or the default), then the scene's state.
public final class InstanceContext: Sendable {
    /// Prefix of this instance's state keys: "" for the scene, "forward." for the instance with id forward.
    public let prefix: String
    public let component: Component?
    /// Arguments the caller passed, by parameter name.
    public let arguments: [String: Binding]
    /// Action slots the caller filled, with the context they run in.
    public let slotActions: [String: [Action]]
    public let parent: InstanceContext?
    /// Own state names.
    public let stateNames: Set<String>

    /// The scene's own context.
    public init() {
        prefix = ""
        component = nil
        arguments = [:]
        slotActions = [:]
        parent = nil
        stateNames = []
    }

    /// The context of an instance of `component` used at `instance` inside `parent`.
    public init(component: Component, instance: InstanceSpec, id: String?, parent: InstanceContext) {
        self.prefix = parent.prefix + (id.map { $0 + "." } ?? "")
        self.component = component
        var arguments: [String: Binding] = [:]
        for (name, binding) in instance.arguments { arguments[name] = binding }
        self.arguments = arguments
        self.slotActions = instance.actions
        self.parent = parent
        self.stateNames = Set(component.state.map(\.name))
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
