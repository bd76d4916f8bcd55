/// How an APNG stores its pixels, chosen for the whole file: an indexed palette (with a transparent entry,
/// or 256 opaque colours), RGB with one colour keyed transparent, or RGBA.
public enum APNGPixelFormat: Equatable, Sendable {
    /// Colour type 3: one byte a pixel into a palette of at most 256 RGBA colours (index 0 transparent).
    case indexed
    /// Colour type 3 with 256 opaque colours and no transparent entry: every frame is written with blend
    /// "source" (an unchanged pixel inside a frame's rectangle is written as its own colour).
    case indexedOpaque
    /// Colour type 2 with a tRNS key: three bytes a pixel, the key colour (0xBBGGRR) fully transparent.
    case keyed(UInt32)
    /// Colour type 6: four bytes a pixel.
    case rgba

    /// Whether the pixels are palette indices.
    var isPalette: Bool { self == .indexed || self == .indexedOpaque }

    /// Bytes a pixel.
    var channels: Int {
        switch self {
        case .indexed, .indexedOpaque: return 1
        case .keyed: return 3
        case .rgba: return 4
        }
    }
}

/// What the frames so far allow: every colour seen (for the palette while there are at most 256, and for
/// the key while every pixel is opaque), and the smallest format that stores them exactly.
///
/// Pixels are RGBA words as they lie in memory on a little-endian machine (0xAABBGGRR); fully
/// transparent pixels are 0. The format only moves down the list indexed, indexed opaque, keyed, RGBA
/// (the key may change to a colour not seen yet); frames written in an earlier format are rewritten at
/// the end.
struct APNGColors {
    /// The palette in index order; index 0 is transparent (unchanged pixels under blend "over"), until a
    /// 256th opaque colour takes it (`.indexedOpaque`; the other colours keep their indices).
    private(set) var palette: [UInt32] = [0]
    private var indices: [UInt32: UInt8] = [0: 0]
    private var paletteFits = true
    /// Whether index 0 holds an opaque colour (256 opaque colours, no transparent entry).
    private var paletteIsFull = false
    /// Whether a fully transparent pixel was seen (it needs index 0 as the transparent entry).
    private var transparentSeen = false
    private(set) var isOpaque = true
    /// One bit for each RGB colour seen (2 MiB), while every pixel is opaque.
    private var seen: [UInt64] = []
    private var key: UInt32 = 0
    /// The key probes of black and the colours with one channel from 1 to 255.
    private static let nearBlack: UInt32 = 1 + 3 * 255
    /// Where the search for an unseen key colour goes on from.
    private var keyProbe: UInt32 = 0

    /// The format the frames seen so far can be written in.
    var format: APNGPixelFormat {
        if paletteFits { return paletteIsFull ? .indexedOpaque : .indexed }
        return isOpaque ? .keyed(key) : .rgba
    }

    /// The palette index of `word`, which must have been observed while the palette fits.
    func index(of word: UInt32) -> UInt8 { indices[word] ?? 0 }

    /// Puts the palette in order of luma, darkest first (after the transparent entry, which stays index 0,
    /// and the translucent colours, which stay before the opaque ones so that tRNS stays short),
    /// so that a gradient's neighbouring shades are neighbouring indices and the row filters predict them;
    /// true if the order changed, and every frame written before must then be written again. On
    /// wave-uikit (a white-to-cyan edge in all 256 levels) 389 KB in order of use (most used first, as
    /// apngasm does) and 420 KB in order of appearance become 360 KB.
    mutating func orderPaletteByLuma() -> Bool {
        guard paletteFits else { return false }
        let fixed = paletteIsFull ? 0 : 1
        let keys = palette.map { ($0 >> 24 == 255 ? 1 << 20 : 0) + Self.luma($0) }
        let order = (fixed..<palette.count).sorted { (keys[$0], $0) < (keys[$1], $1) }
        guard order != Array(fixed..<palette.count) else { return false }
        let ordered = Array(palette[..<fixed]) + order.map { palette[$0] }
        palette = ordered
        indices = [:]
        for (i, word) in palette.enumerated() { indices[word] = UInt8(i) }
        return true
    }

    /// Rec. 601 luma, scaled by 1000.
    static func luma(_ word: UInt32) -> Int {
        let r = Int(word & 0xFF), g = Int(word >> 8 & 0xFF), b = Int(word >> 16 & 0xFF)
        return r * 299 + g * 587 + b * 114
    }

    /// Takes in the pixels of `rect` (x, y, width, height) of a frame `width` pixels wide.
    mutating func observe(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, rect: (Int, Int, Int, Int)) {
        if seen.isEmpty && isOpaque { seen = [UInt64](repeating: 0, count: 1 << 18) }
        var previous: UInt32? = nil
        var keySeen = false
        for y in rect.1..<(rect.1 + rect.3) {
            for x in rect.0..<(rect.0 + rect.2) {
                let word = pixels[y * width + x]
                if word == previous { continue }
                previous = word
                if word == 0 && !paletteIsFull { transparentSeen = true }
                if paletteFits && indices[word] == nil {
                    if palette.count == 256 && !paletteIsFull && !transparentSeen && word >> 24 == 255 {
                        // The 256th opaque colour takes the transparent entry: no frame can blend "over" now.
                        paletteIsFull = true
                        indices[0] = nil
                        indices[word] = 0
                        palette[0] = word
                    } else if palette.count == 256 {
                        paletteFits = false
                    } else {
                        indices[word] = UInt8(palette.count)
                        palette.append(word)
                    }
                }
                if isOpaque {
                    if word >> 24 != 255 {
                        isOpaque = false
                        seen = []
                    } else {
                        let rgb = word & 0xFF_FFFF
                        seen[Int(rgb >> 6)] |= 1 << UInt64(rgb & 63)
                        if rgb == key { keySeen = true }
                    }
                }
            }
        }
        if isOpaque && (keySeen || keyProbe == 0) { chooseKey() }
    }

    /// A key colour no frame has shown: black if unseen, else the first unseen colour with one channel
    /// 1, 2, ... 255 and the others 0 (runs of unchanged pixels are then mostly zero bytes, which deflate
    /// well: seek's blend-"over" frames are 8 % smaller keyed black than keyed #9e3779, and a mid grey
    /// key lost 1 to 2 % elsewhere), then the next unseen colour along a fixed walk through all 2^24
    /// colours (an odd step, so the walk visits every colour).
    private mutating func chooseKey() {
        repeat {
            keyProbe = keyProbe &+ 1
            if keyProbe <= Self.nearBlack {
                // Probe 1 is black; then blue, green, red 1, blue, green, red 2, ...
                let level = (keyProbe + 1) / 3, channel = (keyProbe + 1) % 3
                key = level << (8 * (2 - channel))
            } else {
                key = ((keyProbe - Self.nearBlack) &* 0x9E_3779) & 0xFF_FFFF
            }
        } while seen[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0 && keyProbe < (1 << 24) + Self.nearBlack
        // 2^24 colours seen is not possible in the frames a scene can have; RGBA is the fallback.
        if keyProbe >= (1 << 24) + Self.nearBlack {
            isOpaque = false
            seen = []
        }
    }
}
