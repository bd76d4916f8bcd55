import Flipbook
import SceneFormat
import XCTest

/// A colour's name written where a colour goes reads a state variable, parameter or `let` of that name when
/// there is one (`.fill(green)` with `@State var green` is the variable; the colour is `.green`), and the
/// SwiftUI colour otherwise. Pixels of a 20 pt square at its centre.
final class ColorNameShadowingTests: XCTestCase {
    func pixel(_ json: String) throws -> [UInt8] {
        let image = try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
        let i = (10 * image.width + 10) * 4
        return Array(image.pixels[i..<(i + 3)])
    }

    func testAStateVariableNamedLikeAColourWins() throws {
        XCTAssertEqual(try pixel(#"""
            {"canvas": {"width": 20, "height": 20, "scale": 1}, "duration": 1, "state": {"green": "#FF0000"},
             "root": {"shape": "rectangle", "fill": "green"}}
            """#), [255, 0, 0])
    }

    func testAParameterNamedLikeAColourWins() throws {
        XCTAssertEqual(try pixel(#"""
            {"canvas": {"width": 20, "height": 20, "scale": 1}, "duration": 1,
             "components": {"Swatch": {"params": {"blue": "#00FF00"}, "body": {"shape": "rectangle", "fill": "blue"}}},
             "root": {"use": "Swatch", "args": {"blue": "#FFFF00"}}}
            """#), [255, 255, 0])
    }

    func testWithoutSuchANameItIsTheSystemColour() throws {
        // SwiftUI's green in the light appearance: (52, 199, 89).
        XCTAssertEqual(try pixel(#"""
            {"canvas": {"width": 20, "height": 20, "scale": 1, "background": "white"}, "duration": 1,
             "root": {"shape": "rectangle", "fill": "green"}}
            """#), [52, 199, 89])
    }
}
