import CCairo
import Pixels

#if !_endian(little)
#error("CairoPixels reads and writes pixels as little-endian words")
#endif

/// Copies pixels between `PixelImage` (RGBA, straight alpha) and Cairo image surfaces
/// (32-bit native-endian words, premultiplied alpha).
enum CairoPixels {
    /// The pixels of an ARGB32 or RGB24 image surface as straight-alpha RGBA.
    static func pixelImage(from surface: OpaquePointer) throws -> PixelImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw RasterError("unsupported Cairo pixel format \(format.rawValue)")
        }
        guard width > 0, height > 0 else { return PixelImage(width: width, height: height, pixels: []) }
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RasterError("Cairo image surface has no pixel data")
        }
        let opaque = format == CAIRO_FORMAT_RGB24
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            let outRows = UnsafeMutableRawPointer(out.baseAddress!)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                let outRow = outRows + y * width * 4
                if opaque {
                    convertOpaqueRow(row, outRow, width: width)
                } else {
                    convertRow(row, outRow, width: width)
                }
            }
            count = width * height * 4
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// A new ARGB32 surface holding `image` premultiplied; the caller destroys it.
    static func surface(from image: PixelImage) throws -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width),
                                                       Int32(image.height)) else {
            throw RasterError("cannot create a \(image.width) x \(image.height) image surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RasterError("cannot create a \(image.width) x \(image.height) image surface", status: status)
        }
        guard image.width > 0, image.height > 0, let data = cairo_image_surface_get_data(surface) else {
            return surface
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { src in
            var i = 0
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride)
                for x in 0..<image.width {
                    let a = UInt32(src[i + 3])
                    let r = premultiply(UInt32(src[i]), a)
                    let g = premultiply(UInt32(src[i + 1]), a)
                    let b = premultiply(UInt32(src[i + 2]), a)
                    row.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x &* 4, as: UInt32.self)
                    i &+= 4
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Alpha bytes of two ARGB32 words loaded as one little-endian 64-bit value.
    private static let alphaPair: UInt64 = 0xFF00_0000_FF00_0000

    /// Converts one row of `width` ARGB32 premultiplied words to RGBA straight-alpha bytes, two pixels at a
    /// time where both are opaque (a byte swizzle) or both fully transparent (zero); only pixels of partial
    /// alpha are divided.
    @inline(__always)
    private static func convertRow(_ row: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, width: Int) {
        if isOpaque(row, width: width) {
            convertOpaqueRow(row, out, width: width)
            return
        }
        var x = 0
        while x &+ 2 <= width {
            let pair = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
            let alphas = pair & alphaPair
            if alphas == alphaPair {
                out.storeBytes(of: swizzledPair(pair), toByteOffset: x &* 4, as: UInt64.self)
            } else if alphas == 0 {
                out.storeBytes(of: 0, toByteOffset: x &* 4, as: UInt64.self)
            } else {
                out.storeBytes(of: straightWord(UInt32(truncatingIfNeeded: pair)), toByteOffset: x &* 4,
                               as: UInt32.self)
                out.storeBytes(of: straightWord(UInt32(truncatingIfNeeded: pair >> 32)),
                               toByteOffset: x &* 4 &+ 4, as: UInt32.self)
            }
            x &+= 2
        }
        if x < width {
            let word = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
            out.storeBytes(of: straightWord(word), toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// Whether every one of the `width` ARGB32 words of `row` has alpha 255 (a branch-free scan).
    ///
    /// The pixel loops here read and write through typed pointers in `while` loops: their subscripts and
    /// integer operators are inlined even in unoptimised (debug) builds, where `loadUnaligned`, `storeBytes`
    /// and range iterators are function calls per pixel. Cairo's rows and Swift's arrays are word-aligned.
    @inline(__always)
    private static func isOpaque(_ row: UnsafeRawPointer, width: Int) -> Bool {
        let words = row.assumingMemoryBound(to: UInt32.self)
        var alphas = UInt32.max
        var x = 0
        while x < width {
            alphas &= words[x]
            x &+= 1
        }
        return alphas >= 0xFF00_0000
    }

    /// Converts one row of `width` RGB24 words (the top byte is unused, or 255) to opaque RGBA bytes.
    @inline(__always)
    private static func convertOpaqueRow(_ row: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, width: Int) {
        let words = row.assumingMemoryBound(to: UInt32.self)
        let target = out.assumingMemoryBound(to: UInt32.self)
        var x = 0
        while x < width {
            let word = words[x]
            target[x] = 0xFF00_0000 | (word & 0xFF00) | ((word >> 16) & 0xFF) | ((word & 0xFF) << 16)
            x &+= 1
        }
    }

    /// Two opaque ARGB words (`0xAARRGGBB` each, little-endian in memory) as RGBA bytes: red and blue swap.
    @inline(__always)
    private static func swizzledPair(_ pair: UInt64) -> UInt64 {
        (pair & 0xFF00_FF00_FF00_FF00) | ((pair >> 16) & 0x0000_00FF_0000_00FF) | ((pair & 0x0000_00FF_0000_00FF) << 16)
    }

    /// One premultiplied ARGB word as straight-alpha RGBA bytes (a little-endian word `0xAABBGGRR`):
    /// opaque pixels keep their channels, transparent ones become 0, the rest are unpremultiplied.
    @inline(__always)
    static func straightWord(_ word: UInt32) -> UInt32 {
        let a = word >> 24
        if a == 255 { return UInt32(truncatingIfNeeded: swizzledPair(UInt64(word))) }
        if a == 0 { return 0 }
        let r = UInt32(unpremultiply((word >> 16) & 0xFF, a))
        let g = UInt32(unpremultiply((word >> 8) & 0xFF, a))
        let b = UInt32(unpremultiply(word & 0xFF, a))
        return a << 24 | b << 16 | g << 8 | r
    }

    /// `c * 255 / a`, rounded to nearest (c <= a for valid premultiplied data).
    @inline(__always)
    static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, (c &* 255 &+ a / 2) / a))
    }

    /// `c * a / 255`, rounded to nearest.
    @inline(__always)
    static func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        let t = c &* a &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
