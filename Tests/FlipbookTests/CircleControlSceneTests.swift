import Foundation
import XCTest

/// scenes/circle-control.json through `render inspect`: the control's value and selected segment after
/// each finger sample follow the original's `change(value:radius:)`, re-implemented here in Swift.
final class CircleControlSceneTests: XCTestCase {
    let total = 1682.55
    let amounts = [175.00, 672.37, 1180.78]
    let radius = 172.5

    /// CircleControl.change(value:radius:) and nearestSegmentPoint(value:), as in the seed.
    func change(_ x: Double, _ y: Double, value: Double, selected: Int) -> (value: Double, selected: Int) {
        let angle = atan2(y - radius, x - radius) + .pi / 2
        let fixedAngle = angle < 0 ? angle + 2 * .pi : angle
        let newValue = fixedAngle / (2 * .pi) * total
        let magnet = min(total * 0.025, 50)
        if let index = amounts.firstIndex(where: { $0 < newValue + magnet && $0 > newValue - magnet }) {
            return (max(0, amounts[index]), index)
        }
        var current = newValue.rounded(.toNearestOrAwayFromZero)
        if current > total - 50 { current = total }
        return (max(0, current), selected)
    }

    /// The finger at each 1/60 s sample (every leg the same time) and the lift.
    func samples(_ points: [[Double]], duration: Double) -> [(t: Double, x: Double, y: Double)] {
        let legs = Double(points.count - 1)
        var result: [(Double, Double, Double)] = []
        var k = 0
        while Double(k) / 60 < duration - 1e-9 {
            let p = Double(k) / 60 / duration * legs
            let i = min(Int(p), points.count - 2), f = p - Double(i)
            result.append((Double(k) / 60, points[i][0] + (points[i + 1][0] - points[i][0]) * f,
                           points[i][1] + (points[i + 1][1] - points[i][1]) * f))
            k += 1
        }
        result.append((duration, points.last![0], points.last![1]))
        return result
    }

    func inspect(_ path: String, _ times: [Double]) throws -> [[String: Any]] {
        let result = try runRender(["inspect", path] + times.flatMap { ["--at", String($0)] })
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return try objects.map { try XCTUnwrap($0["state"] as? [String: Any]) }
    }

    func scene() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: repoPath("scenes/circle-control.json")))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Runs `drag` (points, start, duration) on the scene and checks every few samples against the formula.
    func checkDrag(sceneFile: String, points: [[Double]], start: Double, duration: Double,
                   file: StaticString = #filePath, line: UInt = #line) throws -> [(value: Double, selected: Int)] {
        var value = 250.0, selected = 0, began = false
        var expected: [(t: Double, value: Double, selected: Int)] = []
        let all = samples(points, duration: duration)
        for (index, s) in all.enumerated() where index > 0 {
            if !began { began = hypot(s.x - all[0].x, s.y - all[0].y) >= 10 - 1e-9 }
            if began { (value, selected) = change(s.x, s.y, value: value, selected: selected) }
            expected.append((start + s.t, value, selected))
        }
        let checked = Array(stride(from: 0, to: expected.count, by: 4).map { expected[$0] }) + [expected[expected.count - 1]]
        let states = try inspect(sceneFile, checked.map { $0.t + 0.002 })
        for (e, state) in zip(checked, states) {
            XCTAssertEqual(state["control.currentValue"] as? Double ?? .nan, e.value, accuracy: 1e-6, "at \(e.t)", file: file, line: line)
            XCTAssertEqual(state["selectedSegment"] as? Double, Double(e.selected), "at \(e.t)", file: file, line: line)
        }
        return checked.map { ($0.value, $0.selected) }
    }

    /// The scene's own drag: back past the 175 magnet, then round through every magnet to the full balance.
    func testScriptedDragFollowsTheOriginalLogicAndSnapsAtEachSegment() throws {
        let drag = try XCTUnwrap((try scene()["script"] as? [[String: Any]])?.first)
        let points = try XCTUnwrap(drag["points"] as? [[Double]])
        let start = try XCTUnwrap(drag["at"] as? Double), duration = try XCTUnwrap(drag["duration"] as? Double)
        let results = try checkDrag(sceneFile: repoPath("scenes/circle-control.json"), points: points, start: start, duration: duration)
        for amount in amounts { XCTAssertTrue(results.contains { $0.value == amount }, "snaps at \(amount)") }
        XCTAssertEqual(Set(results.map(\.selected)), [0, 1, 2])
        XCTAssertEqual(results.last?.value, total, "ends at the full balance")
        let rest = try inspect(repoPath("scenes/circle-control.json"), [0, start + 0.01])
        XCTAssertEqual(rest.map { $0["control.currentValue"] as? Double }, [250, 250], "no change before 10 points of travel")
    }

    /// Across 12 o'clock the angle wraps: from the full balance the value drops to a few dollars.
    func testDragAcrossTwelveOClockWrapsAround() throws {
        // The file's text with another script (JSONSerialization would lose the order of `let`s).
        let text = try String(contentsOfFile: repoPath("scenes/circle-control.json"), encoding: .utf8)
        let head = try XCTUnwrap(text.range(of: "\"script\": [")).lowerBound
        let ring = radius - 23
        let points = stride(from: -30.0, through: 20, by: 5).map { degrees -> [Double] in
            let a = (degrees - 90) * .pi / 180
            return [radius + ring * cos(a), radius + ring * sin(a)]
        }
        let script = try JSONSerialization.data(withJSONObject: [["at": 0.5, "drag": "control", "points": points, "duration": 1.0]])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("circle-wrap-\(getpid()).json")
        try (String(text[..<head]) + "\"script\": " + String(decoding: script, as: UTF8.self) + "\n}\n")
            .write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let results = try checkDrag(sceneFile: url.path, points: points, start: 0.5, duration: 1.0)
        XCTAssertTrue(results.contains { $0.value == total }, "before 12 o'clock: the last 50 become the total")
        XCTAssertTrue(results.contains { $0.value > 0 && $0.value < 50 }, "past 12 o'clock: a small amount")
        XCTAssertEqual(results.last?.value ?? 0, (20.0 / 360 * total).rounded(), accuracy: 1e-9)
    }
}
