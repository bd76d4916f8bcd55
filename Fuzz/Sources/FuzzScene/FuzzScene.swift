import Compose
import DisplayList
import Geometry
import SceneFormat
import Timeline

/// Text metrics without fonts: every character is 8 x 16 points, wrapped at the proposed width.
///
/// Composing needs a measurer; a fixed one keeps the target fast and independent of Pango.
struct FixedMeasurer: TextMeasuring {
    func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment, lineLimit: Int?) -> Size {
        let characters = Double(runs.reduce(0) { $0 + $1.text.count })
        let lineWidth = characters * 8
        guard let width, width > 0, lineWidth > width else { return Size(lineWidth, 16) }
        var lines = (lineWidth / width).rounded(.up)
        if let lineLimit { lines = min(lines, Double(lineLimit)) }
        return Size(width, lines * 16)
    }
}

/// The times composed for each scene that decodes: the start, the middle and the end.
func sampleTimes(_ scene: Scene) -> [Double] {
    [0, scene.duration / 2, scene.duration]
}

/// Stops the fuzzer when an error breaks the promise every `SceneError` makes: a non-empty, one-line
/// message, a line and column inside the file, and a JSON path that names a value in the document.
func check(_ error: SceneError, in bytes: [UInt8]) {
    guard !error.message.isEmpty else { fatalError("empty message: \(error)") }
    guard !error.description.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else {
        fatalError("message on more than one line: \(error)")
    }
    if let location = error.location {
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        guard location.line >= 1, location.line <= lines, location.column >= 1, location.column <= bytes.count + 1 else {
            fatalError("location \(location) outside a file of \(lines) lines and \(bytes.count) bytes: \(error)")
        }
    }
    guard let document = try? JSONParser.parse(bytes) else {
        guard error.path.components.isEmpty else { fatalError("a path in a file that is not JSON: \(error)") }
        return
    }
    var value = document
    for component in error.path.components {
        switch (component, value.kind) {
        case (.key(let key), .object(let members)):
            guard let member = members.first(where: { $0.key == key }) else {
                fatalError("the path \(error.path) names a key that is not in the document: \(error)")
            }
            value = member.value
        case (.index(let index), .array(let items)):
            guard items.indices.contains(index) else { fatalError("the path \(error.path) is out of range: \(error)") }
            value = items[index]
        default:
            fatalError("the path \(error.path) does not match the document: \(error)")
        }
    }
}

/// libFuzzer's entry point: decode the bytes as a scene; if that works, simulate it and compose a few
/// frames. Every failure must be a `SceneError` that passes `check`; anything else is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzScene(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    do {
        let scene = try SceneDecoder.decode(bytes, file: "fuzz.json")
        // Simulating and composing recurse as deep as the view tree; the library runs both on threads with
        // a large stack (`Player`, the frame pipeline's workers), and so does this target.
        try LargeStack.run { () throws(SceneError) -> Void in
            let timeline = try Simulator(scene: scene).run()
            let composer = Composer(scene: scene, measurer: FixedMeasurer())
            for time in sampleTimes(scene) {
                _ = try composer.displayList(for: timeline.snapshot(at: time))
            }
        }
    } catch {
        check(error, in: bytes)
    }
    return 0
}
