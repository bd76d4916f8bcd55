import DisplayList
import Geometry
import SceneFormat
import Timeline
import XCTest
@testable import Compose

/// The tops of the shapes `scene` draws at `t`, left to right: the rows of squares the `forEach` item
/// suites lay out in an hstack, each moved by its own offset. Simulated, planned and composed as a render does.
func tops(_ scene: Scene, at t: Double) throws -> [Double] {
    let timeline = try Simulator(scene: scene).run()
    let composer = Composer(scene: scene, measurer: FixedMeasurer())
    let presentation = try PresentationIndex(composer: composer, timeline: timeline)
    return try canvasBounds(composer.displayList(for: timeline.snapshot(at: t), presentation: presentation).items)
        .sorted { $0.minX < $1.minX }.map(\.minY)
}

/// The offset of a looping 0 -> 10 -> 0 phase animator (1 s linear steps) started at `start`, at `t`: the
/// oracle of the per-row and per-item phase suites.
func looping(from start: Double, at t: Double) -> Double {
    let s = (t - start).truncatingRemainder(dividingBy: 2)
    return s < 1 ? 10 * s : 10 * (2 - s)
}

/// The script that removes the middle one of items [1, 2, 3] at 1.25 s and adds it again at 2.25 s.
let removedAndAddedAgain = """
    [{"at": 1.25, "do": [{"set": {"items": "[1, 3]"}}]}, {"at": 2.25, "do": [{"set": {"items": "[1, 2, 3]"}}]}]
    """

/// In `scene` (three squares looping from 0 s, the middle one removed at 1.25 s and added again at 2.25 s),
/// two squares at 1.75 s; at 2.75 s the outer ones still on their first cycle and the middle one on a new
/// one from 2.25 s, 40 pt below the top.
func assertTheMiddleOneStartsAfresh(_ scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws {
    XCTAssertEqual(try tops(scene, at: 1.75).count, 2, file: file, line: line)
    let got = try tops(scene, at: 2.75)
    XCTAssertEqual(got.count, 3, file: file, line: line)
    guard got.count == 3 else { return }
    XCTAssertEqual(got[0], 40 + looping(from: 0, at: 2.75), accuracy: 1e-9, file: file, line: line)
    XCTAssertEqual(got[1], 40 + looping(from: 2.25, at: 2.75), accuracy: 1e-9, file: file, line: line)
    XCTAssertEqual(got[2], 40 + looping(from: 0, at: 2.75), accuracy: 1e-9, file: file, line: line)
}
