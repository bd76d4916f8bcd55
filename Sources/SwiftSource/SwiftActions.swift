import SceneFormat
import SwiftSyntax

/// One Swift statement the front end reads as an action: how it is written, the names of
/// `ActionRegistry.swiftNames` it reads (`asyncAfter`), the keys of `ActionRegistry` its actions have, and
/// the `Lowerer` method that lowers it, which returns nil when a statement is not this one.
struct SwiftAction: Sendable {
    let spelling: String
    let swiftNames: [String]
    let keys: [String]
    let lower: @Sendable (Lowerer) -> (ExprSyntax, Scope) throws(SwiftSourceError) -> [JSON]?

    init(_ spelling: String, swiftNames: [String] = [], keys: [String],
         _ lower: @escaping @Sendable (Lowerer) -> (ExprSyntax, Scope) throws(SwiftSourceError) -> [JSON]?) {
        self.spelling = spelling
        self.swiftNames = swiftNames
        self.keys = keys
        self.lower = lower
    }
}

/// The Swift statements the front end reads in an action closure, tried in this order: adding one is a row
/// here and its lowering method. A statement no row reads is refused; one that calls an action of the format
/// by a name of `ActionRegistry.swiftNames` (`UIView.animate`) is refused with the registry's hint
/// (`Lowerer.refusedAction`). Besides the rows, `try await Task.sleep(for:)` runs the rest of the closure
/// in an `after` (`Lowerer.sleepDelay`), and `let item = DispatchWorkItem { ... }` names a closure a later
/// `asyncAfter(deadline:execute:)` runs.
///
/// `FrontEndRegistryTests` converts a use of every row and checks that the keys written are the row's and
/// keys of `ActionRegistry`, and that every Swift spelling of the registry is read by a row or refused with
/// its hint.
let swiftActions: [SwiftAction] = [
    SwiftAction("timer?.invalidate()", swiftNames: ["invalidate"], keys: ["cancel"], Lowerer.invalidateAction),
    SwiftAction("Task { ... }", keys: ["after"], Lowerer.taskAction),
    SwiftAction("Timer.scheduledTimer(withTimeInterval:repeats:) { timer in ... }", swiftNames: ["scheduledTimer"], keys: ["timer"],
                Lowerer.scheduledTimerAction),
    // item?.cancel() is a cancel; storing a DispatchWorkItem writes no action.
    SwiftAction("item?.cancel(), item = DispatchWorkItem { ... }", keys: ["cancel"], Lowerer.workItemAction),
    SwiftAction("x = e, x += e, x -= e, x *= e, x /= e", keys: ["set"], Lowerer.assignmentAction),
    SwiftAction("if c { ... } else { ... }", keys: ["if"], Lowerer.conditionalAction),
    SwiftAction("x.toggle()", swiftNames: ["toggle"], keys: ["set"], Lowerer.toggleAction),
    SwiftAction("items.append(x), insert(_:at:), remove(at:), removeFirst(), removeLast(), removeAll()", swiftNames: ["append"],
                keys: ["set"], Lowerer.listMutationAction),
    SwiftAction("withAnimation(_:_:completion:)", keys: ["withAnimation"], Lowerer.withAnimationAction),
    SwiftAction("DispatchQueue.main.asyncAfter(deadline:execute:)", swiftNames: ["asyncAfter"], keys: ["after"], Lowerer.asyncAfterAction),
    SwiftAction("action() for a closure parameter of the view", keys: ["run"], Lowerer.slotCallAction),
    // A method of the view is inlined: its statements' actions, read by the rows above.
    SwiftAction("a method of the view, animateIn()", keys: [], Lowerer.methodCallAction),
]

/// The names of `ActionRegistry.swiftNames` that a row of `swiftActions` reads.
let swiftActionNames: Set<String> = Set(swiftActions.flatMap(\.swiftNames))
