import ByteStream

/// The byte layout of a GIF89a file (header, colour tables, extensions, image descriptors, LZW sub-blocks),
/// written in order to a `ByteWriter`.
///
/// It only lays bytes out; which images to write and how to compress them is `GIFWriter`'s business.
/// Every write fault arrives as the writer's `WriteError`.
struct GIFStream {
    let output: ByteWriter
    private var bytes: [UInt8] = []

    init(output: ByteWriter) {
        self.output = output
        bytes.reserveCapacity(1024)
    }

    /// The header, the logical screen descriptor with its global colour `table`, and the NETSCAPE2.0 loop extension.
    mutating func writeHeader(width: Int, height: Int, table: [RGB8], loopCount: Int) throws {
        bytes.append(contentsOf: Array("GIF89a".utf8))
        appendShort(width)
        appendShort(height)
        // A global table; 8 bits of colour resolution; the table's size as bits - 1.
        bytes.append(0x80 | 0x70 | UInt8(Self.bits(of: table.count) - 1))
        bytes.append(0) // background index
        bytes.append(0) // pixel aspect ratio
        appendTable(table)
        bytes.append(contentsOf: [0x21, 0xFF, 11])
        bytes.append(contentsOf: Array("NETSCAPE2.0".utf8))
        bytes.append(contentsOf: [3, 1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8), 0])
        try flush()
    }

    /// One image: its graphics control extension, descriptor, optional local colour `table`, and LZW data.
    mutating func writeImage(rect: GIFRect, delay: Int, disposal: GIFDisposal, transparentCode: UInt8?,
                             table: [RGB8]?, data: LZWData) throws {
        bytes.append(contentsOf: [0x21, 0xF9, 4])
        bytes.append(disposal.rawValue << 2 | (transparentCode == nil ? 0 : 1))
        appendShort(delay)
        bytes.append(transparentCode ?? 0xFF)
        bytes.append(0)
        bytes.append(0x2C)
        appendShort(rect.x)
        appendShort(rect.y)
        appendShort(rect.width)
        appendShort(rect.height)
        var flags: UInt8 = data.interlaced ? 0x40 : 0
        if let table { flags |= 0x80 | UInt8(Self.bits(of: table.count) - 1) }
        bytes.append(flags)
        if let table { appendTable(table) }
        bytes.append(UInt8(data.minCodeSize))
        try flush()
        try output.write(data.blocks)
        bytes.append(0) // block terminator
        try flush()
    }

    /// The trailer; then the output is closed.
    mutating func finish() throws {
        bytes.append(0x3B)
        try flush()
        try output.close()
    }

    /// The bits of a colour table of `count` entries: a power of two from 2 to 256.
    static func bits(of count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    private mutating func appendTable(_ table: [RGB8]) {
        for color in table { bytes.append(contentsOf: [color.r, color.g, color.b]) }
        let size = 1 << Self.bits(of: table.count)
        bytes.append(contentsOf: repeatElement(0, count: 3 * (size - table.count)))
    }

    private mutating func appendShort(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    private mutating func flush() throws {
        defer { bytes.removeAll(keepingCapacity: true) }
        try output.write(bytes)
    }
}

/// What a decoder does with an image's rectangle before drawing the next one.
enum GIFDisposal: UInt8 {
    /// Leave the image on screen.
    case keep = 1
    /// Clear its rectangle to the background (transparent).
    case background = 2
}
