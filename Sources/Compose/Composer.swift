import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// Turns a scene and its state at one moment into a display list: evaluates bindings, lays views out
/// as SwiftUI does, and resolves paint, transforms and text.
///
/// A composer holds no per-frame state, so one instance can compose any frame on any thread.
public struct Composer: Sendable {
    public let scene: Scene
    let measurer: any TextMeasuring
    let globals: Set<String>
    /// The scene's images, loaded before rendering (see `ImageTable`).
    let images: ImageTable
    /// Whether a frame is composed twice: first to find the matched-geometry sources' frames.
    let matchesGeometry: Bool
    /// The stacks the scene's controls draw as, built once (see `Composer+Controls.swift`).
    let controlBodies: ControlBodies

    public init(scene: Scene, measurer: any TextMeasuring, images: ImageTable = ImageTable()) {
        self.scene = scene
        self.measurer = measurer
        self.globals = Set(scene.state.map(\.name))
        self.images = images
        self.matchesGeometry = Self.usesMatchedGeometry(scene)
        self.controlBodies = ControlBodies(scene)
    }

    /// The display list of the frame showing `snapshot`, with what `presentation` presents at its time (the
    /// view animations playing, what views read from the history). Without one, nothing animates and the
    /// history is planned for this frame alone.
    public func displayList(for snapshot: StateSnapshot,
                            presentation: PresentationIndex = PresentationIndex()) throws(SceneError) -> DisplayList {
        try displayList(for: snapshot, presentation: presentation, work: FrameWork())
    }

    /// `displayList(for:presentation:)`, counting the frame's path points and characters in `work`.
    func displayList(for snapshot: StateSnapshot, presentation: PresentationIndex, work: FrameWork) throws(SceneError) -> DisplayList {
        let attributes = Self.attributes(at: snapshot.time, presentation)
        return try compose(snapshot, try withMatchedFrames(attributes, snapshot, presentation), presentation, work: work)
    }

    /// The view attributes a frame at `t` resolves through `presentation`: the animations playing then.
    static func attributes(at t: Double, _ presentation: PresentationIndex, inspecting: Bool = false) -> ViewAttributes {
        ViewAttributes(offsets: presentation.offsets(at: t), layerValues: presentation.layerValues(at: t),
                       leaving: presentation.leavingFrames(at: t), presenceAnimations: presentation.presenceAnimations,
                       inspecting: inspecting)
    }

    /// `attributes` with the frames of the matched-geometry sources at the snapshot's time, found by a
    /// first composition (see `Composer+MatchedGeometry.swift`).
    func withMatchedFrames(_ attributes: ViewAttributes, _ snapshot: StateSnapshot,
                           _ presentation: PresentationIndex) throws(SceneError) -> ViewAttributes {
        guard matchesGeometry else { return attributes }
        let probe = ViewAttributes(offsets: attributes.offsets, layerValues: attributes.layerValues, leaving: attributes.leaving,
                                   presenceAnimations: attributes.presenceAnimations)
        _ = try compose(snapshot, probe, presentation)
        attributes.matchedFrames = probe.matchedSources.mapValues(\.frame)
        return attributes
    }

    /// The display list of the frame showing `snapshot`, and the path points and characters of text it
    /// draws by the JSON path of the view or path command drawing them (the per-frame budget's counts).
    public func measuredDisplayList(for snapshot: StateSnapshot, presentation: PresentationIndex = PresentationIndex())
        throws(SceneError) -> (list: DisplayList, work: FrameCounts) {
        let work = FrameWork()
        let list = try displayList(for: snapshot, presentation: presentation, work: work)
        return (list, work.counts)
    }

    /// What each view with an id shows at the snapshot's time (its full id: instance ids joined by dots).
    public func inspectViews(for snapshot: StateSnapshot, presentation: PresentationIndex = PresentationIndex())
        throws(SceneError) -> [(id: String, view: InspectedView)] {
        let attributes = Self.attributes(at: snapshot.time, presentation, inspecting: true)
        _ = try compose(snapshot, try withMatchedFrames(attributes, snapshot, presentation), presentation)
        return attributes.views
    }

    /// The display list of `snapshot`, resolving view attributes through `attributes` and asking
    /// `presentation` what views read from the history.
    func compose(_ snapshot: StateSnapshot, _ attributes: ViewAttributes, _ presentation: PresentationIndex,
                 work: FrameWork = FrameWork()) throws(SceneError) -> DisplayList {
        let size = Size(scene.canvas.width, scene.canvas.height)
        let composition = ComposeScope.Composition(snapshot: snapshot, globals: globals, measured: MeasureCache(), work: work,
                                                   attributes: attributes, presentation: presentation)
        let scope = ComposeScope(composition: composition, context: InstanceContext(), parameters: [:])
        let environment = LayoutEnvironment.standard
        let rect = Rect(origin: .zero, size: size)
        // The root is proposed the canvas's safe area (the whole canvas when it declares none) and centred
        // in it, like a window's root view.
        let inset = scene.canvas.safeArea
        let safe = Rect(x: inset.leading, y: inset.top, width: size.width - inset.leading - inset.trailing,
                        height: size.height - inset.top - inset.bottom)
        let rootSize = try measure(scene.root, Proposal(safe.size), scope, environment)
        let placed = Rect(x: safe.minX + (safe.width - rootSize.width) / 2, y: safe.minY + (safe.height - rootSize.height) / 2,
                          width: rootSize.width, height: rootSize.height)
        let items = try render(scene.root, in: placed.width.isFinite ? placed : safe, proposal: Proposal(safe.size), scope,
                               environment)
        let background = scene.canvas.background.map(Self.color) ?? .clear
        return DisplayList(size: size, scale: scene.canvas.scale, background: background, items: items)
    }

    static func color(_ c: ColorValue) -> Color {
        Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }
}

/// What a parent offers a child: a width and height, either of which may be unspecified (nil), as
/// SwiftUI's `ProposedViewSize`.
struct Proposal: Equatable {
    var width: Double?
    var height: Double?

    init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    init(_ size: Size) {
        self.width = size.width
        self.height = size.height
    }
}

/// Inherited style, like SwiftUI's environment.
struct LayoutEnvironment {
    var foreground: Color
    var font: Font
    /// `.imageScale`: the factor symbols are drawn at, relative to the font size.
    var imageScale = 1.0
    /// The secondary and tertiary levels of a palette `foregroundStyle` (the primary is `foreground`);
    /// empty when none is set, and symbols draw every layer in the foreground.
    var palette: [Color] = []
    /// SwiftUI's `isEnabled`: false inside a view whose `disabled` is true (it cannot be set back to true).
    var isEnabled = true
    /// True inside a view with a `foregroundColor` or colour `foregroundStyle`: `foreground` was set, not
    /// the default. A button's title takes it in place of its style's colour.
    var setsForeground = false

    /// SwiftUI's light-mode defaults: primary (black) text and shapes, body font.
    static let standard = LayoutEnvironment(foreground: .black, font: Font(family: "Inter", size: 17, weight: .regular))
}
