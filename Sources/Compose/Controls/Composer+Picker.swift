import Expressions
import SceneFormat

/// `picker`: SwiftUI's `Picker` in the segmented style, a `UISegmentedControl` as iOS 17 draws it in light
/// mode: a grey rounded rectangle the width offered, a white thumb under the selected segment, thin
/// separators between the others, and the titles.
///
/// The thumb's position and width are a frame and an offset over the selection, so a change made in a
/// transaction with an animation (the picker's `bindingAnimation` on a tap, a `withAnimation`) slides the
/// thumb with it; without a binding animation the thumb slides with UIKit's own animation, as a
/// `UISegmentedControl` animates its selection itself.
///
/// Metrics: HIG [Segmented controls](https://developer.apple.com/design/human-interface-guidelines/segmented-controls)
/// ("Within the control, all segments are equal in width"); Apple publishes no sizes, so the others are
/// those of Tim Oliver's TOSegmentedControl (github.com/TimOliver/TOSegmentedControl, `TOSegmentedControl.m`,
/// a reconstruction of the iOS 13 segmented control), cited beside each constant, and the background and
/// corner radius the stepper already shares with the segmented control (`Composer+Stepper.swift`).
extension Composer {
    /// The control's height: 32 pt (TOSegmentedControl's default frame, `{0, 0, 300, 32}`; the stepper's
    /// height, which UIKit takes from `UISegmentedControl`'s default height).
    static let pickerHeight = 32.0
    /// The thumb's inset from the control's edges: 2 pt (TOSegmentedControl `thumbInset = 2.0f`; its thumb
    /// frame `{2, 2, 100, 28}`).
    static let pickerThumbInset = 2.0
    /// The outer corner radius: the stepper's (`stepperCornerRadius`, 8.91; TOSegmentedControl uses 8); the
    /// thumb's is the outer one less the inset, so the two are concentric (TOSegmentedControl: 8 - 2 + 1 = 7).
    static let pickerCornerRadius = stepperCornerRadius
    /// The thumb's shadow: black at 13 %, radius 3, 2 pt down (TOSegmentedControl `thumbShadowOpacity =
    /// 0.13f`, `thumbShadowRadius = 3.0f`, `thumbShadowOffset = 2.0f`).
    static let pickerThumbShadow = (color: ColorValue(red: 0, green: 0, blue: 0, alpha: 0.13), radius: 3.0, y: 2.0)
    /// A separator: 1 pt wide and (32 - 2 x 8) + 2 = 18 pt high, centred on the boundary between two
    /// segments, hidden on both sides of the selected one (TOSegmentedControl `layoutSeparatorViews` and
    /// `refreshSeparatorViewsForSelectedIndex:`); the stepper's divider colour.
    static let pickerSeparator = (width: 1.0, height: 18.0)
    /// The titles: 13 pt, medium; the selected one semibold (TOSegmentedControl `textFont` and
    /// `selectedTextFont`), in the label colour.
    static let pickerFont = (size: 13.0, weight: "medium", selectedWeight: "semibold")
    /// The thumb's own slide when the binding carries no animation: UIKit's duration is not published;
    /// TOSegmentedControl animates its thumb with a critically damped 0.45 s `UIView` spring, drawn here as
    /// `.spring(duration: 0.45, bounce: 0)`.
    static let pickerSlide = (duration: 0.45, bounce: 0.0)

    /// Names of the `let`s inside a picker's look (names a picker cannot be bound to: they start with `_`).
    static let pickerNames = (segment: "_pickerSegment", index: "_pickerIndex", item: "_pickerItem", boundary: "_pickerBoundary")

    static func pickerBody(_ spec: PickerSpec, enabled: Bool, _ parts: ControlParts) -> StackSpec {
        let names = pickerNames
        let selection = Expr.name(spec.name), segment = Expr.name(names.segment), index = Expr.name(names.index)
        // The segments: their count, and the tags whose first match with the selection is the selected
        // segment (-1: none, as `UISegmentedControl.noSegment`; the thumb is hidden).
        // What reads the options' list is reported where the list is written (a list expression that gives
        // a number fails there).
        let count: Expr, tags: Expr, listed: (Expr) -> Binding
        switch spec.options {
        case .fixed(let options):
            count = .number(Double(options.count))
            tags = .items(options.map(\.tag.tree))
            listed = parts.tree
        case .generated(let generated):
            count = generated.list.tree.property("count")
            tags = generated.tag.tree == .name(generated.name) ? generated.list.tree : generated.list.tree.map(generated.name, generated.tag.tree)
            listed = { Binding(.expression(Expression(tree: $0)), path: generated.list.path, location: generated.list.location) }
        }
        let lets: [(name: String, value: Binding)] = [
            (names.segment, listed(.binary(.name("w"), .divide, .function("max", [count, .number(1)])))),
            (names.index, listed(.binary(tags.method("firstIndex", [("of", selection)]), .nilCoalescing, .number(-1)))),
        ]
        let background = parts.shape(.roundedRectangle(cornerRadius: parts.constant(pickerCornerRadius)),
                                     fill: parts.constant(ControlColors.tertiarySystemFill), "background")
        // Separator k sits between segments k and k + 1; hidden beside the selected segment.
        let boundary = Expr.name(names.boundary)
        let besideSelection = Expr.binary(.binary(index, .equal, boundary), .or,
                                          .binary(index, .equal, .binary(boundary, .add, .number(1))))
        let separatorRect = [
            parts.tree(.binary(.binary(.binary(boundary, .add, .number(1)), .multiply, segment), .subtract, .number(pickerSeparator.width / 2))),
            parts.tree(.binary(.binary(.name("h"), .subtract, .number(pickerSeparator.height)), .divide, .number(2))),
            parts.constant(pickerSeparator.width), parts.constant(pickerSeparator.height),
        ]
        let separator = CanvasCommand.fill(.shape(.capsule, rect: separatorRect, cornerRadius: nil),
                                           color: parts.tree(.choose(besideSelection, .value(.color(ColorValue(red: 0, green: 0, blue: 0, alpha: 0))),
                                                                     .value(.color(stepperDividerColor)))),
                                           path: parts.site.path.appending("separators"))
        let separators = parts.part(.canvas(CanvasSpec(commands: [
            .repeatCommands(count: listed(.function("max", [.binary(count, .subtract, .number(1)), .number(0)])),
                            name: names.boundary, commands: [separator], path: parts.site.path.appending("separators")),
        ])), "separators")
        var thumb = parts.shape(.roundedRectangle(cornerRadius: parts.constant(pickerCornerRadius - pickerThumbInset)),
                                fill: parts.constant(ControlColors.white), "thumb")
        thumb.frame = .sized(width: parts.tree(.function("max", [.binary(segment, .subtract, .number(2 * pickerThumbInset)), .number(0)])),
                             height: parts.constant(pickerHeight - 2 * pickerThumbInset))
        thumb.effects.offsetX = parts.tree(.binary(.number(pickerThumbInset), .add, .binary(index, .multiply, segment)))
        thumb.effects.opacity = parts.tree(.choose(.binary(index, .greaterOrEqual, .number(0)), .number(1), .number(0)))
        thumb.effects.shadow = .below(color: parts.constant(pickerThumbShadow.color), radius: parts.constant(pickerThumbShadow.radius),
                                      y: parts.constant(pickerThumbShadow.y))
        if spec.bindingAnimation == nil {
            let slide = Expr.call(callee: .member(base: nil, name: "spring", at: Expr.built),
                                  arguments: [CallArgument(label: "duration", value: .number(pickerSlide.duration)),
                                              CallArgument(label: "bounce", value: .number(pickerSlide.bounce))], at: Expr.built)
            thumb.modifierValues[AnimationModifier.self] = ImplicitAnimationSpec(
                curve: .at(Expression(tree: slide), path: spec.site.path, location: spec.site.location),
                value: spec.value, path: spec.site.path)
        }
        // A title centred in its segment, semibold while selected, cut at the segment's edges (UIKit ends a
        // title too long for its segment with an ellipsis).
        func title(_ text: Binding, at position: Expr) -> CanvasCommand {
            let weight = parts.tree(.choose(.binary(index, .equal, position), .value(.string(pickerFont.selectedWeight)),
                                            .value(.string(pickerFont.weight))))
            let segmentRect = [parts.tree(.binary(position, .multiply, segment)), parts.constant(0), parts.tree(segment), parts.tree(.name("h"))]
            return .layer([
                .clip(.shape(.rect, rect: segmentRect, cornerRadius: nil), path: text.path),
                .text(.styled(text, color: parts.constant(ControlColors.label), font: .sized(parts.constant(pickerFont.size), weight: weight)),
                      at: [parts.tree(.binary(.binary(position, .add, .number(0.5)), .multiply, segment)),
                           parts.tree(.binary(.name("h"), .divide, .number(2)))],
                      anchor: (0.5, 0.5), path: text.path),
            ], path: text.path)
        }
        let titles: [CanvasCommand]
        switch spec.options {
        case .fixed(let options):
            titles = options.enumerated().map { title($0.element.text, at: .number(Double($0.offset))) }
        case .generated(let generated):
            let item = Expr.name(names.item)
            titles = [.repeatCommands(count: listed(count), name: names.item, commands: [
                .lets([(generated.name, listed(generated.list.tree.item(item)))]),
                title(generated.text, at: item),
            ], path: generated.list.path)]
        }
        let labels = parts.part(.canvas(CanvasSpec(commands: titles)), "titles")
        var control = parts.part(.stack(.of(.z, alignment: parts.constant(.string("leading")), [background, separators, thumb, labels])),
                                 "picker")
        // A segmented picker takes the whole width offered (SwiftUI stretches it), 32 pt high.
        control.frame = .sized(height: parts.constant(pickerHeight), maxWidth: parts.constant(.infinity),
                               alignment: parts.constant(.string("leading")))
        // Disabled: the control dimmed (`disabledControlOpacity`).
        if !enabled { control.effects.opacity = parts.constant(disabledControlOpacity) }
        control.lets = lets
        return .of(.z, [control])
    }
}
