#if canImport(Glibc)
import Glibc
#endif

/// A fault-injection seam: passes bytes on to another writer (or keeps them) until `limit` bytes have been
/// written, then fails every write as a full disk does.
///
/// Tests put it under an encoder to check that a write fault, at any byte, ends in one `WriteError` and
/// leaves nothing behind.
public final class FailingByteWriter: ByteWriter {
    /// How many bytes are accepted before writes fail.
    public let limit: Int
    /// The path errors name.
    public let path: String
    /// The bytes accepted so far (when there is no writer to pass them to).
    public private(set) var bytes: [UInt8] = []
    /// How many writes failed.
    public private(set) var failures = 0
    public private(set) var isClosed = false
    public private(set) var isAbandoned = false
    private let next: ByteWriter?
    private var count = 0

    /// A writer failing after `limit` bytes, passing the ones before to `next` (or keeping them in `bytes`).
    public init(limit: Int, path: String = "(test output)", next: ByteWriter? = nil) {
        self.limit = limit
        self.path = path
        self.next = next
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard count + bytes.count <= limit else {
            // Like write(2) on a full disk: what fits is stored, then the call fails.
            let fits = max(0, limit - count)
            if fits > 0 { try pass(UnsafeRawBufferPointer(rebasing: bytes[0..<fits])) }
            failures += 1
            throw WriteError(path: path, reason: String(cString: strerror(ENOSPC)))
        }
        try pass(bytes)
    }

    public func close() throws {
        isClosed = true
        try next?.close()
    }

    public func abandon() {
        isAbandoned = true
        next?.abandon()
    }

    private func pass(_ part: UnsafeRawBufferPointer) throws {
        count += part.count
        if let next { try next.write(part) } else { bytes.append(contentsOf: part) }
    }
}

/// Keeps the bytes written in memory.
public final class MemoryByteWriter: ByteWriter {
    public private(set) var bytes: [UInt8] = []
    public private(set) var isClosed = false

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !isClosed else { throw WriteError(path: "(memory)", reason: "already closed") }
        self.bytes.append(contentsOf: bytes)
    }

    public func close() throws { isClosed = true }

    public func abandon() {
        isClosed = true
        bytes = []
    }
}
