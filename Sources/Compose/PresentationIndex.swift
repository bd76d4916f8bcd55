import Expressions
import SceneFormat
import Timeline

/// What the model's history presents at any time, planned once before the frames and shared by all of
/// them: Compose asks it for an attribute of a view at a time and never reads the transaction log itself.
///
/// It answers:
/// - the SwiftUI animations of every view attribute (`offsets(at:)`), planned here from each transaction
///   as SwiftUI's model of what animates: for each transaction that can animate (it carries an animation,
///   or it changes state an `.animation(_:value:)` watches), the views are composed from the model values
///   just before it and just after it, at its time. Every attribute that differs (a rotation, a frame, a
///   colour, a corner radius, a declared `animatable` parameter) gets an animated offset on its own track,
///   with the transaction's animation or the implicit one over it; other attributes (text, fonts, images,
///   booleans) simply take their new values. Frames included: the siblings of a view an `if` inserts or
///   removes move;
/// - the values Core Animation layer animations give attributes (`layerValues(at:)`);
/// - the frames of views leaving through their removal transitions (`leavingFrames(at:)`), and the flips
///   of conditional views an `.animation(_:value:)` animates (`presenceAnimations`);
/// - what a view reads from the history (`PresentationIndex+History.swift`): the last change of a value
///   over model state (a conditional view's presence, a content transition), a `forEach`'s insertions and
///   removals, the changes of a symbol effect's value, the trigger changes of a keyframe animator or a
///   paused timeline view, the change times a repeating animator's computed durations read. These are
///   planned lazily, the first time a frame asks, in `history`.
///
/// A frame finds the motions live at its time through a `LiveMotionIndex` and `IntervalIndex`es, and the
/// history's answers by binary search, so it costs O(log n + what is live at t), not the history before it.
public struct PresentationIndex: Sendable {
    /// The SwiftUI animations of view attributes, by attribute, indexed by when they play.
    private let motions: LiveMotionIndex<AttributeKey>
    /// Core Animation animations on view attributes, by the time they were added (then in the order added).
    private let layerAnimations: [LayerAttributeAnimation]
    /// Their live spans, indexed: a frame looks only at those that can be active then.
    private let layerSpans: IntervalIndex
    /// How many transactions were composed before and after.
    public let plannedTransactions: Int
    /// The views removed in an animated transaction, with the frame they were last laid out at (canvas
    /// points), while their removal transition plays; and those spans, indexed.
    private let leaving: [(key: AttributeKey, frame: [Double])]
    private let leavingSpans: IntervalIndex
    /// The flips of conditional views an `.animation(_:value:)` around them animates.
    let presenceAnimations: PresenceAnimations
    /// What views read from the model's history, planned lazily by the frames that ask (and by the planner's
    /// compositions, which read it too) and shared by all of them.
    let history: HistoryPlans

    /// No animation at all; what views read from the history is still planned, lazily, from the timeline of
    /// the snapshots composed with it.
    public init() {
        self.init(history: HistoryPlans())
    }

    /// No animation at all, reading the history through `history`.
    init(history: HistoryPlans) {
        motions = LiveMotionIndex(tracks: [])
        layerAnimations = []
        layerSpans = IntervalIndex([])
        plannedTransactions = 0
        leaving = []
        leavingSpans = IntervalIndex([])
        presenceAnimations = PresenceAnimations()
        self.history = history
    }

    /// Plans the animations of `timeline`'s transactions in the views `composer` composes; `isCancelled` is
    /// asked before each transaction, and true stops the planning with an "interrupted" error.
    public init(composer: Composer, timeline: Timeline, isCancelled: () -> Bool = { false }) throws(SceneError) {
        // The planner's compositions read the history through the plans the frames will share.
        let history = HistoryPlans()
        let reading = PresentationIndex(history: history)
        let watchedNames = Self.watchedNames(composer.scene, composer)
        var stateNames = Set(composer.scene.state.map(\.name))
        for component in composer.scene.components.values { stateNames.formUnion(component.state.map(\.name)) }
        // A watched value that reads a parameter or a `let` may change with any state.
        let watchesAll = !watchedNames.isSubset(of: stateNames)
        var tracks: [AttributeKey: MotionTrack] = [:]
        var order: [AttributeKey] = []
        var parameterKeys: [AttributeKey] = []
        var model = timeline.initial
        var planned = 0
        var leaving: [(key: AttributeKey, frame: [Double])] = [], leavingSpans: [(start: Double, end: Double)] = []
        var presence = PresenceAnimations()
        // The after composition of the transaction just before, when it was planned: at the same time it is
        // this one's before composition (several `withAnimation` blocks of one tap).
        var last: (index: Int, time: Double, after: ViewAttributes)?
        for (index, transaction) in timeline.transactions.enumerated() {
            if isCancelled() { throw SceneError(path: .document, message: "interrupted") }
            let watched = watchesAll || transaction.changes.contains { change in
                watchedNames.contains(String(change.key.split(separator: ".").last ?? ""))
            }
            // A scroll view's content offset is read by views as it scrolls (`Timeline.viewValue`): what
            // depends on it (a frame inside, `minY`, a parallax offset) already moves with it, so a scroll
            // animates no attribute here; planning it too would count its distance twice. The views are
            // composed with the new offset before and after: what else the transaction changes animates.
            let scrolls = transaction.changes.filter { $0.key.hasSuffix(ScrollViewSpec.offsetSuffix) }
            for change in scrolls { model[change.key] = change.value }
            let scrollsOnly = scrolls.count == transaction.changes.count
            guard (transaction.animation != nil || watched) && !scrollsOnly else {
                for change in transaction.changes { model[change.key] = change.value }
                continue
            }
            planned += 1
            let time = transaction.time
            // Conditional views are present as frames show them at this time (a view removed now still
            // draws, in its place, until its transition ends); declared animatable parameters are shown as
            // they are at this time.
            var offsets: [AttributeKey: [Double]] = [:]
            for key in parameterKeys { offsets[key] = tracks[key]?.offset(at: time) }
            let before: ViewAttributes
            if let last, last.index == index - 1, last.time == time, scrolls.isEmpty {
                before = last.after
            } else {
                before = ViewAttributes(offsets: offsets, presenceAnimations: presence, recording: true,
                                        transactionAnimation: transaction.animation)
                _ = try composer.compose(StateSnapshot(time: time, values: model, timeline: timeline), before, reading)
            }
            for change in transaction.changes { model[change.key] = change.value }
            let after = ViewAttributes(offsets: offsets, presenceAnimations: presence, recording: true, previous: before,
                                       transactionAnimation: transaction.animation)
            _ = try composer.compose(StateSnapshot(time: time, values: model, timeline: timeline), after, reading)
            // The conditional views an `.animation(_:value:)` whose value changed here inserts or removes
            // with its animation.
            for (key, animation) in after.presenceFlips.sorted(by: { $0.key.description < $1.key.description }) {
                presence.add(key, time: time, animation)
            }
            for key in after.order {
                guard let new = after.recorded[key], let old = before.recorded[key], new.value != old.value,
                      let animation = new.animation else { continue }
                if tracks[key] == nil {
                    order.append(key)
                    if new.presented != nil { parameterKeys.append(key) }
                }
                tracks[key, default: MotionTrack()].add(time: time, old: old.value, new: new.value, animation: animation)
            }
            // A view that appears in this transaction has no frame to animate from: SwiftUI draws it at its
            // place from the start (its `AnimatableFrameAttribute` starts there) while the views that were
            // there move. Frames here are relative to the parent's, so where the parent's space moves (a
            // stack growing around the new view), the new view's frame is offset by as much the other way.
            for key in after.order where key.name == "frame" && before.recorded[key] == nil {
                guard let new = after.recorded[key], new.value.count == 4, let animation = new.animation,
                      let space = after.parentSpaces[key], let from = before.spaces[space], let to = after.spaces[space],
                      from != to else { continue }
                let old = [new.value[0] + to.x - from.x, new.value[1] + to.y - from.y, new.value[2], new.value[3]]
                if tracks[key] == nil { order.append(key) }
                tracks[key, default: MotionTrack()].add(time: time, old: old, new: new.value, animation: animation)
            }
            // A view this transaction removes, drawn while its removal transition plays (with the transaction's
            // animation, or that of an `.animation(_:value:)` around it): it stays at the frame it had.
            for (key, animation) in after.ghosts.sorted(by: { $0.key.description < $1.key.description })
                where before.ghosts[key] == nil {
                guard let frame = before.absoluteFrames[key] else { continue }
                leaving.append((key, frame))
                leavingSpans.append((time, time + animation.duration))
            }
            // A matched-geometry group whose source changed: its shared frame moves from the old source's.
            for (group, new) in after.matchedSources.sorted(by: { $0.key < $1.key }) {
                guard let old = before.matchedSources[group], old.key != new.key, old.frame != new.frame,
                      let animation = new.animation else { continue }
                let key = Composer.matchedGroupKey(group)
                if tracks[key] == nil { order.append(key) }
                tracks[key, default: MotionTrack()].add(time: time, old: old.frame, new: new.frame, animation: animation)
            }
            // A follower whose id changed: it moves from the frame of the group it followed to the new one's.
            for (key, new) in after.matchedFollowers.sorted(by: { $0.key.description < $1.key.description }) {
                guard let old = before.matchedFollowers[key], old.group != new.group, let animation = new.animation else { continue }
                let (from, to) = (before.followedFrame(old), after.followedFrame(new))
                guard from != to else { continue }
                if tracks[key] == nil { order.append(key) }
                tracks[key, default: MotionTrack()].add(time: time, old: from, new: to, animation: animation)
            }
            after.previous = nil
            last = (index, time, after)
        }
        motions = LiveMotionIndex(tracks: order.compactMap { key in tracks[key].map { (key, $0) } })
        plannedTransactions = planned
        self.leaving = leaving
        self.leavingSpans = IntervalIndex(leavingSpans)
        presenceAnimations = presence
        self.history = history
        var layered: [(order: Int, motion: LayerAttributeAnimation)] = []
        for key in timeline.keys {
            let list = timeline.layerAnimations[key] ?? []
            // The animations that act on state, by index: those added after a plain one cover it.
            let acting = list.indices.filter { list[$0].actsOnState }
            var firstAfter = 0
            for (i, animation) in list.enumerated() where !animation.actsOnState {
                while firstAfter < acting.count, acting[firstAfter] <= i { firstAfter += 1 }
                let coveredBy = acting[firstAfter...].map { list[$0] }
                for motion in try Self.plan(animation, on: key, coveredBy: coveredBy, composer: composer, timeline: timeline,
                                                   reading: reading) {
                    layered.append((layered.count, motion))
                }
            }
        }
        layerAnimations = layered.sorted {
            ($0.motion.animation.start, $0.order) < ($1.motion.animation.start, $1.order)
        }.map(\.motion)
        layerSpans = IntervalIndex(layerAnimations.map(\.animation.liveSpan))
    }

    /// The attributes a Core Animation animation on the variable `key` acts on, with their values at each
    /// of its values: the views are composed, at the time it is added, from the model with the variable
    /// set to each of the animation's values, and every attribute that then differs from its model value
    /// is animated. Views keep reading the model value (a label bound to the variable does not count).
    private static func plan(_ animation: LayerAnimation, on stateKey: StateKey, coveredBy: [LayerAnimation],
                             composer: Composer, timeline: Timeline,
                             reading: PresentationIndex) throws(SceneError) -> [LayerAttributeAnimation] {
        let time = animation.start
        var model: [StateKey: Value] = [:]
        for key in timeline.keys { model[key] = timeline.modelValue(key, at: time) }
        func composed(_ values: [StateKey: Value]) throws(SceneError) -> ViewAttributes {
            let attributes = ViewAttributes(recording: true)
            _ = try composer.compose(StateSnapshot(time: time, values: values, timeline: timeline), attributes, reading)
            return attributes
        }
        let base = try composed(model)
        var shown: [ViewAttributes] = []
        for value in animation.values {
            var values = model
            values[stateKey] = value
            shown.append(try composed(values))
        }
        var result: [LayerAttributeAnimation] = []
        for key in base.order {
            guard let modelValue = base.recorded[key]?.value else { continue }
            let vectors = shown.compactMap { $0.recorded[key]?.value }
            guard vectors.count == shown.count, vectors.allSatisfy({ $0.count == modelValue.count }),
                  vectors.contains(where: { $0 != modelValue }) else { continue }
            result.append(LayerAttributeAnimation(key: key, animation: animation, values: vectors, model: modelValue,
                                                  isColor: base.recorded[key]?.isColor ?? false, coveredBy: coveredBy))
        }
        return result
    }

    /// The frames the views leaving at `t` were last laid out at, by the key of their `frame` (the latest
    /// removal of a view when it was removed more than once).
    func leavingFrames(at t: Double) -> [AttributeKey: [Double]] {
        guard !leavingSpans.isEmpty else { return [:] }
        var frames: [AttributeKey: [Double]] = [:]
        for i in leavingSpans.live(at: t) { frames[leaving[i].key] = leaving[i].frame }
        return frames
    }

    /// The offsets of the attributes animating at `t`.
    func offsets(at t: Double) -> [AttributeKey: [Double]] {
        motions.isEmpty ? [:] : motions.offsets(at: t)
    }

    /// The values Core Animation animations give attributes at `t`, in place of their model values: each
    /// animation sets the components it moves (nil: a component no animation moves), the one added last
    /// winning where two move the same component.
    func layerValues(at t: Double) -> [AttributeKey: [Double?]] {
        var values: [AttributeKey: [Double?]] = [:]
        // The animation added last wins each part it moves: walk from the last, and evaluate only those that
        // still decide a part (99,999 animations of one value live at once cost one evaluation, not 99,999).
        // `decided` is the last one walked whose parts were all decided: the ones below it like it are skipped
        // without a look-up.
        var decided: (key: AttributeKey, moves: [Bool])?
        for i in layerSpans.live(at: t).reversed() where layerAnimations[i].shows(at: t) {
            if let decided, layerAnimations[i].moves == decided.moves, layerAnimations[i].key == decided.key { continue }
            let key = layerAnimations[i].key, moves = layerAnimations[i].moves
            var shown = values[key] ?? []
            if shown.isEmpty || moves.indices.contains(where: { moves[$0] && $0 < shown.count && shown[$0] == nil }) {
                let value = layerAnimations[i].value(at: t)
                guard value.count == moves.count else { continue }
                if shown.isEmpty { shown = Array(repeating: nil, count: value.count) }
                guard shown.count == value.count else { continue }
                for c in value.indices where moves[c] && shown[c] == nil { shown[c] = value[c] }
                values[key] = shown
            }
            decided = (key, moves)
        }
        return values
    }

    /// The state names the scene's `.animation(_:value:)` modifiers watch.
    private static func watchedNames(_ scene: Scene, _ composer: Composer) -> Set<String> {
        var names: Set<String> = []
        let watching = { (node: Node) -> Bool in
            if let implicit = node.implicitAnimation { names.formUnion(implicit.value.freeVariables) }
            return false
        }
        _ = scene.containsView(where: watching)
        // A control's look may animate itself (a switch's knob).
        for view in composer.controlBodies.views { _ = view.contains(where: watching) }
        return names
    }
}
