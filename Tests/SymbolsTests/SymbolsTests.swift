import Foundation
import XCTest
import Geometry
@testable import Symbols

final class SymbolsTests: XCTestCase {
    /// The SF Symbol names animations use most are all there.
    func testTheCommonNamesAreKnown() {
        let common = ["heart", "heart.fill", "star", "star.fill", "checkmark", "checkmark.circle.fill", "xmark", "plus",
                      "minus", "play.fill", "pause.fill", "bell", "bell.fill", "gear", "trash", "magnifyingglass",
                      "chevron.left", "chevron.right", "chevron.up", "chevron.down", "arrow.left", "arrow.right",
                      "arrow.up", "arrow.down", "arrow.clockwise", "person", "person.fill", "house", "house.fill",
                      "envelope", "paperplane", "paperplane.fill", "bookmark", "bookmark.fill", "cart"]
        for name in common { XCTAssertNotNil(Symbols.glyphs[name], name) }
        XCTAssertGreaterThanOrEqual(Set(Symbols.names).count, 100)
        XCTAssertEqual(Set(Symbols.names).count, Symbols.names.count, "a name is listed twice")
    }

    /// Every name draws, at every weight, a non-empty outline inside Phosphor's 256-unit square.
    func testEveryNameHasAnOutlineAtEveryWeight() throws {
        for name in Symbols.names {
            for weight in [100, 300, 400, 700] {
                let outline = try XCTUnwrap(Symbols.designOutline(name, weightClass: weight), "\(name) \(weight)")
                let box = try XCTUnwrap(outline.bounds, name)
                XCTAssertGreaterThan(box.width * box.height, 0, name)
                XCTAssertGreaterThanOrEqual(box.minX, -0.5, name)
                XCTAssertGreaterThanOrEqual(box.minY, -0.5, name)
                XCTAssertLessThanOrEqual(box.maxX, 256.5, name)
                XCTAssertLessThanOrEqual(box.maxY, 256.5, name)
            }
        }
    }

    /// Outline names follow the weight (heavier outlines reach further out); filled names do not.
    func testWeightsPickPhosphorWeights() throws {
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 100), "thin")
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 200), "thin")
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 300), "light")
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 400), "regular")
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 500), "regular")
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 600), "bold")
        XCTAssertEqual(Symbols.phosphorWeight(weightClass: 900), "bold")
        // Phosphor's circle outline is centred on radius 96: its outer edge is 96 + half the stroke
        // (thin 8, light 12, regular 16, bold 24 units).
        for (weight, stroke) in [(100, 8.0), (300, 12.0), (400, 16.0), (700, 24.0)] {
            let box = try XCTUnwrap(Symbols.designOutline("circle", weightClass: weight)?.bounds)
            XCTAssertEqual(box.width, 2 * (96 + stroke / 2), accuracy: 0.15, "\(weight)")
        }
        let thin = try XCTUnwrap(Symbols.designOutline("heart.fill", weightClass: 100))
        let bold = try XCTUnwrap(Symbols.designOutline("heart.fill", weightClass: 900))
        XCTAssertEqual(thin, bold)
    }

    /// The size follows the font: a circle-enclosed symbol is 1.16 times the point size across at the
    /// regular weight (208 of Phosphor's units), and it scales linearly with the point size.
    func testImageSizeFollowsThePointSize() throws {
        for size in [11.0, 17, 34, 80] {
            let image = try XCTUnwrap(Symbols.image("circle.fill", pointSize: size, weightClass: 400))
            XCTAssertEqual(image.size.width, size * 1.16, accuracy: size * 1.16 * 0.001)
            XCTAssertEqual(image.size.height, size * 1.16, accuracy: size * 1.16 * 0.001)
            let box = try XCTUnwrap(image.path.bounds)
            XCTAssertEqual(box.minX, 0, accuracy: 1e-9)
            XCTAssertEqual(box.minY, 0, accuracy: 1e-9)
        }
        // The heart's Phosphor fill spans x 16...240 and y from 40 to the bottom of its tip, an arc of
        // radius 8 through (124.2, 231) and (131.8, 231): 231 - sqrt(8^2 - 3.8^2) + 8.
        let heart = try XCTUnwrap(Symbols.image("heart.fill", pointSize: 20.8, weightClass: 400))
        let k = 20.8 * 1.16 / 208
        XCTAssertEqual(heart.size.width, 224 * k, accuracy: 0.01)
        XCTAssertEqual(heart.size.height, (231 - (64 - 3.8 * 3.8).squareRoot() + 8 - 40) * k, accuracy: 0.01)
    }

    func testUnknownNamesDrawNothing() {
        XCTAssertNil(Symbols.image("hart.fill", pointSize: 17, weightClass: 400))
        XCTAssertNil(Symbols.image("", pointSize: 17, weightClass: 400))
    }

    /// The layered names have their variable layers in order (inner to outer, low to high) and the layers
    /// that are always drawn; the image's size is the bounds of all its layers.
    func testLayeredSymbols() throws {
        let expected = ["wifi": (3, 0), "speaker.wave.1": (1, 1), "speaker.wave.2.fill": (2, 1), "speaker.wave.3": (3, 1),
                        "antenna.radiowaves.left.and.right": (2, 1), "cellularbars": (4, 0), "heart": (0, 1)]
        for (name, (variable, fixed)) in expected {
            let layers = try XCTUnwrap(Symbols.designLayers(name, weightClass: 400), name)
            XCTAssertEqual(layers.compactMap(\.variableIndex), Array(0..<variable), name)
            XCTAssertEqual(layers.filter { $0.variableIndex == nil }.count, fixed, name)
            XCTAssertEqual(Symbols.variableLayerCount(name), variable, name)
        }
        // cellularbars: bars 56, 96, 136, 176 units tall on one baseline, 204 units from the first to the last.
        let bars = try XCTUnwrap(Symbols.designLayers("cellularbars", weightClass: 400)).compactMap(\.path.bounds)
        for (k, bar) in bars.enumerated() {
            XCTAssertEqual(bar.height, 56 + 40 * Double(k), accuracy: 1e-9)
            XCTAssertEqual(bar.maxY, 224, accuracy: 1e-9)
        }
        // Waves farther out reach farther right; the image is as wide as its widest layer reaches.
        let waves = try XCTUnwrap(Symbols.designLayers("speaker.wave.3", weightClass: 400)).dropFirst().compactMap(\.path.bounds)
        XCTAssertLessThan(waves[0].maxX, waves[1].maxX)
        XCTAssertLessThan(waves[1].maxX, waves[2].maxX)
        // The outer wave: centre x 128, radius 48 + 2 * 32, half the 16-unit stroke beyond it.
        XCTAssertEqual(waves[2].maxX, 128 + 112 + 8, accuracy: 0.01)
        let image = try XCTUnwrap(Symbols.layeredImage("speaker.wave.3", pointSize: 17, weightClass: 400))
        let whole = try XCTUnwrap(Symbols.image("speaker.wave.3", pointSize: 17, weightClass: 400))
        XCTAssertEqual(image.size.width, whole.size.width, accuracy: 1e-9)
        XCTAssertEqual(image.layers.count, 4)
    }

    /// docs/symbols.md lists exactly the names Flipbook draws, each with its glyph, in the table's order.
    func testTheDocsListEveryName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/symbols.md"), encoding: .utf8)
        var listed: [(String, String)] = []
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            listed.append((cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                           cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))))
        }
        XCTAssertEqual(listed.map(\.0), Symbols.names, "regenerate with Tools/generate-symbols.py")
        for (name, cell) in listed {
            if let description = Symbols.layerDescription(name) {
                XCTAssertEqual(description, cell, name)
            } else {
                XCTAssertEqual(Symbols.glyphs[name]?.glyph, cell, name)
            }
        }
        XCTAssertTrue(doc.contains("\(Symbols.names.count) names."))
    }
}

extension SymbolsTests {
    /// The schema offers exactly the names Flipbook draws as the `systemImage` key's completions.
    func testTheSchemaListsEveryName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("docs/scene.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let node = try XCTUnwrap((schema["definitions"] as? [String: Any])?["node"] as? [String: Any])
        let key = try XCTUnwrap((node["properties"] as? [String: Any])?["systemImage"] as? [String: Any])
        let names = try XCTUnwrap(((key["anyOf"] as? [[String: Any]])?.first)?["enum"] as? [String])
        XCTAssertEqual(names, Symbols.names, "regenerate with Tools/generate-symbols.py")
    }
}

/// The effect curves' fixed points, against their closed forms.
final class SymbolEffectCurveTests: XCTestCase {
    func testBounce() {
        XCTAssertEqual(SymbolEffectCurves.bounceScale(0, up: true), 1)
        XCTAssertEqual(SymbolEffectCurves.bounceScale(1, up: true), 1)
        // tau = 0.125: a quarter period, sin = 1.
        XCTAssertEqual(SymbolEffectCurves.bounceScale(0.125, up: true), 1 + 0.28 * exp(-0.125 / 0.15), accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.bounceScale(0.125, up: false), 1 - 0.28 * exp(-0.125 / 0.15), accuracy: 1e-12)
        // It ends within 0.2% of 1 (two periods, decayed by e^(-0.999/0.15)).
        XCTAssertEqual(SymbolEffectCurves.bounceScale(0.999, up: true), 1, accuracy: 0.002)
    }

    func testPulseAndScale() {
        XCTAssertEqual(SymbolEffectCurves.pulseOpacity(0.5), 0.3, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.pulseOpacity(1), 1)
        XCTAssertEqual(SymbolEffectCurves.scaleProgress(0.15), 0.5, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.scaleProgress(0.3), 1)
        XCTAssertEqual(SymbolEffectCurves.activeScale(up: false), 0.8)
    }

    func testReplaceEnds() {
        XCTAssertEqual(SymbolEffectCurves.replaceOutgoing(0, style: "downUp").opacity, 1)
        XCTAssertEqual(SymbolEffectCurves.replaceOutgoing(0.25, style: "downUp").scale, 0.5, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.replaceOutgoing(0.25, style: "upUp").scale, 1.3, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.replaceOutgoing(0.25, style: "downUp").opacity, 0, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.replaceOutgoing(0, style: "offUp").opacity, 0)
        XCTAssertEqual(SymbolEffectCurves.replaceIncoming(0.1).opacity, 0)
        XCTAssertEqual(SymbolEffectCurves.replaceIncoming(0.15).scale, 0.5, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.replaceIncoming(0.5).scale, 1, accuracy: 1e-12)
        XCTAssertEqual(SymbolEffectCurves.replaceIncoming(0.5).opacity, 1)
        // The back-out overshoots: above 1 somewhere before the end.
        XCTAssertGreaterThan((0..<35).map { SymbolEffectCurves.replaceIncoming(0.15 + Double($0) / 100).scale }.max() ?? 0, 1.01)
    }
}
