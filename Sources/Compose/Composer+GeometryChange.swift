import Expressions
import Geometry
import SceneFormat
import Timeline

/// `.onGeometryChange(for:of:action:)`: the simulator asks the composer for the values these modifiers
/// watch after each event, and runs their actions where a value changed (see `Simulator`).
extension Composer {
    /// Whether any view of the scene has an `onGeometryChange`.
    public var watchesGeometry: Bool {
        scene.containsView { $0.onGeometryChange != nil }
    }

    /// The values the scene's `onGeometryChange` modifiers watch, by `GeometryChangeSpec.key`, with the views
    /// laid out from `values` (model values) at `time`.
    public func geometryValues(at time: Double, values: [StateKey: Value]) throws(SceneError) -> [String: Value] {
        let attributes = ViewAttributes(probesGeometry: true)
        _ = try compose(StateSnapshot(time: time, values: values), attributes, PresentationIndex())
        return attributes.geometry
    }

    /// Evaluates what a view's `onGeometryChange` watches, over its laid-out frame (with padding, before
    /// effects; model layout, as a `GeometryProxy` reads it).
    func noteGeometry(_ geometry: GeometryChangeSpec, _ node: Node, frame: Rect, _ scope: ComposeScope) throws(SceneError) {
        var reading = scope
        for (name, value) in zip(GeometryChangeSpec.geometryNames,
                                 [frame.width, frame.height, frame.minX, frame.minY, frame.maxX, frame.maxY]) {
            reading.lets[name] = .number(value)
        }
        scope.attributes.noteGeometry(GeometryChangeSpec.key(uses: scope.uses, path: node.path), try reading.evaluate(geometry.of))
    }
}
