import CCairo
import Pixels

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
            var o = 0
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<width {
                    let word = row.load(fromByteOffset: x &* 4, as: UInt32.self)
                    let a = opaque ? 255 : word >> 24
                    let r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff
                    if a == 255 {
                        out[o] = UInt8(truncatingIfNeeded: r)
                        out[o + 1] = UInt8(truncatingIfNeeded: g)
                        out[o + 2] = UInt8(truncatingIfNeeded: b)
                        out[o + 3] = 255
                    } else if a == 0 {
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                    } else {
                        out[o] = unpremultiply(r, a)
                        out[o + 1] = unpremultiply(g, a)
                        out[o + 2] = unpremultiply(b, a)
                        out[o + 3] = UInt8(truncatingIfNeeded: a)
                    }
                    o &+= 4
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
