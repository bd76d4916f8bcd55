import Foundation
import Compose
import SceneFormat
import Timeline
import XCTest
@testable import Flipbook

/// Planning the view animations composes the views before and after every change that can animate, so
/// a timer animating thousands of changes over many views is refused before planning starts, at the
/// `set` that made the changes (bench/storms measures the full-size storms).
final class AnimationPlanningBudgetTests: XCTestCase {
    /// A `forEach` of `views` circles and a timer setting `x` in a `withAnimation` on each of `ticks` ticks.
    static func storm(views: Int, ticks: Int, animated: Bool = true) -> String {
        let set = #"{"set": {"x": "x + 1"}}"#
        let action = animated ? #"{"withAnimation": ".default", "do": [\#(set)]}"# : set
        return #"""
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 5, "fps": 10, "state": {"x": 0},
         "root": {"zstack": [{"forEach": "0..<\#(views)", "as": "i",
                              "content": {"shape": "circle", "frame": {"width": 4, "height": 4}}}]},
         "script": [{"at": 0, "do": [{"timer": 0.001, "count": \#(ticks),
                     "do": [\#(action)]}]}]}
        """#
    }

    func scene(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Array(json.utf8), file: "storm.json")
    }

    /// The estimate of `json`'s plan, simulated and composed as `Player` does, without planning.
    func estimate(_ json: String) throws -> PlanningEstimate {
        let scene = try scene(json)
        let composer = Composer(scene: scene, measurer: PangoMeasuring(measurer: .shared))
        return try PlanningEstimate(composer: composer, timeline: Simulator(scene: scene).run())
    }

    /// 1,000 animated changes over 400 circles: 1,000 x (250 µs + 400 x 120 µs) = 48.25 s of planning, over
    /// a thirtieth of a 300 s budget (10 s); refused at the `set`'s value, line 5, before any composition of
    /// the plan. At the default budget (60 s for the plan) it is planned.
    func testManyAnimatedChangesOverManyViewsAreRefusedAtTheSet() throws {
        let json = Self.storm(views: 400, ticks: 1_000)
        let start = ContinuousClock.now
        XCTAssertThrowsError(try Player(scene: scene(json), workBudget: 300)) { error in
            guard let error = error as? SceneError else { return XCTFail("\(error)") }
            XCTAssertEqual("\(error.path)", "script[0].do[0].do[0].do[0].set.x")
            let line = json.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#""x + 1""#) }
            XCTAssertEqual(error.location?.line, line.map { $0 + 1 })
            XCTAssertTrue(error.message.contains("1000 changes that can animate"), error.message)
            XCTAssertTrue(error.message.contains("up to 400 drawn items a frame"), error.message)
            XCTAssertTrue(error.message.contains("estimated at 48 s of CPU"), error.message)
            XCTAssertTrue(error.message.contains("a thirtieth of the work budget, 10 s (--work-budget 300 s)"), error.message)
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
        XCTAssertNoThrow(try estimate(json).check(file: "storm.json", budget: WorkEstimate.defaultBudget))
    }

    /// The estimate's counts: every tick's change is one planned transaction, and the frame of a sampled
    /// one draws the 200 circles.
    func testTheEstimateCountsTheTransactionsAndTheDrawnItems() throws {
        // Changes without an animation are not planned.
        XCTAssertEqual(try estimate(Self.storm(views: 3, ticks: 1_000, animated: false)).transactions, 0)
        let planned = try estimate(Self.storm(views: 3, ticks: 1_000))
        XCTAssertEqual(planned.transactions, 1_000)
        XCTAssertEqual(planned.items, 3)
        XCTAssertEqual(planned.seconds, 1_000 * (250_000 + 3 * 120_000) / 1e9, accuracy: 1e-9)
    }

    /// Under the minimum, nothing is composed to estimate, and the plan runs.
    func testFewAnimatedChangesAreNotEstimated() throws {
        XCTAssertNoThrow(try Player(scene: scene(Self.storm(views: 3, ticks: 10)), workBudget: 1e-9))
        let few = try estimate(Self.storm(views: 3, ticks: 10))
        XCTAssertEqual(few.transactions, 10)
        XCTAssertEqual(few.items, 0)
    }
}
