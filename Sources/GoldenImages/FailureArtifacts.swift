import Foundation
import Pixels
import Raster

/// The images written for a failed golden comparison: `<directory>/<name>.triptych.png` and
/// `<directory>/<name>.actual.png`.
struct FailureArtifacts {
    let directory: String
    let name: String

    /// Expected | actual | difference, side by side.
    var triptychPath: String { path(suffix: ".triptych.png") }
    /// The actual image alone, ready to become the golden.
    var actualPath: String { path(suffix: ".actual.png") }

    /// Writes the triptych of `panels` (when given; when the sizes differ, the difference panel is solid
    /// red) and the actual image; a triptych of an earlier failure is removed when there is none now.
    func write(actual: PixelImage, panels: MismatchPanels?) throws {
        if let panels {
            try Self.writePNG(Triptych.make(expected: panels.expected, actual: panels.actual, diff: panels.diff), to: triptychPath)
        } else if FileManager.default.fileExists(atPath: triptychPath) {
            try? FileManager.default.removeItem(atPath: triptychPath)
        }
        try Self.writePNG(actual, to: actualPath)
    }

    /// Removes the images of an earlier failure, if any.
    func removeStale() {
        for path in [triptychPath, actualPath] where FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Writes `image` as a PNG at `path`, creating folders, through a temporary file renamed when complete.
    static func writePNG(_ image: PixelImage, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGFile.encode(image)).write(to: url, options: .atomic)
    }

    private func path(suffix: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name + suffix).path
    }
}
