import Flipbook
import SceneFormat
import XCTest

/// `fontDesign` (`.fontDesign(_:)`, `.monospaced()`): the design of the inherited font. A monospaced font gives
/// every character one advance, so a run of narrow letters and a run of wide ones are equally wide; the
/// default design (Inter) is proportional, so they are not.
final class FontDesignTests: XCTestCase {
    func widths(_ design: String) throws -> (narrow: Double, wide: Double) {
        let json = #"""
        {"canvas": {"width": 400, "height": 100, "scale": 1}, "duration": 1,
         "root": {"vstack": [{"text": "iiiiiiii", "id": "narrow"}, {"text": "MMMMMMMM", "id": "wide"}]\#(design)}}
        """#
        let views = try Player(scene: SceneDecoder.decode(Array(json.utf8))).views(at: 0)
        func width(_ id: String) throws -> Double {
            let frame = try XCTUnwrap(views.first { $0.id == id }?.view.frame, id)
            return frame.width
        }
        return (try width("narrow"), try width("wide"))
    }

    func testMonospacedGivesEveryCharacterOneAdvance() throws {
        let proportional = try widths("")
        XCTAssertGreaterThan(proportional.wide, 2 * proportional.narrow, "Inter is proportional")
        let mono = try widths(#", "fontDesign": "monospaced""#)
        XCTAssertEqual(mono.narrow, mono.wide, accuracy: 0.01)
        // DejaVu Sans Mono's advance is 1233/2048 em (its hmtx): 8 characters at 17 pt.
        XCTAssertEqual(mono.wide, 8 * 17 * 1233 / 2048, accuracy: 0.6)
        // The same as a font's design, and as an entry of modifiers.
        XCTAssertEqual(try widths(#", "font": {"design": "monospaced"}"#).narrow, mono.narrow, accuracy: 0.01)
        XCTAssertEqual(try widths(#", "modifiers": [{"fontDesign": "monospaced"}]"#).narrow, mono.narrow, accuracy: 0.01)
        // With a font on the same view, fontDesign replaces its design and keeps its size.
        let sized = try widths(#", "font": {"size": 34}, "fontDesign": "monospaced""#)
        XCTAssertEqual(sized.wide, 2 * mono.wide, accuracy: 1.2)
    }

    func testSerifIsNotTheDefault() throws {
        XCTAssertNotEqual(try widths(#", "fontDesign": "serif""#).wide, try widths("").wide, accuracy: 0.5)
    }
}
