import Flipbook
import Foundation
import SceneFormat

/// A list of scenes, the times to check in each, and where their goldens live: what `render test` runs.
///
///     {
///       "tolerance": {"channel": 2, "maxDifferentPixels": 2},
///       "scenes": [
///         {"scene": "scenes/seek.json", "times": [0, 0.45, 0.5], "goldens": "Tests/Goldens/seek"},
///         {"scene": "scenes/wave.json", "everyNthFrame": 25, "goldens": "Tests/Goldens/wave"}
///       ]
///     }
///
/// Paths are relative to the manifest's folder. `tolerance` is optional (default: `ImageTolerance.default`;
/// its keys are `channel`, `maxDifferentPixels`, `maxDifferentFraction`, `ignoreAntialiasing`); an entry
/// may carry its own. Each entry gives `times` or `everyNthFrame`. Goldens are `<goldens>/<time>.png`.
public struct GoldenManifest: Sendable {
    /// One scene to check.
    public struct Entry: Sendable {
        /// The scene file, resolved against the manifest's folder.
        public var scene: String
        /// The scene file as the manifest writes it: what the results table names it by.
        public var written: String
        /// Where each of `times` is written, for an error about it (a time past the scene's end).
        public var timePlaces: [(path: JSONPath, location: SourceLocation)] = []
        /// The times to check, in seconds; `nil` with `everyNthFrame`.
        public var times: [Double]?
        /// Check frames 0, n, 2n, ... instead of `times`.
        public var everyNthFrame: Int?
        /// Where `everyNthFrame` is written (else where the entry starts).
        public var everyNthFrameLocation: SourceLocation = SourceLocation(line: 1, column: 1)
        /// The folder of the goldens, resolved against the manifest's folder.
        public var goldens: String
        public var tolerance: ImageTolerance

        /// Where the row of the `index`th checked frame is written in the manifest: its time in `times`,
        /// else `everyNthFrame` (one place for all its frames). What an annotation on CI points at.
        public func location(ofFrame index: Int) -> SourceLocation {
            index < timePlaces.count ? timePlaces[index].location : everyNthFrameLocation
        }
    }

    public var entries: [Entry]

    /// The largest manifest read.
    public static let maxBytes = 1 << 20

    /// Reads and checks the manifest at `path`; errors name the file, line, column and JSON path.
    public static func load(path: String) throws(SceneError) -> GoldenManifest {
        // A regular file only: a FIFO or a device is refused at once (reading one would block or never end).
        let data: [UInt8]
        do {
            data = try InputFile.read(path, limit: maxBytes)
        } catch {
            let message = error.message == "no such file" ? "no such manifest file"
                : error.message == "is a directory, not a file" ? "no such manifest file (it is a folder)" : error.message
            throw SceneError(file: path, path: .document, message: message)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            return try decode(data, folder: folder)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    static func decode(_ bytes: [UInt8], folder: URL) throws(SceneError) -> GoldenManifest {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(path: .document, location: error.location, message: "invalid JSON: \(error.message)")
        }
        let root = try JSONReader(json).object(allowing: ["$schema", "comment", "tolerance", "scenes"])
        let tolerance = try root["tolerance"].map(decodeTolerance) ?? .default
        let scenes = try root.required("scenes").array()
        guard !scenes.isEmpty else { throw root.error("\"scenes\" lists no scene") }
        var entries: [Entry] = []
        for item in scenes {
            let object = try item.object(allowing: ["comment", "scene", "times", "everyNthFrame", "goldens", "tolerance"])
            let scene = try object.required("scene").string()
            let goldens = try object.required("goldens").string()
            var entry = Entry(scene: resolve(scene, in: folder), written: scene, times: nil, everyNthFrame: nil,
                              goldens: resolve(goldens, in: folder),
                              tolerance: try object["tolerance"].map(decodeTolerance) ?? tolerance)
            entry.everyNthFrameLocation = object.location
            switch (object["times"], object["everyNthFrame"]) {
            case (let times?, nil):
                let list = try times.array()
                guard !list.isEmpty else { throw times.error("\"times\" is empty") }
                entry.times = try list.map { reader throws(SceneError) in try reader.number(in: 0...86_400) }
                entry.timePlaces = list.map { ($0.path, $0.value.location) }
            case (nil, let every?):
                entry.everyNthFrame = try every.integer(in: 1...1_000_000)
                entry.everyNthFrameLocation = every.value.location
            case (.some, .some):
                throw object.error("give \"times\" or \"everyNthFrame\", not both")
            case (nil, nil):
                throw object.error("missing \"times\" (a list of seconds) or \"everyNthFrame\"")
            }
            entries.append(entry)
        }
        return GoldenManifest(entries: entries)
    }

    static func decodeTolerance(_ reader: JSONReader) throws(SceneError) -> ImageTolerance {
        let object = try reader.object(allowing: ["channel", "maxDifferentPixels", "maxDifferentFraction", "ignoreAntialiasing"])
        var tolerance = ImageTolerance.default
        if let channel = object["channel"] { tolerance.channel = try channel.integer(in: 0...255) }
        if let pixels = object["maxDifferentPixels"] { tolerance.maxDifferentPixels = try pixels.integer(in: 0...Int(Int32.max)) }
        if let fraction = object["maxDifferentFraction"] { tolerance.maxDifferentFraction = try fraction.number(in: 0...1) }
        if let ignore = object["ignoreAntialiasing"] { tolerance.ignoreAntialiasing = try ignore.bool() }
        return tolerance
    }

    static func resolve(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
}
