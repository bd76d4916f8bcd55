import ByteStream
import Pixels

/// The byte stream: images queued for compression and written strictly in order, and the colour tables.
extension GIFWriter {
    /// The code the file gives each index of `palette`: its colour tables put the transparent index first, as
    /// code 0, and the colours after it in order, so an image that uses only the first colours of the palette
    /// (and transparency) needs only small codes and is compressed with a smaller minimum code size.
    /// A full palette has no transparent index: its codes are its indices.
    static func fileCodes(_ palette: Palette) -> [UInt8] {
        guard let transparentIndex = palette.transparentIndex else { return (0...255).map { UInt8($0) } }
        let transparent = Int(transparentIndex)
        return (0...255).map { index in index == transparent ? 0 : UInt8(truncatingIfNeeded: index + 1) }
    }

    /// Hands the candidate index buffers of one image over `rect` (`rect.width` a row, rows top to bottom,
    /// each showing the same picture) to the compressor, and writes the images that are ready, waiting for
    /// the oldest while too many are waiting.
    @discardableResult
    func queueImage(rect: GIFRect, delay: Int, disposal: GIFDisposal, palette local: Palette?,
                    transparent: UInt8?, candidates: [Candidate]) throws -> [(kind: Candidate.Kind, job: LZWJob)] {
        let codes = local.map(Self.fileCodes) ?? globalCodes
        let transparentCode = transparent.map { codes[Int($0)] }
        // An image under a local colour table is coded with at least that table's bits.
        let codeSize = local.map { Self.tableBits($0) }
        // Interlacing reorders only images of three rows or more.
        let jobs = candidates.filter { !$0.interlaced || rect.height > 2 }.map {
            ($0.kind, compressor.compress(LZWImage(indices: $0.indices, alternates: $0.alternates, codes: codes,
                                                   codeSize: codeSize, width: rect.width, interlaced: $0.interlaced)))
        }
        waiting.append(WaitingImage(rect: rect, delay: delay, disposal: disposal, palette: local,
                                    transparentCode: transparentCode, candidates: jobs.map(\.1)))
        imagesMade += 1
        try writeWaiting(all: false)
        return jobs
    }

    /// Writes the waiting images in order: all of them, or those already compressed plus as many as it takes
    /// to leave fewer than `maxWaiting`.
    func writeWaiting(all: Bool) throws {
        var written = 0
        defer { waiting.removeFirst(written) }
        for image in waiting {
            let mustWait = all || waiting.count - written >= maxWaiting
            guard mustWait || image.candidates.allSatisfy(\.isDone) else { break }
            try writeImage(image)
            written += 1
        }
    }

    /// Writes one image with the candidate that compressed smallest (the first of equals), and its local
    /// colour table if it has one.
    func writeImage(_ image: WaitingImage) throws {
        var best = image.candidates[0].data
        for job in image.candidates.dropFirst() where job.data.bitCount < best.bitCount { best = job.data }
        let table = image.palette.map(Self.colorTable)
        try writing { stream in
            try stream.writeImage(rect: image.rect, delay: image.delay, disposal: image.disposal,
                                  transparentCode: image.transparentCode, table: table, data: best)
        }
        imagesWritten += 1
    }

    /// The bits of the colour table of `palette` and its transparent index, if it has one (at least 2, as LZW needs).
    static func tableBits(_ palette: Palette) -> Int {
        let entries = palette.colors.count + (palette.transparentIndex == nil ? 0 : 1)
        var bits = 2
        while 1 << bits < entries { bits += 1 }
        return bits
    }

    /// The colour table of `palette`: the transparent index (black; a full palette has none) followed by
    /// the palette's colours, padded to a power of two (`tableBits`); see `fileCodes`.
    static func colorTable(_ palette: Palette) -> [RGB8] {
        var colors = palette.transparentIndex == nil ? [] : [RGB8(r: 0, g: 0, b: 0)]
        colors += palette.colors
        colors += Array(repeating: RGB8(r: 0, g: 0, b: 0), count: (1 << tableBits(palette)) - colors.count)
        return colors
    }
}

/// An image made by `GIFWriter`, waiting for its compression to be written.
struct WaitingImage {
    let rect: GIFRect
    let delay: Int
    let disposal: GIFDisposal
    let palette: Palette?
    /// The file code of the image's transparent index, if it has one.
    let transparentCode: UInt8?
    /// The compressions of equally faithful index buffers; the smallest is written.
    let candidates: [LZWJob]
}
