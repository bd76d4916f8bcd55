@testable import APNG
import XCTest

/// At `--effort default` a large crop's rows are deflated unfiltered only, unless a sample says each row's
/// best filter wins by far; small crops keep both ways. The test's images are built so that one filtering
/// wins by far for a reason that does not depend on the encoder: a random walk along each row (each byte a
/// small step from the pixel to its left: the left filter leaves only the steps), and the same random row
/// shifted one pixel further on each row (unfiltered, each row repeats the row above).
final class APNGFilterProbeTests: XCTestCase {
    /// A deterministic generator (xorshift), so the images are the same on every run.
    struct Random {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt8 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    let width = 400, height = 200 // 320,000 bytes of RGBA

    func ways() -> [APNGWriter.Way] {
        [APNGWriter.Way(crop: 0, only: nil, blendOver: false), APNGWriter.Way(crop: 0, only: 0, blendOver: false)]
    }

    func kept(_ bytes: [UInt8], width: Int, height: Int) -> [Int?] {
        APNGWriter.probed(ways(), crops: [(bytes, width * 4, height)], channels: 4, level: 7).map(\.only)
    }

    func testARandomWalkAlongEachRowKeepsBothWays() {
        var random = Random(), bytes: [UInt8] = []
        for _ in 0..<height {
            var pixel: [UInt8] = [128, 128, 128, 255]
            for _ in 0..<width {
                for c in 0..<3 { pixel[c] = pixel[c] &+ (random.next() % 5) &- 2 }
                bytes += pixel
            }
        }
        XCTAssertEqual(kept(bytes, width: width, height: height), [nil, 0])
    }

    func testARowRepeatedOnePixelFurtherKeepsOnlyTheUnfilteredRows() {
        var random = Random()
        let row = (0..<(width + height) * 4).map { $0 % 4 == 3 ? UInt8(255) : random.next() }
        var bytes: [UInt8] = []
        for y in 0..<height { bytes += row[(y * 4)..<((y + width) * 4)] }
        XCTAssertEqual(kept(bytes, width: width, height: height), [0])
    }

    func testASmallCropKeepsBothWays() {
        var random = Random()
        let bytes = (0..<(100 * 100 * 4)).map { _ in random.next() }
        XCTAssertEqual(kept(bytes, width: 100, height: 100), [nil, 0])
    }
}
