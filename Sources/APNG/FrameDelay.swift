/// A frame's display time as APNG stores it: a fraction of a second with 16-bit numerator and denominator.
public struct FrameDelay: Sendable, Equatable {
    public let numerator: UInt16
    public let denominator: UInt16

    public init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = max(1, denominator)
    }

    /// The delay of `frames` frames at `fps` frames a second: exact for any rate that is a fraction with a
    /// small denominator (24, 30, 60, 29.97 ...), else the nearest fraction that fits 16 bits.
    public init(frames: Int, fps: Double) {
        // fps as p/q (q up to 1000 covers every rate a scene can state with three decimals).
        var q = 1
        while q < 1000 && abs(fps * Double(q) - (fps * Double(q)).rounded()) > 1e-6 { q += 1 }
        let p = Int((fps * Double(q)).rounded())
        // frames / fps = frames * q / p.
        var n = frames * q, d = max(1, p)
        let g = Self.gcd(n, d)
        n /= g
        d /= g
        if n <= 65_535 && d <= 65_535 {
            self.init(numerator: UInt16(n), denominator: UInt16(d))
        } else {
            self.init(approximating: Double(frames) / fps)
        }
    }

    /// `seconds` as the nearest fraction with 16-bit terms (exact for whole milliseconds and frame times).
    public init(seconds: Double) {
        self.init(approximating: seconds)
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
