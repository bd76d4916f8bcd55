import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// A view an `if` removes is drawn through its removal transition as it was when it was removed: SwiftUI
/// does not rebuild the removed view from the new state, so it keeps reading the model values from just
/// before the transaction that removed it (as a leaving `forEach` item does). A view that stays, or one
/// the transaction inserts, reads the new state at once. Texts and opacities are worked out here from
/// the script and the linear curve.
final class LeavingConditionalTests: XCTestCase {
    func player(_ json: String) throws -> Player {
        try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The texts drawn at `t`, each with its opacity (the product of the groups' around it).
    func texts(_ player: Player, at t: Double) throws -> [(string: String, opacity: Double)] {
        func walk(_ items: [DisplayItem], _ opacity: Double) -> [(string: String, opacity: Double)] {
            var found: [(string: String, opacity: Double)] = []
            for item in items {
                switch item {
                case .text(let text): found.append((text.string, opacity))
                case .group(let group): found += walk(group.children, opacity * group.opacity)
                default: break
                }
            }
            return found
        }
        return walk(try player.displayList(at: t).items, 1)
    }

    /// The one text drawn at `t` starting with `prefix`.
    func text(_ player: Player, _ prefix: String, at t: Double, file: StaticString = #filePath,
              line: UInt = #line) throws -> (string: String, opacity: Double) {
        let found = try texts(player, at: t).filter { $0.string.hasPrefix(prefix) }
        XCTAssertEqual(found.count, 1, "texts \(prefix)… at \(t): \(found)", file: file, line: line)
        return try XCTUnwrap(found.first, file: file, line: line)
    }

    /// `if n < 3 { Text("n = \(n)").transition(.opacity) }` beside `Text("count \(n)")`, n going from 2
    /// to 3 in `withAnimation(.linear(duration: 1))` at 0.5 s.
    func countScene(from start: Int, to end: Int) -> String {
        #"""
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"n": \#(start)},
         "root": {"vstack": [{"if": "n < 3", "text": "n = ${n}", "transition": ".opacity"}, {"text": "count ${n}"}]},
         "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"n": \#(end)}}]}]}]}
        """#
    }

    /// Removed by n = 3: a quarter, half and three quarters into the fade the leaving text still reads
    /// "n = 2" (the value before the removal) at opacity 1 - fraction; once the fade ends it is gone.
    func testLeavingViewReadsTheValuesBeforeItsRemoval() throws {
        let player = try player(countScene(from: 2, to: 3))
        for fraction in [0.25, 0.5, 0.75] {
            let t = 0.5 + fraction
            let leaving = try text(player, "n = ", at: t)
            XCTAssertEqual(leaving.string, "n = 2", "at \(t)")
            XCTAssertEqual(leaving.opacity, 1 - fraction, accuracy: 1e-9, "at \(t)")
        }
        XCTAssertTrue(try texts(player, at: 1.6).allSatisfy { !$0.string.hasPrefix("n = ") })
    }

    /// A change made while the view leaves (`tag` set to "y" at 1 s, half-way through the fade) does not
    /// reach it: it keeps "n = 2 x", while its sibling reads "y" at once.
    func testLaterChangeDoesNotReachTheLeavingView() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"n": 2, "tag": "x"},
             "root": {"vstack": [{"if": "n < 3", "text": "n = ${n} ${tag}", "transition": ".opacity"}, {"text": "tag ${tag}"}]},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"n": 3}}]}]},
                        {"at": 1, "do": [{"set": {"tag": "'y'"}}]}]}
            """#)
        for t in [0.75, 1.0, 1.25] {
            XCTAssertEqual(try text(player, "n = ", at: t).string, "n = 2 x", "at \(t)")
            XCTAssertEqual(try text(player, "tag", at: t).string, t < 1 ? "tag x" : "tag y", "at \(t)")
        }
    }

    /// `if n < 3 { VStack { Text("outer"); if m { Text("inner").transition(.opacity) } } }`, with `n` and
    /// `m` set in one transaction at `at`, after `prelude`.
    func nestedScene(_ prelude: String, at: Double, _ changes: String) -> String {
        #"""
        {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "state": {"n": 2, "m": \#(prelude.isEmpty)},
         "root": {"if": "n < 3", "transition": ".opacity",
                  "vstack": [{"text": "outer ${n}"}, {"if": "m", "text": "inner ${n}", "transition": ".opacity"}]},
         "script": [\#(prelude)
                    {"at": \#(at), "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {\#(changes)}}]}]}]}
        """#
    }

    /// The transaction that removes the outer view also turns `m` false: the inner view, part of the
    /// removed view as it was, stays inside it and fades only with it (opacity 1 - fraction, not that
    /// squared by a removal of its own).
    func testViewInsideTheLeavingViewKeepsItsPresence() throws {
        let player = try player(nestedScene("", at: 0.5, #""n": 3, "m": false"#))
        for fraction in [0.25, 0.5, 0.75] {
            let t = 0.5 + fraction
            let inner = try text(player, "inner", at: t)
            XCTAssertEqual(inner.string, "inner 2", "at \(t)")
            XCTAssertEqual(inner.opacity, 1 - fraction, accuracy: 1e-9, "at \(t)")
            XCTAssertEqual(try text(player, "outer", at: t).opacity, 1 - fraction, accuracy: 1e-9, "at \(t)")
        }
    }

    /// The inner view fading in (m turned true at 0.5 s over a linear second) when the outer one is removed
    /// at 1 s plays its insertion on inside it: at 1.25 s its opacity is 0.75 (its own) times 0.75 (the
    /// outer removal's).
    func testTransitionPlayingInsideTheLeavingViewPlaysOn() throws {
        let prelude = #"{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"m": true}}]}]},"#
        let player = try player(nestedScene(prelude, at: 1, #""n": 3"#))
        XCTAssertEqual(try text(player, "inner", at: 0.75).opacity, 0.25, accuracy: 1e-9)
        for fraction in [0.25, 0.5] {
            let t = 1 + fraction
            XCTAssertEqual(try text(player, "inner", at: t).opacity, min(1, t - 0.5) * (1 - fraction), accuracy: 1e-9, "at \(t)")
        }
    }

    /// `if n < 3 { VStack { ForEach(items) { Text("item \($0)").transition(.opacity) } } }`, the transaction
    /// that removes the outer view also dropping "b": "b" stays inside the leaving view, reading what it
    /// read, and fades only with it.
    func testItemInsideTheLeavingViewStays() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"n": 2, "items": ["a", "b"]},
             "root": {"if": "n < 3", "transition": ".opacity",
                      "vstack": [{"forEach": "items", "as": "item", "content": {"text": "item ${item} ${n}"}, "transition": ".opacity"}]},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"n": 3, "items": "['a']"}}]}]}]}
            """#)
        for fraction in [0.25, 0.5, 0.75] {
            let t = 0.5 + fraction
            let shown = try texts(player, at: t).filter { $0.string.hasPrefix("item") }
            XCTAssertEqual(shown.map(\.string), ["item a 2", "item b 2"], "at \(t)")
            for item in shown { XCTAssertEqual(item.opacity, 1 - fraction, accuracy: 1e-9, "\(item.string) at \(t)") }
        }
    }

    /// The sibling that is not leaving reads the new n at once, from the transaction on.
    func testViewNotLeavingReadsTheNewState() throws {
        let player = try player(countScene(from: 2, to: 3))
        XCTAssertEqual(try text(player, "count", at: 0.25).string, "count 2")
        for t in [0.5, 0.75, 1.0, 1.25, 1.75] {
            XCTAssertEqual(try text(player, "count", at: t).string, "count 3", "at \(t)")
        }
    }

    /// A view that stays (n from 1 to 2: still below 3) reads the new n at once: only a removed view
    /// keeps its old values.
    func testConditionalViewStayingReadsTheNewState() throws {
        let player = try player(countScene(from: 1, to: 2))
        XCTAssertEqual(try text(player, "n = ", at: 0.25).string, "n = 1")
        for t in [0.5, 0.75, 1.0, 1.75] {
            let shown = try text(player, "n = ", at: t)
            XCTAssertEqual(shown.string, "n = 2", "at \(t)")
            XCTAssertEqual(shown.opacity, 1, "at \(t)")
        }
    }

    /// Inserted by n = 2 (from 3): it reads the new n while it fades in, at opacity `fraction`.
    func testInsertedViewReadsTheNewState() throws {
        let player = try player(countScene(from: 3, to: 2))
        XCTAssertTrue(try texts(player, at: 0.25).allSatisfy { !$0.string.hasPrefix("n = ") })
        for fraction in [0.25, 0.5, 0.75] {
            let t = 0.5 + fraction
            let inserted = try text(player, "n = ", at: t)
            XCTAssertEqual(inserted.string, "n = 2", "at \(t)")
            XCTAssertEqual(inserted.opacity, fraction, accuracy: 1e-9, "at \(t)")
        }
    }

    /// `if items.count > 2 { Text(items[2]) }` in a first-text-baseline HStack, removed by dropping the
    /// last item: measured, aligned by its baseline and drawn while it fades, it reads `items[2]` as it
    /// was ("c"), not out of the new two-item list (an error).
    func testLeavingViewDoesNotReadOutOfRange() throws {
        let player = try player(#"""
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"items": ["a", "b", "c"]},
             "root": {"hstack": [{"text": "first ${items[0]}"},
                                 {"if": "count(items) > 2", "text": "third ${items[2]}", "transition": ".opacity"}],
                      "alignment": "firstTextBaseline"},
             "script": [{"at": 0.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"items": "['a', 'b']"}}]}]}]}
            """#)
        for t in stride(from: 0.0, through: 2, by: 0.125) {
            _ = try player.frame(at: t)
        }
        for fraction in [0.25, 0.5, 0.75] {
            let leaving = try text(player, "third", at: 0.5 + fraction)
            XCTAssertEqual(leaving.string, "third c")
            XCTAssertEqual(leaving.opacity, 1 - fraction, accuracy: 1e-9)
        }
        XCTAssertEqual(try texts(player, at: 1.75).map(\.string), ["first a"])
    }
}
