import DisplayList
import Flipbook
import Foundation
import Geometry
import SceneFormat
import XCTest

/// Conditional views and their transitions, through display lists: when they start, how far they are,
/// when a removed view stops drawing.
final class TransitionTests: XCTestCase {
    /// A scene with a 10 x 10 red square shown while `on`, with `transition`, and a script of sets.
    func player(transition: String, script: String) throws -> Player {
        let json = #"{"canvas": {"width": 40, "height": 40, "scale": 1}, "duration": 5, "state": {"on": false}, "root": {"zstack": [{"if": "on", "shape": "rectangle", "fill": "red", "frame": {"width": 10, "height": 10}, "transition": \#(transition)}], "frame": {"width": 40, "height": 40}}, "script": \#(script)}"#
        return try Player(scene: SceneDecoder.decode(Array(json.utf8)))
    }

    /// The only group of a display list (the transition's), or nil.
    func group(_ items: [DisplayItem]) -> GroupItem? {
        guard items.count == 1, case .group(let group) = items[0] else { return nil }
        return group
    }

    let onAtOneOffAtThree = #"""
        [{"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": true}}]}]},
         {"at": 3, "do": [{"withAnimation": ".linear(duration: 0.5)", "do": [{"set": {"on": false}}]}]}]
        """#

    /// `.opacity`: absent before the set, fading in over the linear second, settled (no group), fading
    /// out over the removal's half second, then gone.
    func testOpacityTransitionFollowsTheTransactionThatFlippedTheCondition() throws {
        let player = try player(transition: #"".opacity""#, script: onAtOneOffAtThree)
        XCTAssertEqual(try player.displayList(at: 0.99).items, [])
        XCTAssertEqual(try group(player.displayList(at: 1.25).items)?.opacity ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(try group(player.displayList(at: 1.75).items)?.opacity ?? -1, 0.75, accuracy: 1e-9)
        guard case .shape? = try player.displayList(at: 2.5).items.first else { return XCTFail("settled: the bare shape") }
        XCTAssertEqual(try group(player.displayList(at: 3.1).items)?.opacity ?? -1, 0.8, accuracy: 1e-9)
        XCTAssertEqual(try group(player.displayList(at: 3.4).items)?.opacity ?? -1, 0.2, accuracy: 1e-9)
        XCTAssertEqual(try player.displayList(at: 3.5).items, [])
    }

    /// `.asymmetric(insertion: .move(edge: .bottom), removal: .scale(scale: 1.1))`: the insertion moves
    /// up from one view height (10 pt) below; the removal scales 1 -> 1.1 about the centre (20, 20).
    func testAsymmetricMoveAndScale() throws {
        let player = try player(transition: #"".asymmetric(insertion: .move(edge: .bottom), removal: .scale(scale: 1.1))""#,
                                script: onAtOneOffAtThree)
        let moving = try XCTUnwrap(group(player.displayList(at: 1.4).items))
        XCTAssertEqual(moving.transform.apply(Point(20, 20)).y, 20 + 10 * 0.6, accuracy: 1e-9)
        let scaling = try XCTUnwrap(group(player.displayList(at: 3.25).items))
        XCTAssertEqual(scaling.transform.a, 1.05, accuracy: 1e-9)
        XCTAssertEqual(scaling.transform.apply(Point(20, 20)).x, 20, accuracy: 1e-9)
        XCTAssertEqual(scaling.transform.apply(Point(25, 20)).x, 20 + 5 * 1.05, accuracy: 1e-9)
    }

    /// A change without animation inserts and removes at once; a later set of the same value is no flip.
    func testUnanimatedChangesAndRepeatedValues() throws {
        let script = #"[{"at": 1, "do": [{"set": {"on": true}}]}, {"at": 2, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"on": true}}]}]}]"#
        let player = try player(transition: #"".opacity""#, script: script)
        guard case .shape? = try player.displayList(at: 1).items.first else { return XCTFail("shown at once") }
        guard case .shape? = try player.displayList(at: 2.5).items.first else { return XCTFail("no new transition") }
    }

    /// scenes/wave-mask.json: the tap at 0.6 s flips index 0 -> 1 with easeOut over 3 s. The old image
    /// scales 1 -> 1.1 and is drawn until 3.6 s; the new one's mask strip is geo.height * pct tall.
    func testWaveMaskTransitionTiming() throws {
        let player = try Player(scene: SceneFile.load(path: repoPath("scenes/wave-mask.json")))
        for t in [0.9, 1.5, 2.4, 3.5] {
            let pct = easeOut((t - 0.6) / 3)
            let items = try player.displayList(at: t).items
            XCTAssertEqual(images(items), 2, "t = \(t): the old and the new image")
            // The old image first (index 0 comes first in the ZStack), in its removal scale group.
            guard case .group(let old)? = items.first else { return XCTFail("t = \(t): a scale group") }
            XCTAssertEqual(old.transform.a, 1 + 0.1 * pct, accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(old.transform.d, 1 + 0.1 * pct, accuracy: 1e-6, "t = \(t)")
            // Each image's mask: both waves' outlines start at (0, maxY) of the strip, which is scaled
            // 1.2 about the strip's centre and moved 30 down. The old image keeps its identity mask
            // (pct 1, the whole 812 pt height); the new one's strip is 812 * pct tall.
            let imageMasks = masks(items)
            XCTAssertEqual(imageMasks.count, 2, "t = \(t)")
            for (mask, maskPct) in zip(imageMasks, [1, pct]) {
                let stripHeight = 812 * maskPct, stripTop = 812 - stripHeight
                let centre = stripTop + stripHeight / 2
                let bottom = centre + (812 - centre) * 1.2 + 30
                let starts = shapes(mask).compactMap { shape -> Double? in
                    guard case .move(let start)? = shape.path.elements.first else { return nil }
                    return shape.transform.apply(start).y
                }
                XCTAssertEqual(starts.count, 2, "t = \(t)")
                for y in starts { XCTAssertEqual(y, bottom, accuracy: 1e-6, "t = \(t), pct \(maskPct)") }
            }
        }
        XCTAssertEqual(images(try player.displayList(at: 3.6).items), 1, "the old image is gone when the animation ends")
        XCTAssertEqual(images(try player.displayList(at: 0.6).items), 2, "the new image is there from the tap")
        XCTAssertEqual(images(try player.displayList(at: 0.55).items), 1)
    }

    /// CSS/Core Animation easeOut, cubic-bezier(0, 0, 0.58, 1), solved by bisection on x.
    func easeOut(_ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bezier(0, 0.58, mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(0, 1, (lo + hi) / 2)
    }

    func images(_ items: [DisplayItem]) -> Int {
        items.reduce(0) { count, item in
            switch item {
            case .image: return count + 1
            case .group(let g): return count + images(g.children)
            default: return count
            }
        }
    }

    func masks(_ items: [DisplayItem]) -> [[DisplayItem]] {
        items.flatMap { item -> [[DisplayItem]] in
            guard case .group(let g) = item else { return [] }
            return (g.mask.map { [$0] } ?? []) + masks(g.children)
        }
    }

    /// Every shape with the transform of the groups around it.
    func shapes(_ items: [DisplayItem], _ transform: Transform = .identity) -> [(path: Path, transform: Transform)] {
        items.flatMap { item -> [(path: Path, transform: Transform)] in
            switch item {
            case .shape(let s): return [(s.path, transform)]
            case .group(let g): return shapes(g.children, g.transform.concatenating(transform))
            default: return []
            }
        }
    }
}
