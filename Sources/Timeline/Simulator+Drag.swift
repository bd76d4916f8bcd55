#if canImport(Glibc)
import Glibc
#endif
import Expressions
import SceneFormat

/// Scripted drags: a finger moved along points, sampled at 60 Hz, driving a view's `DragGesture`.
///
/// The script gives the points in the gesture view's own coordinates, as `DragGesture` reports its
/// `location`, so the simulator needs no layout and no hit-testing.
extension Simulator {
    /// The finger's positions over a drag: one at touch-down (time 0), then one every 1/60 s and one at
    /// `duration`. Each leg between consecutive points takes the same time, travelled at constant speed.
    static func dragSamples(_ points: [(x: Double, y: Double)], duration: Double) -> [(time: Double, x: Double, y: Double)] {
        guard points.count >= 2, duration > 0 else { return points.first.map { [(0, $0.x, $0.y)] } ?? [] }
        let legs = Double(points.count - 1)
        func position(at time: Double) -> (Double, Double) {
            let progress = min(max(time / duration, 0), 1) * legs
            let leg = min(Int(progress), points.count - 2)
            let f = progress - Double(leg)
            let a = points[leg], b = points[leg + 1]
            return (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
        }
        var samples: [(time: Double, x: Double, y: Double)] = []
        var k = 0
        while Double(k) / DragGestureSpec.sampleRate < duration - 1e-9 {
            let t = Double(k) / DragGestureSpec.sampleRate
            let (x, y) = position(at: t)
            samples.append((t, x, y))
            k += 1
        }
        let last = points[points.count - 1]
        samples.append((duration, last.x, last.y))
        return samples
    }
}

extension SimulationRun {
    /// Schedules a drag's gesture callbacks: `onChanged` at every sample where the finger moved, from
    /// the first one at least `minimumDistance` from the start; `onEnded` at the lift if it began.
    mutating func scheduleDrag(_ target: String, points: [(x: Double, y: Double)], duration: Double, at start: Double,
                               path: JSONPath) throws(SceneError) {
        guard let handlers = simulator.dragTargets[target] else {
            throw SceneError(path: path.appending("drag"), message: "the view \"\(target)\" has no onDrag gesture")
        }
        scheduleDrag(handlers.map { ($0.0, $0.1, [:]) }, target: target, points: points, duration: duration, at: start)
    }

    /// A drag on a `forEach` item's view (`"drag": "card-2"`): the item whose view has the id when the
    /// finger touches down takes the whole drag, as SwiftUI's gesture belongs to the view hit at its start;
    /// its actions see the item's element beside the drag's values.
    mutating func scheduleItemDrag(_ target: String, points: [(x: Double, y: Double)], duration: Double, at start: Double,
                                   path: JSONPath) throws(SceneError) {
        let items = try items(named: target, at: start) { $0.onDrag != nil }
        guard !items.isEmpty else {
            throw SceneError(path: path.appending("drag"), message: try noItemMessage(target, "drag", at: start) { $0.onDrag != nil })
        }
        // A disabled item's gesture does not begin, as on iOS.
        var handlers: [(DragGestureSpec, InstanceContext, [String: Value])] = []
        for item in items where try !isDisabled(item.target.disabledBy, at: start, inputs: item.inputs) {
            if let gesture = item.target.onDrag { handlers.append((gesture, item.target.context, item.inputs)) }
        }
        scheduleDrag(handlers, target: target, points: points, duration: duration, at: start)
    }

    /// Schedules the callbacks of each gesture, with `inputs` beside the drag's values in its actions.
    /// `target` is the id the script named: a callback on a view disabled by then does not run.
    private mutating func scheduleDrag(_ handlers: [(DragGestureSpec, InstanceContext, [String: Value])], target: String,
                                       points: [(x: Double, y: Double)], duration: Double, at start: Double) {
        let samples = Simulator.dragSamples(points, duration: duration)
        guard let first = samples.first else { return }
        for (gesture, context, inputs) in handlers {
            var began = false
            var previous = first
            var last: [String: Value]?
            for sample in samples.dropFirst() {
                defer { previous = sample }
                // Sub-nanometre differences are rounding in the sampling, not moves.
                guard abs(sample.x - previous.x) > Self.stillness || abs(sample.y - previous.y) > Self.stillness else { continue }
                let dx = sample.x - first.x, dy = sample.y - first.y
                if !began {
                    guard (dx * dx + dy * dy).squareRoot() >= gesture.minimumDistance - Self.stillness else { continue }
                    began = true
                }
                let values = Self.dragValues(x: sample.x, y: sample.y, startX: first.x, startY: first.y)
                    .merging(inputs) { drag, _ in drag }
                last = values
                if !gesture.onChanged.isEmpty {
                    schedule(at: start + sample.time, .gesture(gesture.onChanged, context, inputs: values, target: target))
                }
            }
            if began, let last, !gesture.onEnded.isEmpty {
                schedule(at: start + duration, .gesture(gesture.onEnded, context, inputs: last, target: target))
            }
        }
    }

    /// Points below which two finger positions are the same.
    static let stillness = 1e-9

    /// `DragGesture.Value`'s `location`, `startLocation` and `translation`.
    static func dragValues(x: Double, y: Double, startX: Double, startY: Double) -> [String: Value] {
        ["location": .record(["x": .number(x), "y": .number(y)]),
         "startLocation": .record(["x": .number(startX), "y": .number(startY)]),
         "translation": .record(["width": .number(x - startX), "height": .number(y - startY)])]
    }
}
