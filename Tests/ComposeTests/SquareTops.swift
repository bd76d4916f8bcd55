import DisplayList
import Geometry
import SceneFormat
import Timeline
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
