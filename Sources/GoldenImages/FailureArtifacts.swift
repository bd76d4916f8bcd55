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
    /// red) and the actual image; a triptych of an earlier run's failure is removed when there is none now.
    func write(actual: PixelImage, panels: MismatchPanels?) throws {
        if let panels {
            try Self.writePNG(Triptych.make(expected: panels.expected, actual: panels.actual, diff: panels.diff), to: triptychPath)
        } else {
            RunStart.removeIfFromAnEarlierRun(triptychPath)
        }
        try Self.writePNG(actual, to: actualPath)
    }

    /// Removes the images of an earlier run's failure, if any (never through a default folder that is not
    /// private). Images written since this process started stay: they are the failure of another check of
    /// the same golden in this run (a parallel test), which a match here must not erase.
    func removeStale() {
        guard (try? Self.checkPrivate(directory)) != nil else { return }
        for path in [triptychPath, actualPath] { RunStart.removeIfFromAnEarlierRun(path) }
    }

    /// Writes `image` as a PNG at `path`, creating folders, through a temporary file renamed when complete.
    static func writePNG(_ image: PixelImage, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try checkPrivate(url.deletingLastPathComponent().path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGFile.encode(image)).write(to: url, options: .atomic)
    }

    /// Why the default artifacts folder cannot be used.
    struct NotPrivate: Error, CustomStringConvertible {
        let description: String
    }

    /// When `directory` is the default artifacts folder (in the temporary folder every user shares),
    /// makes sure it is this user's private folder before anything is written to or removed from it:
    /// it is created with mode 0700 when missing, and a symbolic link (planted by another user, say), a
    /// file, another user's folder or one that others can enter is refused. Other folders (given with
    /// `--artifacts`, `FLIPBOOK_ARTIFACTS` or `artifactsDirectory`) are the caller's choice and not checked.
    static func checkPrivate(_ directory: String) throws {
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let folder = standardized(directory)
        guard folder == standardized(GoldenFile.defaultArtifactsDirectory) else { return }
        let advice = "; set FLIPBOOK_ARTIFACTS or --artifacts to a folder of your own"
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw NotPrivate(description: "cannot create the artifacts folder \(folder): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(folder, &info) == 0 else {
            throw NotPrivate(description: "cannot check the artifacts folder \(folder): \(String(cString: strerror(errno)))")
        }
        let problem: String?
        if info.st_mode & S_IFMT == S_IFLNK {
            problem = "it is a symbolic link"
        } else if info.st_mode & S_IFMT != S_IFDIR {
            problem = "it is not a folder"
        } else if info.st_uid != geteuid() {
            problem = "it belongs to another user (uid \(info.st_uid))"
        } else if info.st_mode & 0o077 != 0 {
            problem = "other users can use it (mode \(String(info.st_mode & 0o777, radix: 8)))"
        } else {
            problem = nil
        }
        if let problem {
            throw NotPrivate(description: "refusing the artifacts folder \(folder): \(problem)" + advice)
        }
    }

    private func path(suffix: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name + suffix).path
    }
}
