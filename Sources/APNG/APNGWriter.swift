import ByteStream
import Dispatch
import Foundation
import Pixels

/// Writes an animated PNG (APNG): lossless, each frame cropped to what changed, with delays on the frame
/// grid in whole milliseconds (`FrameDelay`) and a loop count.
///
/// The pixel format is the smallest that holds every frame exactly (`APNGColors`): a palette when the
/// whole animation has at most 255 colours plus a transparent entry, or 256 opaque colours (then every
/// frame blends "source"); RGB with one unseen colour keyed transparent when every pixel is opaque; else
/// RGBA. The palette is put in order of luma at the end. The format is known for sure only at the end, so
/// frames are compressed in the format that fits so far, and those written in a format (or palette order)
/// the file cannot use are rewritten at `finish()` (decoded from their own data, so nothing else is kept).
/// Frames in a palette are always rewritten (the palette's order changes), so until then they are drafts:
/// their rows unfiltered and deflated fast.
///
/// The first frame is the PNG's default image (IDAT), so viewers without APNG support show it. Each later
/// frame is the smallest rectangle holding every pixel that differs from the screen before it (identical
/// frames are merged into one longer delay). A frame is disposed "none" (the screen stays as the frame left
/// it) or "previous" (its rectangle goes back to what it covered), whichever makes it and the next frame
/// smaller (`disposesPrevious`, which deflates both ways fast to rank them): "previous" pays for content
/// that shows for a moment and goes (a flash, a glow, a label in flight), whose next frame then only has to
/// draw what else changed. So each frame waits for the next before it is compressed.
/// (A frame disposed "previous" never blends "over": Pillow 9.4 to 13.0 restore the wrong pixels for such a
/// frame. Its PNG plugin keeps the screen from before the frame (`_prev_im`) to restore, but blending "over"
/// pastes the frame into that same image, so the disposal brings back the frame itself. ffmpeg and a decoder
/// written from the specification agree with such files; apngasm writes them. Disposal "previous" with
/// blend "source" reads back exactly in Pillow and ffmpeg.)
/// Inside the rectangle it is written the ways that are exact (only "source" for a frame disposed
/// "previous"), and the smallest is kept:
/// - blend "source": the rectangle's pixels as they are;
/// - blend "over" (when every changed pixel is opaque and there is a transparent entry or key): unchanged
///   pixels transparent (index 0, the key colour, or transparent black), which leaves them as they are
///   on screen and compresses into long runs;
/// - blend "over" with the short runs of unchanged opaque pixels (under 32 in a row) written as they are,
///   which leaves them as they are too (an opaque pixel blended "over" its own colour) and keeps a changed
///   area whole where a few of its pixels happen to stay (seek's glow: 1.6 % smaller).
/// Each way's rows are filtered two ways (`PNGRows`: each row's best filter, or none at all; the third way
/// only unfiltered) and deflated by zlib; those within 2 % of the smallest are deflated again by libdeflate
/// at level 12, the smallest of those again by `OptimalDeflate`, and the smallest of all is written
/// (`smallest`).
///
/// Comparing and cropping run in order on the calling thread; filtering and deflating each frame's
/// candidates run on `compressionThreads` threads (at most `compressionThreads + 1` frames waiting),
/// and the file is the same for any number of threads. The compressed frames are kept until `finish()`,
/// which writes the file (acTL needs the frame count first); memory is the last frame and the screen before
/// it, the frames waiting, and the compressed data, which is much smaller than the frames.
public final class APNGWriter {
    public let width: Int
    public let height: Int
    public let loopCount: Int
    private let output: ByteWriter
    private let path: String
    /// The last frame appended, as it is on screen.
    private var screen: [UInt8] = []
    /// The last frame (on `screen`) once it is not the first, compressed when the next different frame (or
    /// `finish()`) decides its disposal: its rectangle, frame count, and what the screen showed there before
    /// it (what disposing it "previous" brings back).
    private var pending: (rect: Rect, frames: Int, before: Patch)?
    /// The colours seen so far, and with them the pixel format.
    private var colors = APNGColors()
    /// Frames compressed or being compressed, waiting for `finish()`; the last one's frame count grows while
    /// identical frames come.
    private var frames: [CompressedFrame] = []
    private let queue = DispatchQueue(label: "apng.compress", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let threads: Int
    private let compression: Compression
    private var isDone = false

    /// Whether the render was called off (a signal): frames not yet compressed are skipped, and `finish()`
    /// stops with an error instead of writing the file (compressing the last frames can take seconds).
    public var isCancelled: @Sendable () -> Bool = { false }

    /// The pixel format of the file as far as the frames so far decide it (final once `finish()` is called).
    public var format: APNGPixelFormat { colors.format }

    /// A writer of `width` x `height` frames to `output`; errors name `path`.
    public init(output: ByteWriter, path: String, width: Int, height: Int, loopCount: Int,
                compressionThreads: Int = 0, compression: Compression = .smallest) throws {
        self.compression = compression
        // Each image compressing holds about four copies of the frame (two crops, a filtered copy and
        // deflate's output), so the images in compression are bounded by bytes as well as by threads.
        let imageBytes = 4 * max(1, width) * max(1, height) * 4  // RGBA rows, the widest pixel format
        slots = DispatchSemaphore(value: max(1, min(max(0, compressionThreads) + 1, Self.compressingBytes / imageBytes)))
        self.threads = max(0, compressionThreads)
        self.output = output
        self.path = path
        self.width = width
        self.height = height
        self.loopCount = loopCount
        guard (1...1_000_000).contains(width), (1...1_000_000).contains(height) else {
            output.abandon()
            throw WriteError(path: path, reason: "an APNG of \(width)x\(height) pixels is not possible")
        }
    }

    /// How hard each frame's data is compressed (`--effort`).
    public enum Compression: Equatable, Sendable {
        /// Every way of writing the frame (see the type's notes) ranked by zlib, the close ones deflated again
        /// by libdeflate at level 12 and the smallest once more by `OptimalDeflate`: the smallest file.
        case smallest
        /// Each way deflated once by libdeflate at `level` (1...12), the smallest kept; with `fewerWays`, the
        /// ways are only the rectangle as it is and, where it can blend "over", with unchanged pixels
        /// transparent, both unfiltered (not the short runs kept, nor each row's best filter, whose choosing
        /// was most of the time: seek 0.79 against 1.34 CPU s for the whole render, 582.9 against 582.7 KB).
        case libdeflate(level: Int32, fewerWays: Bool)
    }

    /// The most bytes the images being compressed may hold at once (at least one image): 48 MiB.
    static let compressingBytes = 48 << 20

    deinit {
        group.wait()
        if !isDone { output.abandon() }
    }

    /// Adds `image`, shown for `frames` frames at `fps` (added to the previous frame's if it is the same picture).
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
        let isFirst = frames.isEmpty && pending == nil
        let whole = Rect(x: 0, y: 0, width: width, height: height)
        if isFirst {
            screen = [UInt8](repeating: 0, count: pixels.count)
            pixels.withUnsafeBytes { p in
                colors.observe(p.bindMemory(to: UInt32.self), width: width, rect: (0, 0, width, height))
            }
            // The default image (IDAT) is disposed "none": disposing it "previous" would clear it instead.
            // A frame in a palette is a draft: the palette's order is known only at the end, when every frame
            // is written again (see `finish`), so it is kept only as fast-deflated rows to be decoded then.
            frames.append(compress(Patch(bytes: pixels, rect: whole), over: Patch(bytes: screen, rect: whole),
                                   format: colors.format, first: true, frames: count, draft: colors.format.isPalette))
            screen = pixels
            return
        }
        guard let changed = changedRect(pixels, from: screen) else {
            if pending != nil { pending?.frames += count } else { frames[frames.count - 1].frameCount.add(count) }
            return
        }
        // Every colour this frame brings is in `changed` (it differs from any screen), so the format and
        // palette are known before the waiting frame's disposal is chosen.
        pixels.withUnsafeBytes { p in
            colors.observe(p.bindMemory(to: UInt32.self), width: width, rect: (changed.x, changed.y, changed.width, changed.height))
        }
        // The frame waiting for this one is written now that its disposal can be chosen: "previous" if the
        // two frames then take fewer bytes, else "none" (see `disposesPrevious`).
        var rect = changed
        if let waiting = pending {
            let waitingPixels = Patch(cropping: screen, width: width, to: waiting.rect)
            let nextNone = changedCount(pixels, from: screen, in: changed)
            let nextOverWaiting = Patch(cropping: screen, width: width, to: changed)
            waiting.before.paste(into: &screen, width: width) // the screen as disposing "previous" leaves it
            let restored = changedRect(pixels, from: screen)
            let nextPrevious = restored.map { changedCount(pixels, from: screen, in: $0) } ?? 0
            var disposePrevious = waiting.rect.area + nextPrevious < waitingPixels.changedCount(from: waiting.before) + nextNone
            if disposePrevious || (restored?.area ?? 1) < changed.area {
                disposePrevious = disposesPrevious(waitingPixels, over: waiting.before, then: pixels,
                                                   overWaiting: nextOverWaiting, restored: restored)
            }
            frames.append(compress(waitingPixels, over: waiting.before, format: colors.format, first: false,
                                   frames: waiting.frames, disposePrevious: disposePrevious,
                                   draft: colors.format.isPalette))
            if disposePrevious {
                // A frame that changes nothing on the restored screen still needs a pixel: its first, as it is.
                rect = restored ?? Rect(x: 0, y: 0, width: 1, height: 1)
            } else {
                waitingPixels.paste(into: &screen, width: width)
            }
        }
        pending = (rect, count, Patch(cropping: screen, width: width, to: rect))
        screen = pixels
    }

    /// Whether the waiting frame `waiting` (drawn over `before`) and the frame `pixels` after it take fewer
    /// bytes with the waiting frame disposed "previous" than "none", each written as `estimatedBytes` says:
    /// disposed "none", the waiting frame blends as it can and `pixels` is written over `overWaiting` (the
    /// screen the waiting frame leaves, in the rectangle that changed); disposed "previous", the waiting frame
    /// blends "source" and `pixels` is written over the `restored` rectangle of the screen as it was (`screen`
    /// now), or as one pixel if nothing differs there.
    ///
    /// Counting pixels chose "none" wrongly for a glow that shows for a frame over part of a button and goes
    /// (seek): its rectangle blended "source" costs more pixels than its changed ones, but the next frame
    /// written over the restored screen is half the bytes (7.2 KB against 3.1 KB).
    private func disposesPrevious(_ waiting: Patch, over before: Patch, then pixels: [UInt8], overWaiting: Patch,
                                  restored: Rect?) -> Bool {
        let format = colors.format
        let next = Patch(cropping: pixels, width: width, to: overWaiting.rect)
        let none = estimatedBytes(waiting, over: before, format: format, mayBlendOver: true)
            + estimatedBytes(next, over: overWaiting, format: format, mayBlendOver: true)
        var previous = estimatedBytes(waiting, over: before, format: format, mayBlendOver: false)
        if let restored {
            previous += estimatedBytes(Patch(cropping: pixels, width: width, to: restored),
                                       over: Patch(cropping: screen, width: width, to: restored),
                                       format: format, mayBlendOver: true)
        }
        return previous < none
    }

    /// About how many bytes `pixels` takes written over `screen` in `format`: its rows unfiltered and deflated
    /// fast, blended "source" or, where it may and can, "over" (the smaller). Ranks disposals only.
    private func estimatedBytes(_ pixels: Patch, over screen: Patch, format: APNGPixelFormat, mayBlendOver: Bool) -> Int {
        var ways = [true]
        if mayBlendOver && format != .indexedOpaque && pixels.changedAreOpaque(over: screen) { ways.append(false) }
        return ways.map { keepUnchanged in
            let raw = crop(pixels, screen, format: format, keepUnchanged: keepUnchanged)
            let rows = PNGRows.filter(raw.bytes, rowBytes: raw.rowBytes, rows: raw.rows, bytesPerPixel: format.channels, only: 0)
            return Deflate.compressSmall(rows, level: Self.estimateLevel).count
        }.min()!
    }

    /// libdeflate's level for `estimatedBytes`.
    static let estimateLevel: Int32 = 6

    /// How many pixels of `rect` differ from `screen`.
    private func changedCount(_ pixels: [UInt8], from screen: [UInt8], in rect: Rect) -> Int {
        pixels.withUnsafeBytes { p in
            screen.withUnsafeBytes { s in
                let a = p.bindMemory(to: UInt32.self), b = s.bindMemory(to: UInt32.self)
                var count = 0
                for y in rect.y..<(rect.y + rect.height) {
                    for i in (y * width + rect.x)..<(y * width + rect.x + rect.width) where a[i] != b[i] { count += 1 }
                }
                return count
            }
        }
    }

    /// Writes the file: signature, header, animation control, every frame, end; the last frame stays
    /// `holdSeconds` longer.
    public func finish(fps: Double, holdSeconds: Double = 0) throws {
        guard !isDone else { throw WriteError(path: path, reason: "the APNG is already finished") }
        guard !frames.isEmpty else { throw WriteError(path: path, reason: "no frame was appended") }
        if let waiting = pending {
            frames.append(compress(Patch(cropping: screen, width: width, to: waiting.rect), over: waiting.before,
                                   format: colors.format, first: false,
                                   frames: waiting.frames, draft: colors.format.isPalette))
            pending = nil
        }
        isDone = true
        group.wait()
        let format = colors.format
        do {
            try stopIfCancelled()
            let written = colors.palette
            if format.isPalette { _ = colors.orderPaletteByLuma() }
            try rewrite(into: format, from: written, all: format.isPalette)
            try output.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            var header = ChunkData()
            header.u32(width)
            header.u32(height)
            let colorType: UInt8
            switch format {
            case .indexed, .indexedOpaque: colorType = 3
            case .keyed: colorType = 2
            case .rgba: colorType = 6
            }
            header.bytes([8, colorType, 0, 0, 0])
            try chunk("IHDR", header.data)
            switch format {
            case .indexed, .indexedOpaque:
                let palette = colors.palette
                try chunk("PLTE", palette.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 >> 16 & 0xFF)] })
                // Alphas up to the last entry that is not opaque (the rest are opaque).
                let alphas = palette.map { UInt8($0 >> 24) }
                let count = (alphas.lastIndex { $0 != 255 } ?? -1) + 1
                if count > 0 { try chunk("tRNS", Array(alphas[..<count])) }
            case .keyed(let key):
                try chunk("tRNS", [0, UInt8(key & 0xFF), 0, UInt8(key >> 8 & 0xFF), 0, UInt8(key >> 16 & 0xFF)])
            case .rgba:
                break
            }
            var control = ChunkData()
            control.u32(frames.count)
            control.u32(loopCount)
            try chunk("acTL", control.data)
            var sequence = 0
            var shown = 0 // frames of the animation shown before this image
            for (k, frame) in frames.enumerated() {
                let isLast = k == frames.count - 1
                let starts = FrameDelay.milliseconds(ofFrame: shown, fps: fps)
                shown += frame.frameCount.value
                let ends = FrameDelay.milliseconds(ofFrame: shown, fps: fps)
                let delay = FrameDelay(milliseconds: ends - starts + (isLast ? Int((holdSeconds * 1000).rounded()) : 0))
                var fc = ChunkData()
                fc.u32(sequence)
                fc.u32(frame.rect.width)
                fc.u32(frame.rect.height)
                fc.u32(frame.rect.x)
                fc.u32(frame.rect.y)
                fc.u16(Int(delay.numerator))
                fc.u16(Int(delay.denominator))
                fc.bytes([frame.disposePrevious ? 2 : 0, frame.blendOver ? 1 : 0]) // dispose none or previous; blend
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

    /// Recompresses, in `format`, the frames compressed in another: the animation is played back from the
    /// frames' own data, so each such frame is written again from the screen before it and after it.
    /// `palette` is the palette the frames were written with; with `all`, every frame is written again
    /// (the palette changed order).
    private func rewrite(into format: APNGPixelFormat, from palette: [UInt32], all: Bool) throws {
        func fits(_ frame: CompressedFrame) -> Bool { !all && frame.format == format }
        guard frames.contains(where: { !fits($0) }) else { return }
        var before = [UInt8](repeating: 0, count: width * height * 4)
        for (k, frame) in frames.enumerated() {
            try stopIfCancelled()
            var after = before
            guard decode(frame, onto: &after, palette: palette) else {
                throw WriteError(path: path, reason: "an APNG frame did not read back (out of memory?)")
            }
            if !fits(frame) {
                let again = compress(Patch(cropping: after, width: width, to: frame.rect),
                                     over: Patch(cropping: before, width: width, to: frame.rect), format: format,
                                     first: k == 0, frames: 0, disposePrevious: frame.disposePrevious)
                again.frameCount.add(frame.frameCount.value)
                frames[k] = again
            }
            if !frame.disposePrevious { before = after }
        }
        group.wait()
        try stopIfCancelled()
    }

    /// Throws if the render was called off.
    private func stopIfCancelled() throws {
        if isCancelled() { throw WriteError(path: path, reason: "the render was called off") }
    }

    /// Draws `frame`, decoded from its compressed data, onto `canvas` (RGBA) as a viewer would.
    private func decode(_ frame: CompressedFrame, onto canvas: inout [UInt8], palette: [UInt32]) -> Bool {
        let rect = frame.rect, channels = frame.format.channels
        guard let inflated = Deflate.decompress(frame.data.value, count: rect.height * (rect.width * channels + 1)) else {
            return false
        }
        let raw = PNGRows.unfilter(inflated, rowBytes: rect.width * channels, rows: rect.height, bytesPerPixel: channels)
        var k = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                var rgba: (UInt8, UInt8, UInt8, UInt8)
                switch frame.format {
                case .indexed, .indexedOpaque:
                    // Index 0 of the palette with a transparent entry is transparent, whatever it holds now.
                    let word = frame.format == .indexed && raw[k] == 0 ? 0 : palette[Int(raw[k])]
                    rgba = (UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF), UInt8(word >> 24))
                case .keyed(let key):
                    let word = UInt32(raw[k]) | UInt32(raw[k + 1]) << 8 | UInt32(raw[k + 2]) << 16
                    rgba = word == key ? (0, 0, 0, 0) : (raw[k], raw[k + 1], raw[k + 2], 255)
                case .rgba:
                    rgba = (raw[k], raw[k + 1], raw[k + 2], raw[k + 3])
                }
                k += channels
                // Blend "over" is only used where every written pixel is opaque or fully transparent.
                if frame.blendOver && rgba.3 == 0 { continue }
                let i = (y * width + x) * 4
                canvas[i] = rgba.0
                canvas[i + 1] = rgba.1
                canvas[i + 2] = rgba.2
                canvas[i + 3] = rgba.3
            }
        }
        return true
    }

    /// The frame `pixels` over `rect`, drawn on `screen`, in `format`: written the smaller of the exact ways
    /// (compressed on the writer's threads).
    /// A `draft` is only the rectangle's pixels, unfiltered and deflated fast, to be decoded and written
    /// again at the end.
    private func compress(_ pixels: Patch, over screen: Patch, format: APNGPixelFormat, first: Bool,
                          frames count: Int, disposePrevious: Bool = false, draft: Bool = false) -> CompressedFrame {
        let rect = pixels.rect
        let source = crop(pixels, screen, format: format, keepUnchanged: true)
        if draft {
            let frame = CompressedFrame(rect: rect, format: format, frameCount: Counter(count),
                                        disposePrevious: disposePrevious)
            frame.data.set(Deflate.compressSmall(PNGRows.filter(source.bytes, rowBytes: source.rowBytes, rows: source.rows,
                                                                bytesPerPixel: format.channels, only: 0), level: 1))
            return frame
        }
        // Pillow misreads a frame that blends "over" and is disposed "previous" (see the type's notes).
        let canBlend = !first && !disposePrevious && format != .indexedOpaque && pixels.changedAreOpaque(over: screen)
        let over = canBlend ? crop(pixels, screen, format: format, keepUnchanged: false) : nil
        let fewerWays: Bool
        if case .libdeflate(_, let fewer) = compression { fewerWays = fewer } else { fewerWays = false }
        let overFilled = canBlend && !fewerWays ? Self.shortRuns.map { crop(pixels, screen, format: format, keepUnchanged: false, keepingRunsShorterThan: $0) } : []
        let frame = CompressedFrame(rect: rect, format: format, frameCount: Counter(count), disposePrevious: disposePrevious)
        let channels = format.channels
        let crops = [source] + (over.map { [$0] } ?? []) + overFilled
        // Each crop's rows with each row's best filter and unfiltered; the short runs kept, only unfiltered.
        var ways = [Way(crop: 0, only: nil, blendOver: false), Way(crop: 0, only: 0, blendOver: false)]
        if over != nil { ways += [Way(crop: 1, only: nil, blendOver: true), Way(crop: 1, only: 0, blendOver: true)] }
        if fewerWays { ways = ways.filter { $0.only == 0 } }
        ways += overFilled.indices.map { Way(crop: 2 + $0, only: 0, blendOver: true) }
        let work: @Sendable () -> Void = { [ways, isCancelled, compression] in
            guard !isCancelled() else { return frame.data.set([]) }
            let (data, blendOver) = Self.smallest(of: ways, crops: crops, channels: channels, compression: compression)
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

    /// A way of writing a frame: one of its crops (source, over, over with short runs kept), its rows' filter
    /// (each row's best, or one for all), and the blend that crop needs.
    struct Way: Sendable {
        var crop: Int
        var only: Int?
        var blendOver: Bool
    }

    /// The smallest data of the `ways` of writing `crops` (rows of `channels` bytes a pixel), and its blend.
    ///
    /// Each way's rows are deflated by zlib: at level 6 for RGB and RGBA (a fifth less CPU than level 9, and
    /// the same choices within 0.1 % on the seven scenes) and 9 for palette indices (level 6 chose worse
    /// there: wave-uikit 3 % larger). Each row's best filter by the heuristic, and no filter at all (which
    /// wins on most cropped frames of flat interface graphics: on the seek scene 597 KB against 741 KB for the
    /// heuristic alone); other single filters (sub, up) and zlib's Z_FILTERED and Z_RLE strategies as further
    /// ways gained under 0.2 % (wave-background, seek), and the up filter nothing at level 12.
    ///
    /// The ways within `closeCall` of the smallest zlib size are deflated again by libdeflate at level 12,
    /// which parses near-optimally: 2 to 8 % smaller than zlib's level 9 on the seven scenes (zlib ranks ways
    /// far apart correctly, but not always close ones; level 11 is faster but gives most of the gain back:
    /// wave-mask 738 -> 761 KB). Then the smallest is deflated once more by `OptimalDeflate`, whose shortest
    /// path is smaller again on most frames (whole files: 0.3 % smaller on lucky-wheel, whose turned bitmap
    /// leaves few matches, 2 to 5 % on five scenes, 10 % on wave-uikit's palette indices), for 40 to 80 % more
    /// time of the whole render; libdeflate's stays where it is smaller. Running it on every close way gained
    /// nothing on lucky-wheel for twice its time. Rows are filtered again for each step rather than kept, so
    /// that a frame holds one filtered copy at a time.
    ///
    /// At `Compression.libdeflate`, each way is deflated once by libdeflate at that level and the smallest kept.
    private static func smallest(of ways: [Way], crops: [(bytes: [UInt8], rowBytes: Int, rows: Int)],
                                 channels: Int, compression: Compression) -> ([UInt8], Bool) {
        func filtered(_ way: Way) -> [UInt8] {
            let raw = crops[way.crop]
            return PNGRows.filter(raw.bytes, rowBytes: raw.rowBytes, rows: raw.rows, bytesPerPixel: channels, only: way.only)
        }
        if case .libdeflate(let level, _) = compression {
            var best: (data: [UInt8], way: Way)? = nil
            for way in Self.probed(ways, crops: crops, channels: channels, level: level) {
                let data = Deflate.compressSmall(filtered(way), level: level)
                if best == nil || data.count < best!.data.count { best = (data, way) }
            }
            return (best!.data, best!.way.blendOver)
        }
        let zlib = ways.map { Deflate.compress(filtered($0), level: channels == 1 ? 9 : 6) }
        let zlibBest = zlib.map(\.count).min() ?? 0
        var best: (data: [UInt8], way: Way)? = nil
        for (way, data) in zip(ways, zlib) where Double(data.count) <= Double(zlibBest) * (1 + closeCall) {
            let level12 = Deflate.compressSmall(filtered(way), level: 12)
            let smaller = level12.count < data.count ? level12 : data
            if best == nil || smaller.count < best!.data.count { best = (smaller, way) }
        }
        let rows = filtered(best!.way)
        // Kept only if it reads back exactly (a guard: the tests check the encoder itself).
        if let optimal = OptimalDeflate.compress(rows), optimal.count < best!.data.count,
           Deflate.decompress(optimal, count: rows.count) == rows {
            return (optimal, best!.way.blendOver)
        }
        return (best!.data, best!.way.blendOver)
    }

    /// The runs of unchanged pixels shorter than these are written as they are in a candidate each (8 and 32
    /// together were 0.07 % smaller than 32 alone on seek, for 40 % more time).
    static let shortRuns = [32]

    /// `ways` without the per-row-filter ways of large crops at `Compression.libdeflate`, unless a sample
    /// of the crop's rows says filtering wins by far. On every crop of 256 KiB or more in the bundled and
    /// the heavy bench scenes (965 crops), unfiltered rows deflated at level 7 were smaller than each
    /// row's best filter (by 1.4 to 29 %; one palette frame of wave-uikit 0.7 % larger), and deflating the
    /// filtered rows was two of the five ways a frame of `bench/scenes/drag-card.json` paid for. Content
    /// whose rows the filters flatten (photographs: smooth ramps along each row) is the exception, so an
    /// eighth of the rows, in bands long enough to hold deflate's 32 KiB window, is deflated both ways at
    /// the chosen `level`: filtered rows at most `filterWins` of the unfiltered keep both ways. The sample
    /// favours filtering (unfiltered rows find fewer matches at each band's start): a turned gradient's
    /// sample was 0.91 filtered against unfiltered, its whole frame 1.19.
    static func probed(_ ways: [Way], crops: [(bytes: [UInt8], rowBytes: Int, rows: Int)], channels: Int,
                       level: Int32) -> [Way] {
        var left: Set<Int> = []
        for (i, way) in ways.enumerated() where way.only == nil {
            let raw = crops[way.crop]
            guard raw.bytes.count >= probedBytes, ways.contains(where: { $0.crop == way.crop && $0.only == 0 }) else { continue }
            func sampled(_ only: Int?) -> Int {
                var sample: [UInt8] = []
                let bandRows = max(16, (32 << 10) / max(1, raw.rowBytes) + 8)
                for start in stride(from: 0, to: raw.rows, by: 8 * bandRows) {
                    let first = max(0, start - 1), end = min(raw.rows, start + bandRows)
                    let band = Array(raw.bytes[(first * raw.rowBytes)..<(end * raw.rowBytes)])
                    sample += PNGRows.filter(band, rowBytes: raw.rowBytes, rows: end - first, bytesPerPixel: channels, only: only)
                }
                return Deflate.compressSmall(sample, level: level).count
            }
            if Double(sampled(nil)) > Double(sampled(0)) * filterWins { left.insert(i) }
        }
        return ways.indices.filter { !left.contains($0) }.map { ways[$0] }
    }

    /// The crop size from which the per-row-filter ways are left out: 256 KiB.
    static let probedBytes = 256 << 10
    /// The share of the unfiltered sample's size under which filtered rows keep their way: 0.8.
    static let filterWins = 0.8

    /// How far above the smallest zlib size a candidate may be and still be compressed at level 12: 2 %.
    static let closeCall = 0.02

    /// The patch's pixels in `format`; with `keepUnchanged` false, pixels equal to the `screen` patch's are
    /// transparent instead (index 0, the key colour, transparent black).
    private func crop(_ pixels: Patch, _ screen: Patch, format: APNGPixelFormat, keepUnchanged: Bool,
                      keepingRunsShorterThan shortRun: Int = 0) -> (bytes: [UInt8], rowBytes: Int, rows: Int) {
        let channels = format.channels, rect = pixels.rect
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * channels)
        var lastWord: UInt32 = 0, lastIndex = colors.index(of: 0)
        pixels.bytes.withUnsafeBytes { pBytes in
            screen.bytes.withUnsafeBytes { sBytes in
                out.withUnsafeMutableBufferPointer { o in
                    let p = pBytes.bindMemory(to: UInt32.self), s = sBytes.bindMemory(to: UInt32.self)
                    var k = 0
                    var keptUntil = 0 // pixels before this index in a short run of unchanged opaque ones are kept
                    for i in 0..<(rect.width * rect.height) {
                        let word = p[i]
                        var transparent = !keepUnchanged && word == s[i]
                        if transparent && shortRun > 0 && i >= keptUntil && (i % rect.width == 0 || p[i - 1] != s[i - 1]) {
                            // A run of unchanged pixels starts: it is kept if short and opaque.
                            let rowEnd = i - i % rect.width + rect.width
                            var end = i
                            while end < rowEnd && p[end] == s[end] && p[end] >> 24 == 255 { end += 1 }
                            if end - i < shortRun && (end == rowEnd || p[end] != s[end]) { keptUntil = end }
                        }
                        if i < keptUntil { transparent = false }
                        switch format {
                        case .indexed, .indexedOpaque:
                            if !transparent {
                                if word != lastWord { (lastWord, lastIndex) = (word, colors.index(of: word)) }
                                o[k] = lastIndex
                            }
                        case .keyed(let key):
                            let rgb = transparent ? key : word
                            o[k] = UInt8(rgb & 0xFF)
                            o[k + 1] = UInt8(rgb >> 8 & 0xFF)
                            o[k + 2] = UInt8(rgb >> 16 & 0xFF)
                        case .rgba:
                            if !transparent {
                                o[k] = UInt8(word & 0xFF)
                                o[k + 1] = UInt8(word >> 8 & 0xFF)
                                o[k + 2] = UInt8(word >> 16 & 0xFF)
                                o[k + 3] = UInt8(word >> 24)
                            }
                        }
                        k += channels
                    }
                }
            }
        }
        return (out, rect.width * channels, rect.height)
    }

    /// The bounding box of the pixels that differ from the screen, or nil if none does.
    private func changedRect(_ pixels: [UInt8], from screen: [UInt8]) -> Rect? {
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

        /// How many pixels the rectangle holds.
        var area: Int { width * height }
    }

    /// The RGBA pixels of one rectangle of a frame or screen, rows top to bottom.
    struct Patch {
        let bytes: [UInt8]
        let rect: Rect

        init(bytes: [UInt8], rect: Rect) {
            self.bytes = bytes
            self.rect = rect
        }

        /// The pixels of `rect` in the `width`-pixel-wide RGBA `frame`.
        init(cropping frame: [UInt8], width: Int, to rect: Rect) {
            var bytes = [UInt8]()
            bytes.reserveCapacity(rect.width * rect.height * 4)
            for y in rect.y..<(rect.y + rect.height) {
                let start = (y * width + rect.x) * 4
                bytes += frame[start..<(start + rect.width * 4)]
            }
            self.init(bytes: bytes, rect: rect)
        }

        /// Writes the patch back into the `width`-pixel-wide RGBA `frame`, where it came from.
        func paste(into frame: inout [UInt8], width: Int) {
            let rowBytes = rect.width * 4
            for row in 0..<rect.height {
                let start = ((rect.y + row) * width + rect.x) * 4
                frame.replaceSubrange(start..<(start + rowBytes), with: bytes[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
        }

        /// How many pixels differ from `other`'s (a patch of the same rectangle).
        func changedCount(from other: Patch) -> Int {
            bytes.withUnsafeBytes { a in
                other.bytes.withUnsafeBytes { b in
                    let p = a.bindMemory(to: UInt32.self), s = b.bindMemory(to: UInt32.self)
                    var count = 0
                    for i in 0..<p.count where p[i] != s[i] { count += 1 }
                    return count
                }
            }
        }

        /// Whether every pixel that differs from `screen`'s (a patch of the same rectangle) is opaque.
        func changedAreOpaque(over screen: Patch) -> Bool {
            bytes.withUnsafeBytes { a in
                screen.bytes.withUnsafeBytes { b in
                    let p = a.bindMemory(to: UInt32.self), s = b.bindMemory(to: UInt32.self)
                    for i in 0..<p.count where p[i] >> 24 != 255 && p[i] != s[i] { return false }
                    return true
                }
            }
        }
    }

    /// A frame's rectangle, pixel format and, once compressed, its data and blend mode (set on a compression
    /// thread, read after `data` is set, which publishes it).
    final class CompressedFrame: @unchecked Sendable {
        let rect: Rect
        let format: APNGPixelFormat
        var blendOver = false
        let data = Ready<[UInt8]>()
        let frameCount: Counter
        /// Whether the frame's rectangle goes back to what it covered once the frame has shown (disposal
        /// "previous"), rather than staying (disposal "none").
        let disposePrevious: Bool

        init(rect: Rect, format: APNGPixelFormat, frameCount: Counter, disposePrevious: Bool = false) {
            self.rect = rect
            self.format = format
            self.frameCount = frameCount
            self.disposePrevious = disposePrevious
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

