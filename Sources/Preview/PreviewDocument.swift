import Flipbook
import Foundation
import SceneFormat

/// The options a preview renders with (the page's frames and its GIF download).
public struct PreviewOptions: Sendable {
    /// Pixels per point; nil: the scene's.
    public var scale: Double?
    /// Frames per second; nil: the scene's.
    public var fps: Double?

    public init(scale: Double? = nil, fps: Double? = nil) {
        self.scale = scale
        self.fps = fps
    }
}

/// Where a preview's scene comes from: the file the page names and quotes, the other files whose saves
/// reload it (a `.swift` file's sidecar), and how it is read.
public struct PreviewSource: Sendable {
    public var path: String
    public var alsoWatched: [String]
    public var load: @Sendable () throws(SceneError) -> Scene

    public init(path: String, alsoWatched: [String] = [], load: @escaping @Sendable () throws(SceneError) -> Scene) {
        self.path = path
        self.alsoWatched = alsoWatched
        self.load = load
    }

    /// A scene file (JSON).
    public static func scene(_ path: String) -> PreviewSource {
        PreviewSource(path: path) { () throws(SceneError) in try SceneFile.load(path: path) }
    }
}

/// One load of the scene file: a player ready to draw frames, or why there is none.
public struct PreviewVersion: Sendable {
    /// Counts loads from 1; the page asks for frames of the version it shows.
    public let number: Int
    public let result: Result<Player, LoadFailure>
}

/// The scene file being previewed: loaded again whenever it or an image it uses changes on disk.
///
/// Changes are found by polling each file's size, modification time and inode (editors that save by
/// renaming a new file over the old one change the inode), which needs no platform file-watching API.
public final class PreviewDocument: @unchecked Sendable {
    public let source: PreviewSource
    public var path: String { source.path }
    public let options: PreviewOptions
    private let lock = NSLock()
    private var current: PreviewVersion
    private var watched: [String: FileStamp]
    /// The scene file's bytes at the last load: two saves within one clock tick can share a stamp.
    private var sceneText: [UInt8]?
    /// The image files of the last scene that decoded, watched even while the scene is broken.
    private var imageFiles: [String] = []

    /// Loads the scene at `path` (a broken scene is a version too: the page shows its error).
    public convenience init(path: String, options: PreviewOptions = PreviewOptions()) {
        self.init(source: .scene(path), options: options)
    }

    /// Loads the scene `source` reads (a broken scene is a version too: the page shows its error).
    public init(source: PreviewSource, options: PreviewOptions = PreviewOptions()) {
        self.source = source
        self.options = options
        let path = source.path
        current = PreviewVersion(number: 0, result: .failure(LoadFailure(file: path, message: "not loaded")))
        watched = [:]
        reload()
    }

    /// The version the page should show.
    public var version: PreviewVersion {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Loads the scene again if one of its files changed since the last load; true if it did.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        lock.lock()
        let files = [path] + source.alsoWatched + imageFiles
        let changed = files.contains { FileStamp(path: $0) != watched[$0] } || Self.read(path) != sceneText
        lock.unlock()
        guard changed else { return false }
        waitUntilStill(files)
        reload()
        return true
    }

    /// Waits until the files stop changing (an editor may write a file in several steps), at most 1 s.
    private func waitUntilStill(_ files: [String]) {
        var stamps = files.map { FileStamp(path: $0) }
        for _ in 0..<20 {
            Thread.sleep(forTimeInterval: Self.settleTime)
            let now = files.map { FileStamp(path: $0) }
            if now == stamps { return }
            stamps = now
        }
    }

    /// How long files must stay unchanged before they are read.
    static let settleTime = 0.05

    /// Loads the scene and its images, and stamps the files read.
    private func reload() {
        // Stamp before reading, so a save during the load is seen by the next poll.
        let sceneStamp = FileStamp(path: path)
        let text = Self.read(path)
        var images = imageFiles
        let result: Result<Player, LoadFailure>
        do throws(SceneError) {
            var scene = try source.load()
            if let scale = options.scale { scene.canvas.scale = scale }
            if let fps = options.fps { scene.fps = fps }
            let directory = scene.directory ?? "."
            images = scene.imageSpecs.map { $0.file.hasPrefix("/") ? $0.file : (directory as NSString).appendingPathComponent($0.file) }
            try SceneLimits.check(scene)
            result = .success(try Player(scene: scene))
        } catch {
            // The offending line is quoted from the file only when the error points into it.
            result = .failure(LoadFailure(error, text: error.file == path ? text : nil))
        }
        lock.lock()
        imageFiles = Array(Set(images)).sorted()
        sceneText = text
        watched = [:]
        watched[path] = sceneStamp
        for file in source.alsoWatched { watched[file] = FileStamp(path: file) }
        for file in imageFiles { watched[file] = FileStamp(path: file) }
        current = PreviewVersion(number: current.number + 1, result: result)
        lock.unlock()
    }
}

extension PreviewDocument {
    /// The bytes of the file at `path`, if it is small enough to be a scene file.
    static func read(_ path: String) -> [UInt8]? {
        guard let stamp = FileStamp(path: path), stamp.size <= SceneFile.maxBytes else { return nil }
        return FileManager.default.contents(atPath: path).map { Array($0) }
    }
}

/// What tells a file's versions apart without reading it: size, modification time, inode.
struct FileStamp: Equatable {
    var size: Int
    var modified: Double
    var inode: Int

    /// The stamp of the file at `path`; nil if there is none.
    init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        size = (attributes[.size] as? Int) ?? -1
        modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        inode = (attributes[.systemFileNumber] as? Int) ?? 0
    }
}
