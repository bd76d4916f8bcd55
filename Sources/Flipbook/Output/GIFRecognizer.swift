/// Tells whether a file is a complete GIF: its header, a walk over every block to the trailer, and
/// nothing after it.
enum GIFRecognizer {
    /// nil when `stream` holds a complete GIF, else what it is instead.
    static func problem(in stream: ByteStream) -> String? {
        guard let header = stream.bytes(6), header == Array("GIF89a".utf8) || header == Array("GIF87a".utf8) else {
            return "it is not a GIF file (it does not start with GIF87a or GIF89a)"
        }
        let incomplete = "it is not a complete GIF file (it ends before the trailer)"
        guard let screen = stream.bytes(7) else { return incomplete }
        if screen[4] & 0x80 != 0, !stream.skip(colorTableBytes(screen[4])) { return incomplete }
        var images = 0
        while true {
            guard let introducer = stream.byte() else { return incomplete }
            switch introducer {
            case 0x21:
                guard stream.byte() != nil, skipSubBlocks(stream) else { return incomplete }
            case 0x2C:
                guard let descriptor = stream.bytes(9) else { return incomplete }
                if descriptor[8] & 0x80 != 0, !stream.skip(colorTableBytes(descriptor[8])) { return incomplete }
                guard let codeSize = stream.byte() else { return incomplete }
                guard (1...12).contains(codeSize) else { return "it is not a valid GIF file (an image has LZW code size \(codeSize))" }
                guard skipSubBlocks(stream) else { return incomplete }
                images += 1
            case 0x3B:
                guard images > 0 else { return "it is not a GIF file this tool writes (it holds no image)" }
                guard stream.atEnd else { return "it is not a GIF file (bytes follow the trailer)" }
                return nil
            default:
                return "it is not a valid GIF file (unknown block 0x\(String(introducer, radix: 16)) at byte \(stream.position - 1))"
            }
        }
    }

    /// The size of a colour table whose size bits are in `packed`.
    static func colorTableBytes(_ packed: UInt8) -> Int {
        3 << (Int(packed & 0x07) + 1)
    }

    /// Skips data sub-blocks up to and including the empty one that ends them; false if the file ends first.
    static func skipSubBlocks(_ stream: ByteStream) -> Bool {
        while true {
            guard let length = stream.byte() else { return false }
            if length == 0 { return true }
            guard stream.skip(Int(length)) else { return false }
        }
    }
}
