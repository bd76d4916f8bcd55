import Dispatch
import Flipbook
import Raster

/// PNG frames of one scene version, drawn on demand on worker threads and kept by frame index.
///
/// Each frame is drawn once however many requests ask for it at the same time; a new scene version
/// empties the cache. At most `budget` bytes of PNG are kept (the oldest frames go first).
actor FrameCache {
    private let budget: Int
    private var version = 0
    private var frames: [Int: Task<[UInt8], any Error>] = [:]
    /// Frame indices, oldest first.
    private var order: [Int] = []
    /// The size of each finished frame, and their sum.
    private var sizes: [Int: Int] = [:]
    private var total = 0
    private static let workers = DispatchQueue(label: "flipbook.preview.frames", qos: .userInitiated, attributes: .concurrent)

    /// A cache keeping at most `budget` bytes of PNG frames (256 MiB by default).
    init(budget: Int = 256 << 20) {
        self.budget = budget
    }

    /// The PNG bytes of frame `index` of `player`, which is scene version `version`.
    func png(frame index: Int, of player: Player, version: Int) async throws -> [UInt8] {
        if version != self.version {
            self.version = version
            frames = [:]
            order = []
            sizes = [:]
            total = 0
        }
        if let task = frames[index] { return try await task.value }
        let time = player.scene.time(ofFrame: index)
        let task = Task { try await Self.draw(player, at: time) }
        frames[index] = task
        order.append(index)
        do {
            let png = try await task.value
            // Counted once, if the frame is still this version's.
            if version == self.version, frames[index] != nil, sizes[index] == nil {
                sizes[index] = png.count
                total += png.count
                evict()
            }
            return png
        } catch {
            if version == self.version {
                frames[index] = nil
                order.removeAll { $0 == index }
            }
            throw error
        }
    }

    /// Drops the oldest frames until the cache fits its budget (the newest frame always stays).
    private func evict() {
        while total > budget, order.count > 1 {
            let oldest = order.removeFirst()
            frames[oldest] = nil
            total -= sizes.removeValue(forKey: oldest) ?? 0
        }
    }

    /// Draws and encodes one frame on a worker thread, leaving Swift's cooperative threads free to serve.
    private static func draw(_ player: Player, at time: Double) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            workers.async {
                continuation.resume(with: Result { try PNGFile.encode(player.budgetedFrame(at: time)) })
            }
        }
    }
}
