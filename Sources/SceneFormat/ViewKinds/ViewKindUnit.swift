import Expressions

/// One view kind of the scene format: the key that names it in a view object, the keys that may stand
/// beside it (its options), SwiftUI's spellings of it with what to write instead, its decoding into the
/// view's `NodeKind`, and what the validator checks in it.
///
/// Each unit lives in its own file and is listed once in `ViewKindRegistry`; the decoder's kind keys, the
/// keys each kind allows, the hints for a view written as SwiftUI code and the validator's walk over a
/// view's kind are derived from the registry.
protocol ViewKindUnit: Sendable {
    /// The key that names the kind in a view object (`"vstack"`).
    static var key: String { get }
    /// The keys that may stand beside `key` and belong to the kind, in the order an error lists them
    /// (`"alignment"`, `"spacing"` beside `"vstack"`); a view also takes every modifier key.
    static var companionKeys: [String] { get }
    /// SwiftUI's spellings of the kind written as a view's key (`VStack`), each with what to write instead;
    /// the error reads `"VStack" is SwiftUI's <hint>`.
    static var swiftUINames: [String: String] { get }
    /// For some of `swiftUINames`, what a Swift author writes instead, where the hint for a JSON scene would
    /// confuse one: the Swift front end's error for a view it does not read shows this, else the
    /// `swiftUINames` hint.
    static var swiftSourceHints: [String: String] { get }
    /// Decodes the view from its object, whose keys are already known to be `key`, `companionKeys` and
    /// modifier keys: its kind, then its modifiers (`NodeDecoder.node`). The entries of `"modifiers"` are
    /// applied by the caller.
    static func decode(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node
    /// What the validator checks in `node`'s kind, in order; nil when `node.kind` is not one this unit owns
    /// (a `group` and a `timelineView` decode into a z-stack, which the `zstack` unit checks).
    static func uses(of node: Node) -> [ViewKindUse]?
}

extension ViewKindUnit {
    static var companionKeys: [String] { [] }
    static var swiftUINames: [String: String] { [:] }
    static var swiftSourceHints: [String: String] { [:] }
    static func uses(of node: Node) -> [ViewKindUse]? { nil }

    /// A view of `kind` with the modifiers in `object`.
    static func view(_ kind: NodeKind, _ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        try NodeDecoder.node(kind, modifiers: object, at: reader, depth: depth)
    }
}

/// One thing the validator checks in a view's kind, with the view's names: a kind's checks run in the order
/// its unit lists them, so a scene with several mistakes reports the same one first every time.
enum ViewKindUse {
    /// An expression the kind reads, with the view's names and `names` besides (a plot's y also sees `x`).
    case reads(Binding?, names: [String] = [])
    /// A view it holds (a stack's child), checked with the view's names and ids.
    case view(Node)
    /// A component's body, used with these arguments, actions and views.
    case instance(InstanceSpec)
    /// The place where a component's body shows the views its use passes.
    case slot(name: String, location: SourceLocation)
    /// A canvas's drawing commands, with the names their `let`s and `repeat`s give.
    case canvas([CanvasCommand])
    /// The view is a scroll view: its id is a target of `scroll` events.
    case scrollTarget
    /// Parts of the view that take taps by ids of their own, given the view's full id (a stepper's
    /// segments, `count.decrement` and `count.increment`), with the actions a tap on each runs.
    case parts((String) -> [(id: String, actions: [Action])])

    /// Reads of each of `bindings`.
    static func reads(all bindings: [Binding?]) -> [ViewKindUse] { bindings.map { .reads($0) } }

    /// Reads of a paint's colour or gradient.
    static func reads(_ paint: PaintSpec?) -> [ViewKindUse] {
        switch paint {
        case .color(let binding)?: [.reads(binding)]
        case .gradient(let gradient)?: reads(all: gradient.bindings)
        default: []
        }
    }

    /// Reads of a font's sizes, weights and families.
    static func reads(_ font: FontSpec?) -> [ViewKindUse] { reads(all: font?.bindings ?? []) }
}
