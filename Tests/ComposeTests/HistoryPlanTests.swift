import DisplayList
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// Frames read what changed in the model's history through plans made once per render: every frame must be
/// the same as one composed by walking the history (a presentation index whose plans keep nothing), in any order of
/// frames, for conditional views, `forEach` items and content transitions, in components and in items.
final class HistoryPlanTests: XCTestCase {
    func frames(_ json: String, times: [Double]) throws -> (planned: [DisplayList], walked: [DisplayList]) {
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let composer = Composer(scene: scene, measurer: FixedMeasurer())
        let planned = PresentationIndex(), walked = PresentationIndex(history: HistoryPlans(limit: 0))
        // Backwards first, so the plans are made by a late frame and read by earlier ones.
        var a: [Int: DisplayList] = [:]
        for (i, t) in times.enumerated().reversed() {
            a[i] = try composer.displayList(for: timeline.snapshot(at: t), presentation: planned)
        }
        let b = try times.map { t in try composer.displayList(for: timeline.snapshot(at: t), presentation: walked) }
        return (times.indices.map { a[$0]! }, b)
    }

    let times = stride(from: 0.0, through: 6, by: 0.05).map { $0 }

    func testConditionalViewsInComponentsAndItems() throws {
        let json = #"""
        {"canvas": {"width": 120, "height": 80, "scale": 1}, "duration": 6, "state": {"n": 0, "on": false},
         "components": {"Badge": {"params": {"limit": 2}, "body": {"zstack": [
            {"shape": "circle", "frame": {"width": 10, "height": 10}, "if": "n > limit", "transition": ".scale"}]}}},
         "root": {"vstack": [
            {"shape": "rectangle", "frame": {"width": 20, "height": 10}, "if": "on", "transition": ".slide"},
            {"use": "Badge", "args": {"limit": 1}}, {"use": "Badge", "args": {"limit": 3}},
            {"hstack": [{"forEach": "0..<4", "as": "i", "content": {"zstack": [
                {"shape": "capsule", "frame": {"width": 8, "height": 4}, "if": "n % 4 == i", "transition": ".opacity"}]}}]}]},
         "script": [{"at": 0, "do": [{"timer": 0.3, "id": "tick", "do": [{"withAnimation": ".easeInOut(duration: 0.4)", "do": [{"set": {"n": "n + 1"}}]}]}]},
                    {"at": 0.5, "do": [{"withAnimation": ".spring(duration: 1)", "do": [{"set": {"on": true}}]}]},
                    {"at": 2.55, "do": [{"withAnimation": ".linear(duration: 2)", "do": [{"set": {"on": false}}]}]},
                    {"at": 2.6, "do": [{"withAnimation": ".linear(duration: 0.5)", "do": [{"set": {"on": true}}]}]}]}
        """#
        let (planned, walked) = try frames(json, times: times)
        for i in times.indices { XCTAssertEqual(planned[i], walked[i], "t = \(times[i])") }
        XCTAssertNotEqual(planned[0], planned[40], "the frames change")
    }

    func testForEachInsertionsAndRemovalsAndContentTransitions() throws {
        let json = #"""
        {"canvas": {"width": 160, "height": 60, "scale": 1}, "duration": 6, "state": {"count": 1, "items": [1, 2, 3]},
         "root": {"vstack": [
            {"hstack": [{"forEach": "0..<count", "as": "i", "transition": ".scale",
                         "content": {"shape": "circle", "fill": "blue", "frame": {"width": 6, "height": 6}}}]},
            {"hstack": [{"forEach": "items", "as": "item", "id": "item",
                         "content": {"text": "${item}", "font": {"size": 8}}}]},
            {"text": "${count}", "contentTransition": ".numericText()"}]},
         "script": [{"at": 0, "do": [{"timer": 0.25, "id": "tick", "do": [
                        {"withAnimation": ".easeOut(duration: 0.6)", "do": [{"set": {"count": "count % 5 + 1"}}]}]}]},
                    {"at": 1, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"items": "[3, 1]"}}]}]},
                    {"at": 1.5, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"items": "[4, 3, 2, 1]"}}]}]}]}
        """#
        let (planned, walked) = try frames(json, times: times)
        for i in times.indices { XCTAssertEqual(planned[i], walked[i], "t = \(times[i])") }
        XCTAssertNotEqual(planned[0], planned[30], "the frames change")
    }

    /// Keyframe triggers (in components, read through a parameter), a repeating animator's computed
    /// durations, a paused timeline view and symbol effects: planned frames equal walked ones, and the late
    /// frame found each in a plan.
    func testTriggersDurationsPausesAndSymbolEffects() throws {
        let json = #"""
        {"canvas": {"width": 200, "height": 120, "scale": 1}, "duration": 6, "state": {"n": 0, "p": false, "d": 1},
         "components": {"Mover": {"params": {"k": 0}, "body": {"shape": "rectangle", "frame": {"width": 10, "height": 10},
            "keyframeAnimator": {"initialValue": {"x": 0}, "trigger": "k",
                                 "tracks": {"x": [{"linear": 50, "duration": 0.4}, {"linear": 20, "duration": 0.3}]}},
            "offset": {"x": "value.x"}}}},
         "root": {"vstack": [
            {"use": "Mover", "args": {"k": "n"}}, {"use": "Mover", "args": {"k": "n % 3"}},
            {"shape": "circle", "frame": {"width": 10, "height": 10},
             "keyframeAnimator": {"initialValue": {"x": 0}, "repeating": true,
                                  "tracks": {"x": [{"move": 0}, {"linear": 100, "duration": "d"}]}},
             "offset": {"x": "value.x"}},
            {"timelineView": ".animation(paused: p)", "as": "clock", "content": {"text": "${clock.date}"}},
            {"systemImage": "circle.fill", "symbolEffect": {"effect": ".bounce", "value": "n"}},
            {"systemImage": "circle.fill", "symbolEffect": {"effect": ".pulse", "isActive": "p"}}]},
         "script": [{"at": 0, "do": [{"timer": 0.35, "id": "tick", "do": [{"withAnimation": ".easeInOut(duration: 0.2)", "do": [{"set": {"n": "n + 1"}}]}]}]},
                    {"at": 1.2, "do": [{"set": {"p": true}}]}, {"at": 2, "do": [{"set": {"p": false}}]},
                    {"at": 2.5, "do": [{"set": {"d": 0.5}}]}, {"at": 3.3, "do": [{"set": {"p": true}}]}]}
        """#
        let (planned, walked) = try frames(json, times: times)
        for i in times.indices { XCTAssertEqual(planned[i], walked[i], "t = \(times[i])") }
        XCTAssertNotEqual(planned[0], planned[30], "the frames change")
        // A late frame alone: each thing it reads from the history is planned.
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let timeline = try Simulator(scene: scene).run()
        let presentation = PresentationIndex()
        _ = try Composer(scene: scene, measurer: FixedMeasurer()).displayList(for: timeline.snapshot(at: 5.9), presentation: presentation)
        let kinds = Set(presentation.history.keys.map { $0.prefix { $0 != "|" } })
        XCTAssertEqual(kinds, ["keyframeTrigger", "changeTimes", "paused", "symbol"])
    }
}
