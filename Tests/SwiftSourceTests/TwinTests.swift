import Flipbook
import SwiftSource
import XCTest

/// Each Swift example renders as its JSON twin: the same state and views (`render inspect`) and the same
/// pixels at several times.
final class TwinTests: XCTestCase {
    private func assertTwins(_ swiftFile: String, _ jsonFile: String, times: [Double],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let converted = try SwiftSource.convert(path: repoPath(swiftFile))
        let fromSwift = try Player(scene: SceneFile.load(json: converted.pretty(), file: swiftFile))
        let fromJSON = try Player(scene: SceneFile.load(path: repoPath(jsonFile)))
        XCTAssertEqual(try Inspector.json(fromSwift, times: times), try Inspector.json(fromJSON, times: times), file: file, line: line)
        for t in times {
            XCTAssertEqual(try fromSwift.frame(at: t), try fromJSON.frame(at: t), "the frame at \(t) s", file: file, line: line)
        }
    }

    func testCounterRendersAsCounterJSON() throws {
        try assertTwins("examples/swift/Counter.swift", "examples/counter.json", times: [0, 0.35, 0.5, 1.3, 2.0, 2.7, 3.3])
    }

    func testActivitySpinnerRendersAsActivitySpinnerJSON() throws {
        try assertTwins("examples/swift/ActivitySpinner.swift", "examples/activity-spinner.json", times: [0, 0.3, 0.75, 1.6])
    }

    func testCustomToggleRendersAsCustomToggleJSON() throws {
        try assertTwins("examples/swift/CustomToggle.swift", "examples/custom-toggle.json", times: [0, 0.35, 0.6, 1.5, 2.3])
    }

    func testCounterStateAtTimes() throws {
        let converted = try SwiftSource.convert(path: repoPath("examples/swift/Counter.swift"))
        let player = try Player(scene: SceneFile.load(json: converted.pretty(), file: "Counter.swift"))
        for (t, count) in [(0.2, 8), (0.3, 9), (2.0, 11), (3.0, 10)] {
            XCTAssertTrue(try Inspector.json(player, times: [t]).contains("\"state\": {\"count\": \(count)}"), "at \(t) s")
        }
    }

    func testEveryExampleConvertsAndDecodes() throws {
        let folder = repoPath("examples/swift")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for name in files {
            let path = folder + "/" + name
            let json = try SwiftSource.convert(path: path)
            XCTAssertNoThrow(try Player(scene: SceneFile.load(json: json.pretty(), file: name)), name)
            // Stable output: converting twice prints the same text.
            XCTAssertEqual(json.pretty(), try SwiftSource.convert(path: path).pretty(), name)
        }
    }
}
