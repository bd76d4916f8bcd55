#if canImport(Glibc)
import Glibc
#endif

/// Writes bytes to a file through a buffer of its own, checking every system call.
///
/// The file is created (or truncated) private (0600); whoever publishes it sets its final permissions.
/// A failed write or close closes the descriptor at once, so nothing outlives the error.
public final class FileByteWriter: ByteWriter {
    /// The file written.
    public let path: String
    /// The path errors name (the file a user asked for, when `path` is a temporary beside it).
    public let shownPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private let bufferSize: Int
    private var isRemoved = false

    /// Opens `path` for writing; errors name `shownPath` (default: `path`).
    public init(path: String, shownPath: String? = nil, bufferSize: Int = 1 << 16) throws {
        self.path = path
        self.shownPath = shownPath ?? path
        self.bufferSize = max(1, bufferSize)
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(path: self.shownPath, reason: Self.lastError()) }
        buffer.reserveCapacity(self.bufferSize)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard descriptor >= 0 else { throw WriteError(path: shownPath, reason: "the file is already closed") }
        if buffer.count + bytes.count > bufferSize {
            try flush()
            if bytes.count >= bufferSize { return try writeAll(bytes) }
        }
        buffer.append(contentsOf: bytes)
    }

    public func close() throws {
        guard descriptor >= 0 else { throw WriteError(path: shownPath, reason: "the file is already closed") }
        try flush()
        let result = Glibc.close(descriptor)
        descriptor = -1
        guard result == 0 else { throw WriteError(path: shownPath, reason: Self.lastError()) }
    }

    public func abandon() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        buffer = []
        if !isRemoved { unlink(path) }
        isRemoved = true
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try writeAll($0) }
    }

    /// Writes all of `bytes`, going on after short writes and interrupted calls; any other failure closes the file.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = written == 0 ? "the system wrote nothing" : Self.lastError()
                Glibc.close(descriptor)
                descriptor = -1
                throw WriteError(path: shownPath, reason: reason)
            }
            offset += written
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
