import DisplayList
import Foundation
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// Variable colour (`variableValue`, `.symbolEffect(.variableColor)`) against closed forms written here:
/// a variable layer k of n is lit when the value v satisfies v n >= k + 1; unlit layers are at 0.3 opacity
/// (or hidden); the effect steps every 0.25 s and each layer fades over the first 0.1 s of a step with
/// a smoothstep 3x^2 - 2x^3.
final class VariableColorTests: XCTestCase {
    func shapes(_ root: String, state: String = "{}", script: String = "[]", at t: Double) throws -> [ShapeItem] {
        let json = #"{"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 10, "state": \#(state), "root": \#(root), "script": \#(script)}"#
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let items = try Composer(scene: scene, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: t)).items
        return items.compactMap { if case .shape(let s) = $0 { return s } else { return nil } }
    }

    func alphas(_ shapes: [ShapeItem]) -> [Double] {
        shapes.map { shape in
            guard case .color(let c)? = shape.fill?.paint else { return .nan }
            return c.alpha
        }
    }

    func assertAlphas(_ drawn: [Double], _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(drawn.count, expected.count, message, file: file, line: line)
        for (a, b) in zip(drawn, expected) { XCTAssertEqual(a, b, accuracy: 1e-9, message, file: file, line: line) }
    }

    /// `Image(systemName: "speaker.wave.3", variableValue: v)`: the speaker always, wave k (of 3) lit when
    /// 3v >= k + 1, the value clamped to 0...1.
    func testVariableValueLightsTheLayersBelowIt() throws {
        let cases: [(Double, [Double])] = [
            (0, [1, 0.3, 0.3, 0.3]), (0.2, [1, 0.3, 0.3, 0.3]), (1.0 / 3, [1, 1, 0.3, 0.3]), (0.5, [1, 1, 0.3, 0.3]),
            (0.7, [1, 1, 1, 0.3]), (0.99, [1, 1, 1, 0.3]), (1, [1, 1, 1, 1]), (1.5, [1, 1, 1, 1]), (-0.2, [1, 0.3, 0.3, 0.3]),
        ]
        for (v, expected) in cases {
            let root = #"{"systemImage": "speaker.wave.3", "variableValue": "v"}"#
            assertAlphas(alphas(try shapes(root, state: #"{"v": \#(v)}"#, at: 0)), expected, "v = \(v)")
        }
        // cellularbars: four variable layers, thresholds 1/4, 2/4, 3/4, 1.
        for (v, lit) in [(0.25, 1), (0.6, 2), (0.75, 3), (0.1, 0)] {
            let drawn = alphas(try shapes(#"{"systemImage": "cellularbars", "variableValue": \#(v)}"#, at: 0))
            assertAlphas(drawn, (0..<4).map { $0 < lit ? 1 : 0.3 }, "bars \(v)")
        }
        // A symbol without variable layers ignores the value, as on iOS.
        assertAlphas(alphas(try shapes(#"{"systemImage": "bell", "variableValue": 0}"#, at: 0)), [1], "bell")
    }

    /// The lit layers of each phase of a cycle, for 4 layers, written out.
    static let cycles: [String: [[Int]]] = [
        ".variableColor": [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3], []],
        ".variableColor.iterative": [[0], [1], [2], [3], []],
        ".variableColor.cumulative.reversing": [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2], [0, 1], [0], []],
        ".variableColor.iterative.reversing": [[0], [1], [2], [3], [2], [1], [0], []],
    ]

    /// The level of layer k at t for a repeating cycle: the previous phase's state (all lit before the
    /// start) to this phase's by a smoothstep over 0.1 s.
    func expectedLevel(_ k: Int, _ t: Double, cycle: [[Int]]) -> Double {
        let p = Int(floor(t / 0.25))
        func state(_ q: Int) -> Double { q < 0 ? 1 : (cycle[q % cycle.count].contains(k) ? 1 : 0) }
        let x = min(1, (t - Double(p) * 0.25) / 0.1)
        return state(p - 1) + (state(p) - state(p - 1)) * (3 * x * x - 2 * x * x * x)
    }

    /// An always-active `.variableColor` on cellularbars: each option's cycle, at steady points and mid-fade.
    func testTheEffectCyclesThroughTheLayers() throws {
        for (effect, cycle) in Self.cycles {
            for t in [0.05, 0.2, 0.3, 0.45, 0.8, 0.95, 1.2, 1.3, 1.55, 1.76, 2.1, 3.33] {
                let drawn = alphas(try shapes(#"{"systemImage": "cellularbars", "symbolEffect": "\#(effect)"}"#, at: t))
                let expected = (0..<4).map { 0.3 + 0.7 * expectedLevel($0, t, cycle: cycle) }
                assertAlphas(drawn, expected, "\(effect) at \(t)")
            }
        }
        // Spot checks written as numbers: cumulative at 0.45 s is in phase 1 (layers 0 and 1 lit).
        assertAlphas(alphas(try shapes(#"{"systemImage": "cellularbars", "symbolEffect": ".variableColor"}"#, at: 0.45)),
                     [1, 1, 0.3, 0.3], "cumulative 0.45")
        // Iterative at 0.3 s: halfway (x = 0.5, smoothstep 0.5) from layer 0 to layer 1.
        assertAlphas(alphas(try shapes(#"{"systemImage": "cellularbars", "symbolEffect": ".variableColor.iterative"}"#, at: 0.3)),
                     [0.65, 0.65, 0.3, 0.3], "iterative 0.3")
    }

    /// `.hideInactiveLayers`: layers that are not lit are not drawn; the speaker is always drawn.
    func testHideInactiveLayers() throws {
        let root = #"{"systemImage": "speaker.wave.3", "symbolEffect": ".variableColor.iterative.hideInactiveLayers"}"#
        // Phase 2 (0.5...0.75 s): only the third wave.
        assertAlphas(alphas(try shapes(root, at: 0.7)), [1, 1], "phase 2")
        // Mid-fade into phase 1 (0.3 s): waves 0 and 1 at 0.5.
        assertAlphas(alphas(try shapes(root, at: 0.3)), [1, 0.5, 0.5], "fade")
        // The rest phase (0.75...1 s): the speaker alone.
        assertAlphas(alphas(try shapes(root, at: 0.9)), [1], "rest")
    }

    /// `value:`: one cycle without its rest per change, then back to all lit over 0.1 s; `isActive`
    /// turning false returns the layers to lit over 0.1 s.
    func testTriggers() throws {
        let once = #"{"systemImage": "wifi", "symbolEffect": {"effect": ".variableColor.iterative", "value": "n"}}"#
        let change = #"[{"at": 1, "do": [{"set": {"n": 1}}]}]"#
        assertAlphas(alphas(try shapes(once, state: #"{"n": 0}"#, script: change, at: 0.9)), [1, 1, 1], "before")
        assertAlphas(alphas(try shapes(once, state: #"{"n": 0}"#, script: change, at: 1.2)), [1, 0.3, 0.3], "phase 0")
        assertAlphas(alphas(try shapes(once, state: #"{"n": 0}"#, script: change, at: 1.7)), [0.3, 0.3, 1], "phase 2")
        // 3 layers: phases 0, 1, 2 play, then from 1.75 s the layers fade back: at 1.8 s halfway.
        assertAlphas(alphas(try shapes(once, state: #"{"n": 0}"#, script: change, at: 1.8)), [0.65, 0.65, 1], "returning")
        assertAlphas(alphas(try shapes(once, state: #"{"n": 0}"#, script: change, at: 2.5)), [1, 1, 1], "after")

        let active = #"{"systemImage": "wifi", "symbolEffect": {"effect": ".variableColor.cumulative", "isActive": "on"}}"#
        let toggles = #"[{"at": 1, "do": [{"set": {"on": true}}]}, {"at": 2.12, "do": [{"set": {"on": false}}]}]"#
        assertAlphas(alphas(try shapes(active, state: #"{"on": false}"#, script: toggles, at: 0.5)), [1, 1, 1], "inactive")
        // Active since 1 s, 4 phases of 0.25 s: at 1.95 s phase 3 (the rest: none lit).
        assertAlphas(alphas(try shapes(active, state: #"{"on": false}"#, script: toggles, at: 1.95)), [0.3, 0.3, 0.3], "rest")
        // Made inactive at 2.12 s in phase 0 of the second cycle (0.12 s in: only the dot lit); 0.05 s later halfway back.
        assertAlphas(alphas(try shapes(active, state: #"{"on": false}"#, script: toggles, at: 2.17)), [1, 0.65, 0.65], "stopping")
        assertAlphas(alphas(try shapes(active, state: #"{"on": false}"#, script: toggles, at: 2.3)), [1, 1, 1], "stopped")
    }

    /// A symbol without variable layers does not animate (as on iOS); the options are checked when decoded.
    func testSymbolsWithoutLayersAndBadOptions() throws {
        for t in [0.1, 0.3, 0.9] {
            assertAlphas(alphas(try shapes(#"{"systemImage": "heart.fill", "symbolEffect": ".variableColor"}"#, at: t)), [1], "heart")
        }
        let cases = [
            (#"".variableColor.sideways""#, #"unknown variable colour option ".sideways""#),
            (#"".variableColor.byLayer""#, "unknown variable colour option"),
            (#"".variableColor.revrsing""#, #"did you mean ".reversing"?"#),
            (#"{"effect": ".variableColor", "value": "n", "isActive": true}"#, "not both"),
            (#"".variableColr""#, #"did you mean ".variableColor"?"#),
        ]
        for (effect, expected) in cases {
            let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"n": 0}, "root": {"systemImage": "wifi", "symbolEffect": \#(effect)}}"#
            XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8)), effect) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertTrue("\(error)".contains("root.symbolEffect"), "\(error)")
            }
        }
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"text": "hi", "variableValue": 0.5}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains("systemImage"), "\(error)")
        }
    }
}
