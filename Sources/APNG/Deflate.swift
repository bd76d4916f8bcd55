import CDeflate
import CZlib

/// zlib's deflate over a whole buffer, as PNG's IDAT/fdAT data needs it.
enum Deflate {
    /// `bytes` compressed into one zlib stream at `level` (0...9) with zlib's largest window and memory.
    static func compress(_ bytes: [UInt8], level: Int32 = 9, strategy: Int32 = Z_DEFAULT_STRATEGY) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15, 9, strategy, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var produced = 0
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                // With deflateBound's room, one Z_FINISH call completes the stream.
                _ = deflate(&stream, Z_FINISH)
                produced = out.count - Int(stream.avail_out)
            }
        }
        // A copy of exactly the compressed bytes: the deflateBound-sized buffer would otherwise stay
        // allocated (removing elements keeps an array's capacity) for as long as the frame is kept.
        return Array(output[..<produced])
    }

    /// `bytes` compressed into one zlib stream by libdeflate at `level` (1...12; 10 to 12 parse near-optimally).
    static func compressSmall(_ bytes: [UInt8], level: Int32 = 12) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { return compress(bytes) }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let produced = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard produced > 0 else { return compress(bytes) }
        return Array(output[..<produced])
    }

    /// The `count` bytes `data` inflates to (nil if it does not hold exactly that many).
    static func decompress(_ data: [UInt8], count: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: count)
        var length = uLongf(count)
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        return status == Z_OK && Int(length) == count ? output : nil
    }

    /// The CRC-32 of `bytes`, continuing from `crc`.
    static func crc(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(uLong(crc), $0.baseAddress, uInt($0.count))) }
    }
}
