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
    private struct Place: Hashable {
        let path: JSONPath
        let prefix: String
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

    /// The size `node` took for `proposal` in this scope and environment, if it was measured already.
    func size(of node: Node, _ proposal: Proposal, _ scope: ComposeScope, _ env: LayoutEnvironment) -> Size? {
        entries[Place(path: node.path, prefix: scope.context.prefix)]?.first { $0.matches(proposal, scope, env) }?.size
    }

    /// Remembers the size `node` took for `proposal` in this scope and environment.
    func store(_ size: Size, of node: Node, _ proposal: Proposal, _ scope: ComposeScope, _ env: LayoutEnvironment) {
        entries[Place(path: node.path, prefix: scope.context.prefix), default: []].append(
            Entry(proposal: proposal, lets: scope.lets, parameters: scope.parameters, foreground: env.foreground,
                  font: env.font, size: size))
    }
}
