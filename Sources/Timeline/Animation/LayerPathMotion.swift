import Geometry

/// A `CAKeyframeAnimation` with a `path`: where along the path the layer is at a progress, and which of
/// the position's coordinates (or the rotation) one state variable takes.
///
/// As Core Animation does for a path (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/path):
/// the path's vertices (its start and the end of each line or curve) are the keyframes, so `keyTimes`
/// has one entry per vertex and each segment is traversed by its curve parameter between its key times;
/// `paced` ignores them and moves at a constant speed along the length. `rotationMode` `auto` turns the
/// layer to the tangent, `autoReverse` to the tangent plus 180 degrees.
public struct LayerPathMotion: Sendable {
    /// The coordinate a variable takes.
    public enum Component: Sendable, Equatable {
        case x, y
        /// The tangent's angle in degrees plus the offset (0 for `auto`, 180 for `autoReverse`).
        case rotation(offset: Double)
    }

    public let follower: Path.Follower
    /// Vertex indices 0...n as one-component keyframes, paced by key times and timing functions.
    public let vertices: LayerKeyframes
    public let paced: Bool
    public let component: Component

    public init(follower: Path.Follower, keyTimes: [Double]?, curves: [UnitBezier]?, mode: LayerKeyframes.Mode,
                component: Component) {
        self.follower = follower
        let indices = (0...follower.segmentCount).map { [Double($0)] }
        // Paced follows the length (below); cubic moves along the path's own curves, as linear does.
        let vertexMode: LayerKeyframes.Mode = mode == .discrete ? .discrete : .linear
        self.vertices = LayerKeyframes(values: indices, keyTimes: keyTimes, curves: curves, mode: vertexMode)
        self.paced = mode == .paced
        self.component = component
    }

    /// The variable's value at progress `p` (0...1).
    public func value(at p: Double) -> Double {
        let sample: (point: Point, degrees: Double)
        if paced {
            sample = follower.sample(atFraction: p)
        } else {
            let s = vertices.components(at: p).first ?? 0
            let i = Int(s.rounded(.down))
            sample = i >= follower.segmentCount ? follower.sample(segment: i - 1, t: 1) : follower.sample(segment: i, t: s - Double(i))
        }
        switch component {
        case .x: return sample.point.x
        case .y: return sample.point.y
        case .rotation(let offset): return sample.degrees + offset
        }
    }
}
