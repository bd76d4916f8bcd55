import Dispatch
import Flipbook
import Raster

/// PNG frames of one scene version, drawn on demand on worker threads and kept by frame index.
///
/// Each frame is drawn once however many requests ask for it at the same time; a new scene version
/// empties the cache. At most `limit` frames are kept (the oldest go first).
actor FrameCache {
    private let limit: Int
    private var version = 0
    private var frames: [Int: Task<[UInt8], any Error>] = [:]
    private var order: [Int] = []
    private static let workers = DispatchQueue(label: "flipbook.preview.frames", qos: .userInitiated, attributes: .concurrent)

    init(limit: Int = 600) {
        self.limit = limit
    }

    /// The PNG bytes of frame `index` of `player`, which is scene version `version`.
    func png(frame index: Int, of player: Player, version: Int) async throws -> [UInt8] {
        if version != self.version {
            self.version = version
            frames = [:]
            order = []
        }
        if let task = frames[index] { return try await task.value }
        let time = player.scene.time(ofFrame: index)
        let task = Task { try await Self.draw(player, at: time) }
        frames[index] = task
        order.append(index)
        if order.count > limit { frames[order.removeFirst()] = nil }
        do {
            return try await task.value
        } catch {
            if version == self.version { frames[index] = nil }
            throw error
        }
    }

    /// Draws and encodes one frame on a worker thread, leaving Swift's cooperative threads free to serve.
    private static func draw(_ player: Player, at time: Double) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            workers.async {
                continuation.resume(with: Result { try PNGFile.encode(player.frame(at: time)) })
            }
        }
    }
}
