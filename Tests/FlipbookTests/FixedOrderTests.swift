import Flipbook
import Foundation
import Pixels
import Raster
import SceneFormat
import XCTest

/// A view's own modifier keys and its `"modifiers"` entries are one semantics: a view with its modifiers
/// written as keys draws as the same view with no keys and the same modifiers written as entries in the
/// registry's fixed order (`ModifierRegistry.fixedOrder`), innermost first. Each unit alone, every pair of
/// units on one view, and all of a case's units at once; the pairs and the cases also nested in one-child
/// z-stacks, one unit each, as SwiftUI nests the chain (an entry of an effect joins the layer below it when
/// the fixed order allows, `FoldedLayer`, so the entries alone would draw some pairs as the keys by
/// construction).
///
/// The two forms are drawn through different display lists (one group for the view's keys, one per wrapper
/// for the entries), so they round differently: a colour matrix applied in one step or several differs by a
/// level, and a 3D rotation, which warps a bitmap of what it holds, resamples a scale or rotation written
/// inside it (an entry) where the view's keys fold them into one projection: its antialiased edges differ
/// by up to about 40 levels. So the forms must agree within `tolerance` levels in every channel of every
/// pixel (`resampledTolerance` for a 3D rotation around a scale or rotation), with at most `strayShare` of
/// the pixels differing by more than `noise` levels. The negative control, the one pair that does not
/// commute written in the other order (offset then rotation), differs far beyond that.
///
/// `FIXED_ORDER_DUMP=/some/folder` writes each compared pair of images there.
final class FixedOrderTests: XCTestCase {
    /// The largest difference in any channel of any pixel between the two forms, in levels of 255.
    static let tolerance = 24
    /// The same, for a 3D rotation around a scale or rotation (see above).
    static let resampledTolerance = 48
    /// The largest share of pixels that may differ by more than `noise` levels.
    static let strayShare = 0.04
    /// A pixel differing by at most this many levels in every channel is rounding.
    static let noise = 8

    /// The tolerance for a view with `keys`.
    static func tolerance(_ keys: [String]) -> Int {
        keys.contains("rotation3D") && (keys.contains("scale") || keys.contains("rotation")) ? resampledTolerance : tolerance
    }

    /// Each unit of the fixed order, its keys as written on a view, with a value that shows: a unit the
    /// list gains without a sample here fails `testEveryUnitOfTheFixedOrderHasASample`.
    static let samples: [String: String] = [
        "frame": #""frame": {"width": 34, "height": 26, "alignment": "topLeading"}"#,
        "padding": #""padding": {"leading": 6, "top": 3, "bottom": 1}"#,
        "background": #""background": {"shape": "capsule", "fill": "rgb(1, 0.816, 0)", "offset": {"x": -5, "y": -4}}"#,
        "overlay": #""overlay": {"content": {"shape": "circle", "fill": "rgb(0, 0.251, 1)", "frame": {"width": 9, "height": 9}}, "alignment": "bottomTrailing"}"#,
        "clipShape": #""clipShape": {"shape": "roundedRectangle", "cornerRadius": 7}"#,
        "clipped": #""clipped": true"#,
        "mask": #""mask": {"shape": "ellipse", "fill": "black", "frame": {"width": 24, "height": 30}}"#,
        "drawingGroup": #""drawingGroup": true"#,
        "blur": #""blur": 0.7"#,
        "shadow": #""shadow": {"color": "rgb(0, 0.627, 0)", "radius": 1.5, "x": 3, "y": 2}"#,
        "scale": #""scale": {"x": 1.25, "y": 0.9}"#,
        "rotation": #""rotation": 30"#,
        "rotation3D": #""rotation3D": {"angle": 35, "axis": [0, 1, 0]}"#,
        "offset": #""offset": {"x": 11, "y": -8}"#,
        "opacity": #""opacity": 0.85"#,
        "colorMultiply": #""colorMultiply": "rgb(1, 0.878, 0.753)""#,
        "hueRotation": #""hueRotation": 40"#,
        "saturation": #""saturation": 0.7"#,
        "grayscale": #""grayscale": 0.2"#,
        "brightness": #""brightness": 0.06"#,
        "contrast": #""contrast": 1.3"#,
        "blendMode": #""blendMode": "multiply""#,
        "fontDesign": #""fontDesign": "serif""#,
        "foregroundColor": #""foregroundColor": "rgb(0.753, 0, 0.376)""#,
        "foregroundStyle": #""foregroundStyle": {"linearGradient": {"colors": ["rgb(1, 0, 0)", "rgb(0, 0, 1)"], "startPoint": "leading", "endPoint": "trailing"}}"#,
        "font": #""font": {"size": 15, "weight": "bold", "design": "monospaced"}"#,
        "imageScale": #""imageScale": "large""#,
        "disabled": #""disabled": true"#,
        "scrollTransition": #""scrollTransition": {"scale": "phase.isIdentity ? 0.8 : 1", "opacity": "phase.isIdentity ? 0.7 : 1"}"#,
        "ignoresSafeArea": #""ignoresSafeArea": "top""#,
        "matchedGeometryEffect": #""matchedGeometryEffect": {"id": "'m'", "in": "ns"}"#,
        "onGeometryChange": #""onGeometryChange": {"of": "width", "action": [{"set": {"a": "newValue"}}]}"#,
        "animation": #""animation": {"curve": ".spring()", "value": "a"}"#,
    ]

    /// The units whose sample shows nothing on a view alone: a drawing group is a bitmap of what is drawn
    /// anyway, a lone view is its own matched geometry's source, a geometry change runs an action, an
    /// animation changes nothing while nothing changes. (`matchedGeometryEffect` is view-only: it stays on
    /// the view in both forms, under the entries, so only its sample's acceptance is compared here.)
    static let invisible: Set<String> = ["drawingGroup", "matchedGeometryEffect", "onGeometryChange", "animation"]

    /// A view that shows some units: its kind, the units it carries, and where it stands (`VIEW` in `root`).
    struct Case {
        var name: String
        var kind: String
        var keys: [String]
        var root = #"{"scrollView": [VIEW]}"#
        var canvas = #""width": 80, "height": 60"#
    }

    /// The cases; together they hold every unit of the fixed order (`testEveryUnitIsInACase`).
    static let cases: [Case] = [
        // A shape: the geometry, the clipping, the effects and the colour effects.
        Case(name: "shape", kind: #""shape": "roundedRectangle", "cornerRadius": 5, "fill": "rgb(0.2, 0.4, 1)""#,
             keys: ["frame", "padding", "background", "overlay", "clipShape", "mask", "drawingGroup", "blur",
                    "shadow", "scale", "rotation", "rotation3D", "offset", "opacity", "colorMultiply", "hueRotation",
                    "saturation", "grayscale", "brightness", "contrast", "blendMode"],
             root: #"{"zstack": [{"shape": "rectangle", "fill": "rgb(0.5, 1, 0.5)", "frame": {"width": 80, "height": 20}}, {"zstack": [VIEW], "frame": {"width": 40, "height": 30}}]}"#),
        // A text in a scroll view: the font and colour, the scroll transition, and the effects with them.
        Case(name: "text", kind: #""text": "Ag""#,
             keys: ["frame", "padding", "background", "overlay", "scale", "rotation", "offset", "opacity", "fontDesign",
                    "foregroundColor", "font", "scrollTransition", "matchedGeometryEffect"],
             root: #"{"scrollView": [{"zstack": [VIEW], "foregroundColor": "rgb(0.9, 0.3, 0.1)"}]}"#),
        // `clipped`: a path that reaches out of its frame; and the units that draw nothing themselves.
        Case(name: "clipped", kind: #""path": [["move", -8, -8], ["line", "w + 8", "h / 2"], ["line", -8, "h + 8"], ["close"]], "fill": "rgb(0.1, 0.4, 1)""#,
             keys: ["frame", "padding", "background", "clipped", "rotation", "offset", "onGeometryChange", "animation"],
             root: #"{"zstack": [VIEW], "frame": {"width": 40, "height": 30}}"#),
        // A symbol: a gradient foreground and the image scale.
        Case(name: "symbol", kind: #""systemImage": "star.fill""#,
             keys: ["foregroundStyle", "imageScale", "font", "frame", "padding", "rotation", "offset", "opacity"],
             root: "VIEW"),
        // A control: `disabled` draws its disabled look.
        Case(name: "toggle", kind: #""toggle": "on""#,
             keys: ["padding", "background", "scale", "disabled"], root: "VIEW", canvas: #""width": 80, "height": 50"#),
        // The root of a canvas with a safe area: `ignoresSafeArea` extends the view, its background and the
        // effects' anchor to the canvas's edge.
        Case(name: "safe area", kind: #""shape": "rectangle", "fill": "rgb(1, 0.25, 0)""#,
             keys: ["padding", "background", "rotation", "offset", "opacity", "ignoresSafeArea"],
             root: "VIEW", canvas: #""width": 60, "height": 50, "safeArea": {"top": 12}"#),
    ]

    /// Where scale and rotation turn: one `anchor` on the view, the same one in each of their entries.
    static let anchorSample = #""anchor": [0.3, 0.7]"#

    /// The keys of `keys` in the registry's fixed order.
    func inFixedOrder(_ keys: [String]) -> [String] {
        ModifierRegistry.fixedOrder.map(\.key).filter(keys.contains)
    }

    func hasAnchor(_ keys: [String]) -> Bool { keys.contains("scale") || keys.contains("rotation") }

    /// The case's view with `keys` as its own keys.
    func keyed(_ c: Case, _ keys: [String]) -> String {
        let pairs = keys.map { Self.samples[$0]! } + (hasAnchor(keys) ? [Self.anchorSample] : [])
        return "{" + ([c.kind] + pairs).joined(separator: ", ") + "}"
    }

    /// The case's view with `order` as `"modifiers"` entries, in that order (a view-only key stays on the view).
    func written(_ c: Case, _ order: [String]) -> String {
        let wrapping = Set(ModifierRegistry.entries.filter { $0.placement == .wrapping }.map(\.key))
        var parts: [String] = [c.kind]
        var entries: [String] = []
        for key in order {
            let sample = Self.samples[key]!
            if !wrapping.contains(key) {
                parts.append(sample)
            } else if key == "scale" || key == "rotation" {
                entries.append("{" + sample + ", " + Self.anchorSample + "}")
            } else {
                entries.append("{" + sample + "}")
            }
        }
        parts.append(#""modifiers": ["# + entries.joined(separator: ", ") + "]")
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The case's view with `order` as nested one-child z-stacks, one modifier each, innermost first: the chain
    /// as SwiftUI nests it, which no entry joins (`FoldedLayer`); a view-only key stays on the view.
    func nested(_ c: Case, _ order: [String]) -> String {
        let wrapping = Set(ModifierRegistry.entries.filter { $0.placement == .wrapping }.map(\.key))
        var view = "{" + ([c.kind] + order.filter { !wrapping.contains($0) }.map { Self.samples[$0]! }).joined(separator: ", ") + "}"
        for key in order where wrapping.contains(key) {
            let anchor = key == "scale" || key == "rotation" ? ", " + Self.anchorSample : ""
            view = #"{"zstack": [\#(view)], \#(Self.samples[key]!)\#(anchor)}"#
        }
        return view
    }

    func render(_ c: Case, _ view: String) throws -> PixelImage {
        let root = c.root.replacingOccurrences(of: "VIEW", with: view)
        let json = #"{"canvas": {\#(c.canvas), "scale": 1, "background": "white"}, "duration": 1, "state": {"a": 1, "on": true}, "root": \#(root)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8))).frame(at: 0)
    }

    /// The largest channel difference and the number of pixels that differ by more than `noise` levels.
    func difference(_ a: PixelImage, _ b: PixelImage) -> (largest: Int, pixels: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var largest = 0, pixels = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
            largest = max(largest, d)
            if d > Self.noise { pixels += 1 }
        }
        return (largest, pixels)
    }

    func assertSame(_ c: Case, _ keys: [String], _ a: PixelImage, _ b: PixelImage, _ label: String,
                    file: StaticString = #filePath, line: UInt = #line) {
        let (largest, pixels) = difference(a, b)
        if let dir = ProcessInfo.processInfo.environment["FIXED_ORDER_DUMP"] {
            let name = (c.name + "-" + label).replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: ",", with: "")
            try? PNGFile.write(a, to: dir + "/" + name + "-keys.png")
            try? PNGFile.write(b, to: dir + "/" + name + "-entries.png")
        }
        let allowed = Int(Double(a.width * a.height) * Self.strayShare)
        XCTAssertLessThanOrEqual(largest, Self.tolerance(keys), "\(c.name): \(label): the largest channel difference", file: file, line: line)
        XCTAssertLessThanOrEqual(pixels, allowed, "\(c.name): \(label): pixels that differ", file: file, line: line)
    }

    func testEveryUnitOfTheFixedOrderHasASample() {
        XCTAssertEqual(Set(Self.samples.keys), Set(ModifierRegistry.fixedOrder.map(\.key)))
    }

    func testEveryUnitIsInACase() {
        XCTAssertEqual(Set(Self.cases.flatMap(\.keys)), Set(ModifierRegistry.fixedOrder.map(\.key)))
    }

    /// Each sample shows on its case's view alone (so a pair that disagreed could not hide behind it),
    /// and written as a key or as one entry it draws the same.
    func testEachUnitAloneDrawsTheSameAsAKeyAndAsAnEntry() throws {
        for c in Self.cases {
            let bare = try render(c, "{" + c.kind + "}")
            for key in c.keys {
                let asKey = try render(c, keyed(c, [key])), asEntry = try render(c, written(c, [key]))
                assertSame(c, [key], asKey, asEntry, key)
                if !Self.invisible.contains(key) {
                    XCTAssertGreaterThan(difference(asKey, bare).pixels, 0, "\(c.name): \(key) shows")
                }
            }
        }
    }

    /// The view with all its case's units as keys draws as the view with them as entries in the fixed order,
    /// and as the view nested in one z-stack per unit in that order.
    func testTheKeysDrawAsTheEntriesInTheFixedOrder() throws {
        for c in Self.cases {
            let order = inFixedOrder(c.keys)
            let asKeys = try render(c, keyed(c, order)), asEntries = try render(c, written(c, order))
            let (largest, pixels) = difference(asKeys, asEntries)
            print("fixed order, \(c.name): largest difference \(largest), \(pixels) of \(asKeys.width * asKeys.height) pixels differ")
            assertSame(c, order, asKeys, asEntries, "all its units")
            let asNested = try render(c, nested(c, order))
            let unfolded = difference(asKeys, asNested)
            print("fixed order, \(c.name), nested: largest difference \(unfolded.largest), \(unfolded.pixels) pixels differ")
            assertSame(c, order, asKeys, asNested, "all its units, nested")
            XCTAssertGreaterThan(difference(asKeys, try render(c, "{" + c.kind + "}")).pixels, asKeys.width * asKeys.height / 20,
                                 "\(c.name): the units show")
        }
    }

    /// Every two units of a case, as keys, as entries in the fixed order and nested in that order: the pairs
    /// that do not commute are where the order shows.
    func testEveryPairDrawsTheSameAsKeysAndAsEntries() throws {
        for c in Self.cases {
            let order = inFixedOrder(c.keys)
            for (i, a) in order.enumerated() {
                for b in order[(i + 1)...] {
                    let asKeys = try render(c, keyed(c, [a, b]))
                    assertSame(c, [a, b], asKeys, try render(c, written(c, [a, b])), "\(a), \(b)")
                    // Nested, as no entry joins the layer below (entries of effects in the fixed order do).
                    assertSame(c, [a, b], asKeys, try render(c, nested(c, [a, b])), "\(a), \(b), nested")
                }
            }
        }
    }

    /// The negative control: entries in another order for a pair that does not commute (offset then rotation,
    /// the offset turned with the view, against rotation then offset) draw beyond the tolerance.
    func testAnotherOrderOfANonCommutingPairDiffers() throws {
        let c = Self.cases[0]  // the shape
        let order = inFixedOrder(c.keys)
        var swapped = order
        let (r, o) = (swapped.firstIndex(of: "rotation")!, swapped.firstIndex(of: "offset")!)
        XCTAssertLessThan(r, o, "rotation is inside offset in the fixed order")
        swapped.swapAt(r, o)
        let asKeys = try render(c, keyed(c, order)), other = try render(c, written(c, swapped))
        let (largest, pixels) = difference(asKeys, other)
        print("another order: largest difference \(largest), \(pixels) pixels differ")
        XCTAssertGreaterThan(largest, Self.tolerance(order))
        XCTAssertGreaterThan(Double(pixels), Double(asKeys.width * asKeys.height) * Self.strayShare)
        // The pair alone, too.
        let pair = difference(try render(c, keyed(c, ["rotation", "offset"])), try render(c, written(c, ["offset", "rotation"])))
        print("another order, the pair alone: largest difference \(pair.largest), \(pair.pixels) pixels differ")
        XCTAssertGreaterThan(pair.largest, Self.tolerance(["rotation", "offset"]))
        XCTAssertGreaterThan(Double(pair.pixels), Double(asKeys.width * asKeys.height) * Self.strayShare)
    }
}
