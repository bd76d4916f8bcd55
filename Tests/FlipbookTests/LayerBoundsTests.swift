import DisplayList
import Foundation
import Geometry
import Pixels
import Raster
import XCTest

/// Layers (translucent groups, masks, blurs, shadows, colour effects) drawn into surfaces only as large as
/// what they paint: the bounds against boxes worked out here by hand, the pixels against the same layers
/// drawn frame-sized, and the memory of deeply nested translucent views against the frame-per-layer cost.
final class LayerBoundsTests: XCTestCase {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    func filled(_ path: Path, _ color: Color) -> DisplayItem {
        .shape(ShapeItem(path: path, fill: Fill(paint: .color(color))))
    }

    func assertRect(_ rect: Rect?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                    file: StaticString = #filePath, line: UInt = #line) {
        guard let rect else { return XCTFail("no bounds", file: file, line: line) }
        for (actual, expected) in [(rect.minX, x), (rect.minY, y), (rect.width, width), (rect.height, height)] {
            XCTAssertEqual(actual, expected, accuracy: 1e-9, "\(rect)", file: file, line: line)
        }
    }

    func testBoundsOfShapesStrokesImagesAndTransforms() {
        // A filled 30 x 40 rectangle at (10, 20), scaled by 2 and moved by (5, 5): (25, 45) to (85, 125).
        let box = filled(.rect(Rect(x: 10, y: 20, width: 30, height: 40)), red)
        assertRect(DisplayItem.paintedBounds(of: [box], transform: Transform.scale(2, 2).concatenating(.translation(5, 5))),
                   25, 45, 60, 80)
        // A zigzag stroked 2 wide with miter joins limited to 4: a miter reaches 4 x 1 = 4 past its corner.
        let zigzag = Path { $0.addLines([Point(0, 0), Point(10, 50), Point(20, 0)]) }
        let mitered = DisplayItem.shape(ShapeItem(path: zigzag, stroke: Stroke(paint: .color(blue), lineWidth: 2,
                                                                                 lineJoin: .miter, miterLimit: 4)))
        assertRect(DisplayItem.paintedBounds(of: [mitered], transform: .identity), -4, -4, 28, 58)
        // Round joins: a square cap's corner, half the width times √2.
        let round = DisplayItem.shape(ShapeItem(path: zigzag, stroke: Stroke(paint: .color(blue), lineWidth: 2,
                                                                               lineCap: .square, lineJoin: .round)))
        let r = 2.0.squareRoot()
        assertRect(DisplayItem.paintedBounds(of: [round], transform: .identity), -r, -r, 20 + 2 * r, 50 + 2 * r)
        // An image covers its rectangle; turned a quarter, the box turns with it.
        let image = DisplayItem.image(ImageItem(image: PixelImage(width: 2, height: 2), rect: Rect(x: 0, y: 0, width: 40, height: 10)))
        assertRect(DisplayItem.paintedBounds(of: [image], transform: .rotation(.pi / 2)), -10, 0, 10, 40)
    }

    /// Text alone in a translucent view: its layer is sized by the ink and draws the same pixels, at a tiny
    /// and a large scale of the view.
    func testTranslucentTextDrawsWhatAFrameSizedLayerDraws() throws {
        let nothing = DisplayItem.group(GroupItem(flattened: Rect(x: 0, y: 0, width: 1, height: 1), children: []))
        let rasterizer = Rasterizer()
        for scale in [0.3, 1, 3.7] {
            let text = DisplayItem.text(TextItem(runs: [TextRun(text: "Wavy a\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}", font: Font(size: 20, italic: true), color: red),
                                                        TextRun(text: " kg", font: Font(size: 30, weight: .heavy), color: blue)],
                                                 origin: Point(4, 6)))
            func frame(_ children: [DisplayItem]) throws -> PixelImage {
                try rasterizer.render(DisplayList(size: Size(width: 400, height: 200), scale: 2, background: Color(red: 1, green: 1, blue: 1),
                                                  items: [.group(GroupItem(transform: Transform.scale(scale, scale).concatenating(.translation(30, 40)),
                                                                           opacity: 0.7, children: children))]))
            }
            let bounded = try frame([text]), frameSized = try frame([text, nothing])
            XCTAssertEqual(bounded, frameSized, "scale \(scale)")
        }
    }

    func testGroupsClipsFiltersAndWhatIsNotKnown() {
        let square = filled(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), red)
        let text = DisplayItem.text(TextItem(runs: [TextRun(text: "Hi", font: Font(), color: red)], origin: Point(0, 0)))
        // Text is unknown without a way to lay it out, alone or beside a shape...
        XCTAssertNil(DisplayItem.paintedBounds(of: [text], transform: .identity))
        XCTAssertNil(DisplayItem.paintedBounds(of: [square, text], transform: .identity))
        // ...and takes the box it is given, through the transform.
        assertRect(DisplayItem.paintedBounds(of: [square, text], transform: .scale(2, 2), text: { _ in Rect(x: 15, y: -3, width: 10, height: 5) }),
                   0, -6, 50, 46)
        // ...but a clip bounds it.
        let clipped = DisplayItem.group(GroupItem(transform: .translation(100, 0), clip: .rect(Rect(x: 0, y: 0, width: 50, height: 8)),
                                                  children: [text]))
        assertRect(DisplayItem.paintedBounds(of: [clipped], transform: .identity), 100, 0, 50, 8)
        // A clip and a shape: their overlap.
        let overlap = DisplayItem.group(GroupItem(clip: .rect(Rect(x: 10, y: -5, width: 50, height: 15)), children: [square]))
        assertRect(DisplayItem.paintedBounds(of: [overlap], transform: .identity), 10, 0, 10, 10)
        // A blur of sigma 2 under a scale of 3 reaches 3 x 6 + 3 = 21 device pixels.
        let blurred = DisplayItem.group(GroupItem(filter: .blur(sigma: 2), children: [square]))
        assertRect(DisplayItem.paintedBounds(of: [blurred], transform: .scale(3, 3)), -21, -21, 102, 102)
        // A shadow of sigma 1 at (30, 10): the square, and the square grown by 6 and moved by (30, 10).
        let shadowed = DisplayItem.group(GroupItem(filter: .shadow(color: blue, sigma: 1, x: 30, y: 10), children: [square]))
        assertRect(DisplayItem.paintedBounds(of: [shadowed], transform: .identity), 0, 0, 56, 36)
        // A colour effect paints where its children do.
        let effect = DisplayItem.colorEffect(ColorEffectItem(matrix: .grayscale(1), children: [square]))
        assertRect(DisplayItem.paintedBounds(of: [effect], transform: .identity), 0, 0, 20, 20)
        // What draws nothing adds nothing: an invisible group, a singular transform, an empty path.
        let hidden = DisplayItem.group(GroupItem(opacity: 0, children: [text]))
        let flat = DisplayItem.group(GroupItem(transform: .scale(0, 1), children: [text]))
        let empty = DisplayItem.shape(ShapeItem(path: Path(), fill: Fill(paint: .color(red))))
        assertRect(DisplayItem.paintedBounds(of: [square, hidden, flat, empty], transform: .identity), 0, 0, 20, 20)
        // A point that is not a number leaves the bounds unknown.
        let broken = filled(Path { $0.addLines([Point(0, 0), Point(.nan, 4), Point(5, 5)]) }, red)
        XCTAssertNil(DisplayItem.paintedBounds(of: [broken], transform: .identity))
    }

    /// Each layer drawn as the rasterizer draws it (bounded) against the same layer made frame-sized by an
    /// empty text beside its content (text is not measured, so that layer takes the whole frame): the pixels
    /// must not change, except by a level or two of the blur's float rounding, which starts its running sums
    /// where the surface does.
    func testBoundedLayersDrawWhatFrameSizedLayersDraw() throws {
        let spikes = Path { $0.addLines([Point(20, 150), Point(40, 30), Point(60, 150), Point(80, 40), Point(100, 150)]) }
        let spiky = DisplayItem.shape(ShapeItem(path: spikes, stroke: Stroke(paint: .color(blue), lineWidth: 9,
                                                                               lineJoin: .miter, miterLimit: 20)))
        let disc = filled(.circle(in: Rect(x: 120, y: 60, width: 50, height: 50)), red)
        var bitmap = PixelImage(width: 3, height: 3, fill: RGBA8(r: 0, g: 160, b: 80))
        bitmap[1, 1] = RGBA8(r: 250, g: 250, b: 0)
        let picture = DisplayItem.image(ImageItem(image: bitmap, rect: Rect(x: 30, y: 160, width: 45, height: 30)))
        // Text is measured by its layout's ink: accents stacked far above and below the line box (as in
        // "Zalgo" text), a large word turned.
        let label = DisplayItem.text(TextItem(runs: [TextRun(text: "fjord e\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{316}\u{316}\u{316}\u{316}\u{316}\u{316}", font: Font(size: 26, italic: true), color: blue)],
                                              origin: Point(110, 120)))
        let slanted = DisplayItem.group(GroupItem(transform: Transform.rotation(-0.5).concatenating(.translation(20, 120)),
                                                  children: [.text(TextItem(runs: [TextRun(text: "Åg", font: Font(size: 40, weight: .bold),
                                                                                           color: red)], origin: Point(0, 0)))]))
        let maskDisc = filled(.circle(in: Rect(x: 30, y: 40, width: 120, height: 120)), Color(red: 0, green: 0, blue: 0))
        let cases: [(String, (([DisplayItem]) -> DisplayItem), Int)] = [
            ("translucent miter spikes", { .group(GroupItem(opacity: 0.6, children: $0)) }, 0),
            ("turned translucent group", { .group(GroupItem(transform: Transform.rotation(0.4).concatenating(.translation(40, -20)),
                                                            opacity: 0.5, children: $0)) }, 0),
            ("mask", { .group(GroupItem(mask: [maskDisc], children: $0)) }, 0),
            ("colour effect", { .colorEffect(ColorEffectItem(matrix: .hueRotation(degrees: 90), children: $0)) }, 0),
            ("blur", { .group(GroupItem(filter: .blur(sigma: 6), children: $0)) }, 2),
            ("shadow moved far", { .group(GroupItem(opacity: 0.8, filter: .shadow(color: .init(red: 0, green: 0, blue: 0, alpha: 0.7),
                                                                                   sigma: 5, x: 60, y: -25), children: $0)) }, 2),
        ]
        // A drawing group is not measured, so beside one a layer takes the whole frame; an empty one draws nothing.
        let nothing = DisplayItem.group(GroupItem(flattened: Rect(x: 0, y: 0, width: 1, height: 1), children: []))
        let rasterizer = Rasterizer()
        for (name, layer, tolerance) in cases {
            let content = [spiky, disc, picture, label, slanted]
            let background = Color(red: 0.95, green: 0.95, blue: 0.9)
            let bounded = try rasterizer.render(DisplayList(size: Size(width: 240, height: 220), scale: 2, background: background,
                                                            items: [layer(content)]))
            let frameSized = try rasterizer.render(DisplayList(size: Size(width: 240, height: 220), scale: 2, background: background,
                                                               items: [layer(content + [nothing])]))
            var worst = 0, changed = 0
            for y in 0..<bounded.height {
                for x in 0..<bounded.width {
                    let a = bounded[x, y], b = frameSized[x, y]
                    let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                    worst = max(worst, d)
                    if d > 0 { changed += 1 }
                }
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "\(name): \(changed) pixels differ, by up to \(worst)")
            // The layer was drawn at all: the frame is not the plain background.
            XCTAssertNotEqual(bounded, try rasterizer.render(DisplayList(size: Size(width: 240, height: 220), scale: 2,
                                                                       background: background, items: [])), name)
        }
    }

    /// Forty translucent views nested in each other on a 2700 x 2700 px canvas: each layer holds its own
    /// small discs, not a frame (forty frames of 29 MB were 1.26 GB).
    func testNestedTranslucentViewsDoNotHoldAFrameEach() throws {
        var root = #"{"shape": "circle", "fill": "red", "frame": {"width": 40, "height": 40}}"#
        for _ in 0..<40 {
            root = #"{"zstack": [{"shape": "circle", "fill": "blue", "frame": {"width": 30, "height": 30}}, \#(root)], "opacity": 0.95}"#
        }
        let json = #"{"version": 1, "canvas": {"width": 900, "height": 900, "scale": 3, "background": "white"}, "fps": 10, "duration": 0.3, "root": \#(root)}"#
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layer-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("nested.json").path
        try json.write(toFile: scene, atomically: true, encoding: .utf8)
        let run = try runRenderMeasured([scene, "-o", folder.appendingPathComponent("nested.gif").path, "-j", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThan(run.peakMiB, 400, "peak \(run.peakMiB) MiB")
    }
}
