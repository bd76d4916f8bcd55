import Expressions

/// Checks that every name a scene uses exists where it is used: state, parameters, `let`s, components,
/// action slots, tap targets; and that components do not contain themselves.
struct SceneValidator {
    let scene: Scene
    /// Full ids of views with tap actions (their own, or their component body's).
    private var tappable = Set<String>()
    /// Full ids of scroll views, which `scroll` events may target.
    var scrollable = Set<String>()
    /// Full ids of views with a drag gesture (their own, or their component body's).
    private var draggable = Set<String>()
    /// Id templates of `forEach` items with tap actions, with their id prefixes.
    var itemTappable: [(idPrefix: String, id: ItemIDSpec)] = []
    /// Full ids of views disabled for good (`"disabled": true` on them or above them), with that `disabled`.
    private var disabledIDs: [String: Binding] = [:]
    var itemDraggable: [(idPrefix: String, id: ItemIDSpec)] = []
    /// Full ids of pickers, with how many segments a script may tap (see `PickerSpec.parts(id:)`).
    private var pickerSegments: [String: (count: Int, generated: Bool)] = [:]
    /// Views checked so far, each use of a component counting its whole body.
    private var viewCount = 0

    /// The most views a scene may have once components are expanded: components that each use the next
    /// one twice would otherwise make a 2 KB file of millions of views.
    static let maxViews = 10_000

    init(scene: Scene) {
        self.scene = scene
    }

    /// The scene's state variables that hold an animation.
    var globalAnimations: Set<String> {
        Set(scene.state.filter { if case .animation = $0.initial { true } else { false } }.map(\.name))
    }

    /// A component's parameters and state variables that hold an animation: a parameter whose default is
    /// one (read where the component is used, so among the scene's names), a state variable whose initial
    /// value is one.
    func animationNames(of component: Component) -> Set<String> {
        let global = globalAnimations
        var names = Set(component.state.filter { if case .animation = $0.initial { true } else { false } }.map(\.name))
        for (name, defaultValue) in component.parameters {
            if case .expression(let e)? = defaultValue?.source, AnimationSyntax.isAnimation(e.root, names: global) {
                names.insert(name)
            }
        }
        return names
    }

    /// Names every expression may read besides the scene's own.
    static let builtInNames: Set<String> = ["w", "h", "t", "time", "minX", "minY"]
    /// Names actions may read besides state and parameters.
    static let actionNames: Set<String> = ["time"]

    /// What the names in one place resolve to.
    struct Context {
        var values: Set<String>
        var stateNames: Set<String>
        var slots: Set<String>
        var componentStack: [String]
        /// Functions the scene adds to the built-ins (`random` in actions).
        var functions: [String] = []
        /// Views above this one, counting through the bodies of components.
        var viewDepth = 0
        /// Inside a `forEach`'s content, where an id would repeat.
        var inForEach = false
        /// Inside the content of a `forEach` inside another's.
        var inNestedForEach = false
        /// How many `forEach` contents are around, counting through the bodies of components.
        var forEachLevels = 0
        /// Inside the body of a component instance whose state is kept per `forEach` item.
        var inItemState = false
        /// The element's name of the innermost `forEach` around.
        var itemName = "item"
        /// The first `"disabled": true` on the view or above it: its taps and drags can never run.
        var disabledBy: Binding?

        /// The names actions see: no `let`s or sizes (actions run before layout), plus `random` and `randomInt`.
        var forActions: Context {
            var copy = self
            copy.values = actionValues
            copy.functions = ["random", "randomInt"]
            return copy
        }

        /// State, parameters and built-ins, without `let`s and sizes.
        var actionValues: Set<String>
        /// The names here that hold an animation (`var animation: Animation = .spring()`,
        /// `@State var anim: Animation = .default`): they stand where an animation does, and nowhere else.
        var animations: Set<String> = []

        /// The names here that views declare and work out at each frame, not over the model: `let`s, a
        /// keyframe animator's value, a timeline view's context (see `modelOnly`).
        var viewNames: Set<String> = []
        /// The `viewNames` that are a `.modifier` transition's parameters: they go from their active to their
        /// identity values as the transition plays.
        var transitionParameters: Set<String> = []

        /// Adds a name of something other than an animation (a `let`, a `forEach` element), hiding one of
        /// its name around.
        mutating func insert(_ name: String) {
            values.insert(name)
            animations.remove(name)
            viewNames.remove(name)
            transitionParameters.remove(name)
        }

        /// Adds a name a view works out at each frame (a `let`, an animator's value, a timeline's context).
        mutating func insertViewName(_ name: String) {
            insert(name)
            viewNames.insert(name)
        }
    }

    mutating func validate() throws(SceneError) {
        let global = Set(scene.state.map(\.name))
        var ids = Set<String>()
        tappable = []
        draggable = []
        viewCount = 0
        var context = Context(values: global.union(Self.builtInNames), stateNames: global, slots: [], componentStack: [],
                              actionValues: global.union(Self.actionNames))
        context.animations = globalAnimations
        try check(scene.root, context, ids: &ids, idPrefix: "")
        for event in scene.script {
            switch event.kind {
            case .tap(let target):
                // An item's id is known when the tap comes (see `Simulator+ItemIDs.swift`).
                if itemTappable.contains(where: { $0.id.mayName(target, idPrefix: $0.idPrefix) }) { continue }
                try checkTarget(target, of: "tap", event, ids: ids, accepting: tappable, lacking: "onTap actions")
            case .actions(let list):
                try actions(list, context.forActions)
            case .scroll(let scroll):
                try checkScroll(scroll, event, context.forActions, ids: ids)
            case .drag(let target, _, _):
                // An item's id is known when the drag starts (see `Simulator+ItemIDs.swift`).
                if itemDraggable.contains(where: { $0.id.mayName(target, idPrefix: $0.idPrefix) }) { continue }
                try checkTarget(target, of: "drag", event, ids: ids, accepting: draggable, lacking: "onDrag gesture")
            }
        }
    }

    mutating func check(_ node: Node, _ outer: Context, ids: inout Set<String>, idPrefix: String) throws(SceneError) {
        viewCount += 1
        guard viewCount <= Self.maxViews else {
            throw SceneError(path: node.path, message: "the scene has more than \(Self.maxViews) views once components are "
                             + "expanded (each use of a component counts its whole body)")
        }
        var context = outer
        context.viewDepth += 1
        if context.disabledBy == nil, let disabled = node.disabled, case .constant(.bool(true)) = disabled.source {
            context.disabledBy = disabled
        }
        guard context.viewDepth <= NodeDecoder.maxDepth else {
            throw SceneError(path: node.path, message: "views are nested deeper than \(NodeDecoder.maxDepth) levels, counting "
                             + "the bodies of the components \(context.componentStack.joined(separator: " -> "))")
        }
        try checkItemStateHandlers(node, context)
        if let animator = node.phaseAnimator {
            try names(animator.trigger, context)
            context.insert(animator.name)
            // The animation into each phase is read when the step runs, as an action's values are: it sees
            // the phase, state and parameters.
            var step = context.forActions
            step.insert(animator.name)
            for animation in animator.animations { for b in animation.bindings { try names(b, step) } }
        }
        if let animator = node.keyframeAnimator {
            try names(animator.trigger, context)
            try modelOnly(animator.trigger, context, "a keyframeAnimator's trigger", "is compared before and after each state change")
            // Durations read the names around the animator, not its own value.
            for duration in animator.durations {
                try names(duration, context)
                try modelOnly(duration, context, "a keyframe duration", "is read with the model values of the moment the keyframes start")
            }
            context.insertViewName(animator.name)
        }
        if let timeline = node.timelineView {
            for b in timeline.bindings { try names(b, context) }
            if case .animation(_, let paused?) = timeline.schedule {
                try modelOnly(paused, context, "\"paused\"", "is read before and after each state change to find when it paused")
            }
            context.insertViewName(timeline.name)
        }
        for (name, binding) in node.lets {
            try names(binding, context)
            context.insertViewName(name)
        }
        if let each = node.forEach {
            switch each.source {
            case .range(let lower, let upper, _):
                try names(lower, context)
                try names(upper, context)
            case .list(let list):
                try names(list, context)
            }
            context.insert(each.name)
            // An item's onAppear and onDisappear actions see its element.
            context.actionValues.insert(each.name)
            context.inNestedForEach = context.inForEach
            context.inForEach = true
            context.forEachLevels += 1
            context.itemName = each.name
            try names(each.id, context)
        }
        if let id = node.id {
            if context.inForEach {
                throw SceneError(path: node.path.appending("id"),
                                 message: "a view inside forEach content cannot have an id that each item would repeat; write one over the element, as \"row-${\(context.itemName)}\"")
            }
            let full = idPrefix + id
            if let disabled = context.disabledBy { disabledIDs[full] = disabled }
            if !node.onTap.isEmpty { tappable.insert(full) }
            if case .instance(let instance) = node.kind, scene.components[instance.component]?.body.onTap.isEmpty == false {
                tappable.insert(full)
            }
            if node.onDrag != nil { draggable.insert(full) }
            if case .instance(let instance) = node.kind, scene.components[instance.component]?.body.onDrag != nil {
                draggable.insert(full)
            }
            guard ids.insert(full).inserted else {
                throw SceneError(path: node.path.appending("id"), message: "the id \"\(full)\" is used twice")
            }
        }
        try checkItemID(node, context, idPrefix: idPrefix)
        // The modifiers, as their registry units declare what they read, hold and run.
        try check(ModifierRegistry.uses(in: node), outer: outer, inner: context, ids: &ids, idPrefix: idPrefix)
        try checkImplicitAnimationValue(node, context)
        try checkItemGeometry(node, context)
        try checkPresence(node, outer: outer, ids: &ids, idPrefix: idPrefix)

        // The view's kind, as its registry unit declares what it reads and holds.
        for use in ViewKindRegistry.uses(of: node) {
            switch use {
            case .reads(let binding, let extra):
                var scoped = context
                scoped.values.formUnion(extra)
                try names(binding, scoped)
            case .view(let child):
                try check(child, context, ids: &ids, idPrefix: idPrefix)
            case .instance(let instance):
                try checkInstance(instance, node: node, context, ids: &ids, idPrefix: idPrefix)
            case .slot(let name, let location):
                try checkSlot(name, at: location, node: node, context)
            case .canvas(let commands):
                try checkCanvas(commands, context)
            case .scrollTarget:
                if let id = node.id { scrollable.insert(idPrefix + id) }
            case .parts(let parts):
                // The parts' ids and the actions their taps run.
                let made = parts(idPrefix + (node.id ?? ""))
                if case .control(.picker(let picker)) = node.kind, let id = node.id {
                    pickerSegments[idPrefix + id] = (made.count, picker.fixedCount == nil)
                }
                for part in made {
                    try actions(part.actions, context.forActions)
                    guard node.id != nil else { continue }
                    tappable.insert(part.id)
                    if let disabled = context.disabledBy { disabledIDs[part.id] = disabled }
                    guard ids.insert(part.id).inserted else {
                        throw SceneError(path: node.path.appending("id"), message: "the id \"\(part.id)\" is used twice")
                    }
                }
            }
        }
    }

    /// Checks what a modifier (or a shape's geometry) reads, holds and runs: `outer` are the names around
    /// the view, `inner` the view's own.
    private mutating func check(_ uses: ModifierUses, outer: Context, inner: Context, ids: inout Set<String>,
                                idPrefix: String) throws(SceneError) {
        for binding in uses.outerBindings { try names(binding, outer) }
        for binding in uses.bindings { try names(binding, inner) }
        for (binding, extra) in uses.scopedBindings {
            var scoped = inner
            scoped.values.formUnion(extra)
            try names(binding, scoped)
        }
        for view in uses.views { try check(view, inner, ids: &ids, idPrefix: idPrefix) }
        for (list, extra) in uses.actions {
            var scoped = inner.forActions
            scoped.values.formUnion(extra)
            try actions(list, scoped)
        }
    }

    private mutating func checkInstance(_ instance: InstanceSpec, node: Node, _ context: Context, ids: inout Set<String>,
                               idPrefix: String) throws(SceneError) {
        let usePath = node.path.appending("use")
        guard let component = scene.components[instance.component] else {
            var message = "unknown component \"\(instance.component)\""
            if let near = Suggestion.closest(to: instance.component, in: Array(scene.components.keys)) {
                message += "; did you mean \"\(near)\"?"
            }
            throw SceneError(path: usePath, message: message)
        }
        guard !context.componentStack.contains(component.name) else {
            let cycle = (context.componentStack + [component.name]).joined(separator: " -> ")
            throw SceneError(path: usePath, message: "component \"\(component.name)\" contains itself (\(cycle))")
        }
        let parameterNames = component.parameters.map(\.name)
        let componentAnimations = animationNames(of: component)
        for (name, binding) in instance.arguments {
            guard parameterNames.contains(name) else {
                var message = "component \"\(component.name)\" has no parameter \"\(name)\""
                if let near = Suggestion.closest(to: name, in: parameterNames) { message += "; did you mean \"\(near)\"?" }
                throw SceneError(path: binding.path, message: message)
            }
            try names(binding, context, animation: componentAnimations.contains(name))
        }
        for (name, defaultValue) in component.parameters where defaultValue == nil {
            guard instance.arguments.contains(where: { $0.name == name }) else {
                throw SceneError(path: node.path, message: "component \"\(component.name)\" needs the parameter \"\(name)\"")
            }
        }
        for (slot, list) in instance.actions {
            guard component.actionSlots[slot] != nil else {
                var message = "component \"\(component.name)\" has no action slot \"\(slot)\""
                if let near = Suggestion.closest(to: slot, in: Array(component.actionSlots.keys)) {
                    message += "; did you mean \"\(near)\"?"
                }
                throw SceneError(path: node.path.appending("actions").appending(slot), message: message)
            }
            try actions(list, context.forActions)
        }
        try checkSlotViews(instance, component, node: node, context, ids: &ids, idPrefix: idPrefix)
        // SwiftUI keeps an item's @State with the item's identity: inside a forEach item, an instance with
        // state keeps it by the item's id (Timeline's `InstanceContext.ItemPlace`), so it needs no id.
        let owner = context.inForEach ? scene.statefulComponent(component) : nil
        if let owner, context.inNestedForEach {
            let through = owner == component.name ? "" : " (through \"\(owner)\", used in its body)"
            throw SceneError(path: usePath, location: instance.location, message: "component \"\(component.name)\" has state\(through), "
                + "and its state per item is not supported in a forEach nested in another (or in a forEach inside a component with "
                + "state that is a forEach item); keep the state in the scene, one entry per item (a list indexed by the item), "
                + "and pass the item's entry to the component as a parameter")
        }
        guard node.id != nil || component.state.isEmpty || context.inForEach else {
            throw SceneError(path: node.path, message: "component \"\(component.name)\" has state, so its use needs an \"id\" to name it")
        }
        // Inside the component: its parameters, its own state, the global state.
        let own = Set(component.state.map(\.name))
        let global = Set(scene.state.map(\.name))
        var inner = Context(values: Set(parameterNames).union(own).union(global).union(Self.builtInNames),
                            stateNames: own.union(global), slots: Set(component.actionSlots.keys),
                            componentStack: context.componentStack + [component.name],
                            actionValues: Set(parameterNames).union(own).union(global).union(Self.actionNames))
        inner.viewDepth = context.viewDepth
        inner.forEachLevels = context.forEachLevels
        inner.disabledBy = context.disabledBy
        if owner != nil {
            // The body is the item's: its ids name each item's view, so they are templates over its parameters.
            inner.inForEach = true
            inner.inNestedForEach = context.inNestedForEach
            inner.inItemState = true
            inner.itemName = parameterNames.first ?? context.itemName
        }
        // The scene's animations the component's own names do not hide, and its own.
        inner.animations = globalAnimations.subtracting(parameterNames).subtracting(own).union(componentAnimations)
        for (_, list) in component.actionSlots { try actions(list, inner.forActions) }
        // Defaults are read where the component is used, with the caller's names.
        for (name, binding) in component.parameters { try names(binding, context, animation: componentAnimations.contains(name)) }
        let prefix = node.id.map { idPrefix + $0 + "." } ?? idPrefix
        // The instance's id names the component body itself, so taps on it reach the body's onTap.
        try check(component.body, inner, ids: &ids, idPrefix: prefix)
    }

    /// Checks the target of a script event `kind` ("tap", "drag"): the id of a view (with a suggestion if
    /// not), and of one in `accepting` (else the view has no `lacking`).
    private func checkTarget(_ target: String, of kind: String, _ event: ScriptEvent, ids: Set<String>,
                             accepting: Set<String>, lacking: String) throws(SceneError) {
        guard ids.contains(target) else {
            if let picker = pickerSegments.first(where: { target.hasPrefix($0.key + "." + PickerSpec.partPrefix) }) {
                // A segment past the end: say which segments there are.
                let first = "\(picker.key).\(PickerSpec.partPrefix)0", last = "\(picker.key).\(PickerSpec.partPrefix)\(picker.value.count - 1)"
                let range = picker.value.count == 1 ? "\"\(first)\"" : "\"\(first)\" to \"\(last)\""
                let segments = picker.value.generated ? "a script can tap its first \(picker.value.count) segments, \(range)"
                    : "it has \(picker.value.count) segment\(picker.value.count == 1 ? "" : "s"), \(range)"
                throw SceneError(path: event.path.appending(kind), location: event.location,
                                 message: "\(kind) target \"\(target)\" is not a segment of the picker \"\(picker.key)\": \(segments)")
            }
            var message = "\(kind) target \"\(target)\" is not the id of any view"
            if let near = Suggestion.closest(to: target, in: Array(ids)) { message += "; did you mean \"\(near)\"?" }
            throw SceneError(path: event.path.appending(kind), location: event.location, message: message)
        }
        guard accepting.contains(target) else {
            var message = "the view \"\(target)\" has no \(lacking)"
            // A control whose parts take the input (a stepper's `id.decrement` and `id.increment`).
            let parts = accepting.filter { $0.hasPrefix(target + ".") }.sorted()
            if let picker = pickerSegments[target] {
                message += "; its segments \"\(target).\(PickerSpec.partPrefix)0\" to \"\(target).\(PickerSpec.partPrefix)\(picker.count - 1)\" do"
            } else if !parts.isEmpty { message += "; its parts \(parts.map { "\"\($0)\"" }.joined(separator: " and ")) do" }
            throw SceneError(path: event.path.appending(kind), location: event.location, message: message)
        }
        if let disabled = disabledIDs[target] {
            // SwiftUI: a disabled view takes no input, and a view inside it cannot re-enable itself.
            throw SceneError(path: event.path.appending(kind), location: event.location,
                             message: "the view \"\(target)\" is disabled (\"disabled\": true at \(disabled.location.line):\(disabled.location.column)), "
                                 + "so a \(kind) on it does nothing, as on iOS; drop the \(kind), or make \"disabled\" an expression that is false then")
        }
    }

    /// Checks each action by what its unit says it uses (`ActionRegistry`).
    func actions(_ list: [Action], _ context: Context) throws(SceneError) {
        for action in list {
            for use in ActionRegistry.uses(of: action) {
                switch use {
                case .reads(let binding):
                    try names(binding, context)
                case .writes(let write):
                    try check(write, context)
                case .assigns(let write, let value):
                    try check(write, context)
                    // A state variable holding an animation takes one (`anim = .spring()`); others take none.
                    try names(value, context, animation: context.animations.contains(write.name))
                case .runs(let inner):
                    try actions(inner, context)
                case .calls(let slot, let path):
                    guard context.slots.contains(slot) else {
                        throw SceneError(path: path.appending("run"), message: context.slots.isEmpty
                            ? "\"run\" calls a component's action slot, and there is none here"
                            : "no action slot \"\(slot)\" here (slots: \(context.slots.sorted().joined(separator: ", ")))")
                    }
                }
            }
        }
    }

    /// A state variable an action writes must be one here.
    private func check(_ write: StateWrite, _ context: Context) throws(SceneError) {
        switch write.role {
        case .assignment:
            // "drag.width", "scores[i]": a field or item of a state value.
            var name = write.name
            if !context.stateNames.contains(name), let target = try? AssignmentTarget(parsing: name), !target.steps.isEmpty {
                do {
                    try target.checkNames(variables: Array(context.values), functions: context.functions)
                } catch {
                    throw SceneError(path: write.path, location: write.location, message: error.message)
                }
                name = target.name
            }
            guard !context.stateNames.contains(name) else { return }
            throw SceneError(path: write.path, location: write.location,
                             message: "\"\(name)\" is not a state variable here" + suggestion(for: name, context))
        case .keyPath:
            guard !context.stateNames.contains(write.name) else { return }
            throw SceneError(path: write.path, location: write.location,
                             message: "unknown keyPath \"\(write.name)\": it must name a state variable here" + suggestion(for: write.name, context))
        case .pathVariable(let key):
            guard !context.stateNames.contains(write.name) else { return }
            throw SceneError(path: write.path, location: write.location,
                             message: "unknown state variable \"\(write.name)\": \"\(key)\" names the state variable that takes the path's \(key == "rotation" ? "angle" : key)")
        }
    }

    /// "; did you mean ...?" for a name near a state variable here, or nothing.
    private func suggestion(for name: String, _ context: Context) -> String {
        Suggestion.closest(to: name, in: Array(context.stateNames)).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// A canvas's commands: a `let` is seen by the commands after it in its list, a repeat's name by its
    /// commands, a plot's y expression also sees its `x`.
    private func checkCanvas(_ commands: [CanvasCommand], _ outer: Context) throws(SceneError) {
        var context = outer
        func canvasPath(_ path: CanvasPath) throws(SceneError) {
            switch path {
            case .commands(let list):
                for c in list {
                    for (i, a) in c.arguments.enumerated() {
                        var inner = context
                        if c.kind == .plot && i == 3 { inner.values.insert("x") }
                        try names(a, inner)
                    }
                }
            case .shape:
                for b in path.bindings { try names(b, context) }
            }
        }
        for command in commands {
            switch command {
            case .fill(let path, let color, _):
                try canvasPath(path)
                try names(color, context)
            case .stroke(let path, let color, let lineWidth, _, _, let dash, _):
                try canvasPath(path)
                for b in [color, lineWidth] + dash { try names(b, context) }
            case .text(let run, let at, _, _):
                try names(run.text, context)
                try names(run.color, context)
                try font(run.font, context)
                for b in at { try names(b, context) }
            case .clip(let path, _):
                try canvasPath(path)
            case .opacity(let b), .rotate(let b):
                try names(b, context)
            case .translate(let x, let y), .scale(let x, let y):
                try names(x, context)
                try names(y, context)
            case .lets(let lets):
                for (name, binding) in lets {
                    try names(binding, context)
                    context.values.insert(name)
                }
            case .repeatCommands(let count, let name, let body, _):
                try names(count, context)
                var inner = context
                if !name.isEmpty { inner.values.insert(name) }
                try checkCanvas(body, inner)
            case .layer(let body, _):
                try checkCanvas(body, context)
            }
        }
    }

    private func font(_ font: FontSpec?, _ context: Context) throws(SceneError) {
        for b in font?.bindings ?? [] { try names(b, context) }
    }

    /// Checks the names `binding` reads, and that it gives an animation where one stands (`animation`,
    /// or an `AnimationSpec`'s binding) and reads none anywhere else.
    func names(_ binding: Binding?, _ context: Context, animation: Bool = false) throws(SceneError) {
        guard let binding else { return }
        if case .constant(let value) = binding.source, animation || binding.isAnimation {
            throw SceneError(path: binding.path, location: binding.location,
                             message: "an animation stands here, not \(value.typeNameWithArticle); write SwiftUI's code as a "
                                 + "string, \".easeInOut(duration: 0.3)\", or the name of an animation")
        }
        let variables = Array(context.values)
        if animation || binding.isAnimation, case .expression(let e) = binding.source {
            return try checkAnimation(e, binding, context)
        }
        do {
            switch binding.source {
            case .constant: return
            case .expression(let e): try e.checkNames(variables: variables, functions: context.functions)
            case .template(let t): try t.checkNames(variables: variables, functions: context.functions)
            }
        } catch {
            throw SceneError(path: binding.path, location: binding.location, message: error.message)
        }
        try noAnimationCode(binding)
        try noAnimations(binding.freeVariables, binding, context)
    }

    /// An error if `binding`, which is read over the model at the moments state changes (a keyframe trigger,
    /// a keyframe duration, a timeline's `paused`), reads a name that is worked out at each frame instead: a
    /// `let`, an animator's value, a timeline's context, the view's size or place, or the time. State,
    /// parameters (their arguments read over the caller's state), a phase animator's phase and a `forEach`
    /// element are read at those moments; the others would silently show the current frame's value.
    func modelOnly(_ binding: Binding?, _ context: Context, _ what: String, _ when: String) throws(SceneError) {
        guard let binding else { return }
        for name in binding.freeVariables.sorted() {
            let kind: String
            if context.transitionParameters.contains(name) {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "\(what) cannot read \"\(name)\", a parameter of a .modifier transition: it goes from "
                                     + "its active to its identity value as the transition plays, and \(what) \(when), when only "
                                     + "state, parameters, a phase or a forEach element have a value; write a number or an "
                                     + "expression of state and parameters instead (the modifier's views may read \"\(name)\" "
                                     + "where they draw: an offset, an opacity, a frame)")
            } else if context.viewNames.contains(name) {
                kind = "a name a view works out at each frame (a let, an animator's value or a timeline's context)"
            } else if Self.builtInNames.contains(name), !context.actionValues.contains(name) || Self.actionNames.contains(name) {
                kind = name == "t" || name == "time" ? "the time" : "the view's size or place"
            } else {
                continue
            }
            throw SceneError(path: binding.path, location: binding.location,
                             message: "\(what) cannot read \"\(name)\", \(kind): it \(when), and only state, parameters, "
                                 + "a phase or a forEach element have a value then; write the expression of state and parameters "
                                 + "it stands for instead (for a let, the let's expression)")
        }
    }

    /// An error if `binding` writes SwiftUI's animation code (`.spring()`) where a value stands.
    private func noAnimationCode(_ binding: Binding) throws(SceneError) {
        let roots: [Expr], source: String
        switch binding.source {
        case .constant: return
        case .expression(let e): (roots, source) = ([e.root], e.source)
        case .template(let t):
            roots = t.pieces.compactMap { if case .interpolation(let e) = $0 { e } else { nil } }
            source = t.source
        }
        guard let code = roots.lazy.compactMap(AnimationSyntax.code(in:)).first else { return }
        let characters = Array(source)
        let start = min(max(0, code.range.offset), characters.count)
        let written = String(characters[start..<min(characters.count, start + max(0, code.range.length))])
        throw SceneError(path: binding.path, location: binding.location,
                         message: "\"\(written)\" is an animation, and an animation cannot stand here, where a value (a number, "
                             + "a colour, ...) does; an animation is used where one stands: put the change in "
                             + "{\"withAnimation\": \"\(written)\", \"do\": [...]}, or animate the view with an animation "
                             + "modifier, {\"animation\": {\"curve\": \"\(written)\", \"value\": \"isOn\"}}")
    }

    /// Animations stand where an animation does, and nowhere else: a binding there gives one (SwiftUI's
    /// code, a name holding one, a choice of them), and the rest of it (conditions, arguments) reads none.
    private func checkAnimation(_ e: Expression, _ binding: Binding, _ context: Context) throws(SceneError) {
        func fail(_ message: String) -> SceneError {
            SceneError(path: binding.path, location: binding.location, message: message)
        }
        if let problem = AnimationSyntax.problem(in: e.root) { throw fail("invalid animation \"\(e.source)\": \(problem)") }
        let (named, values) = AnimationSyntax.parts(of: e.root)
        for value in values {
            do {
                try value.checkNames(variables: Array(context.values), functions: context.functions)
            } catch {
                throw fail(error.message)
            }
            try noAnimations(value.freeVariables, binding, context)
        }
        for (name, _) in named where !context.animations.contains(name) {
            guard context.values.contains(name) else {
                if AnimationSyntax.baseNames.contains(name) {
                    throw fail("unknown name '\(name)'; SwiftUI's animation is written with its dot, \".\(name)\"")
                }
                throw fail("unknown name '\(name)'" + (Suggestion.closest(to: name, in: Array(context.values)).map { "; did you mean '\($0)'?" } ?? ""))
            }
            throw fail("\"\(name)\" is not an animation, and an animation stands here; write SwiftUI's code "
                + "(\".easeInOut(duration: 0.3)\"), or name a parameter or state variable that holds one "
                + "(\"\(name)\": \".spring()\" in \"params\" or \"state\")")
        }
    }

    /// An error if `names` read an animation where a value (a number, a colour, ...) stands.
    private func noAnimations(_ names: Set<String>, _ binding: Binding, _ context: Context) throws(SceneError) {
        guard let name = names.intersection(context.animations).sorted().first else { return }
        throw SceneError(path: binding.path, location: binding.location,
                         message: "\"\(name)\" holds an animation, and a value (a number, a colour, ...) stands here; an animation "
                             + "is used where one stands (\"withAnimation\": \"\(name)\", a set's \"animation\", the animation "
                             + "modifier's \"curve\"), and an animation's duration or delay is written as a number "
                             + "(\".linear(duration: 0.3)\")")
    }

    /// An `animation` modifier watching the clock (`t`, `time`, not a state variable of that name) would
    /// never fire: the clock moves with every frame, not in a transaction, and SwiftUI's
    /// `.animation(_:value:)` animates the changes of a transaction.
    private func checkImplicitAnimationValue(_ node: Node, _ context: Context) throws(SceneError) {
        guard let implicit = node.implicitAnimation,
              let clock = implicit.value.freeVariables.subtracting(context.stateNames).intersection(["t", "time"]).sorted().first else { return }
        throw SceneError(path: implicit.value.path, location: implicit.value.location,
                         message: "an \"animation\" watching \"\(clock)\" never runs: the time changes with every frame, not in a transaction "
                             + "that could animate; watch the state that changes (\"value\": \"isOn\"), or compute the motion from "
                             + "the time itself (\"rotation\": \"time * 90\")")
    }
}
