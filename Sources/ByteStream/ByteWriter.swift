/// Where an encoder's bytes go: a file, memory, or (in tests) a writer that fails on purpose.
///
/// Encoders write through this seam only, so every write fault reaches them as one thrown `WriteError`,
/// and tests can make any format's output fail after any number of bytes (`FailingByteWriter`).
public protocol ByteWriter: AnyObject {
    /// Appends `bytes`, throwing `WriteError` if they cannot be stored.
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Stores whatever is buffered and closes the output, throwing `WriteError` if that fails.
    func close() throws
    /// Closes the output without caring for errors and removes what was written, if anything can be.
    func abandon()
}

extension ByteWriter {
    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: ArraySlice<UInt8>) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// A failure to store an output's bytes: which output, and why (the system's message, such as
/// "No space left on device").
public struct WriteError: Error, CustomStringConvertible, Equatable {
    /// The output being written.
    public let path: String
    /// Why it failed.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "cannot write path: reason".
    public var description: String { "cannot write \(path): \(reason)" }
}
