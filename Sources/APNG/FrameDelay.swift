/// A frame's display time as APNG stores it: a fraction of a second with 16-bit numerator and denominator.
///
/// The writer stores whole milliseconds on the frame grid (frame k starts at round(1000 k / fps) ms), not the
/// exact 1/fps: Chromium and Firefox time APNG frames in whole milliseconds, truncating (Chromium's decoder
/// gives a 1/60 s frame 16 ms, measured with its `ImageDecoder`), so an exact 1/60 s plays 4 % fast in
/// them, while 17, 17, 16 ms keeps 60 fps on average with no drift. A decoder that reads the fractions
/// exactly (Pillow, ffmpeg) sees each frame start within half a millisecond of its time.
public struct FrameDelay: Sendable, Equatable {
    public let numerator: UInt16
    public let denominator: UInt16

    public init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = max(1, denominator)
    }

    /// `milliseconds` as a fraction of a second: n / 1000 in lowest terms (1/20 for 50 ms), or the nearest
    /// fraction with 16-bit terms beyond 65.535 s.
    public init(milliseconds: Int) {
        let g = Self.gcd(max(0, milliseconds), 1000)
        let (n, d) = (max(0, milliseconds) / g, 1000 / g)
        if n <= 65_535 {
            self.init(numerator: UInt16(n), denominator: UInt16(d))
        } else {
            self.init(approximating: Double(milliseconds) / 1000)
        }
    }

    /// When frame `index` starts at `fps` frames a second, in whole milliseconds from the first frame: the
    /// frame grid rounded to the millisecond, which browsers time APNG frames in.
    public static func milliseconds(ofFrame index: Int, fps: Double) -> Int {
        Int((Double(index) * 1000 / fps).rounded())
    }

    /// The best fraction with 16-bit terms for `seconds` (continued fractions).
    init(approximating seconds: Double) {
        guard seconds < 65_535 else {
            self.init(numerator: 65_535, denominator: 1)
            return
        }
        var (h0, h1, k0, k1) = (0, 1, 1, 0)
        var x = seconds
        while true {
            let a = Int(x.rounded(.down))
            let h2 = a * h1 + h0, k2 = a * k1 + k0
            if h2 > 65_535 || k2 > 65_535 { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let fraction = x - Double(a)
            if fraction < 1e-12 { break }
            x = 1 / fraction
        }
        self.init(numerator: UInt16(h1), denominator: UInt16(max(1, k1)))
    }

    /// The delay in seconds.
    public var seconds: Double { Double(numerator) / Double(denominator) }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(1, a) : gcd(b, a % b) }
}
