/// Drag gestures: a view's `onDrag` and the script's `drag` events.
extension NodeDecoder {
    /// `"onDrag": {"minimumDistance": 10, "onChanged": [...], "onEnded": [...]}`.
    static func decodeDrag(_ reader: JSONReader) throws(SceneError) -> DragGestureSpec {
        let o = try reader.object(allowing: ["minimumDistance", "onChanged", "onEnded"])
        let changed = try o["onChanged"].map { r throws(SceneError) in try ActionDecoder.list(r) } ?? []
        let ended = try o["onEnded"].map { r throws(SceneError) in try ActionDecoder.list(r) } ?? []
        guard !changed.isEmpty || !ended.isEmpty else {
            throw reader.error("a drag gesture needs \"onChanged\" or \"onEnded\" actions")
        }
        return DragGestureSpec(minimumDistance: try o["minimumDistance"]?.number(in: 0...10_000)
                                   ?? DragGestureSpec.defaultMinimumDistance,
                               onChanged: changed, onEnded: ended, path: reader.path)
    }
}

extension SceneDecoder {
    /// `{"at": 1, "drag": "control", "points": [[x, y], ...], "duration": 2}`.
    static func decodeDrag(_ target: JSONReader, _ object: ObjectReader, at time: Double,
                           _ item: JSONReader) throws(SceneError) -> ScriptEvent {
        for key in ["tap", "do"] where object.has(key) {
            throw item.error("a script event is one of \"tap\", \"do\" or \"drag\", but has \"drag\" and \"\(key)\"")
        }
        let pointsReader = try object.required("points")
        var points: [(x: Double, y: Double)] = []
        for point in try pointsReader.array() {
            let xy = try point.array()
            guard xy.count == 2 else { throw point.error("a drag point is [x, y]") }
            points.append((try xy[0].number(in: -100_000...100_000), try xy[1].number(in: -100_000...100_000)))
        }
        guard points.count >= 2 else { throw pointsReader.error("a drag needs at least 2 points, got \(points.count)") }
        let duration = try object.required("duration").number(in: 0.01...3_600)
        return ScriptEvent(time: time, kind: .drag(target: try target.string(), points: points, duration: duration),
                           path: item.path, location: item.value.location)
    }

    /// A drag must lift its finger before the scene ends.
    static func checkDragsEnd(_ script: [ScriptEvent], duration: Double) throws(SceneError) {
        for event in script {
            guard case .drag(_, _, let length) = event.kind, event.time + length > duration + 1e-9 else { continue }
            throw SceneError(path: event.path.appending("duration"), location: event.location,
                             message: "the drag ends at \(format(event.time + length)) s, after the end of the scene (duration \(format(duration)) s)")
        }
    }
}
