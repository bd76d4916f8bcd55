import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// `.animation(_:value:)` over a view with a content transition: in a transaction where the watched value
/// changes, SwiftUI gives the subtree the modifier's animation, so the content transition plays with it,
/// also after a plain `set`, instead of a `withAnimation`'s; `.animation(nil, value:)` makes the change pop.
/// Opacities are the linear curves' fractions, worked out here.
final class AnimationModifierContentTransitionTests: XCTestCase {
    /// Each text item drawn at `t`: its string and its opacity (the product of the groups' around it).
    func texts(_ json: String, at t: Double) throws -> [(text: String, opacity: Double)] {
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        func walk(_ items: [DisplayItem], _ opacity: Double) -> [(text: String, opacity: Double)] {
            var found: [(text: String, opacity: Double)] = []
            for item in items {
                switch item {
                case .text(let text): found.append((text.runs.map(\.text).joined(), opacity))
                case .group(let group): found += walk(group.children, opacity * group.opacity)
                default: break
                }
            }
            return found
        }
        return walk(try player.displayList(at: t).items, 1)
    }

    /// The opacity of the one text item showing `string` at `t`.
    func opacity(_ json: String, _ string: String, at t: Double) throws -> Double {
        let found = try texts(json, at: t).filter { $0.text == string }
        XCTAssertEqual(found.count, 1, "one \"\(string)\" at \(t)")
        return found.first?.opacity ?? .nan
    }

    /// `VStack { Text("\(n)").contentTransition(transition) }.animation(curve, value: watched)`.
    func scene(transition: String = ".numericText()", curve: String, watched: String = "n", script: String) -> String {
        #"""
        {"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 4, "state": {"n": 1, "other": 0},
         "root": {"vstack": [{"text": "${n}", "contentTransition": "\#(transition)"}],
                  "animation": {"curve": \#(curve), "value": "\#(watched)"}},
         "script": \#(script)}
        """#
    }

    let plainSet = #"[{"at": 1, "do": [{"set": {"n": 2}}]}]"#
    let slowWithAnimation = #"[{"at": 1, "do": [{"withAnimation": ".linear(duration: 4)", "do": [{"set": {"n": 2}}]}]}]"#

    /// A plain `set` at 1 s under `.animation(.linear(duration: 1), value: n)`: the digit rolls over the
    /// linear second; the old "1" fades out (1 - f) as the new "2" fades in (f), f = t - 1.
    func testAPlainSetPlaysTheNumericTextWithTheModifiersAnimation() throws {
        for transition in [".numericText()", ".opacity", ".interpolate"] {
            let json = scene(transition: transition, curve: #"".linear(duration: 1)""#, script: plainSet)
            for t in [1.25, 1.5, 1.75] {
                let f = t - 1
                XCTAssertEqual(try opacity(json, "1", at: t), 1 - f, accuracy: 1e-9, "\(transition) t = \(t)")
                XCTAssertEqual(try opacity(json, "2", at: t), f, accuracy: 1e-9, "\(transition) t = \(t)")
            }
            XCTAssertEqual(try texts(json, at: 2.25).map(\.text), ["2"], transition)
            XCTAssertEqual(try opacity(json, "2", at: 2.25), 1, transition)
        }
    }

    /// The modifier's `.linear(duration: 1)` replaces a `withAnimation(.linear(duration: 4))` (half way at
    /// 1.5 s, not an eighth); `.animation(nil, value: n)` makes the new string pop in; a modifier whose
    /// value stays leaves the transaction's animation (an eighth at 1.5 s) and a plain set pops.
    func testTheModifierReplacesTheTransactionsAnimation() throws {
        let linear = scene(curve: #"".linear(duration: 1)""#, script: slowWithAnimation)
        XCTAssertEqual(try opacity(linear, "2", at: 1.5), 0.5, accuracy: 1e-9)
        let none = scene(curve: "null", script: slowWithAnimation)
        XCTAssertEqual(try texts(none, at: 1.25).map(\.text), ["2"])
        XCTAssertEqual(try opacity(none, "2", at: 1.25), 1)
        let unwatched = scene(curve: #"".linear(duration: 1)""#, watched: "other", script: slowWithAnimation)
        XCTAssertEqual(try opacity(unwatched, "2", at: 1.5), 0.125, accuracy: 1e-9)
        let unwatchedPlain = scene(curve: #"".linear(duration: 1)""#, watched: "other", script: plainSet)
        XCTAssertEqual(try texts(unwatchedPlain, at: 1.25).map(\.text), ["2"])
    }

    /// The innermost modifier whose value changed wins: an inner `.linear(duration: 1)` watching `n` over an
    /// outer `.linear(duration: 2)` (half way at 1.5 s); an inner one watching an unchanged value leaves
    /// the outer's (a quarter).
    func testTheInnermostChangedModifierWins() throws {
        func nested(_ innerWatched: String) -> String {
            #"""
            {"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 4, "state": {"n": 1, "other": 0},
             "root": {"vstack": [{"vstack": [{"text": "${n}", "contentTransition": ".numericText()"}],
                                  "animation": {"curve": ".linear(duration: 1)", "value": "\#(innerWatched)"}}],
                      "animation": {"curve": ".linear(duration: 2)", "value": "n"}},
             "script": [{"at": 1, "do": [{"set": {"n": 2}}]}]}
            """#
        }
        XCTAssertEqual(try opacity(nested("n"), "2", at: 1.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(try opacity(nested("other"), "2", at: 1.5), 0.25, accuracy: 1e-9)
    }

    /// `.contentTransition(.symbolEffect(.replace))` under the modifier: a plain set plays the replace
    /// (both symbols drawn 0.2 s after it, as the replace's own curves have it); `.animation(nil, value:)`
    /// swaps at once, even inside a `withAnimation`.
    func testTheSymbolReplacePlaysWithTheModifier() throws {
        func shapes(curve: String, script: String) throws -> Int {
            let json = #"""
            {"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 3, "state": {"on": false},
             "root": {"vstack": [{"systemImage": "on ? 'circle.fill' : 'square.fill'", "contentTransition": ".symbolEffect(.replace)"}],
                      "animation": {"curve": \#(curve), "value": "on"}},
             "script": \#(script)}
            """#
            let items = try Player(scene: SceneDecoder.decode(Array(json.utf8))).displayList(at: 1.2).items
            func count(_ items: [DisplayItem]) -> Int {
                items.reduce(0) { sum, item in
                    switch item {
                    case .shape: return sum + 1
                    case .group(let group): return sum + count(group.children)
                    default: return sum
                    }
                }
            }
            return count(items)
        }
        let plain = #"[{"at": 1, "do": [{"set": {"on": true}}]}]"#
        let animated = #"[{"at": 1, "do": [{"withAnimation": ".default", "do": [{"set": {"on": true}}]}]}]"#
        XCTAssertEqual(try shapes(curve: #"".linear(duration: 1)""#, script: plain), 2)
        XCTAssertEqual(try shapes(curve: "null", script: animated), 1)
    }
}
