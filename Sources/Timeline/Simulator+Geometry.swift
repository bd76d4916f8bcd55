import Expressions
import SceneFormat

/// A view with `onGeometryChange`: its actions and the context they run in, by `GeometryChangeSpec.key`.
struct GeometryWatcher {
    var key: String
    var spec: GeometryChangeSpec
    var context: InstanceContext
    /// For a view inside a `forEach`'s content: the items that each show it (nil: the view is there once).
    /// SwiftUI makes each item a view of its own, so each item's modifier watches its own value and runs
    /// its action with that item's element, and in the body of a row with state, that row's `@State`.
    var items: ForEachItems? = nil

    /// The instances of the view the model at `time` shows: one for a view outside `forEach` content; for a
    /// view inside, one per item, by `GeometryChangeSpec.itemKey`, in the items' order, with the context
    /// its action runs in and the element it sees.
    func instances(_ run: SimulationRun, at time: Double) throws(SceneError)
        -> [(key: String, context: InstanceContext, inputs: [String: Value])] {
        guard let items else { return [(key, context, [:])] }
        return try run.elements(items, at: time).map { id, element in
            let inputs = [items.spec.name: element]
            let context = context.bound(itemID: id, element: inputs).withElement(inputs, under: items.context)
            return (GeometryChangeSpec.itemKey(key, id: id), context, inputs)
        }
    }
}

extension Simulator {
    /// What the composer reports of the views' geometry: the values the `onGeometryChange` modifiers watch,
    /// by `GeometryChangeSpec.key`, with the views laid out from the given model values at the given time.
    public typealias GeometryProbe = @Sendable (Double, [StateKey: Value]) throws(SceneError) -> [String: Value]

    /// How many times in a row, at one moment, geometry actions may change the geometry they watch.
    public static let maxGeometryRounds = 16
}

extension SimulationRun {
    /// After an event: lays the views out from the model as it now is and runs the `onGeometryChange`
    /// actions of the views whose watched value changed (or is seen for the first time), with `newValue`
    /// and `oldValue` named, in a transaction of their own at the same time, as SwiftUI runs them after
    /// the layout the change caused. Repeats while those actions change the geometry again.
    mutating func updateGeometry(at time: Double) throws(SceneError) {
        guard let probe = simulator.geometryProbe, !simulator.geometryWatchers.isEmpty else { return }
        for _ in 0..<Simulator.maxGeometryRounds {
            let values = try probe(time, model.values)
            var changed = false
            for watcher in simulator.geometryWatchers {
                for instance in try watcher.instances(self, at: time) {
                    // A view (or item) not there keeps its last value: it reports again when it comes back changed.
                    guard let value = values[instance.key], geometryShown[instance.key] != value else { continue }
                    let old = geometryShown[instance.key] ?? value
                    geometryShown[instance.key] = value
                    changed = true
                    transactionToken += 1
                    try perform(watcher.spec.action, context: instance.context, time: time, animation: nil,
                                inputs: instance.inputs.merging(["newValue": value, "oldValue": old]) { _, new in new })
                }
            }
            guard changed else { return }
        }
        let first = simulator.geometryWatchers[0].spec
        throw SceneError(path: first.path, message: "at \(formatTime(time)) s: the onGeometryChange actions change the geometry "
            + "they watch more than \(Simulator.maxGeometryRounds) times in a row; does an action feed its own value back?")
    }
}
