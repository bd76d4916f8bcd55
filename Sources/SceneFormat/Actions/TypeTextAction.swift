import Expressions

/// `typeText`: a script typing into a text field.
enum TypeTextAction: ActionUnit {
    static let key = "typeText"
    static let companionKeys = ["into", "interval"]

    /// The pause between two typed characters when `interval` is not given, in seconds.
    static let defaultInterval = 0.1
    /// The most characters one `typeText` types.
    static let maxCharacters = 1_000

    /// `{"typeText": "hello@x.com", "into": "email", "interval": 0.08}`: appends the text's characters, one
    /// at a time, to the string state variable `into`, as a keyboard would: character k (from 0) at
    /// `start + k * interval`, the first one when the action runs. So at a time t after the start, the
    /// variable holds what it held before, followed by the text's first min(n, floor((t - start) / interval) + 1)
    /// characters.
    ///
    /// It is the same as a `set` of the first character and one `after` (delay k * interval) per other
    /// character, each a `set` that appends it; which is what it is read as, and checked as (so the unit
    /// has no checks of its own).
    static func decode(_ o: ObjectReader, depth: Int) throws(SceneError) -> Action {
        let textReader = try o.required(key)
        let text = try textReader.string()
        guard !text.isEmpty, text.count <= maxCharacters else {
            throw textReader.error("typeText types 1 to \(maxCharacters) characters, got \(text.count)")
        }
        let intoReader = try o.required("into")
        let name = try intoReader.string()
        guard SceneDecoder.isIdentifier(name) else {
            throw intoReader.error("\"into\" names the string state variable a text field is bound to, as in TextField(text: $email); got \"\(name)\"")
        }
        let interval = try o["interval"]?.number(in: TimerAction.minimumInterval...60) ?? defaultInterval
        var actions: [Action] = []
        for (k, character) in text.enumerated() {
            let append = Action.set([(name, try BindingDecoder.expression("\(name) + \(quotedLiteral(String(character)))", intoReader))],
                                    animation: nil, path: o.path)
            guard k > 0 else {
                actions.append(append)
                continue
            }
            let delay = Binding(.constant(.number(Double(k) * interval)), path: o.path, location: o.location)
            actions.append(.after(delay: delay, id: nil, actions: [append], path: o.path))
        }
        return .conditional(Binding(.constant(.bool(true)), path: o.path, location: o.location),
                            then: actions, else: [], path: o.path)
    }
}
