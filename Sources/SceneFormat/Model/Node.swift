import Expressions

/// One view in the scene's tree, with its modifiers.
///
/// Modifiers are applied in a fixed order, the one SwiftUI code is usually written in: layout first
/// (`frame`, then `padding`), then drawing effects that do not change layout (`scale`, `rotation` about
/// `anchor`, `offset`, `opacity`, `clip`, `mask`). Style (`foregroundColor`, `font`) is inherited by children
/// like SwiftUI's environment.
public struct Node: Sendable {
    public var id: String?
    public var kind: NodeKind
    /// Named values computed before the node's other bindings (`"let": {"a": "0.3*w"}`), in order.
    public var lets: [(name: String, value: Binding)]
    public var frame: FrameSpec?
    public var padding: EdgeBindings?
    public var style: StyleSpec
    public var effects: EffectSpec
    public var path: JSONPath
    /// A condition and the transitions that bring the view in and out (`if condition { view.transition(...) }`).
    public var presence: PresenceSpec?
    /// `ForEach`: the stack holding this node repeats it for each element (see `ForEachSpec`).
    public var forEach: ForEachSpec?
    /// Set on a `ForEach` item: its subtree's view attributes are its own, apart from other items'.
    public var ownsAttributes = false
    /// Set on the one-child wrapper an entry of `"modifiers"` becomes: what it does to its child is what the
    /// view it wraps shows (`render inspect` reports it on that view).
    public var isModifierEntry = false
    /// The values of the modifiers that keep them by their unit (`ModifierValueKey`).
    public var modifierValues = ModifierValues()
}

/// What a node is.
public indirect enum NodeKind: Sendable {
    case stack(StackSpec)
    case shape(ShapeSpec)
    case text(TextSpec)
    case instance(InstanceSpec)
    /// SwiftUI `Spacer(minLength:)`.
    case spacer(minLength: Binding?)
    /// SwiftUI `Image("name")`: a PNG file next to the scene.
    case image(ImageSpec)
    /// SwiftUI `ScrollView(.vertical) { ... }`.
    case scrollView(ScrollViewSpec)
    /// SwiftUI `Image(systemName:)`: an SF Symbol, drawn with an open icon set's glyph.
    case symbol(SymbolSpec)
    /// SwiftUI `Canvas { context, size in ... }`: drawing commands in the view's own coordinates.
    case canvas(CanvasSpec)
    /// In a component's body, the views a `use` passes for the view slot `name` (a `@ViewBuilder`
    /// property such as `content`, or a `ViewModifier`'s `content`), drawn with the caller's names.
    case slot(name: String, location: SourceLocation)
    /// A system control (`Toggle`, `Slider`, ...), laid out and drawn by Compose from its spec.
    case control(ControlSpec)
}

/// ZStack, VStack or HStack.
public struct StackSpec: Sendable {
    public enum Axis: String, Sendable { case z, vertical, horizontal }
    public var axis: Axis
    public var spacing: Binding?
    /// A SwiftUI alignment name, or an expression giving one (nil: center): for z, a unit point ("center",
    /// "topLeading"...); for v: leading/center/trailing; for h: top/center/bottom.
    public var alignment: Binding?
    public var children: [Node]
}

/// A use of a component.
public struct InstanceSpec: Sendable {
    public var component: String
    public var arguments: [(name: String, value: Binding)]
    public var actions: [String: [Action]]
    /// The views passed for the component's view slots (several passed for one are a `zstack`).
    public var views: [String: Node] = [:]
    /// Where `"use"`'s value stands in the file, for errors about the use.
    public var location: SourceLocation? = nil
}

/// A node's frame modifier: fixed or bounded sizes and the alignment of the content in it.
public struct FrameSpec: Sendable {
    public var width: Binding?
    public var height: Binding?
    public var minWidth: Binding?
    public var maxWidth: Binding?
    public var minHeight: Binding?
    public var maxHeight: Binding?
    /// A unit point name, or an expression giving one; nil: centre.
    public var alignment: Binding?
}

/// Insets on the four edges (SwiftUI `padding`).
public struct EdgeBindings: Sendable {
    public var top: Binding?
    public var leading: Binding?
    public var bottom: Binding?
    public var trailing: Binding?
}

/// Inherited style: foreground colour, font and symbol image scale.
public struct StyleSpec: Sendable {
    public var foregroundColor: Binding?
    public var font: FontSpec?
    /// `.imageScale(.small)`: symbols' size relative to the font, 0.8 (small), 1 (medium) or 1.3 (large).
    public var imageScale: Double? = nil

    public init(foregroundColor: Binding? = nil, font: FontSpec? = nil) {
        self.foregroundColor = foregroundColor
        self.font = font
    }
}

/// A font request; any field may be left to the inherited font.
public struct FontSpec: Sendable {
    /// A Dynamic Type style (`.largeTitle`): sets size and weight before `size` and `weight` here.
    public var style: TextStyle?
    /// `.rounded` picks the rounded family unless `family` is given.
    public var design: FontDesign?
    public var family: Binding?
    public var size: Binding?
    public var weight: Binding?
    public var italic: Binding?
}

/// Drawing effects that do not change layout.
public struct EffectSpec: Sendable {
    public var offsetX: Binding?
    public var offsetY: Binding?
    /// Degrees, positive clockwise on screen (`rotationEffect(.degrees(...))`).
    public var rotation: Binding?
    public var scaleX: Binding?
    public var scaleY: Binding?
    /// The unit point rotation and scale are about; default centre.
    public var anchor: (x: Double, y: Double)
    public var opacity: Binding?
    /// `.blur(radius:)`, points (the Gaussian's standard deviation).
    public var blur: Binding? = nil
    /// `.shadow(color:radius:x:y:)`.
    public var shadow: ShadowSpec? = nil
    /// `.rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`.
    public var rotation3D: Rotation3DSpec? = nil
    /// `.drawingGroup()`: the view is flattened into a bitmap of its frame before the effects above act on it.
    public var drawingGroup = false
}

/// A shape and how it is painted.
public struct ShapeSpec: Sendable {
    /// The geometry, in the node's own rectangle (0, 0, w, h).
    public enum Geometry: Sendable {
        case circle, ellipse, rectangle, capsule
        case roundedRectangle(cornerRadius: Binding)
        /// `UnevenRoundedRectangle`: top leading, bottom leading, bottom trailing, top trailing (nil: 0).
        case unevenRoundedRectangle(radii: [Binding?])
        case path([PathCommand])
    }

    public var geometry: Geometry
    /// nil: not filled. `PaintSpec.foreground` is SwiftUI's `.fill()` with no argument.
    public var fill: PaintSpec?
    public var stroke: StrokeSpec?
    /// `.trim(from:to:)`: only this part of the path, by length.
    public var trim: TrimSpec? = nil
}

/// One command of a shape's path; coordinates are bindings evaluated with the node's `w` and `h`.
public struct PathCommand: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case move, line, quad, cubic, arc, close
        /// A parametric plot `y = f(x)`: lines through (x, f(x)) for x = from, from + step, ... up to
        /// `through` (included when it falls on the grid), as `for x in stride(from:through:by:)` with
        /// `addLine`. The y expression sees `x` besides the node's names.
        case plot

        /// How many values follow the command name.
        public var argumentCount: Int {
            switch self {
            case .move, .line: return 2
            case .quad: return 4
            case .cubic: return 6
            case .arc: return 6  // cx, cy, radius, startDegrees, endDegrees, clockwise
            case .close: return 0
            case .plot: return 4  // fromX, throughX, step, y expression in x
            }
        }
    }

    public var kind: Kind
    public var arguments: [Binding]
    public var path: JSONPath
}

/// A fill or stroke paint.
public enum PaintSpec: Sendable {
    /// The inherited foreground colour.
    case foreground
    case color(Binding)
    /// A linear or radial gradient in the shape's rectangle.
    case gradient(GradientSpec)
}

/// SwiftUI's `stroke(_:style:)`.
public struct StrokeSpec: Sendable {
    public var paint: PaintSpec
    public var lineWidth: Binding
    public var lineCap: StrokeCap
    public var lineJoin: StrokeJoin
    public var dash: [Binding]
}

/// Text: one template or several styled runs.
public struct TextSpec: Sendable {
    public struct Run: Sendable {
        public var text: Binding
        public var color: Binding?
        public var font: FontSpec?
        /// Points the run is raised above the baseline (`Text.baselineOffset`); negative lowers it.
        public var baselineOffset: Binding?
    }

    public var runs: [Run]
    /// `multilineTextAlignment`.
    public var alignment: MultilineAlignment
    public var lineLimit: Int?
    /// `minimumScaleFactor`: the text may shrink down to this fraction of its size to fit the proposed width.
    public var minimumScaleFactor: Binding?
    /// `.contentTransition(_:)`: how a change of the string animates; nil: it shows at once.
    public var contentTransition: ContentTransitionSpec? = nil
}

/// `StrokeStyle.lineCap` (`CGLineCap`).
public enum StrokeCap: String, Sendable, CaseIterable { case butt, round, square }

/// `StrokeStyle.lineJoin` (`CGLineJoin`).
public enum StrokeJoin: String, Sendable, CaseIterable { case miter, round, bevel }

extension ObjectReader {
    /// The stroke's `lineCap` and `lineJoin` (defaults: butt, miter), decoded once.
    func strokeCapAndJoin() throws(SceneError) -> (cap: StrokeCap, join: StrokeJoin) {
        var cap = StrokeCap.butt, join = StrokeJoin.miter
        if let r = self["lineCap"], let chosen = StrokeCap(rawValue: try r.choice(StrokeCap.allCases.map(\.rawValue))) { cap = chosen }
        if let r = self["lineJoin"], let chosen = StrokeJoin(rawValue: try r.choice(StrokeJoin.allCases.map(\.rawValue))) { join = chosen }
        return (cap, join)
    }
}

/// SwiftUI's `TextAlignment`, as `.multilineTextAlignment(_:)` takes it.
public enum MultilineAlignment: String, Sendable, CaseIterable { case leading, center, trailing }
