import Expressions

/// Names in conditions, transitions and scroll events.
extension SceneValidator {
    /// An `if` sees state and parameters (it is evaluated over model values, before layout); a `.modifier`
    /// transition also sees its parameters.
    mutating func checkPresence(_ node: Node, outer: Context, ids: inout Set<String>, idPrefix: String) throws(SceneError) {
        guard let presence = node.presence else { return }
        var conditionContext = outer
        conditionContext.values = outer.actionValues.subtracting(Self.actionNames)
        try names(presence.condition, conditionContext)
        for effect in presence.transition.insertion + presence.transition.removal {
            guard case .modifier(let modifier) = effect else { continue }
            // The parameters are worked out at each frame of the transition (`modelOnly` refuses them in
            // a trigger, a keyframe duration or `paused`).
            var withParameters = outer
            for name in modifier.active.map(\.name) {
                withParameters.insertViewName(name)
                withParameters.transitionParameters.insert(name)
            }
            try check(modifier.wrapper, withParameters, ids: &ids, idPrefix: idPrefix)
        }
    }

    /// A scroll targets a scroll view's id; its values and animation are read like an action's.
    func checkScroll(_ scroll: ScrollEvent, _ event: ScriptEvent, _ context: Context, ids: Set<String>) throws(SceneError) {
        guard scrollable.contains(scroll.target) else {
            var message = "scroll target \"\(scroll.target)\" is not the id of a scroll view"
            if let near = Suggestion.closest(to: scroll.target, in: Array(scrollable)) { message += "; did you mean \"\(near)\"?" }
            throw SceneError(path: event.path.appending("scroll"), location: event.location, message: message)
        }
        try names(scroll.to, context)
        try names(scroll.velocity, context)
        for binding in scroll.animation?.bindings ?? [] { try names(binding, context) }
    }
}
