import Expressions
import SceneFormat

/// Runs a scene's script once, in time order, and logs every model change: the `Timeline`.
///
/// Taps and timers only ever change model values (as in SwiftUI), so this runs before any frame is drawn,
/// and every frame can then be evaluated on its own.
public struct Simulator {
    /// The most events (taps, timers, delayed actions) one simulation may run.
    public static let maxEvents = 100_000
    /// The most bytes of values the log may keep over a render (a variable's every value is kept, so that any
    /// frame can be evaluated at any time): 256 MB. A timer setting a 10 KB string 100,000 times would keep 1 GB.
    public static let maxKeptBytes = 256 << 20
    /// The most earlier animations and changes the simulation may read, over a render, to work out where
    /// Core Animation animations without a `fromValue` start (each reads its variable's whole log): 20 million,
    /// about 5 s of CPU. 99,999 `byValue` animations of one variable would read 5 billion.
    public static let maxPresentationReads = 20_000_000
    /// How deeply actions may nest when `run` calls action slots: a slot that runs itself without an
    /// `after` in between would otherwise recurse until the stack overflows.
    public static let maxActionDepth = 200

    let scene: Scene
    /// `maxPresentationReads`, lowered by tests.
    var presentationReadLimit = Simulator.maxPresentationReads
    /// Nodes that can be tapped, by full id, with the contexts their actions run in.
    let tapTargets: [String: [([Action], InstanceContext)]]
    /// Views with a drag gesture, by full id, with the contexts their actions run in.
    let dragTargets: [String: [(DragGestureSpec, InstanceContext)]]
    /// The `.disabled` conditions over tap and drag targets (their own and their ancestors'), by full id.
    let disabledTargets: [String: [DisabledCondition]]
    /// Views in `forEach` content with an id per item and a tap or drag (see `Simulator+ItemIDs.swift`).
    let itemTargets: [ItemTarget]
    /// The state of instances inside `forEach` items, kept per item (see `Simulator+ItemState.swift`).
    let itemStates: [ItemState]
    let keys: [StateKey]
    let initial: [StateKey: Value]
    /// Views with `onAppear` or `onDisappear` actions.
    let appearances: [AppearanceWatcher]
    /// Views with a `phaseAnimator`.
    let phaseAnimators: [PhaseWatcher]
    /// Views with `onGeometryChange`, in tree order (one for a view in `forEach` content, run per item).
    let geometryWatchers: [GeometryWatcher]
    /// Lays the views out for `onGeometryChange` (nil: those modifiers never run).
    let geometryProbe: GeometryProbe?

    /// A simulator of `scene`; `geometryProbe` reports layout to its `onGeometryChange` modifiers.
    /// Asked between events: true stops the run with an "interrupted" error (a signal came).
    public var isCancelled: @Sendable () -> Bool = { false }

    public init(scene: Scene, geometryProbe: GeometryProbe? = nil) {
        self.scene = scene
        self.geometryProbe = geometryProbe
        var found = Collected(keys: scene.state.map(\.name))
        for declaration in scene.state { found.initial[declaration.name] = declaration.initial }
        Self.collect(scene.root, scene: scene, context: InstanceContext(), idPrefix: "", uses: [], inForEach: false,
                     conditions: [], into: &found)
        self.geometryWatchers = found.geometryWatchers
        self.tapTargets = found.tapTargets
        self.appearances = found.appearances
        self.phaseAnimators = found.phaseAnimators
        self.dragTargets = found.dragTargets
        self.disabledTargets = found.disabledTargets
        self.itemTargets = found.itemTargets
        self.itemStates = found.itemStates
        self.keys = found.keys
        self.initial = found.initial
    }

    /// What one walk of the view tree finds: state keys with their initial values, and the gestures behind each id.
    struct Collected {
        var keys: [StateKey]
        var initial: [StateKey: Value] = [:]
        var tapTargets: [String: [([Action], InstanceContext)]] = [:]
        var dragTargets: [String: [(DragGestureSpec, InstanceContext)]] = [:]
        var disabledTargets: [String: [DisabledCondition]] = [:]
        var itemTargets: [ItemTarget] = []
        var itemStates: [ItemState] = []
        var appearances: [AppearanceWatcher] = []
        var phaseAnimators: [PhaseWatcher] = []
        var geometryWatchers: [GeometryWatcher] = []
    }

    /// Walks the tree once: component instances' and scroll views' state, and the gestures behind each id.
    private static func collect(_ node: Node, scene: Scene, context: InstanceContext, idPrefix: String, uses: [JSONPath],
                                inForEach: Bool, conditions outer: [(binding: Binding, context: InstanceContext)],
                                disabledBy outerDisabled: [DisabledCondition] = [],
                                slots: SlotSite? = nil, itemForEach: JSONPath? = nil, into found: inout Collected) {
        let fullID = node.id.map { idPrefix + $0 }
        var conditions = outer
        if let presence = node.presence { conditions.append((presence.condition, context)) }
        // `.disabled` on the view or above it: its taps and drags do nothing while any is true.
        var disabledBy = outerDisabled
        if let disabled = node.disabled { disabledBy.append(DisabledCondition(binding: disabled, context: context)) }
        if let fullID, !disabledBy.isEmpty { found.disabledTargets[fullID] = disabledBy }
        if let geometry = node.onGeometryChange {
            found.geometryWatchers.append(GeometryWatcher(key: GeometryChangeSpec.key(uses: uses, path: node.path),
                                                          spec: geometry, context: context))
        }
        if !node.onAppear.isEmpty || !node.onDisappear.isEmpty {
            found.appearances.append(AppearanceWatcher(onAppear: node.onAppear, onDisappear: node.onDisappear,
                                                       context: context, conditions: conditions))
        }
        if let each = node.forEach {
            // The views inside run their onAppear and onDisappear once per item, with the element named.
            let start = found.appearances.count, firstTarget = found.itemTargets.count, firstPhase = found.phaseAnimators.count
            let firstGeometry = found.geometryWatchers.count
            var content = node
            content.forEach = nil
            let firstState = found.itemStates.count
            collect(content, scene: scene, context: context, idPrefix: idPrefix, uses: uses, inForEach: true,
                    conditions: conditions, disabledBy: disabledBy, slots: slots, itemForEach: node.path, into: &found)
            for i in firstState..<found.itemStates.count where found.itemStates[i].items == nil {
                found.itemStates[i].items = ForEachItems(spec: each, context: context)
            }
            for i in start..<found.appearances.count where found.appearances[i].items == nil {
                found.appearances[i].items = ForEachItems(spec: each, context: context)
            }
            for i in firstTarget..<found.itemTargets.count where found.itemTargets[i].items == nil {
                found.itemTargets[i].items = ForEachItems(spec: each, context: context)
            }
            for i in firstGeometry..<found.geometryWatchers.count where found.geometryWatchers[i].items == nil {
                found.geometryWatchers[i].items = ForEachItems(spec: each, context: context)
            }
            // An animator in the body of a row with state runs per row; one written in the content itself (or in
            // views a use there passes) per item, under the item's key instead of one shared key.
            // A `forEach` nested in this one's content, in the same body, keeps one phase per animator, as
            // Compose does (`ComposeScope.phaseItem`): its items would need the pair of ids.
            for i in firstPhase..<found.phaseAnimators.count {
                let watcher = found.phaseAnimators[i]
                guard watcher.context.isItemBound, watcher.context === context else {
                    if watcher.items == nil, !watcher.context.isItemBound {
                        found.phaseAnimators[i].items = ForEachItems(spec: each, context: context)
                    }
                    continue
                }
                if watcher.items == nil, !watcher.nested {
                    found.phaseAnimators[i].items = ForEachItems(spec: each, context: context)
                    found.phaseAnimators[i].contentOf = node.path
                    found.keys.removeAll { $0 == watcher.key }
                    found.initial[watcher.key] = nil
                } else if watcher.contentOf != nil {
                    found.phaseAnimators[i].items = nil
                    found.phaseAnimators[i].contentOf = nil
                    found.phaseAnimators[i].nested = true
                    found.keys.append(watcher.key)
                    found.initial[watcher.key] = watcher.spec.phases.first
                }
            }
            return
        }
        if let spec = node.phaseAnimator, let first = spec.phases.first {
            let key = spec.stateKey(prefix: context.prefix)
            if context.isItemBound {
                found.keys.append(key)
                found.initial[key] = first
            } else {
                // In the body of a row with state: one phase per row, kept with the row's state.
                let phase = StateDeclaration(name: spec.stateKey(prefix: ""), initial: first, path: spec.path)
                found.itemStates.append(ItemState(context: context, declarations: [phase]))
            }
            found.phaseAnimators.append(PhaseWatcher(spec: spec, context: context, key: key))
        }
        if let fullID, !node.onTap.isEmpty { found.tapTargets[fullID, default: []].append((node.onTap, context)) }
        if let fullID, let drag = node.onDrag { found.dragTargets[fullID, default: []].append((drag, context)) }
        if inForEach, let itemID = node.itemID {
            found.itemTargets.append(ItemTarget(id: itemID, idPrefix: idPrefix, onTap: node.onTap, onDrag: node.onDrag,
                                                context: context, disabledBy: disabledBy))
        }
        for bg in node.background + (node.overlay?.views ?? []) {
            collect(bg, scene: scene, context: context, idPrefix: idPrefix, uses: uses, inForEach: inForEach,
                    conditions: conditions, disabledBy: disabledBy, slots: slots, itemForEach: itemForEach, into: &found)
        }
        switch node.kind {
        case .stack(let stack):
            for child in stack.children {
                collect(child, scene: scene, context: context, idPrefix: idPrefix, uses: uses, inForEach: inForEach,
                        conditions: conditions, disabledBy: disabledBy, slots: slots, itemForEach: itemForEach, into: &found)
            }
        case .instance(let instance):
            guard let component = scene.components[instance.component] else { return }
            // Inside a forEach item, an instance with state keeps it per item (`InstanceContext.ItemPlace`).
            var place: InstanceContext.ItemPlace?
            if inForEach, scene.statefulComponent(component) != nil {
                if context.item != nil {
                    place = .nested(part: node.path.description)
                } else if let itemForEach {
                    place = .root(forEach: itemForEach, part: node.path == itemForEach ? "" : "/" + node.path.description, itemKey: nil)
                }
            }
            let inner = InstanceContext(component: component, instance: instance, id: node.id, parent: context, item: place)
            if inner.isItemBound {
                for declaration in component.state {
                    found.keys.append(inner.prefix + declaration.name)
                    found.initial[inner.prefix + declaration.name] = declaration.initial
                }
            } else if !component.state.isEmpty {
                found.itemStates.append(ItemState(context: inner, declarations: component.state))
            }
            // A tap or drag on the instance reaches its body's gestures.
            var body = component.body
            if let fullID {
                if !body.onTap.isEmpty { found.tapTargets[fullID, default: []].append((body.onTap, inner)) }
                if let drag = body.onDrag { found.dragTargets[fullID, default: []].append((drag, inner)) }
            }
            if !(inForEach && body.itemID != nil) {
                // (A body with an item id is tapped by that id, per item.)
                body.modifierValues[OnTapModifier.self] = nil
                body.modifierValues[OnDragModifier.self] = nil
            }
            let site = instance.views.isEmpty ? nil
                : SlotSite(views: instance.views, context: context, idPrefix: idPrefix, uses: uses, inForEach: inForEach,
                           callerSlots: slots, itemForEach: itemForEach)
            collect(body, scene: scene, context: inner, idPrefix: fullID.map { $0 + "." } ?? idPrefix,
                    uses: uses + [node.path], inForEach: inForEach, conditions: conditions, disabledBy: disabledBy, slots: site,
                    itemForEach: itemForEach, into: &found)
        case .scrollView(let scroll):
            // A scroll view with an id owns its content offset, which scripted scrolls set.
            if let fullID {
                found.keys.append(fullID + ScrollViewSpec.offsetSuffix)
                found.initial[fullID + ScrollViewSpec.offsetSuffix] = .number(0)
            }
            for child in scroll.content.children {
                collect(child, scene: scene, context: context, idPrefix: idPrefix, uses: uses, inForEach: inForEach,
                        conditions: conditions, disabledBy: disabledBy, slots: slots, itemForEach: itemForEach, into: &found)
            }
        case .slot(let name, _):
            // The views the use passed, walked where they were written: the caller's context and ids.
            guard let site = slots, let view = site.views[name] else { return }
            collect(view, scene: scene, context: site.context, idPrefix: site.idPrefix, uses: site.uses,
                    inForEach: inForEach || site.inForEach, conditions: conditions, disabledBy: disabledBy, slots: site.callerSlots,
                    itemForEach: site.itemForEach, into: &found)
        case .control(.stepper(let stepper)):
            // A stepper's segments take the taps (`<id>.decrement`, `<id>.increment`).
            if let fullID {
                for part in stepper.parts(id: fullID) {
                    found.tapTargets[part.id, default: []].append((part.actions, context))
                    if !disabledBy.isEmpty { found.disabledTargets[part.id] = disabledBy }
                }
            }
        case .control(.picker(let picker)):
            // A picker's segments take the taps (`<id>.segment0`, `<id>.segment1`, ...).
            if let fullID {
                for part in picker.parts(id: fullID) {
                    found.tapTargets[part.id, default: []].append((part.actions, context))
                    if !disabledBy.isEmpty { found.disabledTargets[part.id] = disabledBy }
                }
            }
        case .shape, .text, .spacer, .image, .symbol, .canvas, .control:
            break
        }
    }

    /// Simulates the script from 0 to the scene's duration.
    public func run() throws(SceneError) -> Timeline {
        var run = SimulationRun(simulator: self)
        // The items' state first: the onAppear of a view in an item's body reads it.
        if !itemStates.isEmpty { try run.updateItemStates(at: 0) }
        try run.startAppearances()
        if !itemTargets.isEmpty { try run.checkItemIDs(at: 0) }
        try run.startPhases()
        // The first layout reports every watched value (after the views' onAppear actions at 0).
        if geometryProbe != nil, !geometryWatchers.isEmpty { run.schedule(at: 0, .actions([], InstanceContext())) }
        for event in scene.script where event.time <= scene.duration {
            switch event.kind {
            case .tap(let target):
                run.schedule(at: event.time, .tap(target: target, path: event.path))
            case .actions(let actions):
                run.schedule(at: event.time, .actions(actions, InstanceContext()))
            case .scroll(let scroll):
                run.schedule(at: event.time, .scroll(scroll, path: event.path))
            case .drag(let target, let points, let duration):
                if dragTargets[target] == nil, itemTargets.contains(where: { $0.onDrag != nil && $0.id.mayName(target, idPrefix: $0.idPrefix) }) {
                    // A forEach item's view: which item has the id is known when the finger touches down.
                    run.schedule(at: event.time, .itemDrag(target: target, points: points, duration: duration, path: event.path))
                } else {
                    try run.scheduleDrag(target, points: points, duration: duration, at: event.time, path: event.path)
                }
            }
        }
        try run.drain(until: scene.duration)
        return Timeline(keys: keys + run.itemKeys, initial: initial.merging(run.itemInitial) { old, _ in old }, changes: run.changes, layerAnimations: run.layerAnimations,
                        transactions: run.transactions, itemSpans: run.itemSpans)
    }
}

/// The mutable part of one simulation: the queue, the model, the log.
struct SimulationRun {
    enum Work {
        case tap(target: String, path: JSONPath)
        /// Actions with the values of the input that runs them (a drag's `location`...).
        case actions([Action], InstanceContext, inputs: [String: Value] = [:])
        /// A drag gesture's callback on the view `target` (skipped while the view is disabled).
        case gesture([Action], InstanceContext, inputs: [String: Value], target: String)
        case timerTick(RunningTimer)
        case scroll(ScrollEvent, path: JSONPath)
        /// A drag's touch-down on a `forEach` item's view, found by its id then.
        case itemDrag(target: String, points: [(x: Double, y: Double)], duration: Double, path: JSONPath)
        /// A phase animator run's step to the phase at `index` (an index in `phaseRuns`).
        case phase(Int, index: Int, looping: Bool)
        /// A `.removed` completion's check: it runs once no animation of `keys` is running.
        case removedCompletion([Action], keys: [StateKey], InstanceContext)
    }

    struct Scheduled {
        var work: Work
        var id: String?
    }

    let simulator: Simulator
    let model: ModelState
    let random: RandomSource
    var queue = EventQueue<Scheduled>()
    var sequence = 0
    var pendingIDs: [String: Int] = [:]
    var changes: [StateKey: [Change]] = [:]
    var layerAnimations: [StateKey: [LayerAnimation]] = [:]
    /// Every model change again, grouped into transactions, in the order they ran.
    var transactions: [ModelTransaction] = []
    /// Changes belong to one transaction while this stays the same: it moves on at every event, and on
    /// entering and leaving a `withAnimation` block or an animated `set`.
    var transactionToken = 0
    var lastToken = -1
    var eventCount = 0
    /// About how many bytes the values in `changes` take.
    var keptBytes = 0
    /// How many logged animations and changes working out presentation values has read so far.
    var presentationReads = 0
    /// Which instances of each of the simulator's `appearances` are there now, with the names their
    /// actions see: by the id of the item showing it for a view inside a `forEach`, `""` for any other view.
    var shown: [[String: [String: Value]]] = []
    /// Each `onGeometryChange` watcher's value as last reported, by key.
    var geometryShown: [String: Value] = [:]
    /// The phase animators running: one per view, and one per row for a view in the body of a `forEach`
    /// row with state (`Simulator+Phases.swift`).
    var phaseRuns: [PhaseRun] = []
    /// The runs of each row's animator, by the animator's index in `simulator.phaseAnimators`, then row id.
    var itemPhaseRuns: [Int: [String: Int]] = [:]
    /// How many action lists (`do`, `then`, `else`, slots) the action being performed is nested in.
    var depth = 0
    /// The innermost animated block (`withAnimation`, animated `set`) being performed; 0 outside any.
    var animatedBlock = 0
    var animatedBlockCount = 0
    /// The state keys of `forEach` items created so far, in order, with their initial values, and the ids
    /// of each `simulator.itemStates` entry's items there now.
    var itemKeys: [StateKey] = []
    var itemInitial: [StateKey: Value] = [:]
    var itemStateShown: [Set<String>] = []
    /// When each item's state keys are held (`Timeline.itemSpans`).
    var itemSpans: [StateKey: [ItemSpan]] = [:]
    /// The state variables each open `withAnimation` with a completion has changed, by block.
    var completionWatch: [Int: [StateKey]] = [:]

    init(simulator: Simulator) {
        self.simulator = simulator
        self.model = ModelState(values: simulator.initial, globalNames: Set(simulator.scene.state.map(\.name)))
        self.random = RandomSource(seed: simulator.scene.seed)
    }

    mutating func schedule(at time: Double, _ work: Work, id: String? = nil) {
        sequence += 1
        if let id { pendingIDs[id] = sequence }
        queue.push(.init(time: time, sequence: sequence, payload: Scheduled(work: work, id: id)))
    }

    /// Runs queued work in (time, order) until none is left before `end`.
    mutating func drain(until end: Double) throws(SceneError) {
        while let entry = queue.pop() {
            // Everything left is later still.
            guard entry.time <= end else { return }
            if let id = entry.payload.id {
                // Replaced or cancelled since it was scheduled.
                guard pendingIDs[id] == entry.sequence else { continue }
                pendingIDs[id] = nil
            }
            eventCount += 1
            if eventCount % 64 == 0, simulator.isCancelled() {
                throw SceneError(path: JSONPath([.key("script")]), message: "interrupted")
            }
            transactionToken += 1
            guard eventCount <= Simulator.maxEvents else {
                throw SceneError(path: JSONPath([.key("script")]),
                                 message: "the script runs more than \(Simulator.maxEvents) events; is an \"after\" scheduling itself forever?")
            }
            switch entry.payload.work {
            case .tap(let target, let path):
                if let handlers = simulator.tapTargets[target] {
                    // A tap on a disabled view runs nothing, as on iOS.
                    if try isDisabled(simulator.disabledTargets[target] ?? [], at: entry.time) { break }
                    for (actions, context) in handlers {
                        try perform(actions, context: context, time: entry.time, animation: nil)
                    }
                } else {
                    // A forEach item's view, by the id its element gives it now.
                    let items = try items(named: target, at: entry.time) { !$0.onTap.isEmpty }
                    guard !items.isEmpty else {
                        throw SceneError(path: path.appending("tap"), message: simulator.itemTargets.isEmpty
                            ? "the view \"\(target)\" has no onTap actions"
                            : try noItemMessage(target, "tap", at: entry.time) { !$0.onTap.isEmpty })
                    }
                    for (item, inputs) in items {
                        if try isDisabled(item.disabledBy, at: entry.time, inputs: inputs) { continue }
                        try perform(item.onTap, context: item.context, time: entry.time, animation: nil, inputs: inputs)
                    }
                }
            case .actions(let actions, let context, let inputs):
                try perform(actions, context: context, time: entry.time, animation: nil, inputs: inputs)
            case .gesture(let actions, let context, let inputs, let target):
                // A drag's callbacks on a disabled view do not run, as on iOS.
                if try isDisabled(simulator.disabledTargets[target] ?? [], at: entry.time) { break }
                try perform(actions, context: context, time: entry.time, animation: nil, inputs: inputs)
            case .timerTick(let timer):
                // The next tick is scheduled first, so that the tick's own actions can cancel it.
                if let next = timer.next(), next.fireTime <= end {
                    schedule(at: next.fireTime, .timerTick(next), id: timer.id)
                }
                try perform(timer.actions, context: timer.context, time: entry.time, animation: nil)
            case .scroll(let scroll, let path):
                try performScroll(scroll, path: path, time: entry.time)
            case .itemDrag(let target, let points, let duration, let path):
                try scheduleItemDrag(target, points: points, duration: duration, at: entry.time, path: path)
            case .phase(let w, let index, let looping):
                try stepPhase(w, to: index, looping: looping, time: entry.time)
            case .removedCompletion(let actions, let keys, let context):
                if let later = runningEnd(of: keys, at: entry.time) {
                    if later.isFinite { schedule(at: later, .removedCompletion(actions, keys: keys, context)) }
                } else {
                    try perform(actions, context: context, time: entry.time, animation: nil)
                }
            }
            if !simulator.itemStates.isEmpty { try updateItemStates(at: entry.time) }
            if !simulator.appearances.isEmpty { try updateAppearances(at: entry.time) }
            if !simulator.itemTargets.isEmpty { try checkItemIDs(at: entry.time) }
            if !simulator.phaseAnimators.isEmpty {
                try updateItemPhases(at: entry.time)
                try updatePhaseTriggers(at: entry.time)
            }
            try updateGeometry(at: entry.time)
        }
    }

    /// Runs actions at `time` inside a transaction carrying `animation`.
    mutating func perform(_ actions: [Action], context: InstanceContext, time: Double,
                          animation: Animation?, inputs: [String: Value] = [:]) throws(SceneError) {
        depth += 1
        defer { depth -= 1 }
        let scope = ActionScope(model: model, context: context, time: time, random: random, inputs: inputs)
        for action in actions {
            switch action {
            case .set(let assignments, let spec, _):
                let own = try spec.map { s throws(SceneError) in try AnimationInterpreter.animation(s, in: scope) }
                let outerBlock = animatedBlock
                if own != nil {
                    transactionToken += 1
                    animatedBlockCount += 1
                    animatedBlock = animatedBlockCount
                }
                defer {
                    if own != nil {
                        transactionToken += 1
                        animatedBlock = outerBlock
                    }
                }
                for (name, binding) in assignments {
                    var value = try scope.evaluate(binding)
                    // "drag.width" or "scores[2]": a part of the state value (AssignmentTarget).
                    let direct = context.stateKey(for: name, globals: model.globalNames)
                    let target = direct == nil ? try? AssignmentTarget(parsing: name) : nil
                    guard let key = direct ?? target.flatMap({ context.stateKey(for: $0.name, globals: model.globalNames) }) else {
                        throw SceneError(path: binding.path, message: "\"\(name)\" is not a state variable here")
                    }
                    if let target, let whole = model.values[key] {
                        do {
                            value = try target.updating(whole, with: value, in: scope)
                        } catch {
                            throw SceneError(path: binding.path, location: binding.location,
                                             message: "at \(formatTime(time)) s: \(error.message)")
                        }
                    }
                    try assign(key, value, at: time, animation: own ?? animation, binding: binding)
                }
            case .withAnimation(let spec, let inner, let completion, _):
                let a = try AnimationInterpreter.animation(spec, in: scope)
                transactionToken += 1
                let outerBlock = animatedBlock
                animatedBlockCount += 1
                animatedBlock = animatedBlockCount
                if completion != nil { completionWatch[animatedBlock] = [] }
                try perform(inner, context: context, time: time, animation: a, inputs: inputs)
                let changed = completionWatch.removeValue(forKey: animatedBlock) ?? []
                animatedBlock = outerBlock
                transactionToken += 1
                if let completion { scheduleCompletion(completion, animation: a, keys: changed, context: context, time: time) }
            case .after(let delayBinding, let id, let inner, _):
                guard case .number(let delay) = try scope.evaluate(delayBinding), delay >= 0 else {
                    throw SceneError(path: delayBinding.path, location: delayBinding.location,
                                     message: "\"after\" needs a delay of 0 seconds or more")
                }
                schedule(at: time + delay, .actions(inner, context, inputs: inputs), id: id.map { context.prefix + $0 })
            case .cancel(let id, _):
                pendingIDs[context.prefix + id] = nil
            case .conditional(let condition, let then, let otherwise, _):
                guard case .bool(let yes) = try scope.evaluate(condition) else {
                    throw SceneError(path: condition.path, location: condition.location, message: "\"if\" needs a true/false value")
                }
                try perform(yes ? then : otherwise, context: context, time: time, animation: animation, inputs: inputs)
            case .run(let slot, let path):
                guard let (slotActions, slotContext) = context.slot(slot) else {
                    throw SceneError(path: path, message: "no action slot \"\(slot)\" here")
                }
                guard depth < Simulator.maxActionDepth else {
                    throw SceneError(path: path.appending("run"), message: "at \(formatTime(time)) s: actions nest more than "
                        + "\(Simulator.maxActionDepth) deep through \"run\"; does the action slot \"\(slot)\" run itself without end?")
                }
                // The caller's actions for a forEach item's instance see the item's element, as its arguments do.
                try perform(slotActions, context: slotContext, time: time, animation: animation,
                            inputs: slotContext === context ? [:] : context.argumentInputs)
            case .timer(let spec):
                let timer = try RunningTimer(spec, context: context, start: time, scope: scope)
                if let first = timer.next() {
                    schedule(at: first.fireTime, .timerTick(first), id: timer.id)
                } else if let id = timer.id {
                    pendingIDs[id] = nil
                }
            case .caAnimation(let spec):
                try addLayerAnimation(spec, context: context, time: time, scope: scope)
            case .caKeyframeAnimation(let spec):
                try addLayerKeyframeAnimation(spec, context: context, time: time, scope: scope)
            case .caAnimationGroup(let spec):
                try addLayerGroup(spec, context: context, time: time, scope: scope)
            case .uiViewAnimate(let spec):
                try performUIViewAnimation(spec, context: context, time: time, scope: scope, inputs: inputs)
            case .uiViewAnimateKeyframes(let spec):
                try performUIViewKeyframes(spec, context: context, time: time, scope: scope, inputs: inputs)
            }
        }
    }

    /// The state variable a Core Animation animation's `keyPath` names, and its model value, which must be a
    /// number or a colour; errors name the animation's `keyPath`.
    func layerTarget(_ keyPath: String, at path: JSONPath, context: InstanceContext) throws(SceneError)
        -> (key: StateKey, value: Value) {
        guard let key = context.stateKey(for: keyPath, globals: model.globalNames), let current = model.values[key] else {
            throw SceneError(path: path.appending("keyPath"), message: "unknown keyPath \"\(keyPath)\"")
        }
        guard AnimatedOffset.components(current) != nil else {
            throw SceneError(path: path.appending("keyPath"),
                             message: "\"\(keyPath)\" holds \(kindName(current)); a Core Animation animation needs a number or a colour")
        }
        return (key, current)
    }

    /// Adds a Core Animation explicit animation and schedules its delegate's `animationDidStop`.
    mutating func addLayerAnimation(_ spec: BasicAnimationSpec, context: InstanceContext, time: Double,
                                    scope: ActionScope) throws(SceneError) {
        let (key, current) = try layerTarget(spec.keyPath, at: spec.path, context: context)
        let (from, to) = try layerEndpoints(spec, key: key, current: current, time: time, scope: scope)
        var duration = BasicAnimationSpec.defaultDuration
        if let binding = spec.duration {
            guard case .number(let seconds) = try scope.evaluate(binding), seconds >= 0, seconds.isFinite else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "at \(formatTime(time)) s: a duration must be a number of seconds, 0 or more")
            }
            // Core Animation reads a duration of 0 as its default, 0.25 s.
            if seconds > 0 { duration = seconds }
        }
        let curve: UnitBezier
        switch spec.timingFunction {
        case nil: curve = .linear
        case .named(let name)?: curve = UnitBezier.named(name)
        case .controlPoints(let x1, let y1, let x2, let y2)?: curve = UnitBezier(x1, y1, x2, y2)
        }
        var spring: Spring?
        if let s = spec.spring {
            let motion = Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: s.initialVelocity)
            spring = motion
            if s.usesSettlingDuration {
                let settle = motion.coreAnimationSettlingDuration
                guard settle.isFinite else {
                    throw SceneError(path: spec.path.appending("duration"), message: "an undamped spring never settles; give a duration")
                }
                duration = max(settle, 1e-3)
            }
        }
        var animation = LayerAnimation(start: time, duration: duration, from: from, to: to, curve: curve,
                                       holdsAfterEnd: !spec.isRemovedOnCompletion && spec.fillMode.fillsForwards,
                                       timing: LayerTiming(spec.timing, fillMode: spec.fillMode))
        animation.spring = spring
        animation.isAdditive = spec.isAdditive
        animation.origin = spec.path
        animation.originLocation = spec.keyPathLocation
        layerAnimations[key, default: []].append(animation)
        if !spec.animationDidStop.isEmpty {
            schedule(at: animation.end, .actions(spec.animationDidStop, context))
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
        if old != value { completionWatch[animatedBlock]?.append(key) }
        keptBytes += Self.footprint(value)
        guard keptBytes <= Simulator.maxKeptBytes else {
            throw SceneError(path: binding.path, location: binding.location,
                             message: "at \(formatTime(time)) s: the script has set values of more than \(Simulator.maxKeptBytes >> 20) MB "
                                 + "in all (a render keeps every value a variable held); set large strings and lists less often")
        }
        changes[key, default: []].append(Change(time: time, old: old, new: value, animation: animation))
        if lastToken == transactionToken, let last = transactions.last, last.time == time {
            transactions[transactions.count - 1].changes.append((key, value))
        } else {
            transactions.append(ModelTransaction(time: time, animation: animation, changes: [(key, value)],
                                                 origin: (binding.path, binding.location)))
            lastToken = transactionToken
        }
    }
}

extension SimulationRun {
    /// Schedules a `withAnimation` completion: at once (after the current event) when the block changed
    /// nothing, as SwiftUI calls it "immediately after body" when no animation is created; else when the
    /// animation is logically complete, or when it and every later animation of the same variables has
    /// finished (`.removed`); see `Animation+Completion.swift`.
    mutating func scheduleCompletion(_ completion: AnimationCompletionSpec, animation: Animation, keys: [StateKey],
                                     context: InstanceContext, time: Double) {
        guard !keys.isEmpty else {
            schedule(at: time, .actions(completion.actions, context))
            return
        }
        switch completion.criteria {
        case .logicallyComplete:
            let at = time + animation.logicalCompletionTime
            if at.isFinite { schedule(at: at, .actions(completion.actions, context)) }
        case .removed:
            let at = time + animation.duration
            if at.isFinite { schedule(at: at, .removedCompletion(completion.actions, keys: keys, context)) }
        }
    }

    /// The latest end of an animation of one of `keys` still running at `time` (a change made at or
    /// before it that ends after it); nil when none runs.
    func runningEnd(of keys: [StateKey], at time: Double) -> Double? {
        var latest: Double?
        for key in Set(keys) {
            for change in changes[key] ?? [] where change.time <= time && change.animation != nil && change.end > time {
                latest = max(latest ?? change.end, change.end)
            }
        }
        return latest
    }
}

func sameKind(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.number, .number), (.bool, .bool), (.string, .string), (.color, .color), (.list, .list), (.record, .record),
         (.animation, .animation):
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
    case .animation: return "an animation"
    }

}

extension SimulationRun {
    /// About how many bytes `value` takes in the log.
    static func footprint(_ value: Value) -> Int {
        switch value {
        case .string(let text): return 16 + text.utf8.count
        case .list(let items): return items.reduce(16) { $0 + footprint($1) }
        case .record(let record): return record.values.reduce(16) { $0 + footprint($1) }
        default: return 16
        }
    }
}
