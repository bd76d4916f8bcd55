import Flipbook
import FlipbookTesting
import GoldenImages
import Foundation
import XCTest

/// The default tolerance, measured on a corpus of synthetic regressions made from the project's goldens.
///
/// Every regression must fail `ImageTolerance.default`, and every harmless difference (the same frame
/// drawn again, with any number of workers; anti-aliasing noise along edges) must pass it. The table the
/// test prints (counted pixels per channel level, anti-aliased edges ignored) is the measurement behind
/// the default; docs/golden-tests.md quotes it.
final class RegressionCorpusTests: XCTestCase {
    /// One entry of the corpus: a golden and the picture compared with it.
    struct Case {
        let name: String
        let expected: PixelImage
        let actual: PixelImage
    }

    static let levels = [0, 1, 2, 4, 8, 16]

    func testTheDefaultFailsEveryRegressionAndPassesHarmlessDifferences() throws {
        let regressions = try Self.regressions()
        let harmless = try Self.harmlessDifferences()
        // The measured-only cases take half a minute: FLIPBOOK_CORPUS_MEASURE=1 prints them too.
        let measured = ProcessInfo.processInfo.environment["FLIPBOOK_CORPUS_MEASURE"] == nil ? [] : try Self.measuredOnly()
        var table = ["case | counted pixels beyond 0 / 1 / 2 / 4 / 8 / 16 levels (AA ignored) | default"]
        for (kind, cases) in [("regression", regressions), ("harmless", harmless), ("measured", measured)] {
            for item in cases {
                let comparison = ImageComparator.compare(expected: item.expected, actual: item.actual, tolerance: .exact)
                let counts = Self.levels.map { level in
                    comparison.countedPixels(for: ImageTolerance(channel: level, maxDifferentFraction: 0))
                }
                let passes = comparison.passes(.default)
                if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_CORPUS_DIR"],
                   let diff = ImageComparator.compare(expected: item.expected, actual: item.actual, tolerance: .default).diffImage {
                    let name = item.name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
                    try PNGFile.write(Triptych.make(expected: item.expected, actual: item.actual, diff: diff),
                                      to: folder + "/" + String(name) + ".png")
                }
                table.append("\(kind): \(item.name) | \(counts.map(String.init).joined(separator: " / ")) | \(passes ? "pass" : "FAIL")")
                if kind == "regression" {
                    XCTAssertFalse(passes, "the default lets through the regression \(item.name): \(counts)")
                } else if kind == "harmless" {
                    XCTAssertTrue(passes, "the default fails the harmless difference \(item.name): \(counts)")
                }
            }
        }
        print(table.joined(separator: "\n"))
    }

    // MARK: - Regressions

    static func regressions() throws -> [Case] {
        var cases: [Case] = []
        let seekHalf = try golden("seek", 0.5)
        // A 12 x 12 px block moved 3 px right, on the bold "+10", the thin "10" and the small "0:25".
        for (label, x, y) in [("bold +10", 764, 130), ("thin 10", 300, 130), ("small 0:25", 118, 300)] {
            cases.append(Case(name: "12x12 px block of \(label) shifted 3 px", expected: seekHalf,
                              actual: shiftingBlock(of: seekHalf, x: x, y: y, side: 12, by: 3)))
        }
        // One glyph changed: the forward button's "10" reads "16" (the back button keeps its "10").
        let seekJSON = try String(contentsOfFile: repoPath("scenes/seek.json"), encoding: .utf8)
        let oneGlyph = try replacing("\"string\": \"'' + interval\"", with: "\"string\": \"'' + (direction > 0 ? interval + 6 : interval)\"", in: seekJSON)
        cases.append(Case(name: "one glyph changed (10 -> 16)", expected: try golden("seek", 0),
                          actual: try render(oneGlyph, at: 0)))
        // One glyph changed in the small total label: "2:00" reads "2:08".
        let smallGlyph = try replacing("${mod(videoLength, 60)}\",", with: "${mod(videoLength, 60) + 8}\",", in: seekJSON)
        cases.append(Case(name: "one glyph changed in a small label (2:00 -> 2:08)", expected: try golden("seek", 0),
                          actual: try render(smallGlyph, at: 0)))
        // A shape moved by 1 pt: both arrow heads, 1 pt to the right.
        let moved = try replacing("\"let\": {\"a\": \"w*0.3\", \"x\": \"w*0.6\"},",
                                  with: "\"let\": {\"a\": \"w*0.3\", \"x\": \"w*0.6\"}, \"offset\": {\"x\": 1},", in: seekJSON)
        cases.append(Case(name: "arrow head moved 1 pt", expected: try golden("seek", 0), actual: try render(moved, at: 0)))
        // A colour changed by 8 levels over 20 x 20 px: in the grey disc, and in the dark background.
        for (label, x, y, delta) in [("grey disc, +8 R G B", 620, 130, (8, 8, 8)), ("grey disc, +8 blue", 620, 130, (0, 0, 8)),
                                     ("grey disc, +8 red", 620, 130, (8, 0, 0)), ("background, +8 blue", 40, 40, (0, 0, 8))] {
            cases.append(Case(name: "20x20 px of \(label)", expected: seekHalf,
                              actual: addingLevels(delta, to: seekHalf, x: x, y: y, side: 20)))
        }
        // A frame taken 1/50 s early at a moment of motion.
        for (scene, t) in [("seek", 0.5), ("seek", 0.45), ("lucky-wheel", 2.5), ("wave-mask", 1.2)] {
            let player = try Player(scene: SceneFile.load(path: repoPath("scenes/\(scene).json")))
            cases.append(Case(name: "\(scene) at \(t) s drawn 1/50 s early", expected: try golden(scene, t),
                              actual: try player.frame(at: t - 0.02)))
        }
        return cases
    }

    // MARK: - Harmless differences

    static func harmlessDifferences() throws -> [Case] {
        var cases: [Case] = []
        for (scene, t) in [("seek", 0.5), ("circle-control", 3.4)] {
            let player = try Player(scene: SceneFile.load(path: repoPath("scenes/\(scene).json")))
            for jobs in [1, 3] {
                var frame: PixelImage?
                try FramePipeline(player: player, jobs: jobs).run(times: [t - 0.1, t, t + 0.1], process: { $0 }) { index, image in
                    if index == 1 { frame = image }
                }
                cases.append(Case(name: "\(scene) at \(t) s drawn again, --jobs \(jobs)", expected: try golden(scene, t),
                                  actual: try XCTUnwrap(frame)))
            }
            // Anti-aliasing noise: every shape drawn 0.05 px off, so that the coverage of every edge changes by
            // up to 5 % of its contrast, as another rasterizer or another pixman could draw it.
            for offset in [0.05] {
                var list = try player.displayList(at: t)
                list.items = list.items.map { nudgingShapes($0, by: offset / list.scale) }
                cases.append(Case(name: "\(scene) at \(t) s, shapes drawn \(offset) px off", expected: try golden(scene, t),
                                  actual: try Rasterizer().render(list)))
            }
        }
        return cases
    }

    // MARK: - Measured, not asserted

    /// Differences between harmless and harmful, printed for the documentation: shapes moved 0.1 and
    /// 0.25 px (geometry moves rather than coverage noise), text moved 0.05 px (glyphs snap to other
    /// positions), and frames 1/50 s early where edges move less than a pixel or nothing moves.
    static func measuredOnly() throws -> [Case] {
        var cases: [Case] = []
        for (scene, t) in [("seek", 0.5), ("circle-control", 3.4)] {
            let player = try Player(scene: SceneFile.load(path: repoPath("scenes/\(scene).json")))
            for offset in [0.1, 0.25] {
                var list = try player.displayList(at: t)
                list.items = list.items.map { nudgingShapes($0, by: offset / list.scale) }
                cases.append(Case(name: "\(scene) at \(t) s, shapes drawn \(offset) px off", expected: try golden(scene, t),
                                  actual: try Rasterizer().render(list)))
            }
            var list = try player.displayList(at: t)
            list.items = [.group(GroupItem(transform: .translation(0.05 / list.scale, 0.05 / list.scale), children: list.items))]
            cases.append(Case(name: "\(scene) at \(t) s, everything (text too) drawn 0.05 px off", expected: try golden(scene, t),
                              actual: try Rasterizer().render(list)))
        }
        for (scene, t) in [("wave-uikit", 1.0), ("circle-control", 3.4), ("wave-background", 1.35), ("wave-scroll", 1.3)] {
            let player = try Player(scene: SceneFile.load(path: repoPath("scenes/\(scene).json")))
            cases.append(Case(name: "\(scene) at \(t) s drawn 1/50 s early", expected: try golden(scene, t),
                              actual: try player.frame(at: t - 0.02)))
        }
        return cases
    }

    // MARK: - Helpers

    /// `item` with every shape moved by `offset` points along both axes; text stays where it is.
    static func nudgingShapes(_ item: DisplayItem, by offset: Double) -> DisplayItem {
        switch item {
        case .shape, .image:
            return .group(GroupItem(transform: .translation(offset, offset), children: [item]))
        case .text:
            return item
        case .group(var group):
            group.children = group.children.map { nudgingShapes($0, by: offset) }
            return .group(group)
        case .colorEffect(var effect):
            effect.children = effect.children.map { nudgingShapes($0, by: offset) }
            return .colorEffect(effect)
        }
    }

    static func golden(_ scene: String, _ t: Double) throws -> PixelImage {
        let name = (t == t.rounded() ? String(Int(t)) : String(t)) + ".png"
        return try PNGFile.read(path: repoPath("Tests/Goldens/\(scene)/\(name)"))
    }

    static func render(_ json: String, at t: Double) throws -> PixelImage {
        try Player(scene: SceneFile.load(json: json, file: "edited.json", directory: repoPath("scenes"))).frame(at: t)
    }

    static func replacing(_ anchor: String, with replacement: String, in text: String) throws -> String {
        let parts = text.components(separatedBy: anchor)
        guard parts.count == 2 else { throw AnchorNotFound(anchor: anchor) }
        return parts.joined(separator: replacement)
    }

    /// The edit's anchor is not exactly once in the scene: the scene changed, the corpus must follow.
    struct AnchorNotFound: Error {
        let anchor: String
    }

    /// `image` with its `side` x `side` block at (`x`, `y`) showing the content `by` pixels to its left.
    static func shiftingBlock(of image: PixelImage, x: Int, y: Int, side: Int, by shift: Int) -> PixelImage {
        var result = image
        for row in y..<(y + side) {
            for column in x..<(x + side) { result[column, row] = image[column - shift, row] }
        }
        return result
    }

    /// `image` with `delta` added to the channels of its `side` x `side` block at (`x`, `y`).
    static func addingLevels(_ delta: (Int, Int, Int), to image: PixelImage, x: Int, y: Int, side: Int) -> PixelImage {
        var result = image
        for row in y..<(y + side) {
            for column in x..<(x + side) {
                let pixel = image[column, row]
                result[column, row] = RGBA8(r: UInt8(min(255, Int(pixel.r) + delta.0)),
                                            g: UInt8(min(255, Int(pixel.g) + delta.1)),
                                            b: UInt8(min(255, Int(pixel.b) + delta.2)), a: pixel.a)
            }
        }
        return result
    }
}
