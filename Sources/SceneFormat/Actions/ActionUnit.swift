import Expressions

/// One action of the scene format: the key that names it, the keys beside it, the SwiftUI and UIKit
/// spellings written in its place, its decoding into the typed `Action` that Timeline runs, and what the
/// validator checks in it.
///
/// Each unit lives in its own file and is listed once in `ActionRegistry`; the decoder's action keys, the
/// "unknown action" hints and what the schema and docs tests compare are derived from the registry.
protocol ActionUnit: Sendable {
    /// The key that names the action in an action object (`"set"`).
    static var key: String { get }
    /// The keys that may stand beside `key` in the same object, in the order an error lists them
    /// (`"do"` and `"id"` beside `"after"`); `"comment"` is allowed in every action.
    static var companionKeys: [String] { get }
    /// Swift, SwiftUI and UIKit spellings of the action that are not keys of the format (`asyncAfter`,
    /// `animate`), each with what to write instead.
    static var swiftNames: [String: String] { get }
    /// For some of `swiftNames`, what a Swift author writes instead, where the hint for a JSON scene would
    /// confuse one: the Swift front end's error shows this, else "in a JSON scene:" and the `swiftNames` hint.
    static var swiftSourceHints: [String: String] { get }
    /// Decodes the action from its object, whose keys are already known to be `key`, `companionKeys` and
    /// `"comment"`. `depth` is the nesting of the list the action stands in (`ActionDecoder.list`).
    static func decode(_ object: ObjectReader, depth: Int) throws(SceneError) -> Action
    /// What the validator checks in `action`, in order; nil when `action` is not one this unit's
    /// `decode` makes in its own case (`caSpringAnimation` decodes into `caAnimation`'s case, which that
    /// unit checks).
    static func uses(of action: Action) -> [ActionUse]?
}

extension ActionUnit {
    static var companionKeys: [String] { [] }
    static var swiftNames: [String: String] { [:] }
    static var swiftSourceHints: [String: String] { [:] }
    static func uses(of action: Action) -> [ActionUse]? { nil }
}

/// One thing the validator checks in an action, with the names actions see (state, parameters, `time`,
/// `random`): an action's checks run in the order its unit lists them, so a scene with several mistakes
/// reports the same one first every time.
enum ActionUse {
    /// An expression the action reads.
    case reads(Binding?)
    /// A state variable the action writes.
    case writes(StateWrite)
    /// A state variable the action sets to a value (`set`): checked as a write, and the value as one of the
    /// variable's type (an animation for a variable holding one, no animation for others).
    case assigns(StateWrite, Binding)
    /// Actions it runs (nested, completions, ticks), checked with the same names.
    case runs([Action])
    /// A component's action slot it calls (`run`).
    case calls(slot: String, path: JSONPath)

    /// Reads of each of `bindings`.
    static func reads(all bindings: [Binding?]) -> [ActionUse] { bindings.map { .reads($0) } }
}

/// A state variable an action writes, and how an error about it reads.
struct StateWrite {
    enum Role {
        /// A `set` key: a state variable, or a field or item inside one (`"drag.width"`, `"scores[i]"`),
        /// whose index expressions are read too.
        case assignment
        /// A Core Animation animation's `keyPath`.
        case keyPath
        /// The state variable a keyframe path's `x`, `y` or `rotation` names (the key).
        case pathVariable(String)
    }

    var name: String
    var role: Role
    var path: JSONPath
    var location: SourceLocation?
}
