import GoldenImages
import Foundation
import Raster
import XCTest

/// The environment stamp: fonts resolved as fontconfig resolves them, and differences named in words.
final class GoldenEnvironmentTests: XCTestCase {
    /// `fc-match -f FORMAT family`, the independent oracle; skips when fontconfig's tools are missing.
    private func fcMatch(_ family: String, _ format: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-match", "-f", format, family]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("fc-match is not installed") }
        return text
    }

    func testAFamilyResolvesToTheFileFcMatchNames() throws {
        for family in ["Inter", "DejaVu Sans Mono", "No Such Family Flipbook"] {
            let font = try XCTUnwrap(FontResolution.resolve(family: family), family)
            XCTAssertEqual(font.file, try fcMatch(family, "%{file}"), family)
            XCTAssertEqual(font.family, try fcMatch(family, "%{family[0]}"), family)
        }
    }

    func testAFallbackIsWarnedAbout() throws {
        let missing = GoldenEnvironment.current(families: ["No Such Family Flipbook", "Inter", "monospace"])
        let fallback = try fcMatch("No Such Family Flipbook", "%{family[0]} from %{file}")
        XCTAssertEqual(GoldenEnvironment.fallbackWarnings(missing), [
            "the scene asks for the font family 'No Such Family Flipbook', which this machine does not have: "
                + "it resolves to \(fallback.replacingOccurrences(of: " from ", with: "\(versionText("No Such Family Flipbook")) from ")) instead; "
                + "install a font of the family 'No Such Family Flipbook'",
        ])
    }

    /// ` 2.37` when the font has a version, else nothing (as the stamp writes it).
    private func versionText(_ family: String) -> String {
        FontResolution.resolve(family: family)?.version.map { " " + $0 } ?? ""
    }

    func testDifferencesAreNamed() {
        let recorded = GoldenEnvironment(
            flipbook: "0.5.0", cairo: "1.16.0", pango: "1.50.12",
            fonts: ["Inter": .init(family: "Inter", file: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", version: "4.0")])
        let here = GoldenEnvironment(
            flipbook: "0.6.0", cairo: "1.18.0", pango: "1.50.12",
            fonts: ["Inter": .init(family: "DejaVu Sans", file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", version: "2.37")])
        XCTAssertEqual(recorded.differences(from: here), [
            "goldens were recorded with Inter 4.0 from /usr/share/fonts/opentype/inter/Inter-Regular.otf; this machine "
                + "resolves 'Inter' to DejaVu Sans 2.37 from /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf: install fonts-inter",
            "goldens were recorded with Cairo 1.16.0; this machine has Cairo 1.18.0",
            "goldens were recorded with Flipbook 0.5.0; this is Flipbook 0.6.0",
        ])
        XCTAssertEqual(recorded.differences(from: recorded), [])
    }

    func testTheStampIsWrittenAndMerged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-stamp-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = GoldenEnvironment(flipbook: "0.6.0", cairo: "1", pango: "2", fonts: ["A": .init(family: "A", file: "/a.ttf")])
        let b = GoldenEnvironment(flipbook: "0.6.0", cairo: "3", pango: "4", fonts: ["B": .init(family: "B", file: "/b.ttf")])
        try a.write(folder: folder)
        try b.write(folder: folder)
        let stamp = try XCTUnwrap(GoldenEnvironment.read(folder: folder))
        XCTAssertEqual(stamp.cairo, "3")
        XCTAssertEqual(Set(stamp.fonts.keys), ["A", "B"], "an earlier stamp's fonts are kept")
        let text = try String(contentsOfFile: folder + "/flipbook-environment.json", encoding: .utf8)
        XCTAssertTrue(text.contains("\"file\" : \"/a.ttf\""), text)
    }
}
