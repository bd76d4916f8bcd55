import Compose
import DisplayList
import Expressions
import Foundation
import Pixels
import Raster
import SceneFormat
import Timeline

/// A scene made ready to render: simulated once, with a composer; any frame can then be drawn on its own.
///
/// This is the library's entry point: `let player = try Player(scene: SceneFile.load(path: p))`,
/// then `player.frame(at: 0.35)` for one image (golden tests), or `FrameRenderer` for all of them.
public struct Player: Sendable {
    public let scene: Scene
    public let timeline: Timeline
    /// What the history presents at any time (the view attributes' animations, what views read from the
    /// history), planned once from the timeline before the frames.
    public let presentation: PresentationIndex
    let composer: Composer

    /// Simulates the scene's script and loads its images (errors in actions and unreadable images surface
    /// here, before any frame is drawn). Planning the view animations is refused when its estimate
    /// (`PlanningEstimate`) is over `workBudget` seconds of CPU.
    /// `isCancelled` is asked between the simulation's events and the planning's transactions: true stops
    /// them with an "interrupted" error (a signal came; the renderer reports the signal).
    public init(scene: Scene, workBudget: Double = WorkEstimate.defaultBudget,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(SceneError) {
        self.scene = scene
        let images: ImageTable
        do {
            images = try SceneImages.load(scene)
        } catch {
            throw error.inFile(scene.file)
        }
        let composer = Composer(scene: scene, measurer: PangoMeasuring(measurer: .shared), images: images)
        self.composer = composer
        // `onGeometryChange` reads layout while the script runs: the simulator asks the composer.
        var probe: Simulator.GeometryProbe?
        if composer.watchesGeometry {
            probe = { @Sendable (time: Double, values: [StateKey: Value]) throws(SceneError) -> [String: Value] in
                try composer.geometryValues(at: time, values: values)
            }
        }
        do {
            self.timeline = try LargeStack.run { () throws(SceneError) -> Timeline in
                var simulator = Simulator(scene: scene, geometryProbe: probe)
                simulator.isCancelled = isCancelled
                return try simulator.run()
            }
        } catch {
            throw error.inFile(scene.file)
        }
        do {
            let timeline = self.timeline
            self.presentation = try LargeStack.run { () throws(SceneError) -> PresentationIndex in
                try PlanningEstimate(composer: composer, timeline: timeline).check(file: scene.file, budget: workBudget)
                return try PresentationIndex(composer: composer, timeline: timeline, isCancelled: isCancelled)
            }
        } catch {
            throw error.inFile(scene.file)
        }
    }

    /// The state views read at time `t`: model values (what actions read too).
    public func snapshot(at t: Double) -> StateSnapshot {
        timeline.snapshot(at: t)
    }

    /// The display list of the frame at time `t`.
    public func displayList(at t: Double) throws(SceneError) -> DisplayList {
        do {
            let snapshot = snapshot(at: t)
            // In place on the render pipeline's workers; other callers hop to a large stack.
            return try LargeStack.run { () throws(SceneError) -> DisplayList in
                let list = try composer.displayList(for: snapshot, presentation: presentation)
                try Self.checkNesting(list, at: t)
                return list
            }
        } catch {
            throw error.inFile(scene.file)
        }
    }

    /// The display list of the frame at time `t`, with the path points and characters it draws by JSON path.
    public func measuredDisplayList(at t: Double) throws(SceneError) -> (list: DisplayList, work: FrameCounts) {
        do {
            let snapshot = snapshot(at: t)
            return try LargeStack.run { () throws(SceneError) -> (list: DisplayList, work: FrameCounts) in
                let measured = try composer.measuredDisplayList(for: snapshot, presentation: presentation)
                try Self.checkNesting(measured.list, at: t)
                return measured
            }
        } catch {
            throw error.inFile(scene.file)
        }
    }

    /// Throws when `list` nests groups deeper than `DisplayList.maxNesting`: every later walk over it
    /// (the work estimate, drawing, comparing frames, freeing it) recurses into its groups. Called on the
    /// large stack the list was composed on, so a refused list is also freed there.
    static func checkNesting(_ list: DisplayList, at t: Double) throws(SceneError) {
        let nesting = list.nesting()
        guard nesting.depth > DisplayList.maxNesting else { return }
        throw SceneError(path: .document, message: (nesting.source.isEmpty ? "" : nesting.source + ": ")
            + "at t = \(NumberFormat.shortest(t)) s: the frame nests groups (clips, layers, transforms, effects) more than "
            + "\(DisplayList.maxNesting) deep, the drawing limit; a canvas nests each later draw in every clip "
            + "before it (wrap clips in a layer to end them), use fewer clips or fewer nested views")
    }

    /// What each view with an id shows at time `t`.
    public func views(at t: Double) throws(SceneError) -> [(id: String, view: InspectedView)] {
        do {
            let snapshot = snapshot(at: t)
            return try LargeStack.run { () throws(SceneError) -> [(id: String, view: InspectedView)] in
                try composer.inspectViews(for: snapshot, presentation: presentation)
            }
        } catch {
            throw error.inFile(scene.file)
        }
    }

    /// The frame at time `t`, drawn with a new rasterizer (use `FramePipeline` for many frames).
    public func frame(at t: Double) throws -> PixelImage {
        try Rasterizer().render(displayList(at: t))
    }

    /// The frame at time `t`, refused before it is drawn when its estimated work, drawing and encoding as a
    /// PNG, is over `budget` (`WorkEstimate`): what `render still` and the preview server draw.
    public func budgetedFrame(at t: Double, budget: Double = WorkEstimate.defaultBudget) throws -> PixelImage {
        try WorkEstimate(player: self, times: [t], format: .png).check(file: scene.file, budget: budget)
        return try frame(at: t)
    }
}
