import ByteStream
import Foundation
import Pixels
import Raster

/// Writes every frame as its own PNG file, `frame-0001.png` onwards, into a folder.
final class PNGSequenceSink: FrameSink {
    static let fileExtensions: [String] = []
    static let maxFPS: Double? = nil

    let process: @Sendable (PixelImage) throws -> [UInt8] = { try PNGFile.encode($0) }
    private let target: SinkTarget
    private let digits: Int
    private var writeSeconds = 0.0

    init(target: SinkTarget) throws {
        self.target = target
        digits = max(4, String(target.times.count).count)
        guard mkdir(target.path, 0o700) == 0 else {
            throw WriteError(path: target.shownPath, reason: String(cString: strerror(errno)))
        }
    }

    /// The name of frame `index` (from 0): `frame-0001.png` ...
    func name(ofFrame index: Int) -> String {
        let number = String(index + 1)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    func write(_ png: [UInt8], index: Int) throws {
        let start = threadCPUSeconds()
        defer { writeSeconds += threadCPUSeconds() - start }
        let name = name(ofFrame: index)
        let file = try target.options.makeByteWriter(target.path + "/" + name, target.shownPath + "/" + name)
        do {
            try file.write(png)
            try file.close()
        } catch {
            file.abandon()
            throw error
        }
    }

    func finish() throws -> StageTimings {
        var timings = StageTimings()
        timings.write = writeSeconds
        return timings
    }
}
