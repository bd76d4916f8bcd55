import XCTest
@testable import GIF

/// The whole-frame scans against plain loops over random frames: the changed rectangle of two index frames,
/// and the cleared rectangle for indices (with the row skipping) and for colours.
final class IndexScanTests: XCTestCase {
    /// The bounding box of the pixels for which `hit(i)` holds, by a loop over every pixel.
    func boundingBox(width: Int, height: Int, _ hit: (Int) -> Bool) -> GIFRect {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where hit(y * width + x) {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    func testScansMatchPlainLoops() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...12, using: &random)
            let count = width * height
            // Sparse differences (often none), so empty and one-pixel rectangles come up too.
            let rate = [0.0, 0.002, 0.02, 0.3][round % 4]
            let a = (0..<count).map { _ in UInt8.random(in: 0...3, using: &random) }
            let b = a.map { Double.random(in: 0..<1, using: &random) < rate ? $0 &+ 1 : $0 }
            let changed = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { IndexScan.changedRect(a, $0, width: width, height: height) }
            }
            XCTAssertEqual(changed, boundingBox(width: width, height: height) { a[$0] != b[$0] })

            let clearedIndices = b.withUnsafeBufferPointer { next in
                a.withUnsafeBufferPointer {
                    IndexScan.clearedRect(next: next, nextTransparent: 0, shown: $0, shownTransparent: 0,
                                          width: width, height: height)
                }
            }
            XCTAssertEqual(clearedIndices, boundingBox(width: width, height: height) { b[$0] == 0 && a[$0] != 0 })

            let colors: (UInt8) -> UInt32 = { $0 == 0 ? 0 : 0xFF00_0000 | UInt32($0) * 0x10101 }
            let shownColors = a.map(colors), nextColors = b.map(colors)
            let clearedColors = nextColors.withUnsafeBufferPointer { next in
                shownColors.withUnsafeBufferPointer {
                    IndexScan.clearedRect(next: next, nextTransparent: 0, shown: $0, shownTransparent: 0,
                                          width: width, height: height)
                }
            }
            XCTAssertEqual(clearedColors, clearedIndices)
        }
    }
}
