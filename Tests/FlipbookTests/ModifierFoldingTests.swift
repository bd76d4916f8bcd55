import Flipbook
import Foundation
import Pixels
import SceneFormat
import XCTest

/// An entry of `"modifiers"` that the fixed order would apply after everything in the layer below it joins
/// that layer instead of wrapping it; the picture is the one of SwiftUI's chain, written here as nested
/// one-child z-stacks (one modifier each), which never fold.
final class ModifierFoldingTests: XCTestCase {
    func scene(_ root: String) throws -> Scene {
        let json = #"{"canvas": {"width": 80, "height": 80, "scale": 1, "background": "white"}, "duration": 1, "state": {"w0": 0}, "root": \#(root)}"#
        return try SceneDecoder.decode(Array(json.utf8))
    }

    func frame(_ root: String) throws -> PixelImage { try Player(scene: scene(root)).frame(at: 0) }

    /// How many wrapper views the root's `"modifiers"` entries became.
    func wrappers(_ root: String) throws -> Int {
        var node = try scene(root).root
        var count = 0
        while node.isModifierEntry, case .stack(let stack) = node.kind, let child = stack.children.first {
            count += 1
            node = child
        }
        return count
    }

    /// `{"zstack": [inner], key: value}` around `inner` for each (key, value), innermost first: the chain as
    /// SwiftUI nests it, one modifier per view.
    func nested(_ inner: String, _ modifiers: [String]) -> String {
        modifiers.reduce(inner) { #"{"zstack": [\#($0)], \#($1)}"# }
    }

    let square = #""shape": "rectangle", "fill": "rgb(1, 0, 0)", "frame": {"width": 10, "height": 6}"#
    let background = #""background": "rgb(0, 0, 1)""#

    /// The like-button burst: scale and offset join the dot, rotation wraps them (it comes before the offset in
    /// the fixed order, so the offset it turns must stay inside), and opacity joins the rotation's layer.
    func testEffectsInTheFixedOrderJoinTheLayerBelow() throws {
        let entries = [#""scale": 1.5"#, #""offset": {"y": -20}"#, #""rotation": 45"#, #""opacity": 0.6"#]
        let written = #"{\#(square), \#(background), "modifiers": [\#(entries.map { "{\($0)}" }.joined(separator: ", "))]}"#
        XCTAssertEqual(try wrappers(written), 1)
        let chain = try frame(nested(#"{\#(square), \#(background)}"#, entries))
        XCTAssertEqual(try frame(written), chain)
        // The orbit: the dot's centre is 20 pt from the canvas's centre at 45° clockwise from the top.
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<chain.height {
            for x in 0..<chain.width where chain[x, y].r < 250 || chain[x, y].g < 250 || chain[x, y].b < 250 {
                sx += Double(x) + 0.5
                sy += Double(y) + 0.5
                n += 1
            }
        }
        XCTAssertEqual(sx / n, 40 + 20 * sin(.pi / 4), accuracy: 0.5)
        XCTAssertEqual(sy / n, 40 - 20 * cos(.pi / 4), accuracy: 0.5)
    }

    /// Out of the fixed order, each entry wraps: offset before rotation, blur after a scale.
    func testAnEntryBeforeTheLayersLastEffectWraps() throws {
        for entries in [[#""offset": {"y": -20}"#, #""rotation": 30"#], [#""scale": 1.2"#, #""blur": 1"#],
                        [#""opacity": 0.5"#, #""shadow": {"radius": 2, "x": 2, "y": 2}"#]] {
            let written = #"{\#(square), "modifiers": [\#(entries.map { "{\($0)}" }.joined(separator: ", "))]}"#
            XCTAssertEqual(try wrappers(written), 1, "\(entries)")
            XCTAssertEqual(try frame(written), try frame(nested(#"{\#(square)}"#, entries)), "\(entries)")
        }
    }

    /// `anchor` belongs to both scale and rotation: a rotation written after a scale about the top keeps its
    /// own anchor (the centre), so it wraps; without anchors they join.
    func testTheSharedAnchorKeepsThemApart() throws {
        let anchored = [#""scale": 1.5, "anchor": "top""#, #""rotation": 90"#]
        let written = #"{\#(square), "modifiers": [{\#(anchored[0])}, {\#(anchored[1])}]}"#
        XCTAssertEqual(try wrappers(written), 1)
        XCTAssertEqual(try frame(written), try frame(nested(#"{\#(square)}"#, anchored)))
        let plain = #"{\#(square), "modifiers": [{"scale": 1.5}, {"rotation": 90}]}"#
        XCTAssertEqual(try wrappers(plain), 0)
        XCTAssertEqual(try frame(plain), try frame(nested(#"{\#(square)}"#, [#""scale": 1.5"#, #""rotation": 90"#])))
        // And the anchor matters: about the top, the scaled bar turned about its centre is not where it is
        // when the rotation is about the top too.
        XCTAssertNotEqual(try frame(written), try frame(#"{\#(square), "scale": 1.5, "rotation": 90, "anchor": "top"}"#))
    }

    /// What the fixed order applies after the effects stops an effect joining: a colour effect, `animation`
    /// (which covers only what is written before it) and a key the entry writes again.
    func testWhatComesAfterTheEffectsStopsThem() throws {
        XCTAssertEqual(try wrappers(#"{\#(square), "hueRotation": 90, "modifiers": [{"opacity": 0.5}]}"#), 1)
        XCTAssertEqual(try wrappers(#"{\#(square), "animation": {"curve": ".default", "value": 1}, "modifiers": [{"offset": {"x": 3}}]}"#), 1)
        XCTAssertEqual(try wrappers(#"{\#(square), "offset": {"x": 3}, "modifiers": [{"offset": {"x": 3}}]}"#), 1)
        XCTAssertEqual(try wrappers(#"{\#(square), "modifiers": [{"frame": {"width": 20}}, {"opacity": 0.5}, {"hueRotation": 90}]}"#), 2)
        // A frame, padding, background or clip below them does not: the fixed order applies them inside.
        XCTAssertEqual(try wrappers(#"{\#(square), "padding": 4, "clipShape": "capsule", "modifiers": [{"rotation": 10}, {"offset": {"x": 3}}]}"#), 0)
    }

    /// The layout and the decorations join too: `.frame(...).padding(6).background(.blue).overlay { Circle() }
    /// .clipShape(Capsule()).rotationEffect(...)` is one view, and draws as the nested chain.
    func testLayoutAndDecorationsJoin() throws {
        let entries = [#""padding": 6"#, #""background": "rgb(0, 0, 1)""#,
                       #""overlay": {"shape": "circle", "fill": "rgb(0, 1, 0)", "frame": {"width": 4, "height": 4}}"#,
                       #""clipShape": "capsule""#, #""rotation": 20"#]
        let written = #"{\#(square), "modifiers": [\#(entries.map { "{\($0)}" }.joined(separator: ", "))]}"#
        XCTAssertEqual(try wrappers(written), 0)
        XCTAssertEqual(try frame(written), try frame(nested(#"{\#(square)}"#, entries)))
        // A text with its frame and padding written as entries: laid out and drawn as nested.
        let text = #""text": "Hi", "font": {"size": 12}"#
        let chain = [#""frame": {"width": 50, "height": 30, "alignment": "bottomTrailing"}"#, #""padding": {"leading": 6}"#,
                     #""background": "rgb(1, 1, 0)""#, #""offset": {"x": -4}"#]
        let written2 = #"{\#(text), "modifiers": [\#(chain.map { "{\($0)}" }.joined(separator: ", "))]}"#
        XCTAssertEqual(try wrappers(written2), 0)
        XCTAssertEqual(try frame(written2), try frame(nested(#"{\#(text)}"#, chain)))
        // Inside a stack, where the sizes the layout asks of the view matter.
        let stack = #"{"vstack": [\#(written2), {"shape": "rectangle", "fill": "rgb(0, 0, 1)"}], "spacing": 2}"#
        let nestedStack = #"{"vstack": [\#(nested(#"{\#(text)}"#, chain)), {"shape": "rectangle", "fill": "rgb(0, 0, 1)"}], "spacing": 2}"#
        XCTAssertEqual(try frame(stack), try frame(nestedStack))
    }

    /// A `frame` or `padding` entry changes the frame an `onGeometryChange` below it watches, so it wraps.
    func testLayoutDoesNotJoinAWatchedLayer() throws {
        let watch = #""onGeometryChange": {"of": "width", "action": [{"set": {"w0": "newValue"}}]}"#
        XCTAssertEqual(try wrappers(#"{"shape": "rectangle", \#(watch), "modifiers": [{"frame": {"width": 10}}]}"#), 1)
        XCTAssertEqual(try wrappers(#"{"shape": "rectangle", \#(watch), "modifiers": [{"padding": 3}]}"#), 1)
        XCTAssertEqual(try wrappers(#"{"shape": "rectangle", \#(watch), "modifiers": [{"background": "red"}, {"opacity": 0.5}]}"#), 0)
    }

    /// A decoration holding views does not join a layer that sets the environment: `.foregroundColor(.green)
    /// .background { Circle() }` draws the circle in the default colour, not the green its layer would give it.
    func testAViewHoldingEntryStaysOutOfTheEnvironment() throws {
        let inner = #"{"text": "Hi", "font": {"size": 10}, "foregroundColor": "rgb(0, 1, 0)"}"#
        let entry = #""background": {"shape": "circle", "frame": {"width": 30, "height": 30}}"#
        let written = #"{"text": "Hi", "font": {"size": 10}, "foregroundColor": "rgb(0, 1, 0)", "modifiers": [{\#(entry)}]}"#
        XCTAssertEqual(try wrappers(written), 1)
        let image = try frame(written)
        XCTAssertEqual(image, try frame(nested(inner, [entry])))
        // The circle is drawn with the default foreground (black), not green: the pixel left of the text.
        XCTAssertEqual(image[28, 40], RGBA8(r: 0, g: 0, b: 0))
    }
}
