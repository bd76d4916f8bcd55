import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

/// Renders `items` on a canvas of `width` x `height` points.
func renderItems(_ items: [DisplayItem], width: Double, height: Double, scale: Double = 1,
                 background: Color = .white) throws -> PixelImage {
    try Rasterizer().render(DisplayList(size: Size(width, height), scale: scale, background: background,
                                        items: items))
}

/// A shape item filling `path` with a solid colour.
func filled(_ path: Path, _ color: Color, rule: FillRule = .nonZero) -> DisplayItem {
    .shape(ShapeItem(path: path, fill: Fill(paint: .color(color), rule: rule)))
}

let red = Color(red: 1, green: 0, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)

/// Asserts each channel of `pixel` is within `tolerance` of the expected value.
func assertPixel(_ pixel: RGBA8, _ r: Int, _ g: Int, _ b: Int, _ a: Int, tolerance: Int = 0,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let got = [Int(pixel.r), Int(pixel.g), Int(pixel.b), Int(pixel.a)]
    let want = [r, g, b, a]
    let ok = zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(ok, "pixel \(got) != \(want) ±\(tolerance) \(message)", file: file, line: line)
}

/// The bounding box (in pixels: minX, minY, maxX, maxY inclusive) of pixels with nonzero alpha.
func inkBounds(_ image: PixelImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var result: (Int, Int, Int, Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where image[x, y].a > 0 {
            if let r = result {
                result = (min(r.0, x), min(r.1, y), max(r.2, x), max(r.3, y))
            } else {
                result = (x, y, x, y)
            }
        }
    }
    return result.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
}

/// The sum of all alpha values divided by 255: the covered area in pixels.
func coveredArea(_ image: PixelImage) -> Double {
    var sum = 0
    for i in stride(from: 3, to: image.pixels.count, by: 4) { sum += Int(image.pixels[i]) }
    return Double(sum) / 255
}
