import Expressions

/// One modifier of the scene format: the keys it owns, how they decode into a view, SwiftUI's name for
/// it, where it may be written, and what the validator checks in it.
///
/// Each unit lives in its own file and is listed once in `ModifierRegistry`; the decoder's key tables,
/// the `modifiers` allow-list and the SwiftUI-name hints are derived from the registry.
protocol ModifierUnit: Sendable {
    /// The key that names the modifier in a view object (`"rotation"`).
    static var key: String { get }
    /// Keys that may stand beside `key` and belong to it (`"anchor"` beside `"rotation"`).
    static var companionKeys: [String] { get }
    /// SwiftUI's spellings of the modifier (`rotationEffect`), each with what to write instead.
    static var swiftUINames: [String: String] { get }
    /// For some of `swiftUINames`, what a Swift author writes instead, where the hint for a JSON scene would
    /// confuse one (`.opacity(0)` rather than `"opacity": 0`): the Swift front end's error for a modifier it
    /// does not read shows this, else "in a JSON scene:" and the `swiftUINames` hint.
    static var swiftSourceHints: [String: String] { get }
    /// Where the key may be written.
    static var placement: ModifierPlacement { get }
    /// Reads the unit's keys from `object` into `node`; a key that is absent leaves `node` as it is.
    static func decode(_ object: ObjectReader, into node: inout Node, depth: Int) throws(SceneError)
    /// What the validator checks in the modifier as decoded into `node`.
    static func uses(in node: Node) -> ModifierUses
}

extension ModifierUnit {
    static var companionKeys: [String] { [] }
    static var swiftUINames: [String: String] { [:] }
    static var swiftSourceHints: [String: String] { [:] }
    static var placement: ModifierPlacement { .wrapping }
    static func uses(in node: Node) -> ModifierUses { ModifierUses() }
}

/// A modifier whose decoded value is kept in the view's `modifierValues`, typed by the unit itself (as a
/// SwiftUI `EnvironmentKey` types its value): the readers in Compose or Timeline ask
/// `node.modifierValues[Unit.self]`, and `Node` needs no field of its own for it.
public protocol ModifierValueKey {
    associatedtype Value: Sendable
}

/// The values of a view's `ModifierValueKey` modifiers, by unit.
public struct ModifierValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: ModifierValueKey>(_ key: Key.Type) -> Key.Value? {
        get { storage[ObjectIdentifier(key)] as? Key.Value }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// Takes out the value `unit` keeps here, whatever its type (nil: none), for another view to keep.
    mutating func take(_ unit: any ModifierUnit.Type) -> (any Sendable)? {
        storage.removeValue(forKey: ObjectIdentifier(unit))
    }

    /// Keeps `value`, taken from another view's values, for `unit`.
    mutating func put(_ value: (any Sendable)?, for unit: any ModifierUnit.Type) {
        storage[ObjectIdentifier(unit)] = value
    }
}

/// Where a modifier's key may be written.
public enum ModifierPlacement: Sendable, Equatable {
    /// On a view, in its canonical place, or as an entry of `"modifiers"`, where it wraps everything
    /// written before it, as a chained SwiftUI modifier does.
    case wrapping
    /// As `wrapping`, but an entry is a trait the enclosing stack reads through any modifiers written after
    /// it (`zIndex`): it goes to the outermost wrapper.
    case trait
    /// On a view or as an entry; an entry's handlers join the view's own: where a handler stands in the
    /// chain does not change what the script's taps and drags do, which name the view by its id.
    case handler
    /// Only on the view itself: the key declares the view's identity, its names or its presence, which
    /// the view's other keys read. The text says why, for the error an entry of `"modifiers"` gets.
    case viewOnly(String)
}

/// What the validator checks in one modifier of a view: the names its bindings read, in which scope, the
/// views it holds and the actions it runs.
struct ModifierUses {
    /// Read with the view's names (its state, parameters, `let`s, animator values, forEach element).
    var bindings: [Binding?] = []
    /// Read with the names outside the view: measured before the view's own `let`s exist (`frame`, `padding`,
    /// `zIndex`).
    var outerBindings: [Binding?] = []
    /// Read with the view's names and more (a plot's `x`, the geometry names of `onGeometryChange`).
    var scopedBindings: [(binding: Binding?, names: [String])] = []
    /// Views it holds, checked like the view's content.
    var views: [Node] = []
    /// Action lists it runs, with the names they see besides an action's usual ones.
    var actions: [(list: [Action], names: [String])] = []

    init(bindings: [Binding?] = [], outerBindings: [Binding?] = [], views: [Node] = [],
         actions: [(list: [Action], names: [String])] = []) {
        self.bindings = bindings
        self.outerBindings = outerBindings
        self.views = views
        self.actions = actions
    }

    /// The names a shape's geometry reads: radii, path arguments (a plot's y also sees `x`).
    static func geometry(_ geometry: ShapeSpec.Geometry?) -> ModifierUses {
        var uses = ModifierUses()
        switch geometry {
        case .roundedRectangle(let radius)?: uses.bindings = [radius]
        case .unevenRoundedRectangle(let radii)?: uses.bindings = radii
        case .path(let commands)?:
            for command in commands {
                for (i, argument) in command.arguments.enumerated() {
                    uses.scopedBindings.append((argument, command.kind == .plot && i == 3 ? ["x"] : []))
                }
            }
        default: break
        }
        return uses
    }

    /// These uses and `other`'s.
    func merging(_ other: ModifierUses) -> ModifierUses {
        var result = self
        result.bindings += other.bindings
        result.outerBindings += other.outerBindings
        result.scopedBindings += other.scopedBindings
        result.views += other.views
        result.actions += other.actions
        return result
    }
}
