import Flipbook
import SceneFormat

/// What the page needs to know about a scene version: its size and frames, the script's events, or its error.
enum SceneSummary {
    /// `{"version": 3, "status": "ready", "width": 480, ...}` or `{"version": 4, "status": "error", "error": {...}}`.
    static func json(_ version: PreviewVersion) -> [String: Any] {
        switch version.result {
        case .failure(let failure):
            return ["version": version.number, "status": "error", "error": failure.json]
        case .success(let player):
            let scene = player.scene
            return [
                "version": version.number, "status": "ready", "name": scene.name, "file": scene.file,
                "width": scene.canvas.width, "height": scene.canvas.height, "scale": scene.canvas.scale,
                "fps": scene.fps, "frameCount": scene.frameCount, "duration": scene.duration,
                "events": scene.script.map(event),
            ]
        }
    }

    /// One scripted input as a mark on the timeline: its time, how long it lasts, and a label.
    static func event(_ event: ScriptEvent) -> [String: Any] {
        var mark: [String: Any] = ["time": event.time, "duration": 0.0, "path": event.path.description]
        switch event.kind {
        case .tap(let target):
            mark["kind"] = "tap"
            mark["label"] = "tap \(target)"
        case .drag(let target, _, let duration):
            mark["kind"] = "drag"
            mark["label"] = "drag \(target)"
            mark["duration"] = duration
        case .scroll:
            mark["kind"] = "scroll"
            mark["label"] = "scroll"
        case .actions(let actions):
            mark["kind"] = "actions"
            mark["label"] = actions.count == 1 ? "1 action" : "\(actions.count) actions"
        }
        return mark
    }
}
