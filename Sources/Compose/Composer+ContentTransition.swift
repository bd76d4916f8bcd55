import DisplayList
import Expressions
import Geometry
import SceneFormat
import Timeline

/// `.contentTransition(_:)` on a text: when an animated transaction changes the string, the old and new
/// strings are drawn through the transition until the transaction's animation ends.
///
/// `.numericText()` follows what iOS 16 and 17 show (WWDC22 "What's new in SwiftUI" introduced it for
/// counters; Apple: "a nonstandard transition tailored to numeric characters that count up or down",
/// https://developer.apple.com/documentation/swiftui/contenttransition/numerictext(countsdown:)):
/// - the string is split into the characters the old and new strings share at the start and at the end,
///   which stay (those at the end slide as the line's width changes), and the ones in between, which are
///   replaced: each old one leaves upwards while the new one comes in from below (downwards for
///   `countsDown: true`, or for `numericText(value:)` when the value decreased);
/// - a leaving glyph moves by `offset` of the font size, shrinks toward `scale`, blurs and fades out as
///   the animation plays; an arriving glyph does the reverse. The blur is relative to the move (SwiftUI's
///   default option is `relativeBlur`): a Gaussian of `blur` times the distance moved.
/// The amounts are SwiftUI's own defaults for the transition, the bytes `_offset = 19`, `_scale = 51`,
/// `_blur = 32` of `ContentTransition.NumericTextConfiguration` (OpenSwiftUI,
/// `Sources/OpenSwiftUICore/Animation/Transition/ContentTransition.swift`), read here as hundredths;
/// Apple does not document their units, so the reading is ours.
extension Composer {
    /// SwiftUI's `NumericTextConfiguration` defaults: the move as a fraction of the font size, the
    /// smallest scale, and the blur as a fraction of the move.
    static let numericOffset = 0.19, numericScale = 0.51, numericBlur = 0.32

    /// A text's change of string still animating at the snapshot's time.
    struct ContentChange {
        var old: String
        var new: String
        /// The transaction's animation progress (0 at the change, 1 when done).
        var fraction: Double
        var countsDown: Bool
    }

    /// The last change of the text's string, if an animation plays it and still runs; nil otherwise (or for
    /// `.identity`, or without the timeline).
    ///
    /// The animation is the transaction's, or, where an `.animation(_:value:)` around the text saw its value
    /// change in that transaction, the modifier's (nil for `.animation(nil, value:)`: the string changes at
    /// once). SwiftUI's modifier replaces the transaction's animation in its subtree (OpenSwiftUI's
    /// `_AnimationModifier`, `Sources/OpenSwiftUICore/Animation/Animation/AnimationModifier.swift`), and a
    /// content transition plays with the animation of the transaction that changed the content
    /// (https://developer.apple.com/documentation/swiftui/view/contenttransition(_:): "the transition
    /// applies when the view's content changes in an animated transaction"). The planner finds these
    /// changes as it does an `if`'s flips (`PresenceAnimations`).
    func contentChange(_ text: TextSpec, _ transition: ContentTransitionSpec, node: Node,
                       _ scope: ComposeScope) throws(SceneError) -> ContentChange? {
        if case .identity = transition { return nil }
        guard let timeline = scope.snapshot.timeline else { return nil }
        let t = scope.snapshot.time
        let key = scope.key(node, "contentTransition")
        if scope.attributes.recording {
            var shown = ""
            for run in text.runs { shown += try scope.evaluate(run.text).description }
            scope.attributes.noteContent(key, shown, implicit: scope.implicitAnimation)
        }
        var names = Set<String>()
        for run in text.runs { names.formUnion(run.text.freeVariables) }
        if case .numericValue(let value) = transition { names.formUnion(value.freeVariables) }
        let keys = scope.modelKeys(names)
        func string(at time: Double) throws(SceneError) -> String {
            let model = ModelValueScope(base: scope, timeline: timeline, time: time, globals: globals)
            var result = ""
            for run in text.runs { result += try run.text.evaluate(in: model, when: scope.timeLabel).description }
            return result
        }
        var read = text.runs.map(\.text)
        if case .numericValue(let value) = transition { read.append(value) }
        let plan = HistoryPlans.key("text", read, keys: keys, scope, globals: globals)
        guard let last = try scope.presentation.lastChange(keys, through: t, timeline, plan: plan, { time throws(SceneError) in
            try string(at: time)
        }).change else { return nil }
        var animation = last.animation
        if scope.attributes.isActive, let implicit = scope.attributes.presenceAnimation(key, flippedAt: last.time, now: t) {
            animation = implicit.animation
        }
        guard let animation, !animation.isFinished(at: t - last.time) else { return nil }
        var countsDown = false
        switch transition {
        case .numericText(let binding?):
            guard case .bool(let down) = try scope.evaluate(binding) else {
                throw SceneError(path: binding.path, location: binding.location, message: "countsDown: must be true or false")
            }
            countsDown = down
        case .numericValue(let binding):
            func value(at time: Double) throws(SceneError) -> Double {
                let model = ModelValueScope(base: scope, timeline: timeline, time: time, globals: globals)
                guard case .number(let n) = try binding.evaluate(in: model, when: scope.timeLabel) else {
                    throw SceneError(path: binding.path, location: binding.location, message: "value: must be a number")
                }
                return n
            }
            countsDown = try value(at: last.time) < (try value(at: last.time.nextDown))
        default:
            break
        }
        return ContentChange(old: last.old, new: last.new, fraction: animation.fraction(at: t - last.time), countsDown: countsDown)
    }

    /// The items of a text whose string is changing through its content transition, in `drawn`.
    func contentTransitionItems(_ transition: ContentTransitionSpec, _ change: ContentChange, runs: [TextRun],
                                node: Node, text: TextSpec, in drawn: Rect, _ scope: ComposeScope) throws(SceneError) -> [DisplayItem] {
        let p = min(1, max(0, change.fraction))
        var oldRuns = runs
        if runs.count == 1 { oldRuns[0].text = change.old }
        try scope.work.addText(change.old.unicodeScalars.count, at: node.path, time: scope.timeLabel)
        switch transition {
        case .numericText, .numericValue:
            guard runs.count == 1 else { fallthrough }
            return numericItems(change, run: runs[0], p: p, in: drawn)
        default:
            // `.opacity`; `.interpolate` with a new string (SwiftUI interpolates identical strings only).
            return crossFade(old: oldRuns, new: runs, p: p, text: text, in: drawn)
        }
    }

    /// A font weight on its way between two of `FontWeight`'s (an animated `.interpolate` weight, 100...900
    /// on the OpenType scale): the two it lies between and how far it is from the lower one (0...1), and
    /// the nearer one. SwiftUI morphs the glyph outlines along the system font's weight axis; the fonts here
    /// come in static weights, so the two neighbours cross-fade by `mix` instead.
    static func interpolatedWeight(_ value: Double) -> (lower: FontWeight, upper: FontWeight, mix: Double, nearest: FontWeight) {
        let weights = FontWeight.allCases
        let clamped = min(Double(weights.last!.value), max(Double(weights.first!.value), value.isFinite ? value : 400))
        let lower = weights.last { Double($0.value) <= clamped } ?? weights[0]
        let upper = weights.first { Double($0.value) >= clamped } ?? lower
        let mix = upper == lower ? 0 : (clamped - Double(lower.value)) / Double(upper.value - lower.value)
        return (lower, upper, mix, mix < 0.5 ? lower : upper)
    }

    /// `.opacity`: the old string fading out over the new one fading in.
    private func crossFade(old: [TextRun], new: [TextRun], p: Double, text: TextSpec, in drawn: Rect) -> [DisplayItem] {
        let item = { (runs: [TextRun]) in
            DisplayItem.text(TextItem(runs: runs, origin: drawn.origin, width: nil, alignment: self.alignment(text),
                                      lineLimit: text.lineLimit))
        }
        return [.group(GroupItem(opacity: 1 - p, children: [item(old)])), .group(GroupItem(opacity: p, children: [item(new)]))]
    }

    /// `.numericText`: shared characters stay (the trailing ones slide), the others roll out and in.
    private func numericItems(_ change: ContentChange, run: TextRun, p: Double, in drawn: Rect) -> [DisplayItem] {
        let old = Array(change.old), new = Array(change.new)
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldX = advances(old, run), newX = advances(new, run)
        let size = run.font.size
        let direction = change.countsDown ? -1.0 : 1.0
        var items: [DisplayItem] = []
        func glyph(_ character: Character, x: Double, width: Double, activity a: Double, rise: Double) {
            var single = run
            single.text = String(character)
            let item = DisplayItem.text(TextItem(runs: [single], origin: Point(drawn.minX + x, drawn.minY), width: nil))
            guard a > 0 else { return items.append(item) }
            guard a < 1 else { return }
            let centre = Point(drawn.minX + x + width / 2, drawn.minY + drawn.height / 2)
            let scale = 1 - (1 - Self.numericScale) * a
            let transform = Transform.scale(scale, scale).about(centre)
                .concatenating(.translation(0, rise * Self.numericOffset * size * a))
            let blurred = GroupItem(filter: .blur(sigma: Self.numericBlur * Self.numericOffset * size * a), children: [item])
            items.append(.group(GroupItem(transform: transform, opacity: 1 - a, children: [.group(blurred)])))
        }
        // Shared characters: the leading ones stay, the trailing ones slide from their old place.
        for i in 0..<prefix { glyph(new[i], x: newX[i], width: newX[i + 1] - newX[i], activity: 0, rise: 0) }
        for k in 0..<suffix {
            let i = new.count - suffix + k, j = old.count - suffix + k
            glyph(new[i], x: oldX[j] + (newX[i] - oldX[j]) * p, width: newX[i + 1] - newX[i], activity: 0, rise: 0)
        }
        // Replaced characters: the old ones leave (up when counting up), the new ones arrive (from below).
        for j in prefix..<(old.count - suffix) {
            glyph(old[j], x: oldX[j], width: oldX[j + 1] - oldX[j], activity: p, rise: -direction)
        }
        for i in prefix..<(new.count - suffix) {
            glyph(new[i], x: newX[i], width: newX[i + 1] - newX[i], activity: 1 - p, rise: direction)
        }
        return items
    }

    /// Where each character of `characters` starts on the line, and the line's width last.
    private func advances(_ characters: [Character], _ run: TextRun) -> [Double] {
        var result = [0.0]
        var prefix = run
        prefix.text = ""
        for character in characters {
            prefix.text.append(character)
            result.append(measurer.measure([prefix], width: nil, alignment: .leading, lineLimit: 1).width)
        }
        return result
    }
}
