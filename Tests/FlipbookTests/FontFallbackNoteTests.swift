import Flipbook
import Foundation
import SceneFormat
import XCTest

/// A font family the machine does not have is drawn with fontconfig's fallback, and `render` says so in a
/// note naming the font used; an installed family (DejaVu Sans, which the README installs) and a generic
/// one (`monospace`) give no note.
final class FontFallbackNoteTests: XCTestCase {
    func notes(family: String) throws -> [String] {
        let json = #"""
            {"canvas": {"width": 120, "height": 40, "scale": 1}, "duration": 0.1, "fps": 10,
             "root": {"text": "Hello", "font": {"family": "\#(family)", "size": 20}}}
            """#
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-fallback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions()
        options.output = folder.appendingPathComponent("text.gif").path
        return try Renderer.render(SceneDecoder.decode(Array(json.utf8)), options: options).notes
    }

    func testAMissingFamilyIsNamedWithTheFontUsed() throws {
        let notes = try self.notes(family: "No Such Family Flipbook")
        XCTAssertEqual(notes.count, 1, "\(notes)")
        XCTAssertTrue(notes[0].hasPrefix("the scene asks for the font family 'No Such Family Flipbook', which this machine does not have: it resolves to "), notes[0])
        XCTAssertTrue(notes[0].contains(" from /"), "the font file is named: \(notes[0])")
    }

    func testAnInstalledOrGenericFamilyGivesNoNote() throws {
        XCTAssertEqual(try notes(family: "DejaVu Sans"), [])
        XCTAssertEqual(try notes(family: "monospace"), [])
    }
}
