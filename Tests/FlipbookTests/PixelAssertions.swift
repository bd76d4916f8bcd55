import Pixels
import XCTest

/// Asserts that `pixel` is red (`rgb(1, 0, 0)`) at `alpha` over white: 255 red, 255 x (1 - alpha) green and
/// blue, those within `accuracy` (Cairo rounds a half either way).
func assertRedOverWhite(_ pixel: RGBA8, alpha: Double, accuracy: Double,
                        file: StaticString = #filePath, line: UInt = #line) {
    let expected = 255 * (1 - alpha)
    XCTAssertEqual(pixel.r, 255, "red", file: file, line: line)
    XCTAssertEqual(Double(pixel.g), expected, accuracy: accuracy, "green", file: file, line: line)
    XCTAssertEqual(Double(pixel.b), expected, accuracy: accuracy, "blue", file: file, line: line)
}
