/// Tells whether a file is a complete animated WebP: a RIFF/WEBP container whose declared size is the
/// file's, a VP8X chunk first with the animation flag, an ANIM chunk, and chunks that end exactly where
/// the container does.
enum WebPRecognizer {
    /// nil when `stream` holds a complete animated WebP, else what it is instead.
    static func problem(in stream: ByteStream, fileSize: Int) -> String? {
        guard let header = stream.bytes(12), Array(header[0..<4]) == Array("RIFF".utf8),
              Array(header[8..<12]) == Array("WEBP".utf8) else {
            return "it is not a WebP file (no RIFF/WEBP header)"
        }
        let declared = littleEndian(header[4..<8])
        guard declared + 8 == fileSize else {
            return declared + 8 > fileSize ? "it is not a complete WebP file (it is shorter than its header says)"
                                           : "it is not a WebP file this tool writes (bytes follow the RIFF container)"
        }
        var first = true
        var animated = false
        var sawAnimation = false
        while !stream.atEnd {
            guard let head = stream.bytes(8) else { return "it is not a complete WebP file (a chunk is cut short)" }
            let type = String(decoding: head[0..<4], as: UTF8.self)
            let length = littleEndian(head[4..<8])
            if first {
                guard type == "VP8X", length >= 10, let flags = stream.byte() else {
                    return "it is a still WebP, not an animated one (no VP8X chunk first)"
                }
                animated = flags & 0x02 != 0
                guard stream.skip(length - 1 + length % 2) else { return "it is not a complete WebP file (a chunk is cut short)" }
                first = false
                continue
            }
            if type == "ANIM" { sawAnimation = true }
            guard stream.skip(length + length % 2) else { return "it is not a complete WebP file (a chunk is cut short)" }
        }
        guard !first, animated, sawAnimation else {
            return "it is a still WebP, not an animated one (no animation flag and ANIM chunk)"
        }
        return nil
    }

    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
