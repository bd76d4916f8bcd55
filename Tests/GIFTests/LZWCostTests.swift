import XCTest
import Foundation
import Pixels
@testable import GIF

final class LZWCostTests: XCTestCase {
    /// Ten equal indices are the strings "a", "aa", "aaa", "aaaa": with the clear and end codes, 6 codes of 9 bits.
    func testRunOfOneIndex() {
        var cost = LZWCost(minCodeSize: 8)
        XCTAssertEqual(cost.bits(count: 10) { _ in 7 }, 6 * 9)
    }

    /// 0 1 2 3 with 2-bit indices: clear, 0, 1, 2 at 3 bits; the table then holds 8 codes (0...7 and the
    /// new 8th), so 3 and the end code take 4 bits: 4 * 3 + 2 * 4 = 20.
    func testCodesWiden() {
        var cost = LZWCost(minCodeSize: 2)
        XCTAssertEqual(cost.bits(count: 4) { UInt8($0) }, 20)
    }

    /// The count matches the bytes `GIFWriter` (giflib's encoding, see `LZWEncoderTests`) writes for a first frame (every pixel drawn), across table
    /// resets: the image's data sub-blocks hold exactly ceil(bits / 8) bytes.
    func testMatchesGiflibsOutput() throws {
        let width = 300, height = 200
        var generator = TestImages.Generator(state: 11)
        let colors = (0..<40).map { _ in RGB8(r: generator.byte(), g: generator.byte(), b: generator.byte()) }
        let palette = Palette(colors: colors)
        let indices = (0..<(width * height)).map { i in UInt8((i / 7 + Int(generator.next() % 3)) % 40) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let writer = try GIFWriter(path: output, width: width, height: height, palette: palette)
        try writer.append(IndexedFrame(width: width, height: height, indices: indices), delayCentiseconds: 2)
        try writer.finish()

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        var p = 13 + 3 * (2 << Int(bytes[10] & 7))
        while bytes[p] == 0x21 { // extensions: introducer, label, sub-blocks
            p += 2
            while bytes[p] != 0 { p += Int(bytes[p]) + 1 }
            p += 1
        }
        XCTAssertEqual(bytes[p], 0x2C)
        p += 10
        let minCodeSize = Int(bytes[p])
        p += 1
        var dataBytes = 0
        while bytes[p] != 0 {
            dataBytes += Int(bytes[p])
            p += Int(bytes[p]) + 1
        }
        XCTAssertEqual(minCodeSize, 6) // 40 colours + transparent: a 64-entry table
        var cost = LZWCost(minCodeSize: minCodeSize)
        XCTAssertEqual(dataBytes, (cost.bits(count: indices.count) { indices[$0] } + 7) / 8)
    }
}
