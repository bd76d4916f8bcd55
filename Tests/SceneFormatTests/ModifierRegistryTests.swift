import Expressions
import Foundation
import XCTest

@testable import SceneFormat

/// The registry is the one list of modifiers: every key it lists is accepted on a view and, unless it belongs
/// on the view only, as an entry of `"modifiers"`; the schema and the docs list exactly its keys; and what a
/// unit holds is checked when the scene loads, wherever it is written.
final class ModifierRegistryTests: XCTestCase {
    /// A valid value for each modifier key, written by hand: a key the registry gains without a sample here
    /// fails `testEveryKeyHasASample`.
    static let samples: [String: String] = [
        "id": #""v""#, "let": #"{"k": 1}"#, "frame": #"{"width": 4}"#, "padding": "2",
        "foregroundColor": #""red""#, "font": #"{"size": 12}"#, "offset": #"{"x": 1}"#, "rotation": "10",
        "scale": "1.5", "opacity": "0.5", "blur": "1", "shadow": #"{"radius": 2}"#, "drawingGroup": "true",
        "rotation3D": #"{"angle": 10, "axis": [0, 1, 0]}"#, "onTap": #"[{"set": {"a": 1}}]"#,
        "onDrag": #"{"onEnded": [{"set": {"a": 1}}]}"#, "clipShape": #""circle""#, "clipped": "true",
        "mask": #"{"shape": "circle"}"#, "if": #""a == 0""#, "animation": #"{"curve": ".spring()", "value": "a"}"#,
        "onAppear": #"[{"set": {"a": 1}}]"#, "onDisappear": #"[{"set": {"a": 1}}]"#,
        "phaseAnimator": #"{"phases": [0, 1], "as": "p"}"#,
        "keyframeAnimator": #"{"initialValue": 0, "as": "k", "keyframes": [{"linear": 1, "duration": 1}]}"#,
        "onGeometryChange": #"{"of": "width", "action": [{"set": {"a": "newValue"}}]}"#,
        "colorMultiply": #""red""#, "hueRotation": "90", "saturation": "0.5", "grayscale": "1", "brightness": "0.1",
        "contrast": "2", "blendMode": #""multiply""#, "background": #""red""#, "overlay": #"{"shape": "circle"}"#,
        "zIndex": "1", "matchedGeometryEffect": #"{"id": "'m'", "in": "ns"}"#, "imageScale": #""large""#,
        "layoutPriority": "1", "disabled": "false", "fontDesign": #""monospaced""#, "foregroundStyle": #""red""#, "ignoresSafeArea": "true", "alignmentGuide": #"{"leading": "width / 2"}"#, "scrollTransition": #"{"opacity": "phase.isIdentity ? 1 : 0"}"#,
    ]

    func scene(_ root: String) -> [UInt8] {
        Array(#"{"canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"a": 0}, "root": {"zstack": [\#(root)]}}"#.utf8)
    }

    func decode(_ root: String, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            _ = try SceneDecoder.decode(scene(root))
            return nil
        } catch {
            return error
        }
    }

    func testEveryKeyHasASample() {
        XCTAssertEqual(Set(Self.samples.keys), Set(ModifierRegistry.units.map { $0.key }))
    }

    func testEveryModifierIsAcceptedOnAViewAndAsAnEntryUnlessItBelongsOnTheView() throws {
        for unit in ModifierRegistry.units {
            let value = try XCTUnwrap(Self.samples[unit.key], unit.key)
            let onView = decode(#"{"shape": "rectangle", "\#(unit.key)": \#(value)}"#)
            XCTAssertNil(onView, "\(unit.key) on a view: \(onView.map { "\($0)" } ?? "")")
            let entry = decode(#"{"shape": "rectangle", "modifiers": [{"\#(unit.key)": \#(value)}]}"#)
            if case .viewOnly = unit.placement {
                XCTAssertTrue(entry?.message.contains("cannot be an entry of \"modifiers\"") == true,
                              "\(unit.key) as an entry: \(entry.map { "\($0)" } ?? "accepted")")
                XCTAssertTrue(entry?.message.contains("write it on the view") == true, unit.key)
            } else {
                XCTAssertNil(entry, "\(unit.key) as an entry: \(entry.map { "\($0)" } ?? "")")
            }
        }
    }

    /// An entry's companion keys go with their own modifier only.
    func testCompanionKeysGoWithTheirModifier() {
        XCTAssertNil(decode(#"{"shape": "rectangle", "modifiers": [{"rotation": 3, "anchor": "top"}, {"scale": 2, "anchor": [0, 1]}]}"#))
        let error = decode(#"{"shape": "rectangle", "modifiers": [{"opacity": 1, "anchor": "top"}]}"#)
        XCTAssertEqual(error?.message, "\"anchor\" goes with \"rotation\" or \"scale\" in the same entry")
    }

    /// The schema's view properties are the registry's keys plus the kinds' own, and a `modifiers` entry
    /// allows exactly the keys the registry lets an entry hold.
    func testTheSchemaListsTheRegistrysKeys() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene.schema.json")
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let node = try XCTUnwrap((schema["definitions"] as? [String: Any])?["node"] as? [String: Any])
        let properties = try XCTUnwrap(node["properties"] as? [String: Any])
        for key in ModifierRegistry.keys { XCTAssertNotNil(properties[key], "the schema's view has \(key)") }
        let modifiers = try XCTUnwrap(properties["modifiers"] as? [String: Any])
        let items = try XCTUnwrap(modifiers["items"] as? [String: Any])
        let names = try XCTUnwrap((items["propertyNames"] as? [String: Any])?["enum"] as? [String])
        let entryKeys = ModifierRegistry.orderable.flatMap { [$0.key] + $0.companionKeys }
        XCTAssertEqual(Set(names), Set(entryKeys + ["comment"]))
        XCTAssertEqual(Set((items["properties"] as? [String: Any] ?? [:]).keys), Set(names))
    }

    /// docs/scene-format.md's modifier table lists every registry key, its `modifiers` section names each
    /// unit by its placement, and its list of SwiftUI names answered with a hint is the registry's.
    func testTheDocsListTheRegistry() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let table = try XCTUnwrap(text.range(of: "## Modifiers\n")).upperBound
        let tableEnd = try XCTUnwrap(text.range(of: "### The fixed modifier order")).lowerBound
        let rows = text[table..<tableEnd].split(separator: "\n").filter { $0.hasPrefix("| `") }
        let documented = Set(rows.flatMap { row in
            row.split(separator: "|")[0].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        })
        XCTAssertEqual(documented, Set(ModifierRegistry.keys + ["comment", "modifiers"]))

        func listed(_ label: String) throws -> Set<String> {
            let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("- **\(label)**") }, label)
            let beforeNote = line.components(separatedBy: ". ").first ?? String(line)
            return Set(beforeNote.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        }
        func keys(_ match: (ModifierPlacement) -> Bool) -> Set<String> {
            Set(ModifierRegistry.units.filter { match($0.placement) }.flatMap { [$0.key] + $0.companionKeys })
        }
        XCTAssertEqual(try listed("Wrapping"), keys { $0 == .wrapping })
        XCTAssertEqual(try listed("Trait"), keys { $0 == .trait })
        XCTAssertEqual(try listed("Handlers"), keys { $0 == .handler })
        XCTAssertEqual(try listed("On the view only"), keys { if case .viewOnly = $0 { true } else { false } })

        let answered = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("The names answered this way: ") })
        let names = answered.components(separatedBy: "The names answered this way: ")[1]
            .split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        XCTAssertEqual(Set(names), Set(ModifierRegistry.swiftUINames.keys))
    }

    /// The fixed order holds every wrapping unit once, and `matchedGeometryEffect`, the one view-only key with a
    /// place in the chain; no trait or handler (they have no place in it). Each entry's `fixedRank` is its
    /// place there.
    func testTheFixedOrderHoldsEveryWrappingUnitOnce() {
        let keys = ModifierRegistry.fixedOrder.map(\.key)
        XCTAssertEqual(keys.count, Set(keys).count, "a key twice in \(keys)")
        let wrapping = ModifierRegistry.units.filter { $0.placement == .wrapping }.map { $0.key }
        XCTAssertEqual(Set(keys), Set(wrapping + ["matchedGeometryEffect"]))
        for entry in ModifierRegistry.entries {
            XCTAssertEqual(entry.fixedRank, keys.firstIndex(of: entry.key), entry.key)
        }
        // The environment values, and nothing else, are inherited rather than wrapping.
        let environment = ModifierRegistry.fixedOrder.filter { $0.role == .environment }.map(\.key)
        XCTAssertEqual(environment, ["foregroundStyle", "fontDesign", "foregroundColor", "font", "imageScale", "disabled"])
        // The effects are one run: the transforms and filters of Compose's one effects group, in its order; an
        // entry may join a layer holding what comes before them, or the environment, or `onGeometryChange`.
        let effects = ["blur", "shadow", "scale", "rotation", "rotation3D", "offset", "opacity"]
        XCTAssertEqual(ModifierRegistry.fixedOrder.filter { $0.role == .effect }.map(\.key), effects)
        let start = keys.firstIndex(of: "blur")!
        XCTAssertEqual(Array(keys[start..<(start + effects.count)]), effects)
        // What an entry may join a layer with: the decorations, then the effects; inside them the layout.
        XCTAssertEqual(FoldedLayer.joining, ["frame", "padding", "background", "overlay", "clipShape", "clipped", "mask", "drawingGroup"] + effects)
        XCTAssertEqual(FoldedLayer.layout, ["frame", "padding"])
        XCTAssertEqual(FoldedLayer.environment, ["foregroundColor", "foregroundStyle", "font", "fontDesign", "imageScale", "disabled"])
        // They stand after the views a background, overlay and mask hold, which inherit them; `foregroundStyle`
        // is innermost, where its gradient fills the view's own text or symbol.
        XCTAssertEqual(keys.first, "foregroundStyle")
        let firstEnvironment = keys.firstIndex(of: "fontDesign")!
        for key in ["background", "overlay", "mask"] { XCTAssertLessThan(keys.firstIndex(of: key)!, firstEnvironment, key) }
    }

    /// docs/scene-format.md's block under "The fixed modifier order" lists the registry's fixed order, one row
    /// per unit (its key first in the row's `// "key"` comment, then its companions), innermost first.
    func testTheDocsFixedOrderBlockIsTheRegistrys() throws {
        let url = SchemaTests.repository.appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: "### The fixed modifier order\n")).upperBound
        let open = try XCTUnwrap(text.range(of: "```swift\n", range: section..<text.endIndex)).upperBound
        let close = try XCTUnwrap(text.range(of: "```\n", range: open..<text.endIndex)).lowerBound
        var documented: [String] = []
        for line in text[open..<close].split(separator: "\n") {
            guard let comment = line.range(of: "// \"") else { continue }
            // `// "scale", "anchor": ...`: the quoted names before any colon.
            let names = line[line.index(before: comment.upperBound)...].split(separator: ":", maxSplits: 1)[0]
                .split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                .map { String($0.element) }
            let unit = try XCTUnwrap(ModifierRegistry.unit(forKey: names[0]), "\(names[0]) is not a modifier")
            XCTAssertEqual(Array(names.dropFirst()), unit.companionKeys, "the row of \(names[0])")
            documented.append(names[0])
        }
        XCTAssertEqual(documented, ModifierRegistry.fixedOrder.map(\.key))
    }

    /// A SwiftUI name the format lacks is never one of its modifier keys (such a hint would never be shown on a
    /// view, and would wrongly refuse the key as an entry of `"modifiers"`).
    func testNoHintNamesAModifierKey() {
        for name in ModifierRegistry.swiftUINames.keys {
            XCTAssertFalse(ModifierRegistry.keys.contains(name), "\(name) is a modifier key and has a hint")
        }
    }

    // MARK: - Checked at load, wherever written

    /// `hueRotation` as an entry of `modifiers` is a colour effect on a wrapper around the view.
    func testAColourEffectIsAnEntry() throws {
        let scene = try SceneDecoder.decode(scene(#"{"shape": "rectangle", "modifiers": [{"hueRotation": 90}]}"#))
        guard case .stack(let root) = scene.root.kind, case .stack(let wrapper) = root.children[0].kind else {
            return XCTFail("a wrapper around the view")
        }
        XCTAssertEqual(root.children[0].colorEffects.hueRotation?.constant, .number(90))
        guard case .shape = wrapper.children[0].kind else { return XCTFail("the view inside the wrapper") }
        XCTAssertNil(wrapper.children[0].colorEffects.hueRotation)
    }

    /// A colour effect's expression is name-checked at load, on a view that is never shown too.
    func testAColourEffectTypoFailsAtLoad() {
        let root = #"{"shape": "rectangle", "if": "a == 5", "hueRotation": "angel * 2"}"#
        let error = decode(root)
        XCTAssertEqual(error?.message, "unknown name 'angel'")
        XCTAssertEqual(error?.path.description, "root.zstack[0].hueRotation")
        XCTAssertEqual(error?.location?.line, 1)
        let column = (#"{"canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"a": 0}, "root": {"zstack": [{"shape": "rectangle", "if": "a == 5", "hueRotation": "#).count + 1
        XCTAssertEqual(error?.location?.column, column)
        for key in ["saturation", "grayscale", "brightness", "contrast"] {
            XCTAssertNotNil(decode(#"{"shape": "rectangle", "\#(key)": "nope"}"#), key)
            XCTAssertNotNil(decode(#"{"shape": "rectangle", "modifiers": [{"\#(key)": "nope"}]}"#), key)
        }
        XCTAssertNotNil(decode(#"{"shape": "rectangle", "colorMultiply": "nope ? 'red' : 'blue'"}"#))
    }

    /// Animation code is checked when the scene loads, in a tap the script never sends too.
    func testAnimationCodeIsCheckedAtLoad() {
        func tap(_ animation: String) -> SceneError? {
            decode(#"{"shape": "rectangle", "id": "b", "onTap": [{"withAnimation": "\#(animation)", "do": [{"set": {"a": 1}}]}]}"#)
        }
        XCTAssertNil(tap(".easeInOut(duration: 0.2)"))
        XCTAssertNil(tap(".spring(response: 0.3, dampingFraction: 0.6).delay(0.1).repeatCount(2, autoreverses: false)"))
        XCTAssertNil(tap(".timingCurve(0.2, 0.8, 0.2, 1, duration: a + 1)"))
        XCTAssertNil(tap(".default"))
        XCTAssertEqual(tap(".easInOut(duration: 0.2)")?.message,
                       "invalid animation \".easInOut(duration: 0.2)\": unknown animation .easInOut; did you mean .easeInOut?")
        XCTAssertEqual(tap(".easeInOut(duraton: 0.2)")?.message,
                       "invalid animation \".easeInOut(duraton: 0.2)\": .easeInOut has no argument \"duraton:\"")
        XCTAssertEqual(tap(".linear.dalay(1)")?.message,
                       "invalid animation \".linear.dalay(1)\": unknown modifier .dalay; did you mean .delay?")
        XCTAssertEqual(tap(".timingCurve(0.2, 0.8, 0.2)")?.message,
                       "invalid animation \".timingCurve(0.2, 0.8, 0.2)\": .timingCurve needs more arguments")
        XCTAssertEqual(tap(".spring(duration: 1, dampingFraction: 0.5)")?.message,
                       "invalid animation \".spring(duration: 1, dampingFraction: 0.5)\": .spring takes duration: bounce: blendDuration: or response: dampingFraction: blendDuration:, not duration: dampingFraction: together")
        XCTAssertEqual(tap(".logicallyComplete(after: 1)")?.message,
                       "invalid animation \".logicallyComplete(after: 1)\": unknown animation .logicallyComplete")
        XCTAssertEqual(tap(".linear.logicallyComplete()")?.message,
                       "invalid animation \".linear.logicallyComplete()\": .logicallyComplete needs \"after:\"")
        // The names its arguments read.
        XCTAssertEqual(tap(".easeInOut(duration: durtion)")?.message, "unknown name 'durtion'")
        XCTAssertNotNil(tap(".easeIn(duration: 1"))
        // An animation modifier's curve, on a view and as an entry.
        let curve = #"{"shape": "rectangle", "animation": {"curve": ".sprung()", "value": "a"}}"#
        XCTAssertEqual(decode(curve)?.message, "invalid animation \".sprung()\": unknown animation .sprung; did you mean .spring?")
        XCTAssertNotNil(decode(#"{"shape": "rectangle", "modifiers": [{"animation": {"curve": ".linear(duration: b)", "value": "a"}}]}"#))
    }

    /// Handlers written as entries join the view's own, after them; the view keeps one drag gesture.
    func testHandlerEntriesJoinTheView() throws {
        let root = #"{"shape": "rectangle", "id": "v", "onTap": [{"set": {"a": 1}}], "modifiers": [{"hueRotation": 10}, {"onTap": [{"set": {"a": 2}}]}]}"#
        let scene = try SceneDecoder.decode(scene(root))
        guard case .stack(let top) = scene.root.kind, case .stack(let wrapper) = top.children[0].kind else {
            return XCTFail("a hueRotation wrapper")
        }
        let view = wrapper.children[0]
        XCTAssertEqual(view.id, "v")
        XCTAssertEqual(view.onTap.count, 2)
        XCTAssertTrue(top.children[0].onTap.isEmpty)
        let twice = decode(#"{"shape": "rectangle", "onDrag": {"onEnded": []}, "modifiers": [{"onDrag": {"onEnded": [{"set": {"a": 1}}]}}]}"#)
        XCTAssertNotNil(twice)
    }
}
