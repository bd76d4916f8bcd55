import Flipbook
import Pixels
import SceneFormat
import XCTest

/// `"foregroundStyle": [primary, secondary, tertiary]`: palette rendering. A layered symbol's always-drawn
/// layer (the speaker) takes the primary colour and its variable layers (the waves) the secondary; a symbol
/// of one outline, and text, take the primary. Oracle: the same view drawn in black gives the coverage;
/// the speaker lies left of the symbol's centre and the waves right of it.
final class SymbolPaletteTests: XCTestCase {
    func frame(_ root: String) throws -> PixelImage {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 1, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// The colours of the fully covered pixels of `plain`, in `styled`, left and right of x = `split`.
    func coveredColours(_ plain: PixelImage, _ styled: PixelImage, split: Int) -> (left: Set<RGBA8>, right: Set<RGBA8>) {
        var left = Set<RGBA8>(), right = Set<RGBA8>()
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain[x, y] == RGBA8(r: 0, g: 0, b: 0) {
                if x < split { left.insert(styled[x, y]) } else { right.insert(styled[x, y]) }
            }
        }
        return (left, right)
    }

    let red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)

    func testSpeakerPrimaryWavesSecondary() throws {
        let symbol = #"{"systemImage": "speaker.wave.2.fill", "font": {"size": 56}"#
        let plain = try frame(symbol + "}")
        let styled = try frame(symbol + #", "foregroundStyle": ["rgb(1, 0, 0)", "rgb(0, 0, 1)", "rgb(0, 1, 0)"]}"#)
        // The speaker's body ends before the centre; the outer wave is right of it.
        let speaker = coveredColours(plain, styled, split: 40).left
        let waves = coveredColours(plain, styled, split: 66).right
        XCTAssertEqual(speaker, [red])
        XCTAssertEqual(waves, [blue])
    }

    func testOneOutlineAndTextArePrimary() throws {
        let root = #"{"hstack": [{"systemImage": "heart.fill", "font": {"size": 40}}, {"text": "H", "font": {"size": 40, "weight": "black"}}]"#
        let plain = try frame(root + "}")
        let styled = try frame(root + #", "foregroundStyle": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"]}"#)
        let all = coveredColours(plain, styled, split: 100).left
        XCTAssertEqual(all, [red])
    }

    /// An inner colour replaces the palette, as `.foregroundStyle(_:)` inside does.
    func testAnInnerColourReplacesThePalette() throws {
        let symbol = #"{"systemImage": "speaker.wave.2.fill", "font": {"size": 56}"#
        let plain = try frame(symbol + "}")
        let styled = try frame(#"{"zstack": ["# + symbol + #", "foregroundColor": "rgb(0, 1, 0)"}], "foregroundStyle": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"]}"#)
        let all = coveredColours(plain, styled, split: 100).left
        XCTAssertEqual(all, [RGBA8(r: 0, g: 255, b: 0)])
    }

    func testRefusedAtLoad() throws {
        let json = #"{"canvas": {"width": 100, "height": 100}, "duration": 1, "root": {"systemImage": "wifi", "foregroundStyle": ["red", "green", "blue", "gray"]}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("got 4 colours"), error.message)
            XCTAssertEqual(error.location?.line, 1)
            let column = json.distance(from: json.startIndex, to: json.range(of: #""foregroundStyle": "#)!.upperBound) + 1
            XCTAssertEqual(error.location?.column, column)
        }
        XCTAssertThrowsError(try frame(#"{"systemImage": "wifi", "foregroundStyle": ["red", {"gradient": "red"}]}"#))
        XCTAssertThrowsError(try frame(#"{"systemImage": "wifi", "foregroundStyle": ["red", "gren"]}"#))
    }
}
