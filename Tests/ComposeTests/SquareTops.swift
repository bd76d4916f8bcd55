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
    let animations = try ViewAnimations(composer: composer, timeline: timeline)
    return try canvasBounds(composer.displayList(for: timeline.snapshot(at: t), animations: animations).items)
        .sorted { $0.minX < $1.minX }.map(\.minY)
}
