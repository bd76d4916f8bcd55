import ByteStream
import Dispatch
import Foundation
import Pixels

/// Writes an animated PNG (APNG): lossless RGBA or RGB frames, each cropped to what changed, with exact
/// fractional delays and a loop count.
///
/// The first frame is the PNG's default image (IDAT), so viewers without APNG support show it. Each later
/// frame is the smallest rectangle holding every pixel that differs from the frame before (identical frames
/// are merged into one longer delay), drawn with disposal "none" so the screen always equals the last frame.
/// Inside the rectangle it is written two ways where both are exact, and the smaller is kept:
/// - blend "source": the rectangle's pixels as they are;
/// - blend "over" (RGBA only, when every changed pixel is opaque): unchanged pixels fully transparent, which
///   leaves them as they are on screen and compresses into long runs.
/// Rows are filtered (`PNGRows`: each row's best filter, or none at all, whichever deflates smaller) and
/// deflated with zlib at level 9.
///
/// Comparing and cropping run in order on the calling thread; filtering and deflating each frame's
/// candidates run on `compressionThreads` threads (at most `compressionThreads + 1` frames waiting),
/// and the file is the same for any number of threads. The compressed frames are kept until `finish()`,
/// which writes the file (acTL needs the frame count first); memory is the last frame, the frames
/// waiting, and the compressed data, which is much smaller than the frames.
public final class APNGWriter {
    public let width: Int
    public let height: Int
    /// Whether frames keep their alpha channel (colour type 6) or are written as RGB (colour type 2).
    public let hasAlpha: Bool
    public let loopCount: Int
    private let output: ByteWriter
    private let path: String
    /// The last frame appended, as it is on screen.
    private var screen: [UInt8] = []
    /// Frames compressed or being compressed, waiting for `finish()`; the last one's frame count grows while
    /// identical frames come.
    private var frames: [CompressedFrame] = []
    private let queue = DispatchQueue(label: "apng.compress", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private var isDone = false

    /// A writer of `width` x `height` frames to `output`; errors name `path`.
    public init(output: ByteWriter, path: String, width: Int, height: Int, hasAlpha: Bool, loopCount: Int,
                compressionThreads: Int = 0) throws {
        // Each image compressing holds about four copies of the frame (two crops, a filtered copy and
        // deflate's output), so the images in compression are bounded by bytes as well as by threads.
        let imageBytes = 4 * max(1, width) * max(1, height) * (hasAlpha ? 4 : 3)
        slots = DispatchSemaphore(value: max(1, min(max(0, compressionThreads) + 1, Self.compressingBytes / imageBytes)))
        self.threads = max(0, compressionThreads)
        self.output = output
        self.path = path
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.loopCount = loopCount
        guard (1...1_000_000).contains(width), (1...1_000_000).contains(height) else {
            output.abandon()
            throw WriteError(path: path, reason: "an APNG of \(width)x\(height) pixels is not possible")
        }
    }

    private let threads: Int

    /// The most bytes the images being compressed may hold at once (at least one image): 48 MiB.
    static let compressingBytes = 48 << 20

    deinit {
        group.wait()
        if !isDone { output.abandon() }
    }

    /// Adds `image`, shown for `delay` (added to the previous frame's delay if it is the same picture).
    public func append(_ image: PixelImage, frames count: Int, fps: Double) throws {
        guard !isDone else { throw WriteError(path: path, reason: "the APNG is already finished") }
        guard image.width == width, image.height == height else {
            throw WriteError(path: path, reason: "a frame of \(image.width)x\(image.height) in an APNG of \(width)x\(height)")
        }
        var pixels = image.pixels
        // Fully transparent pixels are transparent black, as in the PNG frames.
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                if p[i + 3] == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0 }
                i += 4
            }
        }
        guard let last = frames.last else {
            frames.append(compressFirst(pixels, frames: count))
            screen = pixels
            return
        }
        guard let rect = changedRect(pixels) else {
            last.frameCount.add(count)
            return
        }
        frames.append(compress(pixels, rect: rect, frames: count))
        screen = pixels
    }

    /// Writes the file: signature, header, animation control, every frame, end; the last frame stays
    /// `holdSeconds` longer.
    public func finish(fps: Double, holdSeconds: Double = 0) throws {
        guard !isDone else { throw WriteError(path: path, reason: "the APNG is already finished") }
        guard !frames.isEmpty else { throw WriteError(path: path, reason: "no frame was appended") }
        isDone = true
        group.wait()
        do {
            try output.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            var header = ChunkData()
            header.u32(width)
            header.u32(height)
            header.bytes([8, hasAlpha ? 6 : 2, 0, 0, 0])
            try chunk("IHDR", header.data)
            var control = ChunkData()
            control.u32(frames.count)
            control.u32(loopCount)
            try chunk("acTL", control.data)
            var sequence = 0
            for (k, frame) in frames.enumerated() {
                let isLast = k == frames.count - 1
                let frameCount = frame.frameCount.value
                let delay = isLast && holdSeconds > 0
                    ? FrameDelay(seconds: Double(frameCount) / fps + holdSeconds)
                    : FrameDelay(frames: frameCount, fps: fps)
                var fc = ChunkData()
                fc.u32(sequence)
                fc.u32(frame.rect.width)
                fc.u32(frame.rect.height)
                fc.u32(frame.rect.x)
                fc.u32(frame.rect.y)
                fc.u16(Int(delay.numerator))
                fc.u16(Int(delay.denominator))
                fc.bytes([0, frame.blendOver ? 1 : 0]) // dispose none; blend source or over
                try chunk("fcTL", fc.data)
                sequence += 1
                if k == 0 {
                    try chunk("IDAT", frame.data.value)
                } else {
                    var fd = ChunkData()
                    fd.u32(sequence)
                    fd.bytes(frame.data.value)
                    try chunk("fdAT", fd.data)
                    sequence += 1
                }
            }
            frames = []
            try chunk("IEND", [])
            try output.close()
        } catch {
            output.abandon()
            throw error
        }
    }

    // MARK: - Frames

    private var channels: Int { hasAlpha ? 4 : 3 }

    private func compressFirst(_ pixels: [UInt8], frames count: Int) -> CompressedFrame {
        compress(pixels, rect: Rect(x: 0, y: 0, width: width, height: height), frames: count, first: true)
    }

    /// The frame over `rect`, written the smaller of the exact ways (compressed on the writer's threads).
    private func compress(_ pixels: [UInt8], rect: Rect, frames count: Int, first: Bool = false) -> CompressedFrame {
        let source = crop(pixels, rect, keepUnchanged: true)
        let over = !first && hasAlpha && changedPixelsAreOpaque(pixels, rect) ? crop(pixels, rect, keepUnchanged: false) : nil
        let frame = CompressedFrame(rect: rect, frameCount: Counter(count))
        let channels = self.channels
        let work: @Sendable () -> Void = {
            var data = Self.encode(source, channels: channels)
            var blendOver = false
            if let over {
                let overData = Self.encode(over, channels: channels)
                if overData.count < data.count { (data, blendOver) = (overData, true) }
            }
            frame.blendOver = blendOver
            frame.data.set(data)
        }
        guard threads > 0 else {
            work()
            return frame
        }
        slots.wait()
        queue.async(group: group) { [slots] in
            work()
            slots.signal()
        }
        return frame
    }

    /// The filtered, deflated image data of `raw` (rows of `channels` bytes a pixel).
    private static func encode(_ raw: (bytes: [UInt8], rowBytes: Int, rows: Int), channels: Int) -> [UInt8] {
        var best: [UInt8] = []
        // Each row's best filter by the heuristic, and no filter at all (which wins on most cropped frames of
        // flat interface graphics: on the seek scene 597 KB against 741 KB for the heuristic alone).
        for only in [nil, 0] as [Int?] {
            let data = Deflate.compress(PNGRows.filter(raw.bytes, rowBytes: raw.rowBytes, rows: raw.rows,
                                                       bytesPerPixel: channels, only: only))
            if best.isEmpty || data.count < best.count { best = data }
        }
        return best
    }

    /// The pixels of `rect` in the file's channels; with `keepUnchanged` false, pixels equal to the screen's
    /// are transparent black instead.
    private func crop(_ pixels: [UInt8], _ rect: Rect, keepUnchanged: Bool) -> (bytes: [UInt8], rowBytes: Int, rows: Int) {
        let channels = self.channels
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * channels)
        pixels.withUnsafeBufferPointer { p in
            screen.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    var k = 0
                    for y in rect.y..<(rect.y + rect.height) {
                        for x in rect.x..<(rect.x + rect.width) {
                            let i = (y * width + x) * 4
                            let same = !keepUnchanged && p[i] == s[i] && p[i + 1] == s[i + 1]
                                && p[i + 2] == s[i + 2] && p[i + 3] == s[i + 3]
                            if !same {
                                for c in 0..<channels { o[k + c] = p[i + c] }
                            }
                            k += channels
                        }
                    }
                }
            }
        }
        return (out, rect.width * channels, rect.height)
    }

    private func changedPixelsAreOpaque(_ pixels: [UInt8], _ rect: Rect) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            screen.withUnsafeBufferPointer { s in
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) {
                        let i = (y * width + x) * 4
                        if p[i + 3] != 255 && (p[i] != s[i] || p[i + 1] != s[i + 1] || p[i + 2] != s[i + 2] || p[i + 3] != s[i + 3]) {
                            return false
                        }
                    }
                }
                return true
            }
        }
    }

    /// The bounding box of the pixels that differ from the screen, or nil if none does.
    private func changedRect(_ pixels: [UInt8]) -> Rect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        pixels.withUnsafeBytes { p in
            screen.withUnsafeBytes { s in
                let a = p.bindMemory(to: UInt32.self), b = s.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width && a[row + x] == b[row + x] { x += 1 }
                    guard x < width else { continue }
                    var right = width - 1
                    while a[row + right] == b[row + right] { right -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, right)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    private func chunk(_ type: String, _ data: [UInt8]) throws {
        var head = ChunkData()
        head.u32(data.count)
        let typeBytes = Array(type.utf8)
        head.bytes(typeBytes)
        var tail = ChunkData()
        tail.u32(Int(Deflate.crc(data, continuing: Deflate.crc(typeBytes))))
        try output.write(head.data)
        try output.write(data)
        try output.write(tail.data)
    }

    struct Rect {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// A frame's rectangle and, once compressed, its data and blend mode (set on a compression thread,
    /// read after `data` is set, which publishes it).
    final class CompressedFrame: @unchecked Sendable {
        let rect: Rect
        var blendOver = false
        let data = Ready<[UInt8]>()
        let frameCount: Counter

        init(rect: Rect, frameCount: Counter) {
            self.rect = rect
            self.frameCount = frameCount
        }
    }

    /// A frame count that grows as identical frames are merged (on the calling thread only).
    final class Counter: @unchecked Sendable {
        private(set) var value: Int
        init(_ value: Int) { self.value = value }
        func add(_ count: Int) { value += count }
    }
}

/// A value set once on one thread and awaited on another.
final class Ready<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Value?

    func set(_ value: Value) {
        condition.lock()
        stored = value
        condition.broadcast()
        condition.unlock()
    }

    /// The value, waiting until it is set.
    var value: Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let stored { return stored }
            condition.wait()
        }
    }
}

/// Big-endian fields of a chunk.
private struct ChunkData {
    var data: [UInt8] = []
    mutating func u32(_ v: Int) { data += [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
                                          UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    mutating func u16(_ v: Int) { data += [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    mutating func bytes(_ b: [UInt8]) { data += b }
}
