import CZlib

/// A PNG file's bytes checked before they are decoded: its chunks walked, its image data inflated only
/// as far as the size its header declares (a small file that inflates to gigabytes is refused after
/// that size, not inflated to the end), and the compressed ancillary chunks nothing here reads (zTXt,
/// iTXt, iCCP) left out, so the decoder never inflates them either.
struct PNGData {
    /// The bytes to decode: the file without its compressed ancillary chunks.
    let bytes: [UInt8]
    let width: Int
    let height: Int

    /// Why a PNG file is refused.
    struct Problem: Error {
        let message: String
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Chunks that are compressed and that nothing here reads.
    static let dropped: Set<String> = ["zTXt", "iTXt", "iCCP"]

    init(_ file: [UInt8]) throws(Problem) {
        guard file.count >= 33, Array(file[0..<8]) == Self.signature, Array(file[12..<16]) == Array("IHDR".utf8) else {
            throw Problem(message: "not a PNG file")
        }
        func word(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = word(16)
        height = word(20)
        let bitDepth = Int(file[24]), colorType = Int(file[25]), interlaced = file[28] == 1
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw Problem(message: "not a valid PNG file (colour type \(colorType))")
        }
        guard [1, 2, 4, 8, 16].contains(bitDepth) else { throw Problem(message: "not a valid PNG file (bit depth \(bitDepth))") }
        var kept = Self.signature
        var compressed: [UInt8] = []
        var offset = 8
        var ended = false
        while offset + 12 <= file.count && !ended {
            let length = word(offset)
            let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
            guard length < 1 << 31, offset + 12 + length <= file.count else {
                throw Problem(message: "not a valid PNG file (the \(type) chunk at byte \(offset) runs past the end)")
            }
            if type == "IDAT" { compressed.append(contentsOf: file[offset + 8..<offset + 8 + length]) }
            if !Self.dropped.contains(type) { kept.append(contentsOf: file[offset..<offset + 12 + length]) }
            ended = type == "IEND"
            offset += 12 + length
        }
        guard ended else { throw Problem(message: "not a complete PNG file (no IEND chunk)") }
        let expected = Self.rawSize(width: width, height: height, bitsPerPixel: bitDepth * channels, interlaced: interlaced)
        try Self.checkInflatedSize(compressed, expected: expected, width: width, height: height)
        bytes = kept
    }

    /// The bytes the image data inflates to: each row (of each Adam7 pass when interlaced) is a filter
    /// byte and its packed pixels.
    static func rawSize(width: Int, height: Int, bitsPerPixel: Int, interlaced: Bool) -> Int {
        func rows(_ w: Int, _ h: Int) -> Int { w == 0 || h == 0 ? 0 : h * (1 + (w * bitsPerPixel + 7) / 8) }
        guard interlaced else { return rows(width, height) }
        // Adam7: (x start, y start, x step, y step) of the seven passes.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, p in
            total + rows((width - p.0 + p.2 - 1) / p.2, (height - p.1 + p.3 - 1) / p.3)
        }
    }

    /// Inflates `compressed` into a small scratch buffer, stopping as soon as it yields more than
    /// `expected` bytes.
    static func checkInflatedSize(_ compressed: [UInt8], expected: Int, width: Int, height: Int) throws(Problem) {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Problem(message: "cannot start inflating the image data")
        }
        defer { inflateEnd(&stream) }
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        var produced = 0
        var status: Int32 = Z_OK
        var input = compressed
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            scratch.withUnsafeMutableBufferPointer { out in
                while status == Z_OK && produced <= expected {
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    produced += out.count - Int(stream.avail_out)
                    if status == Z_BUF_ERROR && stream.avail_in > 0 && stream.avail_out == 0 { status = Z_OK }
                }
            }
        }
        guard produced <= expected else {
            throw Problem(message: "the image data inflates to more than the \(expected) bytes a \(width) x \(height) image "
                          + "holds (a decompression bomb?)")
        }
        guard status == Z_STREAM_END, produced == expected else {
            throw Problem(message: "cannot decode the PNG file (its image data is \(status == Z_STREAM_END ? "too short" : "damaged"))")
        }
    }
}
