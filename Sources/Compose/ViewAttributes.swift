#if canImport(Glibc)
import Glibc
#endif
import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// One attribute of one view: the view's place in the expanded tree (its JSON path, behind the paths of
/// the component uses it sits in) and the attribute's name (`rotation`, `frame`, `fill`, `param.phase`).
public struct AttributeKey: Hashable, Sendable, CustomStringConvertible {
    /// The paths of the component uses the view sits in, outermost first.
    public var uses: [JSONPath]
    public var path: JSONPath
    public var name: String

    public init(uses: [JSONPath], path: JSONPath, name: String) {
        self.uses = uses
        self.path = path
        self.name = name
    }

    public var description: String {
        (uses + [path]).map(\.description).joined(separator: "/") + "#" + name
    }
}

/// The animation an `.animation(_:value:)` gives a subtree (nil: `.animation(nil, value:)`).
final class ImplicitAnimation: Sendable {
    let animation: Animation?

    init(_ animation: Animation?) {
        self.animation = animation
    }
}

/// What one composition does with the attributes it resolves: nothing (a still frame), add the offsets
/// of the animations playing (a frame), or record them (the planner's before and after compositions).
///
/// One instance serves one composition on one thread.
final class ViewAttributes {
    /// An attribute as a before or after composition resolved it.
    struct Recorded {
        /// The value from the model (components; colours in linear sRGB).
        var value: [Double]
        /// The animation that carries a change of it in this transaction (the transaction's, or the one of an
        /// `.animation(_:value:)` above it whose value changed).
        var animation: Animation?
        /// For declared `animatable` parameters: the value the body was evaluated with.
        var presented: [Double]?
        /// Whether the value is a colour (red, green, blue in linear sRGB, then opacity).
        var isColor = false
    }

    /// Offsets to add, by attribute: the live animations' at the frame's time, or (recording) those planned
    /// so far at the transaction's time, used for declared `animatable` parameters only.
    let offsets: [AttributeKey: [Double]]
    /// Values that replace components of attributes' model values and offsets (nil: the component keeps
    /// them): the Core Animation animations active at the frame's time (a layer's presentation value).
    let layerValues: [AttributeKey: [Double?]]
    /// The frames, in canvas points (`[x, y, width, height]`), of the views leaving through their removal
    /// transition at the frame's time, by the key of their `frame`: where they were laid out last.
    let leaving: [AttributeKey: [Double]]
    /// The animations `.animation(_:value:)` modifiers give conditional views' flips (while recording: those
    /// of the transactions planned so far).
    let presenceAnimations: PresenceAnimations
    let recording: Bool
    /// The before composition's records, while composing the after one (dropped once compared).
    var previous: ViewAttributes?
    /// The animation of the transaction being recorded.
    let transactionAnimation: Animation?
    private(set) var recorded: [AttributeKey: Recorded] = [:]
    /// Recorded keys in the order they were first met (the planner's order, for identical sums).
    private(set) var order: [AttributeKey] = []
    /// The values watched by `.animation(_:value:)` modifiers.
    private(set) var watched: [AttributeKey: Value] = [:]
    /// Whether views with an id report what they show (`render inspect`).
    let inspecting: Bool
    private(set) var views: [(id: String, view: InspectedView)] = []
    private var inspectedIDs: Set<String> = []

    /// Whether the composition reads the geometry `onGeometryChange` modifiers watch (for the simulator).
    let probesGeometry: Bool
    /// The values those modifiers watch, by `GeometryChangeSpec.key` (the first met).
    private(set) var geometry: [String: Value] = [:]

    init(offsets: [AttributeKey: [Double]] = [:], layerValues: [AttributeKey: [Double?]] = [:],
         leaving: [AttributeKey: [Double]] = [:], presenceAnimations: PresenceAnimations = PresenceAnimations(),
         recording: Bool = false, previous: ViewAttributes? = nil, transactionAnimation: Animation? = nil,
         inspecting: Bool = false, probesGeometry: Bool = false) {
        self.probesGeometry = probesGeometry
        self.offsets = offsets
        self.layerValues = layerValues
        self.leaving = leaving
        self.presenceAnimations = presenceAnimations
        self.recording = recording
        self.previous = previous
        self.transactionAnimation = transactionAnimation
        self.inspecting = inspecting
    }

    /// Whether attributes need their keys at all.
    var isActive: Bool {
        recording || probesGeometry || !offsets.isEmpty || !layerValues.isEmpty || !leaving.isEmpty || !presenceAnimations.isEmpty
    }

    /// Notes the value an `onGeometryChange` watches (the first time its view is met).
    func noteGeometry(_ key: String, _ value: Value) {
        if geometry[key] == nil { geometry[key] = value }
    }

    /// The value an attribute shows: `value` plus its animations' offsets (a frame), or `value` recorded.
    func resolve(_ key: AttributeKey, _ value: [Double], animation: Animation?, isColor: Bool = false) -> [Double] {
        if recording {
            if recorded.updateValue(Recorded(value: value, animation: animation, isColor: isColor), forKey: key) == nil {
                order.append(key)
            }
            return value
        }
        return Self.overlaying(layerValues[key], on: Self.adding(offsets[key], to: value))
    }

    /// The value a declared `animatable` parameter gives its component's body.
    ///
    /// While recording, a parameter changed by an animated transaction keeps its value from before the
    /// transaction in the after composition: the animation then plays it from there, and what the body
    /// computes from it does not change at the transaction (so it does not animate a second time).
    func resolveParameter(_ key: AttributeKey, _ value: [Double], animation: Animation?) -> [Double] {
        var presented = Self.adding(offsets[key], to: value)
        guard recording else { return Self.overlaying(layerValues[key], on: presented) }
        if animation != nil, let before = previous?.recorded[key], before.value != value, let shown = before.presented {
            presented = shown
        }
        if recorded.updateValue(Recorded(value: value, animation: animation, presented: presented), forKey: key) == nil {
            order.append(key)
        }
        return presented
    }

    /// Remembers the value an `.animation(_:value:)` watches; true when it differs from the before
    /// composition's (the modifier's animation then applies to its subtree).
    func watch(_ key: AttributeKey, _ value: Value) -> Bool {
        watched[key] = value
        guard let before = previous?.watched[key] else { return false }
        return before != value
    }

    private var texts: [String: String] = [:]

    /// While recording: whether each conditional view's condition holds (by its presence key), and the
    /// flips an `.animation(_:value:)` around the view animates in this transaction (its value changed).
    private(set) var presences: [AttributeKey: Bool] = [:]
    private(set) var presenceFlips: [AttributeKey: ImplicitAnimation] = [:]

    /// Notes whether a conditional view's condition holds, and, where it differs from the before
    /// composition's and `implicit` (the modifier's animation over the view) is set, the flip it animates.
    func notePresence(_ key: AttributeKey, _ present: Bool, implicit: ImplicitAnimation?) {
        presences[key] = present
        guard let implicit, let before = previous?.presences[key], before != present else { return }
        presenceFlips[key] = implicit
    }

    /// While recording: the string each text with a content transition shows (by its key).
    private(set) var contents: [AttributeKey: String] = [:]

    /// Notes the string a text with a content transition shows, and, where it differs from the before
    /// composition's and `implicit` (the modifier's animation over the text) is set, the change it animates
    /// (kept with the conditional views' flips, under the text's own key).
    func noteContent(_ key: AttributeKey, _ string: String, implicit: ImplicitAnimation?) {
        contents[key] = string
        guard let implicit, let before = previous?.contents[key], before != string else { return }
        presenceFlips[key] = implicit
    }

    /// The animation a modifier gives the flip of the conditional view `key` at `time`, the composition
    /// showing `now`: while recording a transaction at `now`, the flip it found in this composition; else
    /// the planned one; nil when the transaction's animation plays the flip.
    func presenceAnimation(_ key: AttributeKey, flippedAt time: Double, now: Double) -> ImplicitAnimation? {
        if recording, time == now, let flip = presenceFlips[key] { return flip }
        return presenceAnimations.animation(key, at: time)
    }

    /// While recording: the model origin, in canvas points, of each view's coordinate spaces (its own and
    /// its content's), and the space each view's frame is placed in (by the key of its `frame`).
    private(set) var spaces: [AttributeKey: Point] = [:]
    private(set) var parentSpaces: [AttributeKey: AttributeKey] = [:]

    func noteSpace(_ space: CoordinateSpace) {
        if let id = space.id, spaces[id] == nil { spaces[id] = space.model }
    }

    func noteParentSpace(_ frame: AttributeKey, _ space: AttributeKey) {
        if parentSpaces[frame] == nil { parentSpaces[frame] = space }
    }

    /// While recording: each view's laid-out frame in canvas points (by the key of its `frame`), and the
    /// views drawn leaving through their removal transition.
    private(set) var absoluteFrames: [AttributeKey: [Double]] = [:]
    /// The views drawn leaving, with the animation of their removal transition.
    private(set) var ghosts: [AttributeKey: Animation] = [:]

    func noteAbsoluteFrame(_ frame: AttributeKey, _ rect: Rect) {
        if absoluteFrames[frame] == nil { absoluteFrames[frame] = [rect.minX, rect.minY, rect.width, rect.height] }
    }

    func noteGhost(_ frame: AttributeKey, _ animation: Animation) {
        ghosts[frame] = animation
    }

    /// A matched-geometry group's source as this composition found it.
    struct MatchedSource {
        /// The source view's key (a change of source is what animates the shared frame).
        var key: AttributeKey
        /// Its anchor's position and its size, in canvas points: `[x, y, width, height]`.
        var frame: [Double]
        /// The animation that carries a change of its attributes here.
        var animation: Animation?
    }

    /// Each matched-geometry group's source in this composition (the first met).
    private(set) var matchedSources: [String: MatchedSource] = [:]
    /// The sources' frames found by a first composition of the same frame, for the views that follow them.
    var matchedFrames: [String: [Double]] = [:]

    /// Notes the source of a matched-geometry group, unless one was met before.
    func noteMatchedSource(_ group: String, key: AttributeKey, frame: [Double], animation: Animation?) {
        if matchedSources[group] == nil { matchedSources[group] = MatchedSource(key: key, frame: frame, animation: animation) }
    }

    /// The frame a matched-geometry group's views are drawn at: its source's, plus the offset of the
    /// animation of a change of source; nil when the group has no source.
    func sharedFrame(_ group: String) -> [Double]? {
        guard let frame = matchedFrames[group] else { return nil }
        return Self.adding(offsets[Composer.matchedGroupKey(group)], to: frame)
    }

    /// A view following a matched-geometry group (`isSource` false) as a recording composition found it.
    struct MatchedFollower {
        /// The group it follows (its namespace and id).
        var group: String
        /// Its own anchor's position and its size, in canvas points: where it is drawn without a source.
        var own: [Double]
        /// The animation that carries a change of its attributes here.
        var animation: Animation?
    }

    /// While recording: the followers of matched-geometry groups, by the key of their `matchedFrame`.
    private(set) var matchedFollowers: [AttributeKey: MatchedFollower] = [:]

    func noteMatchedFollower(_ key: AttributeKey, group: String, own: [Double], animation: Animation?) {
        if matchedFollowers[key] == nil { matchedFollowers[key] = MatchedFollower(group: group, own: own, animation: animation) }
    }

    /// The frame a follower was drawn at in this (recording) composition: its group's source's, or its own.
    func followedFrame(_ follower: MatchedFollower) -> [Double] {
        matchedSources[follower.group]?.frame ?? follower.own
    }

    /// The offset of a follower's move from the group it followed before its id changed, if one plays.
    func followerOffset(_ key: AttributeKey) -> [Double]? {
        offsets[key]
    }

    /// Adds what a view with an id shows (the first time it is drawn in the composition).
    func inspect(_ id: String, _ view: InspectedView) {
        guard inspecting, inspectedIDs.insert(id).inserted else { return }
        var view = view
        view.text = texts[id]
        views.append((id, view))
    }

    /// Changes what the view with `id` was reported to show (an entry of `"modifiers"` around it).
    func amendInspected(_ id: String, _ change: (inout InspectedView) -> Void) {
        guard inspecting, let i = views.lastIndex(where: { $0.id == id }) else { return }
        change(&views[i].view)
    }

    /// Notes the string a text view with an id shows.
    func noteText(_ id: String, _ text: String) {
        if texts[id] == nil { texts[id] = text }
    }

    /// `value` with the components a layer animation sets replaced.
    private static func overlaying(_ layer: [Double?]?, on value: [Double]) -> [Double] {
        guard let layer, layer.count == value.count else { return value }
        return zip(layer, value).map { $0 ?? $1 }
    }

    static func adding(_ offset: [Double]?, to value: [Double]) -> [Double] {
        guard let offset, offset.count == value.count else { return value }
        var sum = value
        for c in sum.indices { sum[c] += offset[c] }
        return sum
    }
}

/// What a view with an id shows at one time, for `render inspect`.
public struct InspectedView: Sendable {
    public var rotation = 0.0
    public var scale = (x: 1.0, y: 1.0)
    public var offset = (x: 0.0, y: 0.0)
    public var opacity = 1.0
    /// After layout and before effects, in canvas points.
    public var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Where the view sets one.
    public var foregroundColor: Color?
    /// Where the view is a shape filled with a colour.
    public var fill: Color?
    /// Where the view is text.
    public var text: String?
    /// Where the view has a `rotation3D`: angle (degrees), axis x, y, z, anchorZ, perspective.
    public var rotation3D: [Double]?
    /// Where the view is a `timelineView`: the `timeline.date` its content sees.
    public var timelineDate: Double?
    /// Where the view is a system control: its kind (`toggle`, `slider`, ...).
    public var control: String?
}

/// Colours as animation components: linear sRGB (extended range) and opacity, as SwiftUI's
/// `Color.Resolved.animatableData`.
enum LinearColor {
    static func components(_ c: Color) -> [Double] {
        [toLinear(c.red), toLinear(c.green), toLinear(c.blue), c.alpha]
    }

    static func color(_ v: [Double]) -> Color {
        Color(red: fromLinear(v[0]), green: fromLinear(v[1]), blue: fromLinear(v[2]), alpha: min(1, max(0, v[3])))
    }

    static func toLinear(_ s: Double) -> Double { Color.linear(s) }

    static func fromLinear(_ l: Double) -> Double { Color.encoded(l) }
}

/// Values as animation components: a number as one, a colour as four (linear sRGB and opacity), a record
/// or a list as those of its numbers and colours (`AnimatableData`); nil for values that do not
/// interpolate (text, booleans).
enum AttributeVector {
    static func components(_ value: Value) -> [Double]? {
        AnimatableData.components(value) { c in
            LinearColor.components(Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha))
        }
    }

    static func value(_ components: [Double], like model: Value) -> Value {
        AnimatableData.value(components, like: model) { v, c in
            var c = c
            let shown = LinearColor.color(v)
            c.red = shown.red
            c.green = shown.green
            c.blue = shown.blue
            c.alpha = shown.alpha
            return c
        }
    }
}
