import CCairo
import Pixels

#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes RGBA PNG files through Cairo.
///
/// Cairo stores pixels premultiplied, so a pixel with partial alpha keeps its colour exactly only when
/// the colour survives premultiplication (always true for pixels `Rasterizer` produced); fully
/// transparent pixels are written as transparent black.
public enum PNGFile {
    /// Writes `image` to `path` as an RGBA PNG, replacing any file there (the caller writes to a
    /// temporary name and renames it).
    public static func write(_ image: PixelImage, to path: String) throws {
        let bytes = try encode(image)
        guard let file = fopen(path, "wb") else {
            throw RasterError("cannot open for writing: \(String(cString: strerror(errno)))", path: path)
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeError = written == bytes.count ? 0 : errno
        let closed = fclose(file)
        if writeError != 0 || closed != 0 {
            let code = writeError != 0 ? writeError : errno
            throw RasterError("cannot write: \(String(cString: strerror(code)))", path: path)
        }
    }

    /// The PNG file at `path` as straight-alpha RGBA (any PNG colour type is converted).
    public static func read(path: String) throws -> PixelImage {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw RasterError("cannot read the PNG file", path: path)
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterError("cannot read the PNG file", status: status, path: path)
        }
        do {
            return try CairoPixels.pixelImage(from: surface)
        } catch let error as RasterError {
            throw RasterError(error.message, path: path)
        }
    }

    /// The PNG file held in `bytes` as straight-alpha RGBA (any PNG colour type is converted).
    public static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        let source = ByteSource(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard source.bytes.count - source.offset >= count else { return CAIRO_STATUS_READ_ERROR }
                source.bytes.withUnsafeBufferPointer { buffer in
                    if count > 0, let base = buffer.baseAddress { data.update(from: base + source.offset, count: count) }
                }
                source.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw RasterError("cannot read the PNG data") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw RasterError("cannot read the PNG data", status: status) }
        return try CairoPixels.pixelImage(from: surface)
    }

    /// The bytes of `image` as an RGBA PNG file.
    public static func encode(_ image: PixelImage) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw RasterError("cannot encode an empty \(image.width) x \(image.height) image as PNG")
        }
        let surface = try CairoPixels.surface(from: image)
        defer { cairo_surface_destroy(surface) }
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw RasterError("cannot encode PNG", status: status) }
        return sink.bytes
    }

    /// Hands bytes to Cairo's PNG reader, in order.
    private final class ByteSource {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Collects the bytes Cairo's PNG writer emits.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}
