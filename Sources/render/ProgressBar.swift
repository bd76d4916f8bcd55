import Flipbook
import Foundation

/// A one-line progress display on a terminal: frames done, frames per second, time left
/// (`RenderProgress.secondsLeft`).
final class ProgressBar: @unchecked Sendable {
    let label: String
    let enabled: Bool
    private var lastDraw = 0.0

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ progress: RenderProgress) {
        guard enabled else { return }
        let t = progress.elapsedSeconds
        guard progress.framesDone == progress.frameCount || t - lastDraw >= 0.1, t > 0.3 else { return }
        lastDraw = t
        let fps = Double(progress.framesDone) / max(t, 1e-9)
        // From the work estimate's shares, so the compression a sink leaves for its end (an APNG's) and the
        // samples drawn before the first frame (a GIF's palette) count.
        let left = progress.secondsLeft
        let width = 24
        let filled = progress.frameCount > 0 ? width * progress.framesDone / progress.frameCount : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = String(format: "\r%@ [%@] %d/%d frames  %.0f fps  ETA %.1f s ", label, bar,
                          progress.framesDone, progress.frameCount, fps, left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func clear() {
        guard enabled, lastDraw > 0 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
