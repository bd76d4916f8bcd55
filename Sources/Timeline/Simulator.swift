import Expressions
import SceneFormat

/// Runs a scene's script once, in time order, and logs every model change: the `Timeline`.
///
/// Taps and timers only ever change model values (as in SwiftUI), so this runs before any frame is drawn,
/// and every frame can then be evaluated on its own.
public struct Simulator {
    /// The most events (taps, timers, delayed actions) one simulation may run.
    public static let maxEvents = 100_000
    /// How deeply actions may nest when `run` calls action slots: a slot that runs itself without an
    /// `after` in between would otherwise recurse until the stack overflows.
    public static let maxActionDepth = 200

    let scene: Scene
    /// Nodes that can be tapped, by full id, with the contexts their actions run in.
    let tapTargets: [String: [([Action], InstanceContext)]]
    let keys: [StateKey]
    let initial: [StateKey: Value]

    public init(scene: Scene) {
        self.scene = scene
        var keys = scene.state.map(\.name)
        var initial: [StateKey: Value] = [:]
        for declaration in scene.state { initial[declaration.name] = declaration.initial }
        var targets: [String: [([Action], InstanceContext)]] = [:]
        Self.collect(scene.root, scene: scene, context: InstanceContext(), idPrefix: "", keys: &keys,
                     initial: &initial, targets: &targets)
        self.tapTargets = targets
        self.keys = keys
        self.initial = initial
    }

    /// Walks the tree once: component instances' state, and the actions behind each id.
    private static func collect(_ node: Node, scene: Scene, context: InstanceContext, idPrefix: String,
                                keys: inout [StateKey], initial: inout [StateKey: Value],
                                targets: inout [String: [([Action], InstanceContext)]]) {
        let fullID = node.id.map { idPrefix + $0 }
        if let fullID, !node.onTap.isEmpty { targets[fullID, default: []].append((node.onTap, context)) }
        for bg in node.background {
            collect(bg, scene: scene, context: context, idPrefix: idPrefix, keys: &keys, initial: &initial, targets: &targets)
        }
        switch node.kind {
        case .stack(let stack):
            for child in stack.children {
                collect(child, scene: scene, context: context, idPrefix: idPrefix, keys: &keys, initial: &initial,
                        targets: &targets)
            }
        case .instance(let instance):
            guard let component = scene.components[instance.component] else { return }
            let inner = InstanceContext(component: component, instance: instance, id: node.id, parent: context)
            for declaration in component.state {
                keys.append(inner.prefix + declaration.name)
                initial[inner.prefix + declaration.name] = declaration.initial
            }
            // A tap on the instance reaches its body's tap actions.
            if let fullID, !component.body.onTap.isEmpty {
                targets[fullID, default: []].append((component.body.onTap, inner))
            }
            var body = component.body
            body.onTap = []
            collect(body, scene: scene, context: inner, idPrefix: fullID.map { $0 + "." } ?? idPrefix, keys: &keys,
                    initial: &initial, targets: &targets)
        case .shape, .text, .spacer:
            break
        }
    }

    /// Simulates the script from 0 to the scene's duration.
    public func run() throws(SceneError) -> Timeline {
        var run = SimulationRun(simulator: self)
        for event in scene.script where event.time <= scene.duration {
            switch event.kind {
            case .tap(let target):
                run.schedule(at: event.time, .tap(target: target, path: event.path))
            }
        }
        try run.drain(until: scene.duration)
        return Timeline(keys: keys, initial: initial, changes: run.changes)
    }
}

/// The mutable part of one simulation: the queue, the model, the log.
struct SimulationRun {
    enum Work {
        case tap(target: String, path: JSONPath)
        case actions([Action], InstanceContext)
    }

    struct Entry {
        var time: Double
        var sequence: Int
        var work: Work
        var id: String?
    }

    let simulator: Simulator
    let model: ModelState
    let random: RandomSource
    var queue: [Entry] = []
    var sequence = 0
    var pendingIDs: [String: Int] = [:]
    var changes: [StateKey: [Change]] = [:]
    var eventCount = 0
    /// How many action lists (`do`, `then`, `else`, slots) the action being performed is nested in.
    var depth = 0

    init(simulator: Simulator) {
        self.simulator = simulator
        self.model = ModelState(values: simulator.initial, globalNames: Set(simulator.scene.state.map(\.name)))
        self.random = RandomSource(seed: simulator.scene.seed)
    }

    mutating func schedule(at time: Double, _ work: Work, id: String? = nil) {
        sequence += 1
        if let id { pendingIDs[id] = sequence }
        queue.append(Entry(time: time, sequence: sequence, work: work, id: id))
    }

    /// Runs queued work in (time, order) until none is left before `end`.
    mutating func drain(until end: Double) throws(SceneError) {
        while true {
            guard let next = queue.indices.min(by: { (queue[$0].time, queue[$0].sequence) < (queue[$1].time, queue[$1].sequence) })
            else { return }
            let entry = queue.remove(at: next)
            guard entry.time <= end else { continue }
            if let id = entry.id {
                // Replaced or cancelled since it was scheduled.
                guard pendingIDs[id] == entry.sequence else { continue }
                pendingIDs[id] = nil
            }
            eventCount += 1
            guard eventCount <= Simulator.maxEvents else {
                throw SceneError(path: JSONPath([.key("script")]),
                                 message: "the script runs more than \(Simulator.maxEvents) events; is an \"after\" scheduling itself forever?")
            }
            switch entry.work {
            case .tap(let target, let path):
                guard let handlers = simulator.tapTargets[target] else {
                    throw SceneError(path: path.appending("tap"), message: "the view \"\(target)\" has no onTap actions")
                }
                for (actions, context) in handlers {
                    try perform(actions, context: context, time: entry.time, animation: nil)
                }
            case .actions(let actions, let context):
                try perform(actions, context: context, time: entry.time, animation: nil)
            }
        }
    }

    /// Runs actions at `time` inside a transaction carrying `animation`.
    mutating func perform(_ actions: [Action], context: InstanceContext, time: Double,
                          animation: Animation?) throws(SceneError) {
        depth += 1
        defer { depth -= 1 }
        let scope = ActionScope(model: model, context: context, time: time, random: random)
        for action in actions {
            switch action {
            case .set(let assignments, let spec, _):
                let own = try spec.map { s throws(SceneError) in try AnimationInterpreter.animation(s, in: scope) }
                for (name, binding) in assignments {
                    let value = try scope.evaluate(binding)
                    guard let key = context.stateKey(for: name, globals: model.globalNames) else {
                        throw SceneError(path: binding.path, message: "\"\(name)\" is not a state variable here")
                    }
                    try assign(key, value, at: time, animation: own ?? animation, binding: binding)
                }
            case .withAnimation(let spec, let inner, _):
                let a = try AnimationInterpreter.animation(spec, in: scope)
                try perform(inner, context: context, time: time, animation: a)
            case .after(let delayBinding, let id, let inner, _):
                guard case .number(let delay) = try scope.evaluate(delayBinding), delay >= 0 else {
                    throw SceneError(path: delayBinding.path, location: delayBinding.location,
                                     message: "\"after\" needs a delay of 0 seconds or more")
                }
                schedule(at: time + delay, .actions(inner, context), id: id.map { context.prefix + $0 })
            case .cancel(let id, _):
                pendingIDs[context.prefix + id] = nil
            case .conditional(let condition, let then, let otherwise, _):
                guard case .bool(let yes) = try scope.evaluate(condition) else {
                    throw SceneError(path: condition.path, location: condition.location, message: "\"if\" needs a true/false value")
                }
                try perform(yes ? then : otherwise, context: context, time: time, animation: animation)
            case .run(let slot, let path):
                guard let (slotActions, slotContext) = context.slot(slot) else {
                    throw SceneError(path: path, message: "no action slot \"\(slot)\" here")
                }
                guard depth < Simulator.maxActionDepth else {
                    throw SceneError(path: path.appending("run"), message: "at \(formatTime(time)) s: actions nest more than "
                        + "\(Simulator.maxActionDepth) deep through \"run\"; does the action slot \"\(slot)\" run itself without end?")
                }
                try perform(slotActions, context: slotContext, time: time, animation: animation)
            }
        }
    }

    /// Changes a model value and logs it; the type of a variable never changes.
    mutating func assign(_ key: StateKey, _ value: Value, at time: Double, animation: Animation?,
                         binding: Binding) throws(SceneError) {
        let old = model.values[key] ?? value
        guard sameKind(old, value) else {
            throw SceneError(path: binding.path, location: binding.location,
                             message: "at \(formatTime(time)) s: \"\(key)\" holds \(kindName(old)), cannot set it to \(kindName(value))")
        }
        model.values[key] = value
        changes[key, default: []].append(Change(time: time, old: old, new: value, animation: animation))
    }
}

func sameKind(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.number, .number), (.bool, .bool), (.string, .string), (.color, .color), (.list, .list), (.record, .record):
        return true
    default:
        return false
    }
}

func kindName(_ v: Value) -> String {
    switch v {
    case .number: return "a number"
    case .bool: return "a boolean"
    case .string: return "a string"
    case .color: return "a colour"
    case .list: return "a list"
    case .record: return "a record"
    }
}
