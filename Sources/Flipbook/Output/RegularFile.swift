import Foundation

/// A regular file opened for reading, never a device, FIFO or folder: opened without blocking, then
/// checked with `fstat` before a byte is read (a FIFO would otherwise block forever, `/dev/zero` never end).
final class RegularFile {
    /// Why a path cannot be read as a regular file.
    enum Failure: Error, Equatable {
        case missing
        case directory
        case notRegular
        case unreadable(String)

        /// The message, as it follows "<path>: ".
        var message: String {
            switch self {
            case .missing: return "no such file"
            case .directory: return "is a directory, not a file"
            case .notRegular: return "not a regular file"
            case .unreadable(let reason): return "cannot read the file: \(reason)"
            }
        }
    }

    let descriptor: Int32
    /// The file's size in bytes when it was opened.
    let size: Int
    /// The device and inode: the same for every spelling of the file's path (and for hard links).
    let identity: FileIdentity

    init(path: String) throws(Failure) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .missing
            default: throw .unreadable(String(cString: strerror(code)))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadable(reason)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw kind == S_IFDIR ? .directory : .notRegular
        }
        // Reads from here on may block as usual (a regular file never makes them wait for a writer).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
        size = Int(info.st_size)
        identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    deinit { close(descriptor) }

    /// The whole file, read from its start; at most `limit` bytes (nil when it holds more).
    func readAll(limit: Int) throws(Failure) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(size, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { return nil }
            bytes.append(contentsOf: chunk[0..<count])
            offset += off_t(count)
        }
    }
}

/// A file's device and inode numbers.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
}

/// Reads a file front to back through a buffer, for the recognisers of existing outputs: single bytes,
/// short runs and skips (skips past the buffer seek instead of reading).
final class ByteStream {
    private let file: RegularFile
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    /// The file offset of `buffer[0]`.
    private var bufferOffset = 0

    init(_ file: RegularFile) {
        self.file = file
    }

    /// The offset of the next byte.
    var position: Int { bufferOffset + start }

    /// True when every byte has been consumed.
    var atEnd: Bool { position >= file.size && !refill() }

    /// The next byte, or nil at the end of the file.
    func byte() -> UInt8? {
        if start == end && !refill() { return nil }
        defer { start += 1 }
        return buffer[start]
    }

    /// The next `count` bytes, or nil when the file ends first.
    func bytes(_ count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            if start == end && !refill() { return nil }
            let take = min(count - out.count, end - start)
            out.append(contentsOf: buffer[start..<start + take])
            start += take
        }
        return out
    }

    /// Skips `count` bytes; false when the file ends first.
    func skip(_ count: Int) -> Bool {
        guard count >= 0 else { return false }
        let buffered = end - start
        if count <= buffered {
            start += count
            return true
        }
        let target = position + count
        guard target <= file.size else { return false }
        bufferOffset = target
        start = 0
        end = 0
        return true
    }

    /// Reads the next part of the file into the buffer; false at the end (or on a read error).
    private func refill() -> Bool {
        bufferOffset += start
        start = 0
        end = 0
        let count = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, off_t(bufferOffset)) }
        guard count > 0 else { return false }
        end = count
        return true
    }
}
