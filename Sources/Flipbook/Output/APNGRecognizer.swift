/// Tells whether a file is a complete animated PNG: the PNG signature, IHDR first, an acTL chunk before
/// the image data, and IEND as the last chunk, with nothing after it (or, for a still, any complete PNG).
enum APNGRecognizer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// nil when `stream` holds a complete APNG (or any complete PNG, unless `requiringAnimation`), else what
    /// it is instead.
    static func problem(in stream: ByteStream, requiringAnimation: Bool = true) -> String? {
        guard stream.bytes(8) == signature else { return "it is not a PNG file (no PNG signature)" }
        let incomplete = "it is not a complete PNG file (it ends before IEND)"
        var animated = false
        var sawData = false
        var first = true
        while true {
            guard let head = stream.bytes(8) else { return incomplete }
            let length = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            guard length < 1 << 31, head[4..<8].allSatisfy({ (0x41...0x5A).contains($0 & ~0x20) }) else {
                return "it is not a valid PNG file (a broken chunk at byte \(stream.position - 8))"
            }
            if first && type != "IHDR" { return "it is not a valid PNG file (IHDR is not the first chunk)" }
            first = false
            switch type {
            case "acTL": if !sawData { animated = true }
            case "IDAT": sawData = true
            default: break
            }
            guard stream.skip(length + 4) else { return incomplete }
            if type == "IEND" {
                guard stream.atEnd else { return "it is not a PNG file this tool writes (bytes follow IEND)" }
                guard animated || !requiringAnimation else { return "it is a still PNG, not an animated one (no acTL chunk before the image data)" }
                return nil
            }
        }
    }
}
