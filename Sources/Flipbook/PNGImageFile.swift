import CSystem
import CZlib
import Foundation
import Pixels
import Raster
import SceneFormat

/// A PNG file read for comparison (a golden, an image given to `render compare`): opened only if it is
/// a regular file (never a FIFO or a device, which would block or never end), read whole up to a size
/// limit, its header checked against the pixel limit, its chunks and their checksums walked and its image
/// data inflated no further than the header declares, all before any pixel is decoded.
public struct PNGImageFile: Sendable {
    /// The most pixels an image read for comparison may have: a frame's limit (50 million).
    public static let maxPixels = Int(SceneLimits.maxFramePixels)
    /// The largest file read: enough for the largest image stored without compression.
    public static let maxFileBytes = 4 * maxPixels + (16 << 20)

    public let path: String
    public let width: Int
    public let height: Int
    let bytes: [UInt8]
    let identity: FileIdentity

    /// Reads and checks the file at `path` (not decoded yet). Errors are `RasterError`s naming `path`.
    public init(path: String) throws {
        self.path = path
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            throw RasterError(error == .directory ? "is a directory, not a PNG file" : error.message, path: path)
        }
        identity = file.identity
        let tooLarge = "the file is \(file.size) bytes; an image read for comparison is limited to \(Self.maxFileBytes) bytes"
        guard file.size <= Self.maxFileBytes else { throw RasterError(tooLarge, path: path) }
        // The header first: a file claiming too many pixels is refused before the rest is read.
        var header = [UInt8](repeating: 0, count: 24)
        let got = header.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, 24, 0) }
        guard got != 0 else { throw RasterError("not a PNG file (the file is empty)", path: path) }
        guard got == 24, let (width, height) = SceneImages.pngSize(header) else {
            throw RasterError("not a PNG file (it does not start with a PNG signature and header)", path: path)
        }
        guard width > 0, height > 0 else {
            throw RasterError("not a valid PNG file (its header declares \(width) x \(height) px)", path: path)
        }
        guard Double(width) * Double(height) <= Double(Self.maxPixels) else {
            throw RasterError("the image is \(width) x \(height) px, over the limit of \(Self.maxPixels) pixels for an "
                              + "image read for comparison", path: path)
        }
        let read: [UInt8]?
        do {
            read = try file.readAll(limit: Self.maxFileBytes)
        } catch {
            throw RasterError(error.message, path: path)
        }
        guard let bytes = read else { throw RasterError(tooLarge, path: path) }
        if let problem = Self.checksumProblem(bytes) { throw RasterError(problem, path: path) }
        do {
            self.bytes = try PNGData(bytes).bytes
        } catch {
            throw RasterError(error.message, path: path)
        }
        self.width = width
        self.height = height
    }

    /// The pixels, straight alpha.
    public func decode() throws -> PixelImage {
        do {
            return try PNGFile.decode(bytes)
        } catch let error as RasterError {
            throw RasterError("cannot decode the PNG file (\(error.message))", path: path)
        }
    }

    /// Whether `other` is the same file (device and inode), under any spelling of its path.
    public func isSameFile(as path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) == identity
    }

    /// The first chunk whose CRC does not match its bytes, as a message; nil when all match (chunks
    /// running past the end are left to `PNGData`).
    static func checksumProblem(_ file: [UInt8]) -> String? {
        var offset = 8
        while offset + 12 <= file.count {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length < 1 << 31, offset + 12 + length <= file.count else { return nil }
            let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
            let stored = file[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let computed = file.withUnsafeBufferPointer { all in
                UInt32(crc32(0, all.baseAddress! + offset + 4, UInt32(4 + length)))
            }
            guard stored == computed else {
                return "not a valid PNG file (the \(type) chunk at byte \(offset) is corrupt: its checksum does not match)"
            }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }
}

/// A PNG image written the way `render still` writes its frame: to a new file, or over a file that is a
/// complete PNG (checked by parsing it, so a typo cannot replace a text file), never over a device, a
/// FIFO, a folder or one of the files given as inputs; written to a private temporary file beside it and
/// renamed over it when complete.
public struct PNGOutputFile {
    public let path: String
    let file: OutputFile

    /// Checks that `path` can take a PNG, before anything is written: its folder exists, and what is
    /// there is nothing or a complete PNG other than `inputs` (any spelling of their paths, a hard link
    /// or a symbolic link to one). Errors are `RenderError.output`.
    public static func prepare(_ path: String, notOver inputs: [PNGImageFile] = []) throws -> PNGOutputFile {
        if let input = inputs.first(where: { $0.isSameFile(as: path) }) {
            throw RenderError.output("refusing to overwrite \(path): it is the input \(input.path)")
        }
        // Folders are not created here (the caller has no --create-dirs).
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderError.output("cannot write \(path): the folder \(folder) does not exist")
        }
        return PNGOutputFile(path: path, file: try OutputFile.prepare(path, kind: .png, createDirectories: false))
    }

    /// Whether this output and `other` would write the same file.
    public func isSameTarget(as other: PNGOutputFile) -> Bool {
        let a = URL(fileURLWithPath: path).standardizedFileURL.path, b = URL(fileURLWithPath: other.path).standardizedFileURL.path
        if a == b { return true }
        var x = stat(), y = stat()
        return stat(path, &x) == 0 && stat(other.path, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Encodes `image` and puts it at the path; returns the file's size in bytes.
    @discardableResult
    public func write(_ image: PixelImage) throws -> Int {
        do {
            let png = try PNGFile.encode(image)
            // A new file of its own: never follows a link planted at the temporary name.
            let fd = open(file.temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw RenderError.output("cannot create \(file.temporary): \(String(cString: strerror(errno)))")
            }
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: Data(png))
                try handle.close()
            } catch {
                throw RenderError.output("cannot write \(file.temporary): \(error.localizedDescription)")
            }
            try file.commit()
            return png.count
        } catch {
            file.discard()
            throw error
        }
    }

    /// Removes the temporary file, if any.
    public func discard() {
        file.discard()
    }
}

/// Why `InputFile.read` could not read a file, as it follows "<path>: ".
public struct InputFileError: Error, Sendable, Equatable {
    public let message: String
}

/// Whole small input files (manifests) read only if they are regular files: a FIFO or a device is
/// refused at once, as scene files are, instead of blocking or never ending.
public enum InputFile {
    /// The bytes of the regular file at `path`; refused when it has more than `limit`.
    public static func read(_ path: String, limit: Int) throws(InputFileError) -> [UInt8] {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            throw InputFileError(message: error.message)
        }
        let tooLarge = InputFileError(message: "the file is over \(limit) bytes")
        guard file.size <= limit else { throw tooLarge }
        let read: [UInt8]?
        do {
            read = try file.readAll(limit: limit)
        } catch {
            throw InputFileError(message: error.message)
        }
        guard let bytes = read else { throw tooLarge }
        return bytes
    }
}
