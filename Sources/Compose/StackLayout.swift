import DisplayList
import Geometry
import Expressions
import SceneFormat

/// Sizes and places the children of a ZStack, VStack or HStack the way SwiftUI does for common cases:
/// the least flexible children are sized first and the rest share what is left; spacers take the slack.
struct StackLayout {
    let composer: Composer
    let stack: StackSpec
    let scope: ComposeScope
    let env: LayoutEnvironment
    /// The children laid out, `forEach` ones expanded into their items.
    let expanded: StackChildren
    let children: [Node]
    /// When a child is leaving through its removal transition: every child drawn, in order, each with
    /// whether it is laid out. Nil when none is leaving.
    private let drawn: (children: StackChildren, laidOut: [Bool])?

    init(composer: Composer, stack: StackSpec, scope: ComposeScope, env: LayoutEnvironment) throws(SceneError) {
        let present = try Self.present(try composer.expandedChildren(stack.children, scope), composer, scope)
        self.init(composer: composer, stack: stack, scope: scope, env: env, children: present.laidOut,
                  drawn: present.leaving ? (present.drawn, present.flags) : nil)
    }

    /// The stack laid out with `children`; `drawn`: those drawn, when some are leaving.
    private init(composer: Composer, stack: StackSpec, scope: ComposeScope, env: LayoutEnvironment, children: StackChildren,
                 drawn: (children: StackChildren, laidOut: [Bool])? = nil) {
        self.composer = composer
        self.stack = stack
        self.scope = scope
        self.env = env
        expanded = children
        self.children = children.nodes
        self.drawn = drawn
    }

    /// The children that are in the view tree now: a view whose `if` is false (and is not leaving through a
    /// transition) is no child of the stack at all, as in SwiftUI, where a false `if` builds no view: it
    /// takes no spacing, and an absent spacer takes no share of the free space. A view leaving through its
    /// removal transition (a conditional view, `Composer.layoutPresence`, or a `forEach` item whose id is
    /// gone) is drawn but not laid out: SwiftUI lays a stack out with its active children only
    /// (OpenSwiftUI's `DynamicLayoutMap.attributes(info:)` counts the items less the removed ones).
    private static func present(_ all: StackChildren, _ composer: Composer, _ scope: ComposeScope) throws(SceneError)
        -> (laidOut: StackChildren, drawn: StackChildren, flags: [Bool], leaving: Bool) {
        guard !all.transitions.isEmpty || all.nodes.contains(where: { $0.presence != nil }) else { return (all, all, [], false) }
        var drawn: [Node] = [], transitions: [StackChildren.Transition?] = [], flags: [Bool] = []
        for (i, node) in all.nodes.enumerated() {
            // A `forEach` item whose id is gone is leaving as a conditional view is.
            var laidOut = !(all.transition(at: i)?.phase.removing ?? false)
            if let presence = node.presence {
                guard let found = try composer.layoutPresence(presence, scope) else { continue }
                laidOut = found.laidOut
            }
            drawn.append(node)
            transitions.append(all.transition(at: i))
            flags.append(laidOut)
        }
        func children(_ keep: (Int) -> Bool) -> StackChildren {
            let kept = drawn.indices.filter(keep)
            let moving = kept.map { transitions[$0] }
            return StackChildren(nodes: kept.map { drawn[$0] }, transitions: moving.contains(where: { $0 != nil }) ? moving : [])
        }
        let everything = children { _ in true }
        guard flags.contains(false) else { return (everything, everything, [], false) }
        return (children { flags[$0] }, everything, flags, true)
    }

    /// SwiftUI's default spacing between stack children on iOS.
    static let defaultSpacing = 8.0

    var spacing: Double {
        get throws(SceneError) { try scope.number(stack.spacing, default: Self.defaultSpacing) }
    }

    /// The stack's alignment (which may be an expression) as a unit point: a VStack's names give x, an
    /// HStack's give y.
    var alignment: UnitPoint {
        get throws(SceneError) {
            guard let binding = stack.alignment else { return .center }
            let name = try scope.string(binding)
            let names: Set<String>
            switch stack.axis {
            case .z: names = Set(UnitPoint.named.keys)
            case .vertical: names = ["leading", "center", "trailing"]
            case .horizontal: names = ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]
            }
            // A baseline alignment places by the children's baselines (`aligned`); as a unit point, the bottom.
            if stack.axis == .horizontal, let baseline = Baseline(rawValue: name) { _ = baseline; return UnitPoint(0.5, 0.5) }
            guard names.contains(name), let unit = UnitPoint.named[name] else {
                throw SceneError(path: binding.path, location: binding.location,
                                 message: "\(scope.timeLabel): \"\(name)\" is not an alignment here; expected one of "
                                     + names.sorted().joined(separator: ", "))
            }
            return unit
        }
    }

    func size(for proposal: Proposal) throws(SceneError) -> Size {
        try childSizes(for: proposal).total
    }

    /// A child with the rectangle it is drawn in and the proposal it was measured with.
    struct Placement {
        var child: Node
        var rect: Rect
        var proposal: Proposal
        /// An item coming in or going out: its transition and where it is in it.
        var transition: StackChildren.Transition?
        /// A view leaving through its removal transition: drawn, not laid out.
        var leaving = false
    }

    /// Where each child goes when the stack, offered `proposal`, is placed in `rect`.
    ///
    /// As SwiftUI's `placeSubviews`, children are sized again for the stack's own proposal, not for the
    /// rectangle the stack ended up with, so a ZStack in a larger frame offers its children the frame.
    ///
    /// A child leaving through its removal transition takes no part in the layout: it is placed where the
    /// stack would place it if it were still laid out, in the same rectangle, and drawn at the frame it was
    /// last laid out at when the planner knows it (`PresentationIndex.leavingFrames`, as SwiftUI keeps a
    /// removed view's last geometry).
    func place(in rect: Rect, proposal: Proposal) throws(SceneError) -> [Placement] {
        let placed = try placeLaidOut(in: rect, proposal: proposal)
        guard let drawn else { return placed }
        let withLeaving = try StackLayout(composer: composer, stack: stack, scope: scope, env: env, children: drawn.children)
            .placeLaidOut(in: rect, proposal: proposal)
        var result: [Placement] = [], next = 0
        for (i, laidOut) in drawn.laidOut.enumerated() {
            if laidOut {
                result.append(placed[next])
                next += 1
            } else {
                var ghost = withLeaving[i]
                ghost.leaving = true
                result.append(ghost)
            }
        }
        return result
    }

    private func placeLaidOut(in rect: Rect, proposal: Proposal) throws(SceneError) -> [Placement] {
        let (sizes, proposals, total) = try childSizes(for: proposal)
        var rects: [Rect] = []
        switch stack.axis {
        case .z:
            let unit = try alignment
            let xs = try aligned(sizes, proposals, unit: unit.x, horizontal: true), ys = try aligned(sizes, proposals, unit: unit.y, horizontal: false)
            for (i, size) in sizes.enumerated() {
                rects.append(Rect(x: rect.minX + (rect.width - xs.extent) * unit.x + xs.offsets[i],
                                  y: rect.minY + (rect.height - ys.extent) * unit.y + ys.offsets[i],
                                  width: size.width, height: size.height))
            }
        case .vertical:
            let unit = try alignment.x
            let xs = try aligned(sizes, proposals, unit: unit, horizontal: true)
            var y = rect.minY + (rect.height - total.height) / 2
            for (i, size) in sizes.enumerated() {
                rects.append(Rect(x: rect.minX + (rect.width - xs.extent) * unit + xs.offsets[i], y: y, width: size.width, height: size.height))
                y += size.height + (try spacing)
            }
        case .horizontal:
            let unit = try alignment.y
            let ys = try aligned(sizes, proposals, unit: unit, horizontal: false)
            var x = rect.minX + (rect.width - total.width) / 2
            for (i, size) in sizes.enumerated() {
                rects.append(Rect(x: x, y: rect.minY + (rect.height - ys.extent) * unit + ys.offsets[i], width: size.width, height: size.height))
                x += size.width + (try spacing)
            }
        }
        return children.indices.map {
            Placement(child: children[$0], rect: rects[$0], proposal: proposals[$0], transition: expanded.transition(at: $0))
        }
    }

    /// The children aligned across one axis at unit `unit` (0, 0.5 or 1): each one's offset from the
    /// start of the aligned group and the group's extent. A child's guide is where the alignment line
    /// passes through it: its `alignmentGuide` for that alignment (evaluated with its `width` and `height`),
    /// else `unit` times its size; the line is as far from the group's start as the largest guide.
    func aligned(_ sizes: [Size], _ proposals: [Proposal], unit: Double, horizontal: Bool,
                 only indices: [Int]? = nil) throws(SceneError) -> (offsets: [Double], extent: Double) {
        let lengths = sizes.map { horizontal ? $0.width : $0.height }
        let name = AlignmentGuideName.named(fraction: unit, horizontal: horizontal)
        let baseline = horizontal || stack.axis != .horizontal ? nil : try baselineAlignment
        var guides: [Double] = []
        let chosen = (indices ?? Array(children.indices)).map { children[$0] }
        for (i, child) in chosen.enumerated() {
            if let baseline {
                // `.firstTextBaseline`, `.lastTextBaseline`: the child's text baseline (its bottom without text).
                let lines = try composer.baselines(of: child, proposal: proposals[i], size: sizes[i], scope, env)
                guides.append(baseline == .first ? lines.first : lines.last)
            } else if let binding = child.modifierValues[AlignmentGuideModifier.self]?[name] {
                var inner = scope
                inner.lets["width"] = .number(sizes[i].width)
                inner.lets["height"] = .number(sizes[i].height)
                guides.append(try inner.number(binding))
            } else {
                guides.append(unit * lengths[i])
            }
        }
        // A child as large as an infinite offer (a shape, a flexible stack) makes the stack infinite along
        // this axis, as SwiftUI's stacks measured for flexibility are; its guide would be infinite too, and
        // the offsets between infinite guides are not numbers.
        if lengths.contains(where: \.isInfinite) {
            return (Array(repeating: 0, count: guides.count), .infinity)
        }
        let line = guides.max() ?? 0
        let offsets = guides.map { line - $0 }
        let extent = zip(offsets, lengths).map { $0 + $1 }.max() ?? 0
        return (offsets, extent)
    }

    /// The stack's baseline alignment, or nil for the others.
    var baselineAlignment: Baseline? {
        get throws(SceneError) {
            guard stack.axis == .horizontal, let binding = stack.alignment else { return nil }
            return Baseline(rawValue: try scope.string(binding))
        }
    }

    enum Baseline: String { case first = "firstTextBaseline", last = "lastTextBaseline" }

    /// A bare spacer, flexible along the stack's axis; one with a frame or padding sizes as any view
    /// (`Spacer().frame(height: 44)` is 44 high).
    private func isSpacer(_ node: Node) -> Bool {
        if case .spacer = node.kind, node.frame == nil, node.padding == nil { return true }
        return false
    }

    private func measureChild(_ child: Node, _ proposal: Proposal) throws(SceneError) -> Size {
        if case .spacer(let minLength) = child.kind, isSpacer(child), stack.axis != .z {
            let m = try scope.number(minLength, default: Self.defaultSpacing)
            if stack.axis == .vertical { return Size(0, max(m, proposal.height ?? m)) }
            return Size(max(m, proposal.width ?? m), 0)
        }
        return try composer.measure(child, proposal, scope, env)
    }

    /// Each child's size and the proposal that gave it, and the stack's size.
    private func childSizes(for proposal: Proposal) throws(SceneError) -> (sizes: [Size], proposals: [Proposal], total: Size) {
        guard !children.isEmpty else { return ([], [], .zero) }
        if stack.axis == .z {
            return try zSizes(for: proposal)
        }
        let vertical = stack.axis == .vertical
        let gap = try spacing
        let main = vertical ? proposal.height : proposal.width
        func along(_ p: Double?) -> Proposal {
            vertical ? Proposal(width: proposal.width, height: p) : Proposal(width: p, height: proposal.height)
        }
        var sizes = [Size](repeating: .zero, count: children.count)
        var proposals = [Proposal](repeating: along(nil), count: children.count)
        if let main {
            // Least flexible first: flexibility is how much a child's size changes between a zero and an infinite offer.
            var flexibility: [Double] = [], minimum: [Double] = []
            for child in children {
                if isSpacer(child) {
                    flexibility.append(.infinity)
                    let least = try measureChild(child, along(0))
                    minimum.append(vertical ? least.height : least.width)
                    continue
                }
                let small = try measureChild(child, along(0)), large = try measureChild(child, along(.infinity))
                flexibility.append(vertical ? large.height - small.height : large.width - small.width)
                minimum.append(vertical ? small.height : small.width)
            }
            // `layoutPriority`: higher priorities are offered space first, after the minimum sizes of the lower
            // ones are set aside (SwiftUI's `layoutPriority(_:)`); one priority: all children share at once.
            // A bare spacer's priority is -infinity (OpenSwiftUI's `SpacerLayoutComputer.layoutPriority()`,
            // Spacer.swift), so only its minimum length is set aside while the views are sized:
            // `HStack { Text(long); Spacer() }` keeps the text on one line when it fits.
            var priority: [Double] = []
            for child in children {
                let explicit = child.modifierValues[LayoutPriorityModifier.self]
                let fallback = explicit == nil && isSpacer(child) ? -Double.infinity : 0
                priority.append(try scope.number(explicit, default: fallback))
            }
            let levels = Set(priority).sorted(by: >)
            var remaining = main - gap * Double(children.count - 1)
            for level in levels {
                let group = children.indices.filter { priority[$0] == level }
                let reserved = children.indices.filter { priority[$0] < level }.reduce(0) { $0 + minimum[$1] }
                let order = group.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
                var available = remaining - reserved
                var left = Double(group.count)
                // Spacers are sized last, from what the views leave.
                for i in order.filter({ !isSpacer(children[$0]) }) + order.filter({ isSpacer(children[$0]) }) {
                    proposals[i] = along(max(0, available / left))
                    let size = try measureChild(children[i], proposals[i])
                    sizes[i] = size
                    available -= vertical ? size.height : size.width
                    remaining -= vertical ? size.height : size.width
                    left -= 1
                }
            }
        } else {
            for (i, child) in children.enumerated() { sizes[i] = try measureChild(child, along(nil)) }
        }
        let mainTotal = sizes.reduce(0) { $0 + (vertical ? $1.height : $1.width) } + gap * Double(children.count - 1)
        let crossTotal = try aligned(sizes, proposals, unit: vertical ? try alignment.x : try alignment.y, horizontal: vertical).extent
        return (sizes, proposals, vertical ? Size(crossTotal, mainTotal) : Size(mainTotal, crossTotal))
    }
}

extension StackLayout {
    /// A ZStack's children: each offered the stack's proposal, and the stack as large as all of them aligned.
    /// With `layoutPriority`, the children of the highest priority are sized first and alone make the
    /// stack's size, which is then what the others are offered (Fatbobman, "Exploring the Secrets of
    /// layoutPriority in SwiftUI ZStack": a capsule with `.layoutPriority(1)` in a ZStack sizes the
    /// HStack of its knob and spacer laid over it).
    fileprivate func zSizes(for proposal: Proposal) throws(SceneError) -> (sizes: [Size], proposals: [Proposal], total: Size) {
        let unit = try alignment
        var priority: [Double] = []
        for child in children { priority.append(try scope.number(child.modifierValues[LayoutPriorityModifier.self], default: 0)) }
        let top = priority.max() ?? 0
        let leading = children.indices.filter { priority[$0] == top }
        var sizes = [Size](repeating: .zero, count: children.count)
        var proposals = Array(repeating: proposal, count: children.count)
        for i in leading { sizes[i] = try measureChild(children[i], proposal) }
        func extent(_ indices: [Int]) throws(SceneError) -> Size {
            let s = indices.map { sizes[$0] }, p = indices.map { proposals[$0] }
            return Size(try aligned(s, p, unit: unit.x, horizontal: true, only: indices).extent,
                        try aligned(s, p, unit: unit.y, horizontal: false, only: indices).extent)
        }
        guard leading.count < children.count else { return (sizes, proposals, try extent(leading)) }
        let size = try extent(leading)
        for i in children.indices where priority[i] != top {
            proposals[i] = Proposal(width: size.width, height: size.height)
            sizes[i] = try measureChild(children[i], proposals[i])
        }
        return (sizes, proposals, size)
    }
}

extension Composer {
    /// The distances from the top of `node`, laid out at `size` for `proposal`, to its first and last text
    /// baselines, as SwiftUI's `ViewDimensions[.firstTextBaseline]`: a text's own, moved by its padding and
    /// frame; a vertical stack's first child's first and last child's last; another stack's (a wrapper, an
    /// HStack) its first child's; a component's body's; the bottom edge for a view without text.
    func baselines(of node: Node, proposal: Proposal, size: Size, _ parent: ComposeScope,
                   _ outerEnv: LayoutEnvironment) throws(SceneError) -> (first: Double, last: Double) {
        let parent = try leavingScope(node, parent)
        let outer = parent.sized(proposal.width ?? 0, proposal.height ?? 0)
        let insets = try paddingInsets(node, outer)
        let inner = try contentProposal(node, proposal, outer, insets)
        var top = insets.top
        let contentSize = node.frame == nil
            ? Size(max(0, size.width - insets.leading - insets.trailing), max(0, size.height - insets.top - insets.bottom))
            : try measureContent(node, inner, parent, outerEnv)
        if node.frame != nil {
            let padded = size.height - insets.top - insets.bottom
            top += (padded - contentSize.height) * (try frameAlignment(node, outer)).y
        }
        let scope = try nodeScope(node, parent, w: inner.width ?? contentSize.width, h: inner.height ?? contentSize.height)
        let env = try nodeEnvironment(node, scope, outerEnv)
        switch expandingControl(node, env).kind {
        case .text(let text):
            let runs = try fittedRuns(text, try textRuns(node, text, scope, env, animating: false), width: inner.width, scope)
            guard let lines = measurer.baselines(runs, width: inner.width.map { $0 + 0.01 }, alignment: alignment(text),
                                                 lineLimit: text.lineLimit) else { return (size.height, size.height) }
            return (top + lines.first, top + lines.last)
        case .stack(let stack):
            let layout = try StackLayout(composer: self, stack: stack, scope: scope, env: env)
            let placed = try layout.place(in: Rect(origin: .zero, size: contentSize), proposal: inner).filter { !$0.leaving }
            guard let first = placed.first, let last = placed.last else { return (size.height, size.height) }
            let a = try baselines(of: first.child, proposal: first.proposal, size: first.rect.size, scope, env)
            if stack.axis == .vertical {
                let b = try baselines(of: last.child, proposal: last.proposal, size: last.rect.size, scope, env)
                return (top + first.rect.minY + a.first, top + last.rect.minY + b.last)
            }
            return (top + first.rect.minY + a.first, top + first.rect.minY + a.last)
        case .instance(let instance):
            let (body, innerScope) = try instanceScope(node, instance, scope)
            let lines = try baselines(of: body, proposal: inner, size: contentSize, innerScope, env)
            return (top + lines.first, top + lines.last)
        default:
            return (size.height, size.height)
        }
    }
}
