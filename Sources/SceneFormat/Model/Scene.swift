import Expressions

/// A decoded, validated scene file: pure data, ready to be simulated and composed.
public struct Scene: Sendable {
    /// The scene's name; the default output is `out/<name>.gif`.
    public var name: String
    public var canvas: Canvas
    /// Frames per second of the output.
    public var fps: Double
    /// Length in seconds.
    public var duration: Double
    /// How many times the animation plays (GIF, APNG, WebP): 0 loops forever.
    public var loopCount: Int
    /// Motion blur: each frame the mean of sub-frames over part of the frame interval; nil: none.
    public var motionBlur: MotionBlur?
    /// Seconds the last frame stays on screen, on top of its own frame time, before the animation starts over.
    public var loopHold: Double = 0
    /// Seed of the scene's random generator (`random(lo, hi)` in actions).
    public var seed: UInt64
    /// Global state variables, in file order.
    public var state: [StateDeclaration]
    /// Reusable components by name.
    public var components: [String: Component]
    public var root: Node
    /// Scripted input, sorted by time (stable for equal times).
    public var script: [ScriptEvent]
    /// The folder the scene file is in, for relative paths (images); nil for an in-memory scene.
    public var directory: String?
    /// The scene file as the user named it, for error messages; empty for an in-memory scene.
    public var file: String = ""

    /// The number of frames: duration x fps, rounded, at least 1.
    public var frameCount: Int { max(1, Int((duration * fps).rounded())) }

    /// The time of frame `index` (0-based).
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}

/// A camera shutter for motion blur: each frame averages `samples` sub-frames at t + shutter * (k / samples) / fps,
/// k = 0 ..< samples, in linear light (a 180-degree shutter is 0.5).
public struct MotionBlur: Sendable, Equatable {
    /// Sub-frames per frame, 1 to 64 (1: no blur).
    public var samples: Int
    /// The fraction of the frame interval the shutter is open, 0 to 1.
    public var shutter: Double

    public init(samples: Int, shutter: Double = 0.5) {
        self.samples = samples
        self.shutter = shutter
    }

    /// The times of the sub-frames of the frame at `time`, for `fps` frames a second.
    public func subframeTimes(at time: Double, fps: Double) -> [Double] {
        (0..<samples).map { time + shutter * Double($0) / Double(samples) / fps }
    }
}

/// The drawing surface: size in points, pixels per point, background.
public struct Canvas: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var scale: Double
    /// nil: transparent.
    public var background: ColorValue?
    /// The safe area's insets in points (a device's status bar and home indicator): the root is laid out
    /// inside them; views that `ignoresSafeArea` reach into them. Zero: none.
    public var safeArea = SafeAreaInsets()
}

/// Insets of the canvas's safe area, in points.
public struct SafeAreaInsets: Sendable, Equatable {
    public var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// A state variable with its initial value (SwiftUI `@State`).
public struct StateDeclaration: Sendable, Equatable {
    public var name: String
    public var initial: Value
    public var path: JSONPath

    public init(name: String, initial: Value, path: JSONPath) {
        self.name = name
        self.initial = initial
        self.path = path
    }
}

/// A reusable view with parameters, its own state per instance, and action slots (closures).
public struct Component: Sendable {
    public var name: String
    /// Parameters with their default values (nil: required), in file order.
    public var parameters: [(name: String, defaultValue: Binding?)]
    /// The parameters that interpolate when they change in an animated transaction, the body being
    /// evaluated with their in-between values (SwiftUI's `animatableData`).
    public var animatable: [String] = []
    /// Action slots (SwiftUI closures such as `action: (Int) -> Void`) with their default actions.
    public var actionSlots: [String: [Action]]
    /// State each instance owns.
    public var state: [StateDeclaration]
    public var body: Node
    public var path: JSONPath
    /// View slots (SwiftUI `@ViewBuilder let content: Content`): views each use passes, which the body
    /// places with `{"slot": "content"}`.
    public var viewSlots: [String] = []
}

/// A value in the scene that may depend on state: a constant or an expression, with where it was written.
public struct Binding: Sendable {
    /// What the binding holds.
    public enum Source: Sendable {
        case constant(Value)
        case expression(Expression)
        case template(Template)
    }

    public var source: Source
    public var path: JSONPath
    public var location: SourceLocation
    /// Whether the binding stands where an animation does (`AnimationSpec.bindings`): the validator checks
    /// that it is an animation, and that no other binding reads one.
    var isAnimation = false

    public init(_ source: Source, path: JSONPath, location: SourceLocation) {
        self.source = source
        self.path = path
        self.location = location
    }

    /// The constant value, when the binding has no expression.
    public var constant: Value? {
        if case .constant(let v) = source { return v }
        return nil
    }

    /// The names the binding reads.
    public var freeVariables: Set<String> {
        switch source {
        case .constant: return []
        case .expression(let e): return e.freeVariables
        case .template(let t): return t.freeVariables
        }
    }
}

/// A scripted input at a time.
public struct ScriptEvent: Sendable {
    /// The kinds of input.
    public enum Kind: Sendable {
        /// A tap on the node with this id: runs its `onTap` actions.
        case tap(target: String)
        /// Actions run at the time in the scene's own context, like code in `viewDidLoad` (starting a
        /// display link, for example).
        case actions([Action])
        /// Scrolls a scroll view: to an offset with an animation, or a fling that decelerates.
        case scroll(ScrollEvent)
        /// A finger drag on the view with this id: down at the first point, along the points (in the
        /// view's own coordinates, each leg taking the same time) for `duration` seconds, then up.
        case drag(target: String, points: [(x: Double, y: Double)], duration: Double)
    }

    public var time: Double
    public var kind: Kind
    public var path: JSONPath
    public var location: SourceLocation?
}
