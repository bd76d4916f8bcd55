/// The fixed modifier order: where each of a view's own modifier keys applies, whatever order they are written
/// in (docs/scene-format.md#the-fixed-modifier-order).
///
/// A view is its kind plus an ordered list of modifiers, as in SwiftUI: its own keys are placed in this order,
/// innermost first, and the entries of its `"modifiers"` wrap the result in the order written. The order is
/// the one Compose applies a view's keys in (`Composer.render`): the content in its frame and padding, the
/// background, the overlay, the clipping, the drawing group, the effects (`applyEffects`), the colour
/// effects (`applyColorEffects`), the scroll transition, all laid out in the rectangle `ignoresSafeArea`
/// extends and placed where a matched geometry puts it. So a view with these keys draws as the same view
/// with no keys and the same modifiers as `"modifiers"` entries in this order (`FixedOrderTests`).
extension ModifierRegistry {
    /// How a modifier of the fixed order reaches what it applies to.
    public enum FixedOrderRole: Sendable, Equatable {
        /// It wraps the modifiers before it: it acts on the view drawn with them.
        case wraps
        /// As `wraps`, and one of the transforms and filters of the view's one effects group (Compose's
        /// `applyEffects`: blur, shadow, then scale, rotation, 3D rotation, offset, opacity), which an entry
        /// of `"modifiers"` may join instead of wrapping (`FoldedLayer`).
        case effect
        /// An environment value (SwiftUI's `EnvironmentValues`), inherited by everything the view draws: its
        /// content and the views its background, overlay and mask hold, wherever the key stands in the list.
        /// Among the effects its place changes nothing; it stands after the views that inherit it
        /// (`foregroundColor`, `font`, ...: a `"modifiers"` entry before a background view would not reach
        /// it), or, for `foregroundStyle`, innermost, where a gradient fills the view's own text or symbol.
        case environment
    }

    /// The units with a place in the fixed order, innermost first, each with its role.
    ///
    /// Where each one acts, in Compose:
    /// - `background` with a material (`"regularMaterial"`) is a `background` like any other: the material's
    ///   blurred backdrop is drawn by the background's own rectangle, so it has no place of its own here.
    /// - `fontDesign` comes before `font`: on one view it replaces the font's design, as an inner
    ///   `.fontDesign` wins over an outer `.font`'s design.
    /// - `foregroundStyle` is innermost: a gradient fills the view's own text or symbol, placed in the
    ///   content's frame under the frame, padding and every effect (`gradientFilled`), as a SwiftUI gradient
    ///   `ShapeStyle` is placed in the bounds of each shape it fills and turns and moves with it; a colour
    ///   `background` keeps its colour. A colour or palette is the environment value `foregroundColor` sets,
    ///   inherited by the background, overlay and mask views too (see `FixedOrderRole.environment`).
    /// - `scrollTransition`'s effects act on all the above (`applyScrollTransition`, last in `render`).
    /// - `ignoresSafeArea` lays the whole view out again in the rectangle extended to the canvas's edge, so
    ///   the frame, background and every effect's anchor are in that rectangle: it stands after them all.
    /// - `matchedGeometryEffect` (kept on the view only) places all the above in the matched frame: the
    ///   background, the effects' anchors and the scroll transition are in the frame it gives.
    /// - `onGeometryChange` watches the laid-out frame, extended by `ignoresSafeArea`, before a matched
    ///   geometry moves it and unmoved by the effects.
    /// - `animation` animates the changes of every key of the view (`scope.implicitAnimation` is set before
    ///   any of them is drawn): it is outermost.
    static let fixedOrderUnits: [(unit: any ModifierUnit.Type, role: FixedOrderRole)] = [
        (ForegroundStyleModifier.self, .environment),
        (FrameModifier.self, .wraps), (PaddingModifier.self, .wraps),
        (BackgroundModifier.self, .wraps), (OverlayModifier.self, .wraps),
        (ClipShapeModifier.self, .wraps), (ClippedModifier.self, .wraps), (MaskModifier.self, .wraps),
        (DrawingGroupModifier.self, .wraps),
        (BlurModifier.self, .effect), (ShadowModifier.self, .effect),
        (ScaleModifier.self, .effect), (RotationModifier.self, .effect), (Rotation3DModifier.self, .effect),
        (OffsetModifier.self, .effect), (OpacityModifier.self, .effect),
        (ColorMultiplyModifier.self, .wraps), (HueRotationModifier.self, .wraps), (SaturationModifier.self, .wraps),
        (GrayscaleModifier.self, .wraps), (BrightnessModifier.self, .wraps), (ContrastModifier.self, .wraps),
        (BlendModeModifier.self, .wraps),
        (FontDesignModifier.self, .environment), (ForegroundColorModifier.self, .environment),
        (FontModifier.self, .environment),
        (ImageScaleModifier.self, .environment), (DisabledModifier.self, .environment),
        (ScrollTransitionModifier.self, .wraps),
        (IgnoresSafeAreaModifier.self, .wraps),
        (MatchedGeometryModifier.self, .wraps),
        (GeometryChangeModifier.self, .wraps),
        (AnimationModifier.self, .wraps),
    ]

    /// The fixed order's keys, innermost first, with their roles.
    public static let fixedOrder: [(key: String, role: FixedOrderRole)] = fixedOrderUnits.map { ($0.unit.key, $0.role) }

    /// A key's place in `fixedOrder` (0: innermost), or nil for a unit with no place in it.
    static func fixedRank(_ unit: any ModifierUnit.Type) -> Int? {
        fixedOrderUnits.firstIndex { ObjectIdentifier($0.unit) == ObjectIdentifier(unit) }
    }
}
