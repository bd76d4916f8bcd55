import DisplayList
import Expressions
import Geometry
import SceneFormat

/// The sizes already measured while one frame is composed.
///
/// A vstack or hstack measures each child three times (a zero and an infinite offer to rank children by
/// flexibility, then the child's share), so without this, views nested in stacks n deep took 3^n
/// measurements: a 1 KB scene of 20 nested stacks ran for hours. A size depends on the node, the
/// proposal and what the node reads from outside it: its component instance (state prefix and
/// parameters), its ancestors' `let`s and the inherited foreground and font. One cache serves one frame
/// on one thread.
final class MeasureCache {
    /// Where the sizes are kept: the node, its instance, and a fingerprint of the `let`s and parameters it
    /// sees, so that the items of a `forEach` (one node, a different index each) do not share one list
    /// that every item searches (40,000 items took minutes a frame).
    private struct Place: Hashable {
        let path: JSONPath
        let prefix: String
        let fingerprint: Int
    }

    /// An order-independent hash of the scalar values of `lets` and `parameters`, cheap to compute:
    /// equal dictionaries have equal fingerprints (entries are still compared in full).
    static func fingerprint(_ lets: [String: Value], _ parameters: [String: Value]) -> Int {
        var sum: UInt64 = 0
        for dictionary in [lets, parameters] {
            for (name, value) in dictionary {
                let bits: UInt64
                switch value {
                case .number(let n): bits = n == 0 ? 0 : n.bitPattern  // 0 and -0 are equal values
                case .bool(let b): bits = b ? 1 : 2
                case .string(let text): bits = UInt64(text.utf8.count) &+ 3
                case .color, .list, .record, .animation: bits = 4
                }
                let tag = UInt64(name.utf8.first ?? 0) &* 0x100 &+ UInt64(name.utf8.count)
                let mixed = (bits ^ (tag &* 0xFF51_AFD7_ED55_8CCD)) &* 0x9E37_79B9_7F4A_7C15
                sum = sum &+ (mixed ^ (mixed >> 29))
            }
        }
        return Int(truncatingIfNeeded: sum)
    }

    private struct Entry {
        let proposal: Proposal
        let lets: [String: Value]
        let parameters: [String: Value]
        let foreground: Color
        let font: Font
        let size: Size

        func matches(_ proposal: Proposal, _ scope: ComposeScope, _ env: LayoutEnvironment) -> Bool {
            self.proposal == proposal && foreground == env.foreground && font == env.font && lets == scope.lets
                && parameters == scope.parameters
        }
    }

    private var entries: [Place: [Entry]] = [:]

    private func place(_ node: Node, _ scope: ComposeScope) -> Place {
        Place(path: node.path, prefix: scope.context.prefix, fingerprint: Self.fingerprint(scope.lets, scope.parameters))
    }

    /// The size `node` took for `proposal` in this scope and environment, if it was measured already.
    func size(of node: Node, _ proposal: Proposal, _ scope: ComposeScope, _ env: LayoutEnvironment) -> Size? {
        entries[place(node, scope)]?.first { $0.matches(proposal, scope, env) }?.size
    }

    /// Remembers the size `node` took for `proposal` in this scope and environment.
    func store(_ size: Size, of node: Node, _ proposal: Proposal, _ scope: ComposeScope, _ env: LayoutEnvironment) {
        entries[place(node, scope), default: []].append(
            Entry(proposal: proposal, lets: scope.lets, parameters: scope.parameters, foreground: env.foreground,
                  font: env.font, size: size))
    }
}
