/// One link of an implicit member chain: `.easeInOut(duration: 0.1)` or `.linear`.
public struct MemberCall: Sendable, Equatable {
    /// The member's name, without the dot.
    public var name: String
    /// The call's arguments; nil when the member is not called (`.easeIn`), empty for `()`.
    public var arguments: [CallArgument]?
    /// The source of the member name (and its call, if any).
    public var range: SourceRange

    public init(name: String, arguments: [CallArgument]?, range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }

    /// The argument with this label, if any.
    public func argument(_ label: String?) -> Expr? {
        arguments?.first { $0.label == label }?.value
    }
}

extension Expr {
    /// The links of a chain that starts with an implicit member, in source order, or nil if this is not one.
    ///
    /// `.spring(response: 0.5, dampingFraction: 0.8).repeatForever(autoreverses: false)` gives
    /// `[spring(response:dampingFraction:), repeatForever(autoreverses:)]`; `.easeIn` gives `[easeIn]`.
    public var implicitMemberChain: [MemberCall]? {
        let (root, links) = memberChain
        return root == nil ? links : nil
    }

    /// This expression split into what its member chain starts from and the links after it, in source
    /// order: nil and every link for a chain that starts with an implicit member (`.spring().delay(0.2)`);
    /// the base and its links otherwise (`bounce` and `[delay(0.2)]` for `bounce.delay(0.2)`); the
    /// expression itself, with no links, when it is no member access at all.
    public var memberChain: (root: Expr?, links: [MemberCall]) {
        var links: [MemberCall] = []
        var node = self
        while true {
            let base: Expr?
            switch node {
            case .call(callee: .member(let memberBase, let name, _), let arguments, let range):
                links.append(MemberCall(name: name, arguments: arguments, range: range))
                base = memberBase
            case .member(let memberBase, let name, let range):
                links.append(MemberCall(name: name, arguments: nil, range: range))
                base = memberBase
            default:
                return (node, links.reversed())
            }
            guard let base else { return (nil, links.reversed()) }
            node = base
        }
    }
}
