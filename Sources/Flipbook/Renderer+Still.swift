import Foundation
import Raster
import SceneFormat

extension Renderer {
    /// Draws the frame at time `t` and writes it as a PNG file at `path`, atomically; returns its size in bytes.
    ///
    /// `t` may be any time from 0 to the scene's duration, on or between the frame grid's times. A frame
    /// whose estimated work is over the default work budget is refused before it is drawn.
    public static func still(_ scene: Scene, at t: Double, to path: String, scale: Double? = nil,
                             createDirectories: Bool = false) throws -> Int {
        guard t >= 0, t <= scene.duration else {
            throw RenderError.output("--at \(format(t)) s is outside the scene (0...\(format(scene.duration)) s)")
        }
        var scene = scene
        if let scale { scene.canvas.scale = scale }
        let player: Player
        do {
            try SceneLimits.check(scene)
            player = try Player(scene: scene)
            // The frame's work against the default budget, before it is drawn.
            try WorkEstimate(player: player, times: [t], format: .png).check(file: scene.file)
        } catch {
            throw RenderError.scene(error)
        }
        let file = try OutputFile.prepare(path, kind: .png, createDirectories: createDirectories)
        do {
            let list = try player.displayList(at: t)
            let png = try PNGFile.encode(try FramePipeline.rasterize(list, with: Rasterizer(), at: t, scene: scene))
            guard FileManager.default.createFile(atPath: file.temporary, contents: Data(png)) else {
                throw RenderError.output("cannot write \(file.temporary)")
            }
            try file.commit()
            return png.count
        } catch let error as SceneError {
            file.discard()
            throw RenderError.scene(error)
        } catch {
            file.discard()
            throw error
        }
    }
}
